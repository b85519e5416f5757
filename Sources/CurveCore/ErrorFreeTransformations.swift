/// Error-free transformations of floating-point sums and products (Knuth, Dekker), used by
/// the compensated Horner scheme. They use no fma, so they stay inline on any x86-64 build.
///
/// Each returns `(result, error)` with `result + error` exactly equal to the real sum or
/// product, as long as nothing overflows or (for products) underflows.
@usableFromInline
internal enum ErrorFree {
  /// Knuth's TwoSum: `s = fl(x + y)` and the exact rounding error `e`, with x + y = s + e.
  /// Six flops, no branch, valid for any finite x and y whose sum does not overflow.
  @inlinable @inline(__always)
  internal static func twoSum(_ x: Double, _ y: Double) -> (sum: Double, error: Double) {
    let s = x + y
    let yVirtual = s - x
    let xVirtual = s - yVirtual
    return (s, (x - xVirtual) + (y - yVirtual))
  }

  /// Veltkamp's split of `x` into a high part with 26 significant bits and a low part,
  /// with x = high + low exactly (for |x| below about 2⁹⁹⁵).
  @inlinable @inline(__always)
  internal static func split(_ x: Double) -> (high: Double, low: Double) {
    let scaled = 134_217_729.0 * x  // 2²⁷ + 1
    let high = scaled - (scaled - x)
    return (high, x - high)
  }

  /// Dekker's TwoProduct: `p = fl(x·y)` and the exact error `e`, with x·y = p + e, when the
  /// product neither overflows nor underflows. 17 flops, no fma.
  @inlinable @inline(__always)
  internal static func twoProduct(_ x: Double, _ y: Double) -> (product: Double, error: Double) {
    let p = x * y
    let (xh, xl) = split(x)
    let (yh, yl) = split(y)
    return (p, xl * yl - (((p - xh * yh) - xl * yh) - xh * yl))
  }

  /// One step of compensated Horner: `sum ← sum·t + coefficient` computed error-free,
  /// with the step's rounding errors folded into `correction ← correction·t + errors`.
  @inlinable @inline(__always)
  internal static func compensatedHornerStep(
    _ sum: inout Double, _ correction: inout Double, _ t: Double, _ coefficient: Double
  ) {
    let (product, productError) = twoProduct(sum, t)
    let (next, sumError) = twoSum(product, coefficient)
    sum = next
    correction = correction * t + (productError + sumError)
  }
}
