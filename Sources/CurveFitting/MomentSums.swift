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
/// Points go to four lanes in turn (point i to lane i mod 4), which one SIMD kernel runs
/// side by side. In each lane a term is formed with error-free products (wᵢ², then one power
/// of tᵢ after another, the trailing part carried unnormalized) and added into a block sum
/// of 32 points (TwoSum on the leading parts); at the end of a block the four lanes are added in lane order, and
/// the blocks are merged as a binary counter with accurate double-double additions. Every
/// operation's order is fixed by the order of the points alone (a partial last group is
/// padded with zero weights, which add exact zeros): no BLAS, no threads, so the result is
/// bit-identical on every machine, and the same whether the points arrive in memory or one
/// by one from a stream.
///
/// Error bound (u = 2⁻⁵³, B = 32): the trailing part of the j-th power is at most j·u of its
/// leading part, so forming a term errs by at most (j + 1)²·u²/2 ≤ ((2d + 1)² + 6)·u² of it
/// (the cross terms' product by yᵢ included), a lane's block sum by (B + 1)(B + 2d + 2)·u² of
/// its terms' magnitudes, and each of the at most 72 lane and merge levels by 3.1·u² of
/// theirs, so |Ŝⱼ − Sⱼ| ≤ c·Aⱼ + m·2⁻⁹⁹⁴ with Aⱼ = Σ wᵢ²|tᵢ|ʲ and c the sum of those
/// factors (≈ 2⁻⁹⁴·⁷ at d = 10; the last term covers underflow). For Tₖ the magnitude is at most max|yᵢ|·Aₖ. For even j, Aⱼ = Sⱼ; for odd
/// j, |t|ʲ ≤ (tʲ⁻¹ + tʲ⁺¹)/2 bounds it by the even neighbours, so no extra sums are needed.
/// - Complexity: about 20 double operations per sum and point, in SIMD4 across points;
///   O(d·log m) memory.
struct MomentSums: Sendable {
  typealias Lanes = LaneArithmetic.Lanes
  /// The polynomial degree d.
  let degree: Int
  /// Points per lane and block.
  static let blockSize = 32

  /// Each sum's leading and trailing parts, per lane: 2d + 1 power sums, d + 1 cross sums,
  /// then Σ wᵢ²yᵢ².
  private var high: [Lanes]
  private var low: [Lanes]
  /// Up to three points waiting for a fourth (the rest of the lanes hold zero weights).
  private var staged = (t: Lanes(), y: Lanes(), weight: Lanes())
  private var stagedCount = 0
  /// Groups of four points in the current block.
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

  /// Whether Σ wᵢ²yᵢ² is summed (streamed fits need it for their RSS; it stays 0 otherwise).
  let includesSquares: Bool

  init(degree: Int, includesSquares: Bool = true) {
    self.degree = degree
    self.includesSquares = includesSquares
    high = Array(repeating: Lanes(), count: 3 * degree + 3)
    low = high
  }

  /// The sums of a problem's points, in input order.
  init(problem: FitProblem) {
    self.init(degree: problem.degree, includesSquares: false)
    let points = problem.points
    let weights = problem.weights
    // Whole groups of four straight into the lanes (as add(t:y:weight:) would stage them),
    // then the rest one by one.
    let whole = points.count - points.count % 4
    var index = 0
    while index < whole {
      let (p0, p1, p2, p3) = (points[index], points[index + 1], points[index + 2], points[index + 3])
      let weight = weights.map { Lanes($0[index], $0[index + 1], $0[index + 2], $0[index + 3]) } ?? Lanes(repeating: 1)
      addGroup(t: Lanes(p0.t, p1.t, p2.t, p3.t), y: Lanes(p0.y, p1.y, p2.y, p3.y), weight: weight)
      index += 4
    }
    while index < points.count {
      add(t: points[index].t, y: points[index].y, weight: weights?[index] ?? 1)
      index += 1
    }
  }

  /// Adds four points at once, in lane order (only when no point is staged).
  private mutating func addGroup(t: Lanes, y: Lanes, weight: Lanes) {
    let absT = pointwiseMax(t, -t)
    let absY = pointwiseMax(y, -y)
    let tInRange = absT .<= Lanes(repeating: 0x1p64)
    let yInRange = absY .<= Lanes(repeating: 0x1p400)
    let weightInRange = (weight .>= Lanes(repeating: 0x1p-200)) .& (weight .<= Lanes(repeating: 0x1p200))
    if !all(tInRange .& yInRange .& weightInRange) { isInRange = false }
    maxAbsY = max(maxAbsY, absY[0], absY[1], absY[2], absY[3])
    count += 4
    staged = (t, y, weight)
    consumeStaged()
  }

  /// Adds one point.
  @inline(__always)
  mutating func add(t: Double, y: Double, weight: Double) {
    if !(abs(t) <= 0x1p64 && abs(y) <= 0x1p400 && weight >= 0x1p-200 && weight <= 0x1p200) { isInRange = false }
    maxAbsY = max(maxAbsY, abs(y))
    count += 1
    staged.t[stagedCount] = t
    staged.y[stagedCount] = y
    staged.weight[stagedCount] = weight
    stagedCount += 1
    if stagedCount == 4 { consumeStaged() }
  }

  /// Runs the kernel on the staged group and empties it.
  private mutating func consumeStaged() {
    let (t, y, weight) = staged
    let d = degree
    let squares = includesSquares
    high.withUnsafeMutableBufferPointer { high in
      low.withUnsafeMutableBufferPointer { low in
        // Two specializations of one kernel: unit weights skip forming wᵢ².
        if weight == Lanes(repeating: 1) {
          Self.kernel(t: t, y: y, weight: nil, degree: d, squares: squares, high: high, low: low)
        } else {
          Self.kernel(t: t, y: y, weight: weight, degree: d, squares: squares, high: high, low: low)
        }
      }
    }
    staged = (Lanes(), Lanes(), Lanes())
    stagedCount = 0
    blockFill += 1
    if blockFill == Self.blockSize { flushBlock() }
  }

  /// Forms every term of four points and adds it to its lane's block sums.
  @inline(__always)
  private static func kernel(
    t: Lanes, y: Lanes, weight: Lanes?, degree d: Int, squares: Bool,
    high sumHigh: UnsafeMutableBufferPointer<Lanes>, low sumLow: UnsafeMutableBufferPointer<Lanes>
  ) {
    let tSplit = LaneArithmetic.split(t)
    let ySplit = LaneArithmetic.split(y)
    var (high, low): (Lanes, Lanes)
    var first = 0
    if let weight {
      (high, low) = LaneArithmetic.twoProduct(weight, weight, split: LaneArithmetic.split(weight))
    } else {
      // Unit weights: the j = 0 terms are 1, y and y² exactly, and the next power is t itself.
      accumulate(sumHigh, sumLow, 0, Lanes(repeating: 1), Lanes())
      accumulate(sumHigh, sumLow, 2 * d + 1, y, Lanes())
      if squares {
        let (square, squareError) = LaneArithmetic.twoProduct(y, y, split: ySplit)
        accumulate(sumHigh, sumLow, 3 * d + 2, square, squareError)
      }
      (high, low) = (t, Lanes())
      first = 1
    }
    for j in first...(2 * d) {
      accumulate(sumHigh, sumLow, j, high, low)
      let highSplit = LaneArithmetic.split(high)
      if j <= d {
        let (product, error) = LaneArithmetic.twoProduct(high, split: highSplit, y, split: ySplit)
        let tail = low * y + error
        accumulate(sumHigh, sumLow, 2 * d + 1 + j, product, tail)
        if j == 0 && squares {
          let (square, squareError) = LaneArithmetic.twoProduct(product, y, split: ySplit)
          accumulate(sumHigh, sumLow, 3 * d + 2, square, tail * y + squareError)
        }
      }
      if j < 2 * d {
        // The next power, not renormalized: |low| grows by at most u a step (see the bound).
        let (product, error) = LaneArithmetic.twoProduct(high, split: highSplit, t, split: tSplit)
        low = low * t + error
        high = product
      }
    }
  }

  /// Sum `index` += high + low: TwoSum on the leading parts, the rest added to the trailing.
  @inline(__always)
  private static func accumulate(
    _ sumHigh: UnsafeMutableBufferPointer<Lanes>, _ sumLow: UnsafeMutableBufferPointer<Lanes>, _ index: Int,
    _ high: Lanes, _ low: Lanes
  ) {
    let (sum, error) = LaneArithmetic.twoSum(sumHigh[index], high)
    sumHigh[index] = sum
    sumLow[index] += error + low
  }

  /// Adds the block's lanes in lane order and moves the block into the binary counter.
  private mutating func flushBlock() {
    guard blockFill > 0 else { return }
    var carry = (0..<sumCount).map { index in
      var total = DoubleDouble.twoSum(high[index][0], low[index][0])
      for lane in 1..<4 { total = total + DoubleDouble.twoSum(high[index][lane], low[index][lane]) }
      return total
    }
    for index in high.indices { (high[index], low[index]) = (Lanes(), Lanes()) }
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
  consuming func finished() -> Moments {
    if stagedCount > 0 { consumeStaged() }
    flushBlock()
    var total: [DoubleDouble]?
    for case let held? in levels {
      total = total.map { zip($0, held).map { $0 + $1 } } ?? held
    }
    let width = sumCount
    let sums = total ?? Array(repeating: DoubleDouble(0), count: width)
    let d = degree
    let u2 = 0x1p-106
    let forming = Double((2 * d + 1) * (2 * d + 1) + 6)
    let block = Double((Self.blockSize + 1) * (Self.blockSize + 2 * d + 2))
    let relative = (forming + block + 3.1 * 72 + 16) * u2
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
