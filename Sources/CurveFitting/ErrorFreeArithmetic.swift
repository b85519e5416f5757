/// The error-free transformations the fitter's per-point loops use, defined in this module
/// so they inline into those loops (CurveCore's `DoubleDouble` operations are not inlined
/// across the module boundary, which cost a call per operation). Knuth's TwoSum, Veltkamp's
/// split and Dekker's TwoProduct (no FMA, so they stay inline on a generic x86-64 build);
/// exact while nothing overflows or underflows.
enum ErrorFree {
  /// x + y = sum + error exactly (6 flops).
  @inline(__always)
  static func twoSum(_ x: Double, _ y: Double) -> (sum: Double, error: Double) {
    let sum = x + y
    let yVirtual = sum - x
    let xVirtual = sum - yVirtual
    return (sum, (x - xVirtual) + (y - yVirtual))
  }

  /// x·y = product + error exactly (17 flops).
  @inline(__always)
  static func twoProduct(_ x: Double, _ y: Double) -> (product: Double, error: Double) {
    let product = x * y
    let xScaled = 134_217_729.0 * x
    let xHi = xScaled - (xScaled - x)
    let xLo = x - xHi
    let yScaled = 134_217_729.0 * y
    let yHi = yScaled - (yScaled - y)
    let yLo = y - yHi
    return (product, xLo * yLo - (((product - xHi * yHi) - xLo * yHi) - xHi * yLo))
  }

  /// p(t) for ascending coefficients as `sum + correction` by compensated Horner
  /// (Graillat–Langlois–Louvet): |sum + correction − p(t)| ≤ γ²₂ₙ·Σ|cᵢ||t|ⁱ, as accurate as
  /// Horner in twice the working precision (≤ 2⁻⁹⁷·Σ|cᵢ||t|ⁱ for n ≤ 11 coefficients).
  @inline(__always)
  static func compensatedHorner(_ coefficients: UnsafeBufferPointer<Double>, at t: Double)
    -> (sum: Double, correction: Double)
  {
    guard let last = coefficients.last else { return (0, 0) }
    var sum = last
    var correction = 0.0
    var index = coefficients.count - 2
    while index >= 0 {
      let (product, productError) = twoProduct(sum, t)
      let (next, sumError) = twoSum(product, coefficients[index])
      sum = next
      correction = correction * t + (productError + sumError)
      index -= 1
    }
    return (sum, correction)
  }

  /// y − p(t), rounded once from the compensated value.
  @inline(__always)
  static func residual(_ coefficients: UnsafeBufferPointer<Double>, t: Double, y: Double) -> Double {
    let (sum, correction) = compensatedHorner(coefficients, at: t)
    let (difference, error) = twoSum(y, -sum)
    return difference + (error - correction)
  }
}
