/// The error-free transformations of ``ErrorFreeArithmetic`` (Knuth's TwoSum, Veltkamp's
/// split, Dekker's TwoProduct, the compensated Horner step; no FMA) four lanes at a time: the
/// one SIMD implementation in the package, used by the real-root solver's three-root polish
/// (``RealRootSolver``) and by the fitter's per-point loops in CurveFitting (moment sums and
/// residuals).
///
/// Each lane computes exactly the IEEE operations, in the same order, as the scalar kernel
/// (``CubicInverseKernel``'s `twoSum`, `split`, `twoProduct` and `compensatedHornerStep`)
/// does for one value, so every lane's bits are the scalar code's. The scalar kernel keeps its
/// own copy on purpose: its files are embedded verbatim into generated code and must stay
/// self-contained (see `Kernels/README.md`).
///
/// SPI, not API, for the reason ``ErrorFreeArithmetic`` gives: Swift 6.3 does not inline
/// `@inlinable package` functions into other modules, and a call per lane operation would
/// undo the point of the lanes.
@_spi(CurveKitTooling)
public enum LaneArithmetic {
  /// Four lanes of doubles (two SSE2 registers).
  public typealias Lanes = SIMD4<Double>

  /// x + y = sum + error exactly, lane by lane.
  @inlinable @inline(__always)
  public static func twoSum(_ x: Lanes, _ y: Lanes) -> (sum: Lanes, error: Lanes) {
    let sum = x + y
    let yVirtual = sum - x
    let xVirtual = sum - yVirtual
    return (sum, (x - xVirtual) + (y - yVirtual))
  }

  /// Veltkamp's split into halves of at most 26 significant bits, lane by lane.
  @inlinable @inline(__always)
  public static func split(_ x: Lanes) -> (hi: Lanes, lo: Lanes) {
    let scaled = 134_217_729.0 * x
    let hi = scaled - (scaled - x)
    return (hi, x - hi)
  }

  /// x·y = product + error exactly, lane by lane, with both factors already split (a loop
  /// that multiplies one value by several factors splits it once).
  @inlinable @inline(__always)
  public static func twoProduct(
    _ x: Lanes, split xSplit: (hi: Lanes, lo: Lanes), _ y: Lanes, split ySplit: (hi: Lanes, lo: Lanes)
  ) -> (product: Lanes, error: Lanes) {
    let product = x * y
    return (
      product,
      xSplit.lo * ySplit.lo - (((product - xSplit.hi * ySplit.hi) - xSplit.lo * ySplit.hi) - xSplit.hi * ySplit.lo)
    )
  }

  /// x·y = product + error exactly, lane by lane, with y already split.
  @inlinable @inline(__always)
  public static func twoProduct(_ x: Lanes, _ y: Lanes, split ySplit: (hi: Lanes, lo: Lanes)) -> (
    product: Lanes, error: Lanes
  ) {
    twoProduct(x, split: split(x), y, split: ySplit)
  }

  /// One compensated Horner step, lane by lane: `sum ← sum·x + coefficient` error-free, its
  /// rounding errors folded into `correction ← correction·x + errors` (x already split).
  @inlinable @inline(__always)
  public static func compensatedHornerStep(
    _ sum: inout Lanes, _ correction: inout Lanes, _ x: Lanes, split xSplit: (hi: Lanes, lo: Lanes),
    _ coefficient: Lanes
  ) {
    let (product, productError) = twoProduct(sum, x, split: xSplit)
    let (next, sumError) = twoSum(product, coefficient)
    sum = next
    correction = correction * x + (productError + sumError)
  }

  /// y − p(t) for ascending coefficients, by compensated Horner and rounded once, lane by
  /// lane: ``ErrorFreeArithmetic/residual(ascending:t:y:)`` for four points.
  @inlinable @inline(__always)
  public static func residual(ascending coefficients: UnsafeBufferPointer<Double>, t: Lanes, y: Lanes) -> Lanes {
    guard let last = coefficients.last else { return y }
    var sum = Lanes(repeating: last)
    var correction = Lanes()
    let tSplit = split(t)
    var index = coefficients.count - 2
    while index >= 0 {
      compensatedHornerStep(&sum, &correction, t, split: tSplit, Lanes(repeating: coefficients[index]))
      index -= 1
    }
    let (difference, error) = twoSum(y, -sum)
    return difference + (error - correction)
  }
}
