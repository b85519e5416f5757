import CurveCore

/// The monotone least-squares problem of degree 4…10 as a semi-infinite quadratic program,
/// reduced to a few numbers: the method behind ``MonotoneFitter`` above degree 3.
///
/// In the shifted Chebyshev basis (``ShiftedChebyshev``) the coefficients are c = c₀ + N·w:
/// c₀ meets the equality constraints and the columns of N span their null space (a
/// Householder QR of Eᵀ). The weighted objective Σ (wᵢ(yᵢ − f(tᵢ)))² becomes
/// ‖R_w·w − z_w‖² + ρ² by two Givens QRs (of the data, then of R·N), so after one O(m·n²)
/// pass nothing depends on the number of points. Each inequality is a row g·w ≤ h: f′(τ) ≤ −s
/// at a point τ, and the milestones f(t) ≥ L or f(t) ≤ U. ``solve(points:tightening:)``
/// solves the finite program for a set of points τ as a least-distance problem
/// (``LeastDistance``); ``MonotoneFitter`` adds the maximizers of f′ until none exceeds −s.
struct MonotoneExchange {
  /// The polynomial degree n (n + 1 Chebyshev coefficients).
  let degree: Int
  /// s in f′ ≤ −s.
  let minSlope: Double
  /// c₀, meeting the equality constraints.
  let base: [Double]
  /// The columns of N (each n + 1 long); p of them.
  let nullSpace: [[Double]]
  /// R_w, p×p upper triangular, row-major rows.
  let factor: [[Double]]
  /// z_w.
  let target: [Double]
  /// ρ²: the part of the objective no coefficient can change.
  let floor: Double
  /// The t of slope equality constraints: f′ there is fixed, never tightened.
  let pinnedSlopes: [Double]
  /// The milestones, in the problem's order.
  let milestones: [Milestone]

  /// One solution of the finite program.
  struct Solution {
    /// w, the null-space coordinates.
    var w: [Double]
    /// The Chebyshev coefficients c₀ + N·w.
    var chebyshev: [Double]
    /// μ ≥ 0 for each slope point, in the order given (0 when inactive), for the objective
    /// itself (not ½ of it).
    var slopeMultipliers: [Double]
    /// μ ≥ 0 for each milestone.
    var milestoneMultipliers: [Double]
  }

  /// Reduces `problem` (degree ≥ 1, validated by the plain fit) for `minSlope`.
  /// - Throws: ``MonotoneFitError/fit(_:)`` with ``FitError/dependentConstraints(dependent:degree:)``
  ///   or ``FitError/rankDeficient(rank:parameters:undeterminedPowers:)`` when the equality
  ///   constraints or the design leave the problem singular.
  init(problem: FitProblem, minSlope: Double) throws(MonotoneFitError) {
    let size = problem.degree + 1
    var data = StreamingQR(columns: size)
    for (index, point) in problem.points.enumerated() {
      let weight = problem.weight(at: index)
      var row = ShiftedChebyshev.values(at: point.t, degree: problem.degree).map { $0 * weight } + [weight * point.y]
      data.add(&row)
    }
    let triangle = data.triangle
    try self.init(
      degree: problem.degree, minSlope: minSlope, constraints: problem.constraints, milestones: problem.milestones,
      data: (0..<size).map { i in (0..<size).map { j in j < i ? 0 : triangle[i, j] } },
      rhs: (0..<size).map { triangle[$0, size] }, floor: { triangle.residualSumOfSquares + $0 })
  }

  /// Reduces the data given as ‖R·c − r‖² + ρ² in the shifted Chebyshev basis (`data` = R,
  /// upper triangular, `rhs` = r) under the equality `constraints`; `floor` turns the reduced
  /// problem's own ρ² into the constant part of the objective.
  init(
    degree n: Int, minSlope: Double, constraints: [FitConstraint], milestones: [Milestone], data: [[Double]],
    rhs: [Double], floor: (Double) -> Double
  ) throws(MonotoneFitError) {
    let size = n + 1
    (degree, self.minSlope, self.milestones) = (n, minSlope, milestones)
    // The equality rows E·c = e and their null space.
    var equalityRows: [[Double]] = []
    var equalityValues: [Double] = []
    var pinned: [Double] = []
    for constraint in constraints {
      switch constraint {
      case .value(let t, let value):
        equalityRows.append(ShiftedChebyshev.values(at: t, degree: n))
        equalityValues.append(value)
      case .slope(let t, let slope):
        equalityRows.append(ShiftedChebyshev.slopes(at: t, degree: n))
        equalityValues.append(slope)
        pinned.append(t)
      }
    }
    pinnedSlopes = pinned
    guard let elimination = Self.eliminate(equalityRows, values: equalityValues, size: size) else {
      throw .fit(.dependentConstraints(dependent: constraints, degree: n))
    }
    (base, nullSpace) = elimination
    let p = nullSpace.count
    // ‖R·(c₀ + N·w) − r‖²: rows [R·N | r − R·c₀] into a second factor.
    var reduced = StreamingQR(columns: p)
    for i in 0..<size {
      var row = Array(repeating: 0.0, count: p + 1)
      var rc0 = 0.0
      for k in i..<size { rc0 += data[i][k] * base[k] }
      for j in 0..<p {
        var sum = 0.0
        for k in i..<size { sum += data[i][k] * nullSpace[j][k] }
        row[j] = sum
      }
      row[p] = rhs[i] - rc0
      reduced.add(&row)
    }
    let second = reduced.triangle
    factor = (0..<p).map { i in (0..<p).map { j in j < i ? 0 : second[i, j] } }
    target = (0..<p).map { second[$0, p] }
    self.floor = floor(second.residualSumOfSquares)
    let largest = (0..<p).map { abs(factor[$0][$0]) }.max() ?? 0
    for i in 0..<p where !(abs(factor[i][i]) > 1e-13 * largest) {
      throw .fit(.rankDeficient(rank: i, parameters: size, undeterminedPowers: []))
    }
  }

  /// c₀ and an orthonormal basis of {c : E·c = 0} by a Householder QR of Eᵀ; nil when the rows
  /// are dependent (a diagonal entry below 10⁻¹² of the largest row).
  static func eliminate(_ rows: [[Double]], values: [Double], size: Int) -> (base: [Double], nullSpace: [[Double]])? {
    let q = rows.count
    guard q <= size else { return nil }
    var columns = rows  // the columns of Eᵀ, each `size` long
    guard let reflectors = Householder.triangularize(&columns, tolerance: 1e-12) else { return nil }
    // Eᵀ = Q·[R; 0] so E·c = Rᵀ·(Qᵀc)₁…q: solve Rᵀy = e, c₀ = Q·[y; 0].
    var y = Array(repeating: 0.0, count: size)
    for i in 0..<q {
      var sum = values[i]
      for k in 0..<i { sum -= columns[i][k] * y[k] }
      y[i] = sum / columns[i][i]
    }
    func applyQ(_ vector: [Double]) -> [Double] {
      var result = vector
      for v in reflectors.reversed() { Householder.reflect(&result, by: v) }
      return result
    }
    let nullSpace = (q..<size).map { j -> [Double] in
      var unit = Array(repeating: 0.0, count: size)
      unit[j] = 1
      return applyQ(unit)
    }
    return (applyQ(y), nullSpace)
  }

  /// The inequality rows g·w ≤ h: f′(τ) ≤ −s − δ at each point (δ = `tightening`, not at a
  /// pinned slope), then the milestones.
  func rows(points: [Double], tightening: Double) -> [(g: [Double], h: Double)] {
    func project(_ basis: [Double]) -> (g: [Double], offset: Double) {
      var offset = 0.0
      for k in basis.indices { offset += basis[k] * base[k] }
      let g = nullSpace.map { column in
        var sum = 0.0
        for k in basis.indices { sum += basis[k] * column[k] }
        return sum
      }
      return (g, offset)
    }
    var result: [(g: [Double], h: Double)] = []
    for tau in points {
      let (g, offset) = project(ShiftedChebyshev.slopes(at: tau, degree: degree))
      let delta = pinnedSlopes.contains { abs($0 - tau) <= 1e-6 } ? 0 : tightening
      result.append((g, -minSlope - delta - offset))
    }
    for milestone in milestones {
      let (g, offset) = project(ShiftedChebyshev.values(at: milestone.t, degree: degree))
      switch milestone {
      case .atLeast(let level, _): result.append((g.map { -$0 }, offset - level))
      case .atMost(let level, _): result.append((g, level - offset))
      }
    }
    return result
  }

  /// The optimum of the finite program with f′ ≤ −s − δ at `points`, or nil when it is
  /// infeasible (then so is the monotone problem, whose feasible set is smaller).
  /// - Complexity: O(k·n²) per least-distance step for k rows.
  func solve(points: [Double], tightening: Double) -> Solution? {
    let p = nullSpace.count
    let rows = rows(points: points, tightening: tightening)
    // v = R_w·w − z_w: g·R_w⁻¹·v ≤ h − g·R_w⁻¹·z_w, i.e. (−a)·v ≥ a·z_w − h with a = R_w⁻ᵀgᵀ.
    var ldpRows: [[Double]] = []
    var ldpBounds: [Double] = []
    var norms: [Double] = []
    for row in rows {
      let a = solveTransposed(row.g)
      var norm = a.reduce(0) { $0 + $1 * $1 }.squareRoot()
      if norm == 0 { norm = 1 }
      var az = 0.0
      for i in 0..<p { az += a[i] * target[i] }
      ldpRows.append(a.map { -$0 / norm })
      ldpBounds.append((az - row.h) / norm)
      norms.append(norm)
    }
    guard let (v, lambda) = LeastDistance.solve(rows: ldpRows, bounds: ldpBounds, dimension: p) else { return nil }
    let w = solveUpper(zip(v, target).map { $0 + $1 })
    var chebyshev = base
    for j in 0..<p { for k in chebyshev.indices { chebyshev[k] += nullSpace[j][k] * w[j] } }
    let mu = lambda.indices.map { 2 * lambda[$0] / norms[$0] }
    return Solution(
      w: w, chebyshev: chebyshev, slopeMultipliers: Array(mu[..<points.count]),
      milestoneMultipliers: Array(mu[points.count...]))
  }

  /// x with R_wᵀ·x = b (forward substitution).
  func solveTransposed(_ b: [Double]) -> [Double] {
    var x = b
    for i in 0..<x.count {
      for k in 0..<i { x[i] -= factor[k][i] * x[k] }
      x[i] /= factor[i][i]
    }
    return x
  }

  /// x with R_w·x = b (back substitution).
  func solveUpper(_ b: [Double]) -> [Double] {
    var x = b
    for i in stride(from: x.count - 1, through: 0, by: -1) {
      for k in (i + 1)..<max(i + 1, x.count) { x[i] -= factor[i][k] * x[k] }
      x[i] /= factor[i][i]
    }
    return x
  }
}
