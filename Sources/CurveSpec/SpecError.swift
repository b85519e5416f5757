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
  /// The spec field the error is about, as a path such as `points[3][0]`, `weights[1]`,
  /// `codegen.typeName` or `name` (for an unknown top-level key, the key); nil when the error
  /// is not about one field (malformed JSON, an unreadable file, a data file's line). Set by
  /// whoever found the problem, as data: nothing reads it back from ``message``.
  public var field: String?
  /// How ``message`` names ``field`` in words ("point 3", ``SpecFieldWords``), set when the spec
  /// is written in units: the message then names no JSON path, and a front end adds nothing.
  /// Nil when the message names the field by its path (a normalized spec) or names none.
  public var fieldWords: String?

  /// Creates an error about `field` (if any), named `fieldWords` in the message; control and
  /// bidirectional characters in `message` and `source` are escaped (`\n`, `\u{202E}`, …).
  public init(
    _ message: String, source: String, location: SourceLocation? = nil, field: String? = nil,
    fieldWords: String? = nil
  ) {
    self.message = EchoedText.escaped(message)
    self.source = EchoedText.escaped(source)
    self.location = location
    self.field = field
    self.fieldWords = fieldWords
  }

  /// `message (source:line:column)`, one line (escaped again, in case a caller changed
  /// ``message`` or ``source`` after creating the error).
  public var description: String {
    let (message, source) = (EchoedText.escaped(message), EchoedText.escaped(source))
    if let location { return "\(message) (\(source):\(location.line):\(location.column))" }
    return "\(message) (\(source))"
  }
}
