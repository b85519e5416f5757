/// Why a Swift file cannot be generated for a curve.
public enum CodegenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The type name is not a usable Swift identifier; `reason` says why.
  case invalidTypeName(String, reason: String)
  /// No type name was given and none can be derived from the curve's name.
  case noTypeName(curveName: String)
  /// Generated code is a cubic; the spec or coefficients have a higher degree.
  case unsupportedDegree(Int)
  /// A coefficient (or derived table value) is NaN or infinite.
  case nonFiniteValue(String)
  /// The spec could not be fitted; `reason` is the fitter's one-line message.
  case fitFailed(source: String, reason: String)
  /// The spec's `"monotonic": "require"` fit is not monotone; `reason` has the witness.
  case notMonotone(source: String, reason: String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .invalidTypeName(let name, let reason):
      return "invalid type name '\(name)': \(reason)"
    case .noTypeName(let curveName):
      return "cannot derive a Swift type name from the curve name '\(curveName)'; give one with --type-name"
    case .unsupportedDegree(let degree):
      return "generated code supports curves of degree 3 or less; this one has degree \(degree)"
    case .fitFailed(let source, let reason):
      return "cannot fit \(source): \(reason)"
    case .notMonotone(let source, let reason):
      return "\(source): \(reason); or pass --allow-non-monotone to generate it anyway"
    case .nonFiniteValue(let what):
      return "\(what) is not a finite number, so it cannot be written as a Swift literal"
    }
  }
}
