/// An invalid curve spec, data file or option value, with where the problem is.
///
/// `description` is one line of the form `<what> (<where>)`, e.g.
/// `points[3][0]: t = 1.5 is outside [0, 1] (depletion.curve.json:12:8)`.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, naming the field and the offending value.
  public var message: String
  /// The file name (not the full path) or `<stdin>`, `<arguments>`.
  public var source: String
  /// The line and column in `source`, when known.
  public var location: SourceLocation?

  /// Creates an error.
  public init(_ message: String, source: String, location: SourceLocation? = nil) {
    self.message = message
    self.source = source
    self.location = location
  }

  /// `message (source:line:column)`.
  public var description: String {
    if let location { return "\(message) (\(source):\(location.line):\(location.column))" }
    return "\(message) (\(source))"
  }
}
