import CurveCore

/// Why a Swift file cannot be generated for a curve. The ``description`` is one line; names
/// echoed from the input have their control characters escaped (`\n`, `\u{202E}`).
public enum CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The type name is not a usable Swift identifier; `reason` says why.
  case invalidTypeName(String, reason: String)
  /// A protocol name given for the generated type to conform to is not a usable identifier.
  case invalidProtocolName(String, reason: String)
  /// No type name was given and none can be derived from the curve's name.
  case noTypeName(curveName: String)
  /// The inverse method does not exist for a curve of this degree (`cardano` and `table` are
  /// for cubics only).
  case inverseUnavailable(InverseMethod, degree: Int)
  /// The Kotlin package name is not dot-separated identifiers; `reason` says why.
  case invalidPackageName(String, reason: String)
  /// The inverse method has no kernel in the target language (`cardano` and `table` are Swift's).
  case inverseUnavailableInLanguage(InverseMethod, language: TargetLanguage)
  /// No certified ramps exist for a `--progress-segments` limit (percentage points); `reason` says why.
  case progressSegmentsUnavailable(limit: Double, reason: String)
  /// `--progress-segments` without the schedule, which holds `progressSegments`.
  case progressSegmentsNeedSchedule
  /// A coefficient (or derived table value) is NaN or infinite.
  case nonFiniteValue(String)
  /// The table inverse on a curve the precomputed table cannot invert (`reason` says why).
  case tableUnavailable(reason: String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .invalidTypeName(let name, let reason):
      return "invalid type name '\(EchoedText.escaped(name))': \(EchoedText.escaped(reason))"
    case .invalidProtocolName(let name, let reason):
      return "invalid protocol name '\(EchoedText.escaped(name))': \(EchoedText.escaped(reason))"
    case .noTypeName(let curveName):
      return "cannot derive a Swift type name from the curve name '\(EchoedText.escaped(curveName))'; "
        + "give one (the spec's codegen.typeName)"
    case .inverseUnavailable(let method, let degree):
      return "the inverse method \(method.rawValue) exists for cubics only, and this curve has degree \(degree); "
        + "use auto (full precision), newton or bisection"
    case .invalidPackageName(let name, let reason):
      return "invalid Kotlin package name '\(EchoedText.escaped(name))': \(EchoedText.escaped(reason))"
    case .inverseUnavailableInLanguage(let method, let language):
      return "the inverse method \(method.rawValue) has no \(language.displayName) kernel; "
        + "use auto (full precision), newton or bisection"
    case .progressSegmentsUnavailable(let limit, let reason):
      return "no progress ramps within \(limit) percentage points: \(EchoedText.escaped(reason))"
    case .progressSegmentsNeedSchedule:
      return "progress segments are part of the schedule; generate with the schedule (codegen.withSchedule)"
    case .tableUnavailable(let reason):
      return "the table inverse cannot be built for this curve (\(EchoedText.escaped(reason))); "
        + "use the inverse method auto or newton"
    case .nonFiniteValue(let what):
      return "\(EchoedText.escaped(what)) is not a finite number, so it cannot be written as a Swift literal"
    }
  }
}
