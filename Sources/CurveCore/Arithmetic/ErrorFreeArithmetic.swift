/// The inverse kernel's error-free transformations (``CubicInverseKernel``'s `twoSum`,
/// `twoProduct` and compensated Horner step: Knuth, Dekker, Graillat–Langlois–Louvet; no
/// FMA, so they stay inline on a generic x86-64 build), for the per-point loops of the
/// fitter in CurveFitting. One set of error-free transformations in the package: these
/// forward to the kernel's.
///
/// SPI, not API: only `@_spi(CurveKitTooling) import CurveCore` sees it, and it is in
/// neither the public interface nor the documentation. It is SPI-`public` rather than
/// `package` because Swift 6.3 does not inline `@inlinable package` functions into other
/// modules (each operation stays a call: +10–30 % on an unconstrained fit), while it does
/// inline `@inlinable public` ones, SPI included.
@_spi(CurveKitTooling)
public enum ErrorFreeArithmetic {
  /// x + y = sum + error exactly (Knuth's TwoSum).
  @inlinable @inline(__always)
  public static func twoSum(_ x: Double, _ y: Double) -> (sum: Double, error: Double) {
    CubicInverseKernel.twoSum(x, y)
  }

  /// x·y = product + error exactly while nothing overflows or underflows (Dekker's TwoProduct).
  @inlinable @inline(__always)
  public static func twoProduct(_ x: Double, _ y: Double) -> (product: Double, error: Double) {
    CubicInverseKernel.twoProduct(x, y)
  }

  /// p(t) for ascending coefficients `c₀, c₁, …` as an unevaluated `sum + correction` by
  /// compensated Horner: |sum + correction − p(t)| ≤ γ²₂ₙ·Σ|cᵢ||t|ⁱ, as accurate as Horner
  /// in twice the working precision (≤ 2⁻⁹⁷·Σ|cᵢ||t|ⁱ for n ≤ 11 coefficients).
  /// - Complexity: O(coefficient count), no allocation.
  @inlinable @inline(__always)
  public static func compensatedHorner(ascending coefficients: UnsafeBufferPointer<Double>, at t: Double)
    -> (sum: Double, correction: Double)
  {
    guard let last = coefficients.last else { return (0, 0) }
    var sum = last
    var correction = 0.0
    var index = coefficients.count - 2
    while index >= 0 {
      CubicInverseKernel.compensatedHornerStep(&sum, &correction, t, coefficients[index])
      index -= 1
    }
    return (sum, correction)
  }

  /// y − p(t) for ascending coefficients, from the compensated value and rounded once.
  @inlinable @inline(__always)
  public static func residual(ascending coefficients: UnsafeBufferPointer<Double>, t: Double, y: Double) -> Double {
    let (sum, correction) = compensatedHorner(ascending: coefficients, at: t)
    let (difference, error) = twoSum(y, -sum)
    return difference + (error - correction)
  }
}
