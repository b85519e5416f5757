import CurveCore

/// The exact optimum of a least-squares problem in rational arithmetic, rounded once.
///
/// The fallback of ``CorrectRounding`` when its bound cannot decide a coefficient, and the
/// reference its tests compare with: the power sums Σ wᵢ²tᵢʲ and Σ wᵢ²yᵢtᵢᵏ are accumulated
/// exactly (dyadic rationals), the KKT system is scaled to integers row by row and solved by
/// Bareiss's fraction-free elimination, and each coefficient p/q is rounded to the nearest
/// double, ties to even.
/// - Complexity: O(m·d) big-integer products for m points (integers of up to about
///   53·(2d + 2) bits plus the spread of the exponents), then O((d + p)³) products of
///   integers whose size grows linearly with the row: fine for the problems the fallback
///   meets (rare at degree ≤ 6, common at 8–10), slow (seconds) for 10⁶ points at degree 10.
enum ExactLeastSquares {
  /// The exact optimum's coefficients, ascending, rounded to nearest; nil when the exact KKT
  /// matrix is singular or a coefficient overflows.
  static func roundedOptimum(_ problem: FitProblem) -> [Double]? {
    var sums = ExactMomentSums(degree: problem.degree)
    for (index, point) in problem.points.enumerated() {
      sums.add(t: point.t, y: point.y, weight: problem.weights?[index] ?? 1)
    }
    return roundedOptimum(sums, constraints: problem.constraints)
  }

  /// The rounded optimum from exact sums.
  static func roundedOptimum(_ sums: ExactMomentSums, constraints: [FitConstraint]) -> [Double]? {
    let n = sums.degree + 1
    let size = n + constraints.count
    var rows: [[DyadicRational]] = []
    for j in 0..<n {
      var row = (0..<n).map { sums.powers[j + $0] }
      for constraint in constraints { row.append(exactRow(constraint, count: n)[j]) }
      row.append(sums.cross[j])
      rows.append(row)
    }
    for constraint in constraints {
      let target: Double
      switch constraint {
      case .value(_, let value): target = value
      case .slope(_, let slope): target = slope
      }
      rows.append(
        exactRow(constraint, count: n) + Array(repeating: .zero, count: constraints.count) + [DyadicRational(target)])
    }
    guard let (numerators, denominator) = solve(rows.map(integerRow), size: size) else { return nil }
    var result: [Double] = []
    for k in 0..<n {
      guard let value = nearestDouble(numerators[k], over: denominator), value.isFinite else { return nil }
      result.append(value)
    }
    return result
  }

  /// A constraint's exact row in t: tᵏ, or k·tᵏ⁻¹ for a slope.
  static func exactRow(_ constraint: FitConstraint, count n: Int) -> [DyadicRational] {
    let t = DyadicRational(constraint.t)
    var powers = [DyadicRational(1)]
    for k in 1..<n { powers.append(powers[k - 1] * t) }
    switch constraint {
    case .value: return powers
    case .slope: return [.zero] + (1..<n).map { DyadicRational($0) * powers[$0 - 1] }
    }
  }

  /// A row of dyadic rationals scaled by one power of two to integers (the equation's
  /// solution set is unchanged).
  static func integerRow(_ row: [DyadicRational]) -> [ExactInteger] {
    let low = row.filter { !$0.isZero }.map({ $0.exponent }).min() ?? 0
    return row.map { $0.isZero ? .zero : $0.mantissa.shiftedLeft($0.exponent - low) }
  }

  /// Solves the size × size integer system whose augmented rows are given, by Bareiss
  /// elimination: xₖ = numeratorsₖ / denominator with denominator > 0. Nil when singular.
  static func solve(_ augmented: [[ExactInteger]], size: Int) -> (
    numerators: [ExactInteger], denominator: ExactInteger
  )? {
    var a = augmented
    var previous = ExactInteger(1)
    for k in 0..<size {
      guard let pivot = (k..<size).first(where: { !a[$0][k].isZero }) else { return nil }
      if pivot != k { a.swapAt(pivot, k) }
      for i in (k + 1)..<max(size, k + 1) {
        for j in (k + 1)...size {
          guard let value = ExactInteger.exactQuotient(a[i][j] * a[k][k] - a[i][k] * a[k][j], previous) else {
            return nil
          }
          a[i][j] = value
        }
        a[i][k] = .zero
      }
      previous = a[k][k]
    }
    // Fraction-free back substitution: D·xᵢ are integers for D = the last pivot (± det).
    let determinant = a[size - 1][size - 1]
    var scaled = Array(repeating: ExactInteger.zero, count: size)
    for i in stride(from: size - 1, through: 0, by: -1) {
      var total = determinant * a[i][size]
      for j in (i + 1)..<max(size, i + 1) { total = total - a[i][j] * scaled[j] }
      guard let value = ExactInteger.exactQuotient(total, a[i][i]) else { return nil }
      scaled[i] = value
    }
    if determinant.isNegative { return (scaled.map { -$0 }, -determinant) }
    return (scaled, determinant)
  }

  /// The double nearest to p/q (q > 0), ties to even, subnormals included; ±infinity on
  /// overflow.
  static func nearestDouble(_ p: ExactInteger, over q: ExactInteger) -> Double? {
    guard !q.isZero, !q.isNegative else { return nil }
    if p.isZero { return 0 }
    let a = p.magnitude
    // 2⁵⁴ < a/q·2⁻ˢ < 2⁵⁶ for s = bits(a) − bits(q) − 55.
    let s = a.bitWidth - q.bitWidth - 55
    let numerator = s < 0 ? a.shiftedLeft(-s) : a
    let divisor = s > 0 ? q.shiftedLeft(s) : q
    var remainder = numerator
    var quotient: UInt64 = 0
    for bit in stride(from: 57, through: 0, by: -1) {
      let shifted = divisor.shiftedLeft(bit)
      if ExactInteger.compareMagnitudes(remainder.limbs, shifted.limbs) >= 0 {
        remainder = remainder - shifted
        quotient |= 1 << UInt64(bit)
      }
    }
    let width = 64 - quotient.leadingZeroBitCount
    var drop = width - 53
    if s + drop < -1074 { drop = -1074 - s }  // subnormal: fewer significant bits
    guard drop > 0, drop < 64 else { return nil }
    let kept = quotient >> UInt64(drop)
    let dropped = quotient & ((1 << UInt64(drop)) - 1)
    let half: UInt64 = 1 << UInt64(drop - 1)
    let sticky = !remainder.isZero
    var mantissa = kept
    if dropped > half || (dropped == half && (sticky || kept & 1 == 1)) { mantissa += 1 }
    let magnitude = Double(sign: .plus, exponent: s + drop, significand: Double(mantissa))
    return p.isNegative ? -magnitude : magnitude
  }
}

/// Σ wᵢ²tᵢʲ and Σ wᵢ²yᵢtᵢᵏ in exact arithmetic.
struct ExactMomentSums {
  let degree: Int
  private(set) var powers: [DyadicRational]
  private(set) var cross: [DyadicRational]

  init(degree: Int) {
    self.degree = degree
    powers = Array(repeating: .zero, count: 2 * degree + 1)
    cross = Array(repeating: .zero, count: degree + 1)
  }

  mutating func add(t: Double, y: Double, weight: Double) {
    let w = DyadicRational(weight)
    let exactT = DyadicRational(t)
    let exactY = DyadicRational(y)
    var term = weight == 1 ? DyadicRational(1) : w * w
    for j in 0...(2 * degree) {
      powers[j] = powers[j] + term
      if j <= degree { cross[j] = cross[j] + term * exactY }
      if j < 2 * degree { term = term * exactT }
    }
  }
}
