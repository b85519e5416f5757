@_spi(CurveKitTooling) import CurveCore

/// The data of a weighted polynomial least-squares problem as its power sums, in
/// double-double, with a rigorous bound on their error:
///
///     Sⱼ = Σᵢ wᵢ²·tᵢʲ  (j = 0…2d)      Tₖ = Σᵢ wᵢ²·yᵢ·tᵢᵏ  (k = 0…d)      Σᵢ wᵢ²·yᵢ²
///
/// The exact least-squares optimum depends on the data only through these sums (the normal
/// equations are G·b = h with Gⱼₖ = Sⱼ₊ₖ and hₖ = Tₖ), so they are what
/// ``CorrectRounding`` needs to decide the correctly rounded coefficients.
///
/// Each term is formed with error-free products (wᵢ², then one power of tᵢ after another,
/// each renormalized), added into 32-point block sums (TwoSum on the leading parts), and the
/// blocks are merged as a binary counter with accurate double-double additions. The order
/// of every operation is fixed by the order of the points alone: no BLAS, no threads, so the
/// result is bit-identical on every machine.
///
/// Error bound (u = 2⁻⁵³, B = 32): forming a term errs by at most 3(j + 1)·u² of it, a
/// block sum by (B + 1)²·u² of its terms' magnitudes, and each of the at most 64 merge
/// levels by 3.1·u² of theirs, so |Ŝⱼ − Sⱼ| ≤ c·Aⱼ + m·2⁻⁹⁹⁴ with Aⱼ = Σ wᵢ²|tᵢ|ʲ and
/// c = (3(2d + 2) + (B + 1)² + 3.1·64 + 16)·u² ≈ 2⁻⁹⁵·⁶ at d = 10 (the last term covers
/// underflow). For Tₖ the magnitude is at most max|yᵢ|·Aₖ. For even j, Aⱼ = Sⱼ; for odd
/// j, |t|ʲ ≤ (tʲ⁻¹ + tʲ⁺¹)/2 bounds it by the even neighbours, so no extra sums are needed.
/// - Complexity: O(d) double operations per point (about 20 per sum), O(d·log m) memory.
struct MomentSums: Sendable {
  /// The polynomial degree d.
  let degree: Int
  /// Points per block sum.
  static let blockSize = 32

  /// 2d + 1 power sums followed by d + 1 cross sums: leading parts, then trailing parts.
  private var block: [Double]
  private var blockFill = 0
  /// The binary counter of merged blocks: level i holds the sum of 2ⁱ blocks or nothing.
  private var levels: [[DoubleDouble]?] = []
  /// Points added so far.
  private(set) var count = 0
  /// max |yᵢ|.
  private(set) var maxAbsY = 0.0
  /// False once a value was too large or too small for the error-free products to be
  /// exact (|t| > 2⁶⁴, |y| > 2⁴⁰⁰, w outside [2⁻²⁰⁰, 2²⁰⁰]): the bound no longer holds, and
  /// ``CorrectRounding`` decides in exact arithmetic instead.
  private(set) var isInRange = true

  /// 2d + 1 power sums, d + 1 cross sums and Σ wᵢ²yᵢ².
  var sumCount: Int { 3 * degree + 3 }

  init(degree: Int) {
    self.degree = degree
    block = Array(repeating: 0, count: 2 * (3 * degree + 3))
  }

  /// The sums of a problem's points, in input order.
  init(problem: FitProblem) {
    self.init(degree: problem.degree)
    let points = problem.points
    if let weights = problem.weights {
      for index in points.indices { add(t: points[index].t, y: points[index].y, weight: weights[index]) }
    } else {
      for point in points { add(t: point.t, y: point.y, weight: 1) }
    }
  }

  /// Adds one point.
  mutating func add(t: Double, y: Double, weight: Double) {
    if !(abs(t) <= 0x1p64 && abs(y) <= 0x1p400 && weight >= 0x1p-200 && weight <= 0x1p200) { isInRange = false }
    maxAbsY = max(maxAbsY, abs(y))
    count += 1
    let d = degree
    let width = sumCount
    block.withUnsafeMutableBufferPointer { sums in
      var (high, low) = weight == 1 ? (1.0, 0.0) : ErrorFreeArithmetic.twoProduct(weight, weight)
      let tSplit = ErrorFreeArithmetic.split(t)
      let ySplit = ErrorFreeArithmetic.split(y)
      for j in 0...(2 * d) {
        Self.accumulate(sums, j, width, high, low)
        if j <= d {
          let (product, error) = ErrorFreeArithmetic.twoProduct(high, y, split: ySplit)
          let tail = low * y + error
          Self.accumulate(sums, 2 * d + 1 + j, width, product, tail)
          if j == 0 {
            let (square, squareError) = ErrorFreeArithmetic.twoProduct(product, y, split: ySplit)
            Self.accumulate(sums, 3 * d + 2, width, square, tail * y + squareError)
          }
        }
        if j < 2 * d {
          let (product, error) = ErrorFreeArithmetic.twoProduct(high, t, split: tSplit)
          let tail = low * t + error
          high = product + tail
          low = tail - (high - product)
        }
      }
    }
    blockFill += 1
    if blockFill == Self.blockSize { flushBlock() }
  }

  /// Sum `index` += high + low: TwoSum on the leading parts, the rest added to the trailing.
  @inline(__always)
  private static func accumulate(
    _ sums: UnsafeMutableBufferPointer<Double>, _ index: Int, _ width: Int, _ high: Double, _ low: Double
  ) {
    let (sum, error) = ErrorFreeArithmetic.twoSum(sums[index], high)
    sums[index] = sum
    sums[width + index] += error + low
  }

  /// Moves the block sums into the binary counter.
  private mutating func flushBlock() {
    guard blockFill > 0 else { return }
    let width = sumCount
    var carry = (0..<width).map { DoubleDouble.twoSum(block[$0], block[width + $0]) }
    for index in block.indices { block[index] = 0 }
    blockFill = 0
    var level = 0
    while true {
      if level == levels.count { levels.append(nil) }
      guard let held = levels[level] else {
        levels[level] = carry
        return
      }
      carry = zip(held, carry).map { $0 + $1 }
      levels[level] = nil
      level += 1
    }
  }

  /// The sums and their error bounds, merged in a fixed order.
  func finished() -> Moments {
    var copy = self
    copy.flushBlock()
    var total: [DoubleDouble]?
    for case let held? in copy.levels {
      total = total.map { zip($0, held).map { $0 + $1 } } ?? held
    }
    let width = sumCount
    let sums = total ?? Array(repeating: DoubleDouble(0), count: width)
    let d = degree
    let u2 = 0x1p-106
    let relative = (3 * Double(2 * d + 2) + Double((Self.blockSize + 1) * (Self.blockSize + 1)) + 3.1 * 64 + 16) * u2
    let slack = Double(count) * 0x1p-994
    var magnitudes = Array(repeating: 0.0, count: 2 * d + 1)
    for j in stride(from: 0, through: 2 * d, by: 2) { magnitudes[j] = sums[j].magnitudeBound * (1 + 0x1p-40) }
    for j in stride(from: 1, to: 2 * d, by: 2) { magnitudes[j] = ((magnitudes[j - 1] + magnitudes[j + 1]) / 2).nextUp }
    let powerBounds = magnitudes.map { (relative * $0 + slack).nextUp }
    let crossBounds = (0...d).map { (relative * (maxAbsY * magnitudes[$0]).nextUp + slack).nextUp }
    return Moments(
      degree: d, powers: Array(sums[0...(2 * d)]), powerBounds: powerBounds,
      cross: Array(sums[(2 * d + 1)...(3 * d + 1)]), crossBounds: crossBounds,
      squares: sums[3 * d + 2],
      squaresBound: (relative * sums[3 * d + 2].magnitudeBound * (1 + 0x1p-40) + slack).nextUp,
      isBounded: isInRange && sums.allSatisfy { $0.high.isFinite && $0.low.isFinite && abs($0.high) < 0x1p900 })
  }
}

/// Finished ``MomentSums``: Sⱼ and Tₖ with absolute error bounds.
struct Moments: Sendable {
  let degree: Int
  /// Ŝⱼ ≈ Σ wᵢ²tᵢʲ, j = 0…2d.
  let powers: [DoubleDouble]
  /// |Ŝⱼ − Sⱼ| ≤ powerBounds[j].
  let powerBounds: [Double]
  /// T̂ₖ ≈ Σ wᵢ²yᵢtᵢᵏ, k = 0…d.
  let cross: [DoubleDouble]
  /// |T̂ₖ − Tₖ| ≤ crossBounds[k].
  let crossBounds: [Double]
  /// Σ wᵢ²yᵢ² and its error bound.
  let squares: DoubleDouble
  let squaresBound: Double
  /// False when the bounds do not hold (values out of the error-free range, or overflow).
  let isBounded: Bool
}

extension Moments {
  /// Σ (wᵢ(yᵢ − p(tᵢ)))² = Σwᵢ²yᵢ² − 2Σbₖ·Tₖ + Σⱼₖ bⱼbₖ·Sⱼ₊ₖ in double-double, rounded once:
  /// the objective of streamed data from the sums alone, in a fixed order. Accurate to
  /// about 2⁻⁹⁵ of the terms' size, which is far below the objective unless the fit
  /// explains the data to 10⁻²⁰ of its size.
  func residualSumOfSquares(ascending b: [Double]) -> Double {
    var total = squares
    for k in b.indices {
      total = total - (cross[k] * b[k]) * 2
      for j in b.indices { total = total + (powers[j + k] * b[j]) * b[k] }
    }
    return max(total.value, 0)
  }
}
