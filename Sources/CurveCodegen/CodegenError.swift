import CurveCore

/// Why a Swift file cannot be generated for a curve. The ``description`` is one line; names
/// echoed from the input have their control characters escaped (`\n`, `\u{202E}`).
public enum CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The type name is not a usable Swift identifier; `reason` says why.
  case invalidTypeName(String, reason: String)
  /// No type name was given and none can be derived from the curve's name.
  case noTypeName(curveName: String)
  /// Generated code is a cubic; the spec or coefficients have a higher degree.
  case unsupportedDegree(Int)
  /// A coefficient (or derived table value) is NaN or infinite.
  case nonFiniteValue(String)
  /// `--inverse table` on a curve the precomputed table cannot invert (`reason` says why).
  case tableUnavailable(reason: String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .invalidTypeName(let name, let reason):
      return "invalid type name '\(EchoedText.escaped(name))': \(EchoedText.escaped(reason))"
    case .noTypeName(let curveName):
      return "cannot derive a Swift type name from the curve name '\(EchoedText.escaped(curveName))'; "
        + "give one with --type-name"
    case .unsupportedDegree(let degree):
      return "generated code supports curves of degree 3 or less; this one has degree \(degree)"
    case .tableUnavailable(let reason):
      return "the table inverse cannot be built for this curve (\(EchoedText.escaped(reason))); "
        + "use --inverse auto or newton"
    case .nonFiniteValue(let what):
      return "\(EchoedText.escaped(what)) is not a finite number, so it cannot be written as a Swift literal"
    }
  }
}
