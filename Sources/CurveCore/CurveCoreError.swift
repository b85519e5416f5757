/// An error raised by CurveCore when a caller-supplied value cannot describe a curve.
///
/// Every case names the offending input so a command-line tool can print it as one line.
public enum CurveCoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A polynomial was given no coefficients.
  case noCoefficients
  /// More coefficients than ``Polynomial/maximumDegree`` + 1 were given.
  case degreeTooHigh(degree: Int, maximum: Int)
  /// A coefficient is NaN or infinite. `index` counts from the highest power (0 = leading).
  case nonFiniteCoefficient(index: Int, value: Double)
  /// A polynomial of degree above three was used where a cubic is required.
  case notACubic(degree: Int)
  /// A maximum error for ``Polynomial/linearSegments(maxError:maximumCount:)`` is not a finite
  /// positive number, or is too small to certify in double precision (below about 1e-14).
  case invalidMaxError(Double)
  /// More than `limit` straight segments would be needed (or could be certified) for `maxError`.
  case tooManySegments(limit: Int, maxError: Double)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .noCoefficients:
      return "a polynomial needs at least one coefficient"
    case .degreeTooHigh(let degree, let maximum):
      return "degree \(degree) is above the supported maximum \(maximum)"
    case .nonFiniteCoefficient(let index, let value):
      return "coefficient \(index) (highest power first) is \(value), not a finite number"
    case .notACubic(let degree):
      return "a cubic is required, but the polynomial has degree \(degree)"
    case .invalidMaxError(let value):
      return "maximum error \(value) is not a finite positive number large enough to certify (about 1e-14)"
    case .tooManySegments(let limit, let maxError):
      return "maximum error \(maxError) needs more than \(limit) straight segments; allow a larger error"
    }
  }
}
