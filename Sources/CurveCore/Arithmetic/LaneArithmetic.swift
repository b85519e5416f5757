/// CurveCore's error-free transformations (Knuth's TwoSum, Veltkamp's split, Dekker's
/// TwoProduct, the compensated Horner step; no FMA) four lanes at a time, for the per-point
/// loops of the fitter. Each lane computes exactly the IEEE operations, in the same order, as
/// ``ErrorFreeArithmetic`` (CurveCore) does for one value, so results are bit-identical to the
/// scalar code's.
enum LaneArithmetic {
  typealias Lanes = SIMD4<Double>

  /// x + y = sum + error exactly, lane by lane.
  @inline(__always)
  static func twoSum(_ x: Lanes, _ y: Lanes) -> (sum: Lanes, error: Lanes) {
    let sum = x + y
    let yVirtual = sum - x
    let xVirtual = sum - yVirtual
    return (sum, (x - xVirtual) + (y - yVirtual))
  }

  /// Veltkamp's split into halves of at most 26 significant bits, lane by lane.
  @inline(__always)
  static func split(_ x: Lanes) -> (hi: Lanes, lo: Lanes) {
    let scaled = 134_217_729.0 * x
    let hi = scaled - (scaled - x)
    return (hi, x - hi)
  }

  /// x·y = product + error exactly, lane by lane, with y already split.
  @inline(__always)
  static func twoProduct(_ x: Lanes, _ y: Lanes, split ySplit: (hi: Lanes, lo: Lanes)) -> (
    product: Lanes, error: Lanes
  ) {
    let product = x * y
    let (xHi, xLo) = split(x)
    return (product, xLo * ySplit.lo - (((product - xHi * ySplit.hi) - xLo * ySplit.hi) - xHi * ySplit.lo))
  }

  /// x·y = product + error exactly, lane by lane, with both factors already split (a loop
  /// that multiplies one value by two factors splits it once).
  @inline(__always)
  static func twoProduct(
    _ x: Lanes, split xSplit: (hi: Lanes, lo: Lanes), _ y: Lanes, split ySplit: (hi: Lanes, lo: Lanes)
  ) -> (product: Lanes, error: Lanes) {
    let product = x * y
    return (
      product,
      xSplit.lo * ySplit.lo - (((product - xSplit.hi * ySplit.hi) - xSplit.lo * ySplit.hi) - xSplit.hi * ySplit.lo)
    )
  }

  /// y − p(t) for ascending coefficients, by compensated Horner and rounded once, lane by
  /// lane: ``ErrorFreeArithmetic/residual(ascending:t:y:)`` for four points.
  @inline(__always)
  static func residual(ascending coefficients: UnsafeBufferPointer<Double>, t: Lanes, y: Lanes) -> Lanes {
    guard let last = coefficients.last else { return y }
    var sum = Lanes(repeating: last)
    var correction = Lanes()
    let tSplit = split(t)
    var index = coefficients.count - 2
    while index >= 0 {
      let (product, productError) = twoProduct(sum, t, split: tSplit)
      let (next, sumError) = twoSum(product, Lanes(repeating: coefficients[index]))
      sum = next
      correction = correction * t + (productError + sumError)
      index -= 1
    }
    let (difference, error) = twoSum(y, -sum)
    return difference + (error - correction)
  }
}
