import CurveCore

/// An invalid curve spec, data file or option value, with where the problem is.
///
/// `description` is one line of the form `<what> (<where>)`, e.g.
/// `points[3][0]: t = 1.5 is outside [0, 1] (depletion.curve.json:12:8)`. Text echoed from
/// the input (a key, a value, a file name) has its control and bidirectional characters
/// escaped by CurveCore's one rule, so a key written `"\name"` (a newline, then `ame`)
/// reads `unknown field "\name"` on one line, for library callers as for the CLI.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, naming the field and the offending value (control characters escaped).
  public var message: String
  /// The file name (not the full path) or `<stdin>`, `<arguments>`.
  public var source: String
  /// The line and column in `source`, when known.
  public var location: SourceLocation?

  /// Creates an error; control and bidirectional characters in `message` and `source` are
  /// escaped (`\n`, `\u{202E}`, …).
  public init(_ message: String, source: String, location: SourceLocation? = nil) {
    self.message = EchoedText.escaped(message)
    self.source = EchoedText.escaped(source)
    self.location = location
  }

  /// `message (source:line:column)`, one line (escaped again, in case a caller changed
  /// ``message`` or ``source`` after creating the error).
  public var description: String {
    let (message, source) = (EchoedText.escaped(message), EchoedText.escaped(source))
    if let location { return "\(message) (\(source):\(location.line):\(location.column))" }
    return "\(message) (\(source))"
  }
}
