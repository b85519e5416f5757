import CurveCore
import CurveEasing
import CurveSpec

/// Why a curve source could not be resolved. Every case's ``description`` is one line that
/// names the offending input (a field with its file:line:column, a flag, a coefficient).
///
/// A curve that resolves but breaks its `require` policy is not an error: it comes back as a
/// ``FittedCurve`` with ``FittedCurve/policyViolation`` set, so the whole report can still be
/// shown.
public enum CurveSourceError: Error, Sendable, CustomStringConvertible {
  /// The spec or data file cannot be read or is invalid.
  case spec(SpecError)
  /// The fit was refused (an invalid problem, or `enforce` could not be applied).
  case fit(CurveFitError)
  /// The CSS easing cannot be read.
  case easing(EasingError)
  /// The coefficients are not a polynomial CurveKit handles.
  case coefficients(CurveCoreError)
  /// Another invalid input, described in one line.
  case invalidInput(String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .spec(let error): return error.description
    case .fit(let error): return error.description
    case .easing(let error): return error.description
    case .coefficients(let error): return error.description
    case .invalidInput(let message): return message
    }
  }
}
