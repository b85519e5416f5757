import CurveCore

/// The exact optimum of a least-squares problem in rational arithmetic, rounded once, in
/// bounded work.
///
/// The fallback of ``CorrectRounding`` when its bound cannot decide a coefficient, and the
/// reference its tests compare with: the power sums Σ wᵢ²tᵢʲ and Σ wᵢ²yᵢtᵢᵏ are accumulated
/// exactly (dyadic rationals), the KKT system is scaled to integers row by row and solved by
/// Bareiss's fraction-free elimination, and each coefficient p/q is rounded to the nearest
/// double, ties to even.
/// - Complexity: O(m·d) big-integer additions for m points (integers of up to about
///   53·(2d + 2) bits plus the spread of the exponents), then O((d + p)³) products of
///   integers whose size grows linearly with the row. The spread is what costs: one point at
///   t = 10⁻³⁰⁰ makes Σ tᵢ²⁰ a 20 000-bit integer, and the exact solve of a degree-10 fit
///   then takes seconds. So ``fallback(_:moments:candidate:)`` first solves the system with
///   every equation truncated to 256 bits, whose cost does not depend on the spread, and
///   keeps its answer when a rigorous bound proves it the exact optimum's rounding
///   (``CoefficientRounding/certified``); otherwise the exact solve runs, counting its work
///   (``Work``) and stopping at ``workBudget``, after which the 256-bit answer is given and
///   reported as not certified (``CoefficientRounding/fixedOrder``).
enum ExactLeastSquares {
  /// The limb products (32 × 32-bit multiply-adds) one exact solve may spend before it
  /// stops: tens of milliseconds of one core in a release build. It runs only where the
  /// 256-bit solve's bound cannot decide (none of the 41 reference problems of degree 1–10,
  /// `ExactSolverWorkTests`); a point at t = 10⁻³⁰⁰ at degree 10 makes the exact solve's
  /// first elimination step alone cost more than this.
  static let workBudget: Int64 = 1 << 24

  /// Significant bits each equation keeps in ``boundedOptimum(_:degree:work:)``.
  static let boundedPrecision = 256

  /// The exact optimum's coefficients, ascending, rounded to nearest; nil when the exact KKT
  /// matrix is singular, a coefficient overflows, or the solve would exceed `budget`
  /// (unbounded by default: the tests' reference).
  static func roundedOptimum(_ problem: FitProblem, budget: Int64 = .max) -> [Double]? {
    var work = Work(budget: budget)
    return roundedOptimum(exactSums(problem), constraints: problem.constraints, work: &work)
  }

  /// The rounded optimum from exact sums, within ``workBudget`` (nil as above).
  static func roundedOptimum(_ sums: ExactMomentSums, constraints: [FitConstraint]) -> [Double]? {
    var work = Work(budget: workBudget)
    return roundedOptimum(sums, constraints: constraints, work: &work)
  }

  /// The rounded optimum from exact sums, charging `work`; nil as above.
  static func roundedOptimum(_ sums: ExactMomentSums, constraints: [FitConstraint], work: inout Work) -> [Double]? {
    let rows = exactRows(sums, constraints: constraints)
    guard let (numerators, denominator) = solve(rows.map(integerRow), size: rows.count, work: &work) else {
      return nil
    }
    var result: [Double] = []
    for k in 0...sums.degree {
      guard let value = nearestDouble(numerators[k], over: denominator), value.isFinite else { return nil }
      result.append(value)
    }
    return result
  }

  /// What answers when ``CorrectRounding``'s bound cannot decide an in-memory fit, and how
  /// the answer relates to the exact optimum, in a number of limb products bounded for every
  /// input (at most ``workBudget`` plus the bounded solve's, under 2²² at degree 10):
  /// 1. ``boundedOptimum(_:degree:work:)`` when its bound proves its rounding: the exact
  ///    optimum rounded to nearest (``CoefficientRounding/certified``, or
  ///    ``CoefficientRounding/exact`` when no equation needed truncating);
  /// 2. otherwise the exact optimum rounded to nearest (``CoefficientRounding/exact``) when
  ///    the exact solve fits in ``workBudget``;
  /// 3. otherwise the bounded solve's rounding of its 256-bit approximation, the same on
  ///    every machine but not certified, and said so (``CoefficientRounding/fixedOrder``);
  /// 4. when that system comes out singular, ``CorrectRounding/fixedOrder(moments:constraints:)``
  ///    (also ``CoefficientRounding/fixedOrder``), and when that has no answer either,
  ///    `candidate` (``CoefficientRounding/solverDependent``).
  ///
  /// Nil only when the exact KKT matrix is singular within the budget (the caller reports
  /// rank deficiency), as before the budget.
  /// - Parameter work: receives the limb products spent (for the tests' work bounds).
  static func fallback(
    _ problem: FitProblem, moments: Moments, candidate: [Double], work: inout Work
  ) -> (ascending: [Double], rounding: CoefficientRounding)? {
    let rows = exactRows(exactSums(problem), constraints: problem.constraints)
    switch decide(rows, degree: problem.degree, work: &work) {
    case .rounded(let ascending, let rounding): return (ascending, rounding)
    case .singular: return nil
    case .undecided(let bounded): if let bounded { return (bounded, .fixedOrder) }
    }
    if let ascending = CorrectRounding.fixedOrder(moments: moments, constraints: problem.constraints) {
      return (ascending, .fixedOrder)
    }
    return (candidate, .solverDependent)
  }

  /// The correctly rounded optimum from exact sums, in bounded work (a second read of
  /// streamed data): ``CoefficientRounding/certified`` or ``CoefficientRounding/exact`` as
  /// in ``fallback(_:moments:candidate:)``; nil when neither decides.
  static func correctlyRounded(_ sums: ExactMomentSums, constraints: [FitConstraint]) -> (
    ascending: [Double], rounding: CoefficientRounding
  )? {
    var work = Work(budget: workBudget)
    guard
      case .rounded(let ascending, let rounding) = decide(
        exactRows(sums, constraints: constraints), degree: sums.degree, work: &work)
    else { return nil }
    return (ascending, rounding)
  }

  /// What ``decide(_:degree:work:)`` found.
  enum Decision {
    /// The exact optimum rounded to nearest, and how that was decided.
    case rounded([Double], CoefficientRounding)
    /// The exact KKT matrix is singular.
    case singular
    /// Neither the bound nor the exact solve within the budget decided; the bounded solve's
    /// rounding when it has one.
    case undecided(bounded: [Double]?)
  }

  /// Steps 1 and 2 of ``fallback(_:moments:candidate:)`` on the exact KKT rows.
  static func decide(_ rows: [[DyadicRational]], degree: Int, work: inout Work) -> Decision {
    // The bounded solve first: a few milliseconds whatever the data, and it decides nearly
    // every problem.
    let bounded = boundedOptimum(rows, degree: degree, work: &work)
    if let bounded, bounded.isCertified { return .rounded(bounded.ascending, bounded.isExact ? .exact : .certified) }
    let integers = rows.map(integerRow)
    var exactWork = Work(budget: work.budget)
    // When the first elimination step alone would pass the budget, the solve cannot finish
    // within it: answer at once rather than after spending the budget.
    let exact =
      firstStepWork(integers) > work.budget
      ? exactWork.exhaust() : solve(integers, size: rows.count, work: &exactWork)
    work.limbProducts += exactWork.limbProducts
    guard let (numerators, denominator) = exact else {
      return exactWork.isExhausted ? .undecided(bounded: bounded?.ascending) : .singular
    }
    var result: [Double] = []
    for k in 0...degree {
      guard let value = nearestDouble(numerators[k], over: denominator), value.isFinite else { return .singular }
      result.append(value)
    }
    return .rounded(result, .exact)
  }

  /// ``fallback(_:moments:candidate:work:)`` without the work count.
  static func fallback(
    _ problem: FitProblem, moments: Moments, candidate: [Double]
  ) -> (ascending: [Double], rounding: CoefficientRounding)? {
    var work = Work(budget: workBudget)
    return fallback(problem, moments: moments, candidate: candidate, work: &work)
  }

  /// The exact power sums of a problem's points, in input order.
  static func exactSums(_ problem: FitProblem) -> ExactMomentSums {
    var sums = ExactMomentSums(degree: problem.degree)
    for (index, point) in problem.points.enumerated() {
      sums.add(t: point.t, y: point.y, weight: problem.weights?[index] ?? 1)
    }
    return sums
  }

  /// The exact KKT system's augmented rows: [G Cᵀ | h] then [C 0 | d].
  static func exactRows(_ sums: ExactMomentSums, constraints: [FitConstraint]) -> [[DyadicRational]] {
    let n = sums.degree + 1
    let constraintRows = constraints.map { exactRow($0, count: n) }
    var rows: [[DyadicRational]] = []
    for j in 0..<n {
      var row = (0..<n).map { sums.powers[j + $0] }
      for constraintRow in constraintRows { row.append(constraintRow[j]) }
      row.append(sums.cross[j])
      rows.append(row)
    }
    for (constraint, constraintRow) in zip(constraints, constraintRows) {
      let target: Double
      switch constraint {
      case .value(_, let value): target = value
      case .slope(_, let slope): target = slope
      }
      rows.append(constraintRow + Array(repeating: .zero, count: constraints.count) + [DyadicRational(target)])
    }
    return rows
  }

  /// The work an exact solve has spent, in limb products (one 32 × 32 → 64-bit multiply and
  /// add, the unit of every product and exact division of ``ExactInteger``), and its budget.
  /// The count depends on the input alone, never on the machine or the time taken, so the
  /// answer a budget selects is the same everywhere.
  struct Work {
    /// The most the solve may spend.
    let budget: Int64
    /// Spent so far (charged before each operation, so it can pass the budget by one step).
    var limbProducts: Int64 = 0
    /// True once a solve stopped because the next step would pass the budget.
    private(set) var isExhausted = false

    init(budget: Int64) { self.budget = budget }

    /// Charges `cost` and returns true, or marks the budget exhausted and returns false.
    mutating func charge(_ cost: Int64) -> Bool {
      guard !isExhausted, cost <= budget - limbProducts else {
        isExhausted = true
        return false
      }
      limbProducts += cost
      return true
    }

    /// Marks the budget exhausted without spending it; nil, for the solve's answer.
    mutating func exhaust() -> (numerators: [ExactInteger], denominator: ExactInteger)? {
      isExhausted = true
      return nil
    }

    /// The limbs of x (at least one).
    static func limbs(_ x: ExactInteger) -> Int64 { Int64(max(x.limbs.count, 1)) }
  }

  /// The optimum of the KKT system with each equation truncated to ``boundedPrecision``
  /// significant bits, solved exactly and rounded to nearest; whether a rigorous bound
  /// proves that rounding equal to the exact optimum's; and whether nothing was truncated
  /// (the solve was then exact). Nil when that system is singular.
  ///
  /// The unknowns are first scaled by powers of two so the matrix has entries of order one
  /// (as ``KKTSystem`` scales them) and the right-hand side by one power of two; each row,
  /// scaled to integers, then loses its bits below the top P = ``boundedPrecision`` (toward
  /// zero). In the units of those truncated integer rows the exact system is A·y = c and the
  /// solved one Ã·ỹ = c̃, with |Aᵢⱼ − Ãᵢⱼ| < 1 and |cᵢ − c̃ᵢ| < 1. Then, with Δ = A − Ã,
  ///
  ///     y* − ỹ = A⁻¹((c − c̃) − Δ·ỹ),  |(c − c̃) − Δ·ỹ|ᵢ < 1 + ‖ỹ‖₁ = ρ,
  ///     A = Ã(I + Ã⁻¹Δ),  ‖Ã⁻¹Δ‖∞ < s·‖Ã⁻¹‖∞ = θ  (s unknowns),
  ///
  /// so for θ < 1, ‖y* − ỹ‖∞ ≤ e = ‖Ã⁻¹‖∞·ρ/(1 − θ), and componentwise, from
  /// Ã(y* − ỹ) = (c − c̃) − Δ·ỹ − Δ(y* − ỹ), |y* − ỹ|ₖ ≤ Σᵢ|(Ã⁻¹)ₖᵢ|·(ρ + s·e). A row kept whole has Δᵢ = 0 and
  /// cᵢ = c̃ᵢ, so both norms of Ã⁻¹ need only its columns of truncated rows (e = 0 when none
  /// was). Ã⁻¹ comes from the same elimination
  /// (the identity as s more right-hand sides), exactly; e is evaluated in double rounding
  /// up at every step. A coefficient is certified when both ends of ỹₖ ± e (scaled back) round
  /// to the same double: rounding to nearest is monotone, so the exact yₖ* between them rounds
  /// to it as well.
  ///
  /// Cost: every entry has at most P bits, so Bareiss's k-th minors have at most
  /// k·(P + 1 + log₂ k) bits, whatever the data's exponent range: under 2²² limb products for
  /// 13 unknowns (``ExactSolverWorkTests``). Undecided only when the exact optimum lies within
  /// about κ·2⁻ᴾ of a midpoint between doubles (κ the scaled system's condition number) or is
  /// exactly zero next to coefficients of order one.
  static func boundedOptimum(_ rows: [[DyadicRational]], degree: Int, work: inout Work) -> (
    ascending: [Double], isCertified: Bool, isExact: Bool
  )? {
    let size = rows.count
    let n = degree + 1
    // 2^e with 2^(e−1) ≤ |x| < 2^e.
    func magnitudeExponent(_ x: DyadicRational) -> Int { x.mantissa.bitWidth + x.exponent }
    var scales = Array(repeating: 0, count: size)
    for j in 0..<n where !rows[j][j].isZero { scales[j] = -(magnitudeExponent(rows[j][j]) / 2) }
    for r in n..<size {
      let largest = (0..<n).filter { !rows[r][$0].isZero }.map { magnitudeExponent(rows[r][$0]) + scales[$0] }.max()
      scales[r] = -(largest ?? 0)
    }
    var scaled = rows.map { row in (0..<size).map { row[$0].scaled(byPowerOfTwo: scales[$0]) } + [row[size]] }
    let rhsLargest = scaled.filter { !$0[size].isZero }.map { magnitudeExponent($0[size]) }.max() ?? 0
    for i in 0..<size { scaled[i][size] = scaled[i][size].scaled(byPowerOfTwo: -rhsLargest) }
    var isTruncated = Array(repeating: false, count: size)
    let truncated = scaled.enumerated().map { (i, row) -> [ExactInteger] in
      let integers = integerRow(row)
      let excess = (integers.map { $0.bitWidth }.max() ?? 0) - boundedPrecision
      isTruncated[i] = excess > 0
      let kept = excess > 0 ? integers.map { $0.shiftedRight(excess) } : integers
      return kept + (0..<size).map { $0 == i ? ExactInteger(1) : .zero }
    }
    var unbounded = Work(budget: .max)
    let solution = solveColumns(truncated, size: size, work: &unbounded)
    work.limbProducts += unbounded.limbProducts
    guard let (columns, denominator) = solution else { return nil }
    // b_k = 2^(scale_k + rhsLargest) · y_k.
    func rounded(_ numerator: ExactInteger, over q: ExactInteger, unknown k: Int) -> Double? {
      let shift = scales[k] + rhsLargest
      let p = shift > 0 ? numerator.shiftedLeft(shift) : numerator
      return nearestDouble(p, over: shift < 0 ? q.shiftedLeft(-shift) : q)
    }
    let pinned = pinnedCoefficients(rows, count: n)
    var ascending: [Double] = []
    for k in 0..<n {
      guard let value = pinned[k] ?? rounded(columns[0][k], over: denominator, unknown: k), value.isFinite else {
        return nil
      }
      ascending.append(value)
    }
    let isCertified = certifies(
      ascending, columns: columns, denominator: denominator, truncatedRows: isTruncated,
      pinned: pinned.map { $0 != nil }, rounded: rounded)
    return (ascending, isCertified, !isTruncated.contains(true))
  }

  /// The coefficients a constraint row fixes outright (one nonzero coefficient cₖ, so
  /// bₖ = d/cₖ exactly, as f(0) = v fixes b₀ and f′(0) = s fixes b₁), rounded to nearest;
  /// nil for the others. Such a coefficient needs no bound, which matters when it is exactly
  /// zero: no interval around 0 decides the sign of its rounding.
  static func pinnedCoefficients(_ rows: [[DyadicRational]], count n: Int) -> [Double?] {
    var pinned = [Double?](repeating: nil, count: n)
    for row in rows[n...] {
      let nonzero = (0..<n).filter { !row[$0].isZero }
      guard nonzero.count == 1, let k = nonzero.first else { continue }
      let (target, factor) = (row[row.count - 1], row[k])
      // d/c = (m·2ᵃ)/(m′·2ᵇ), with a positive denominator.
      let sign = factor.signum < 0 ? ExactInteger(-1) : ExactInteger(1)
      let shift = target.exponent - factor.exponent
      let p = (shift > 0 ? target.mantissa.shiftedLeft(shift) : target.mantissa) * sign
      let q = (shift < 0 ? factor.mantissa.shiftedLeft(-shift) : factor.mantissa) * sign
      pinned[k] = nearestDouble(p, over: q)
    }
    return pinned
  }

  /// The bound of ``boundedOptimum(_:degree:work:)``: true when every ỹₖ ± eₖ rounds to
  /// `ascending[k]` (coefficients `pinned` by a constraint are exact already).
  private static func certifies(
    _ ascending: [Double], columns: [[ExactInteger]], denominator: ExactInteger, truncatedRows: [Bool],
    pinned: [Bool], rounded: (ExactInteger, ExactInteger, Int) -> Double?
  ) -> Bool {
    let size = columns[0].count
    // An upper bound on |p|/q: the nearest double's successor.
    func upper(_ p: ExactInteger) -> Double? {
      guard let nearest = nearestDouble(p.magnitude, over: denominator), nearest.isFinite else { return nil }
      return nearest.nextUp
    }
    var norm1 = 0.0
    for k in 0..<size {
      guard let value = upper(columns[0][k]) else { return false }
      norm1 = (norm1 + value).nextUp
    }
    let rho = (1 + norm1).nextUp
    // rowSums[k] = Σ over truncated rows i of |(Ã⁻¹)ₖᵢ|, rounded up.
    var rowSums = Array(repeating: 0.0, count: size)
    for k in 0..<size {
      for i in 0..<size where truncatedRows[i] {
        guard let value = upper(columns[1 + i][k]) else { return false }
        rowSums[k] = (rowSums[k] + value).nextUp
      }
    }
    let inverseNorm = rowSums.max() ?? 0
    let theta = (Double(size) * inverseNorm).nextUp
    guard theta < 0.5 else { return false }
    let e = ((inverseNorm * rho).nextUp / (1 - theta).nextDown).nextUp
    guard e.isFinite else { return false }
    for (k, value) in ascending.enumerated() where !pinned[k] {
      // Componentwise: |y* − ỹ|ₖ ≤ rowSumsₖ·(ρ + s·e), from Ã(y* − ỹ) = r − Δ(y* − ỹ).
      let local = ((rowSums[k] * rho).nextUp + ((rowSums[k] * Double(size)).nextUp * e).nextUp).nextUp
      guard local.isFinite else { return false }
      // ỹₖ ± eₖ = (N ± m·2ˣ·D) / D with eₖ = m·2ˣ, over a common integer denominator.
      let bound = DyadicRational(local)
      let (mantissa, exponent) = (bound.mantissa, bound.exponent)
      let q = exponent < 0 ? denominator.shiftedLeft(-exponent) : denominator
      let offset = mantissa * (exponent > 0 ? denominator.shiftedLeft(exponent) : denominator)
      let numerator = exponent < 0 ? columns[0][k].shiftedLeft(-exponent) : columns[0][k]
      guard let low = rounded(numerator - offset, q, k), let high = rounded(numerator + offset, q, k),
        low.bitPattern == value.bitPattern, high.bitPattern == value.bitPattern
      else { return false }
    }
    return true
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

  /// What ``solve(_:size:work:)`` charges for its first elimination step (the first row
  /// nonzero in column 0 as the pivot): a lower bound on the whole solve's charge, computed
  /// from the entries' sizes alone.
  static func firstStepWork(_ augmented: [[ExactInteger]]) -> Int64 {
    typealias W = Work
    let size = augmented.count
    guard let pivot = augmented.firstIndex(where: { !$0[0].isZero }) else { return 0 }
    var total: Int64 = 0
    for i in 0..<size where i != pivot {
      for j in 1...size {
        let row = augmented[i]
        let top = augmented[pivot]
        // One row's charge cannot overflow (entries have fewer than 2³¹ limbs); the sum saturates.
        let products = W.limbs(row[j]) * W.limbs(top[0]) + W.limbs(row[0]) * W.limbs(top[j])
        let quotient = max(W.limbs(row[j]) + W.limbs(top[0]), 1)
        total = total > Int64.max / 2 ? total : total + products + quotient
      }
    }
    return total
  }

  /// Solves the size × size integer system whose augmented rows are given, by Bareiss
  /// elimination: xₖ = numeratorsₖ / denominator with denominator > 0. Nil when singular or
  /// when the next step would pass `work`'s budget (then `work.isExhausted`).
  static func solve(_ augmented: [[ExactInteger]], size: Int, work: inout Work) -> (
    numerators: [ExactInteger], denominator: ExactInteger
  )? {
    guard let (columns, denominator) = solveColumns(augmented, size: size, work: &work) else { return nil }
    return (columns[0], denominator)
  }

  /// ``solve(_:size:work:)`` for every right-hand side after the first `size` columns:
  /// numerators[c][k] / denominator is unknown k of right-hand side c.
  static func solveColumns(_ augmented: [[ExactInteger]], size: Int, work: inout Work) -> (
    numerators: [[ExactInteger]], denominator: ExactInteger
  )? {
    typealias W = Work
    let width = augmented.first?.count ?? 0
    guard size > 0, width > size else { return nil }
    var a = augmented
    var previous = ExactInteger(1)
    for k in 0..<size {
      guard let pivot = (k..<size).first(where: { !a[$0][k].isZero }) else { return nil }
      if pivot != k { a.swapAt(pivot, k) }
      for i in (k + 1)..<max(size, k + 1) {
        for j in (k + 1)..<width {
          // Two products, then an exact division of their difference by the last pivot.
          let products = W.limbs(a[i][j]) * W.limbs(a[k][k]) + W.limbs(a[i][k]) * W.limbs(a[k][j])
          let quotientLimbs = max(W.limbs(a[i][j]) + W.limbs(a[k][k]) - W.limbs(previous) + 1, 1)
          guard work.charge(products + quotientLimbs * W.limbs(previous)) else { return nil }
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
    var columns: [[ExactInteger]] = []
    for column in size..<width {
      var scaled = Array(repeating: ExactInteger.zero, count: size)
      for i in stride(from: size - 1, through: 0, by: -1) {
        var cost = W.limbs(determinant) * W.limbs(a[i][column])
        for j in (i + 1)..<max(size, i + 1) { cost += W.limbs(a[i][j]) * W.limbs(scaled[j]) }
        guard work.charge(2 * cost) else { return nil }
        var total = determinant * a[i][column]
        for j in (i + 1)..<max(size, i + 1) { total = total - a[i][j] * scaled[j] }
        guard let value = ExactInteger.exactQuotient(total, a[i][i]) else { return nil }
        scaled[i] = value
      }
      columns.append(determinant.isNegative ? scaled.map { -$0 } : scaled)
    }
    return (columns, determinant.isNegative ? -determinant : determinant)
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
