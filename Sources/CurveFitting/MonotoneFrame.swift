import CurveCore

/// The change of variables behind ``MonotoneFitter``: fixed end levels, the normalized
/// slope coordinates x̃ = (α̃, β̃), and the equality constraints as lines in that plane.
struct MonotoneFrame {
  /// f(0) and f(1) from the value constraints at t = 0 and t = 1.
  let start: Double, end: Double
  /// D = f(0) − f(1) > 0.
  let drop: Double
  /// σ = minSlope / D ∈ [0, 1].
  let sigma: Double
  /// The remaining equality constraints (and a = 0, b = 0 for lower degrees) in x̃.
  let equalities: [MonotonePlaneProblem.Equality]

  /// Reads the endpoints and turns the other constraints into lines in x̃.
  /// - Throws: missing or non-decreasing endpoints, a too steep minimum slope, or
  ///   constraints that contradict the minimum slope when σ = 1.
  init(problem: FitProblem, minSlope: Double) throws(MonotoneFitError) {
    var start: Double?
    var end: Double?
    for case .value(let t, let value) in problem.constraints {
      if t == 0 { start = value } else if t == 1 { end = value }
    }
    guard let start else { throw .missingEndpointConstraint(t: 0) }
    guard let end else { throw .missingEndpointConstraint(t: 1) }
    let drop = start - end
    guard drop > 0, drop.isFinite else { throw .endpointsNotDecreasing(start: start, end: end) }
    let sigma = minSlope / drop
    guard sigma <= 1 else { throw .minSlopeTooSteep(minSlope: minSlope, maximum: drop) }
    (self.start, self.end, self.drop, self.sigma) = (start, end, drop, sigma)

    // Rows p·x = r in x = (α, β), then in x̃ via x = σ + (1 − σ)x̃.
    var rows: [(p: SIMD2<Double>, r: Double)] = []
    for constraint in problem.constraints {
      switch constraint {
      case .value(let t, let value):
        if t == 0 || t == 1 { continue }
        let h = Self.hermite(t)
        rows.append((SIMD2(h.h10, h.h11), h.h00 - (value - end) / drop))
      case .slope(let t, let slope):
        let h = Self.hermiteSlope(t)
        rows.append((SIMD2(h.h10, h.h11), h.h00 - slope / drop))
      }
    }
    if problem.degree <= 2 { rows.append((SIMD2(1, 1), 2)) }  // a = D(2 − α − β) = 0
    if problem.degree <= 1 { rows.append((SIMD2(2, 1), 3)) }  // b = D(2α + β − 3) = 0
    var equalities: [MonotonePlaneProblem.Equality] = []
    for row in rows {
      let p = (1 - sigma) * row.p
      let r = row.r - sigma * (row.p.x + row.p.y)
      let norm = (p * p).sum().squareRoot()
      let scale = max((row.p * row.p).sum().squareRoot(), abs(row.r), 1)
      if norm <= 1e-13 * scale {
        guard abs(r) <= 1e-10 * scale else {
          throw .infeasible(constraints: problem.constraints, minSlope: minSlope)
        }
        continue
      }
      equalities.append(MonotonePlaneProblem.Equality(normal: p / norm, target: r / norm))
    }
    self.equalities = equalities
  }

  /// Hermite basis on [0, 1]: h₀₀ = 2t³ − 3t² + 1, h₁₀ = t(1 − t)², h₁₁ = t²(t − 1).
  static func hermite(_ t: Double) -> (h00: Double, h10: Double, h11: Double) {
    let u = 1 - t
    return ((2 * t - 3) * t * t + 1, t * u * u, -t * t * u)
  }

  /// Derivatives of the Hermite basis: 6t² − 6t, 3t² − 4t + 1, 3t² − 2t.
  static func hermiteSlope(_ t: Double) -> (h00: Double, h10: Double, h11: Double) {
    ((6 * t - 6) * t, (3 * t - 4) * t + 1, (3 * t - 2) * t)
  }

  /// The plane problem for `problem`'s points: ‖M·x̃ − z‖² by a Givens QR of the rows
  /// [−wD(1−σ)h₁₀, −wD(1−σ)h₁₁ | w(y − v₁ − D·h₀₀) + σwD(h₁₀ + h₁₁)].
  func planeProblem(points: [DataPoint], weights: [Double]?) -> MonotonePlaneProblem {
    var qr = StreamingQR(columns: 2)
    var row = [0.0, 0.0, 0.0]
    for (index, point) in points.enumerated() {
      let w = weights?[index] ?? 1
      let h = Self.hermite(point.t)
      let u = -w * drop * h.h10
      let v = -w * drop * h.h11
      row[0] = (1 - sigma) * u
      row[1] = (1 - sigma) * v
      row[2] = w * (point.y - end - drop * h.h00) - sigma * (u + v)
      qr.add(&row)
    }
    let r = qr.triangle
    return MonotonePlaneProblem(
      m11: r[0, 0], m12: r[0, 1], m22: r[1, 1], z: SIMD2(r[0, 2], r[1, 2]), equalities: equalities)
  }

  /// The constrained minimizer in x̃ and the milestones active there (indices into
  /// `halfplanes`), or nil when the equalities and milestones miss the region.
  ///
  /// With milestones n·x̃ ≤ e the feasible set is R ∩ {equalities} ∩ half-planes, still
  /// convex; its minimizer is the minimizer over R ∩ {equalities} ∩ {the active half-planes'
  /// lines}, and in the plane at most two lines are independent. So every subset S of at most
  /// 2 − (equality count) milestones is solved with S as equalities, the solutions that satisfy
  /// all half-planes are kept, and the least objective wins: exact, by the same argument as
  /// ``LeastSquaresFitter/fitWithMilestones(_:)``.
  func solve(
    problem: FitProblem, halfplanes: [MonotonePlaneProblem.Equality] = []
  ) -> (solution: MonotonePlaneProblem.Solution, active: [Int])? {
    if sigma == 1 {  // Only f = start − D·t has slope −D throughout.
      let x = SIMD2<Double>(1, 1)
      guard halfplanes.allSatisfy({ Self.holds($0, at: x) }) else { return nil }
      return (MonotonePlaneProblem.Solution(x: x, interiorPoint: nil), [])
    }
    let plane = planeProblem(points: problem.points, weights: problem.weights)
    guard !halfplanes.isEmpty else { return plane.solve().map { ($0, []) } }
    let room = max(0, 2 - plane.equalities.count)
    var subsets: [[Int]] = [[]]
    if room >= 1 { subsets += halfplanes.indices.map { [$0] } }
    if room >= 2 {
      for i in halfplanes.indices { for j in halfplanes.indices where j > i { subsets.append([i, j]) } }
    }
    var best: (solution: MonotonePlaneProblem.Solution, active: [Int], value: Double)?
    for subset in subsets {
      var candidate = plane
      candidate.equalities += subset.map { halfplanes[$0] }
      guard let solution = candidate.solve(), halfplanes.allSatisfy({ Self.holds($0, at: solution.x) }) else {
        continue
      }
      let value = candidate.objective(solution.x)
      if best.map({ value < $0.value }) ?? true { best = (solution, subset, value) }
    }
    return best.map { ($0.solution, $0.active) }
  }

  /// n·x̃ ≤ e, to within 10⁻¹³ of the target's scale.
  static func holds(_ halfplane: MonotonePlaneProblem.Equality, at x: SIMD2<Double>) -> Bool {
    (halfplane.normal * x).sum() <= halfplane.target + 1e-13 * max(1, abs(halfplane.target))
  }

  /// The milestone as a half-plane n·x̃ ≤ e of the slope plane (unit outward normal n), or
  /// nil when it does not depend on x̃ (at t = 0 or 1, or with σ = 1), in which case
  /// `fixedHolds` says whether it holds.
  ///
  /// f(u) = c₀ + g·x̃ with g = −D(1 − σ)(h₁₀(u), h₁₁(u)) and
  /// c₀ = f(1) + D·h₀₀(u) − Dσ(h₁₀(u) + h₁₁(u)); `atLeast` L is −g·x̃ ≤ c₀ − L, `atMost` U is
  /// g·x̃ ≤ U − c₀.
  func halfplane(_ milestone: Milestone) -> (halfplane: MonotonePlaneProblem.Equality?, fixedHolds: Bool) {
    let h = Self.hermite(milestone.t)
    let g = -drop * (1 - sigma) * SIMD2(h.h10, h.h11)
    let c0 = end + drop * h.h00 - drop * sigma * (h.h10 + h.h11)
    let (normal, target): (SIMD2<Double>, Double)
    switch milestone {
    case .atLeast(let level, _): (normal, target) = (-g, c0 - level)
    case .atMost(let level, _): (normal, target) = (g, level - c0)
    }
    let norm = (normal * normal).sum().squareRoot()
    guard norm > 1e-13 * max(1, abs(drop)) else {
      return (nil, target >= -milestone.tolerance)
    }
    return (MonotonePlaneProblem.Equality(normal: normal / norm, target: target / norm), true)
  }

  /// x̃ → x = (α, β).
  func slopes(_ normalized: SIMD2<Double>) -> SIMD2<Double> { sigma + (1 - sigma) * normalized }

  /// The normalized slopes x̃ of a cubic with this frame's end levels: α = −f′(0)/D,
  /// β = −f′(1)/D, x̃ = (x − σ)/(1 − σ) (σ < 1).
  func normalizedSlopes(of polynomial: Polynomial) -> SIMD2<Double> {
    let c = polynomial.ascendingCoefficients + [0, 0, 0]
    let x = SIMD2(-c[1], -(c[1] + 2 * c[2] + 3 * c[3])) / drop
    return (x - sigma) / (1 - sigma)
  }

  /// The polynomial of degree `degree` with end levels `start`, `end` and normalized
  /// slopes x̃, highest power first (leading terms that the degree forces to zero dropped).
  /// nil when a coefficient overflowed.
  func polynomial(_ normalized: SIMD2<Double>, degree: Int) -> Polynomial? {
    let x = slopes(normalized)
    let (m0, m1) = (-drop * x.x, -drop * x.y)
    let a = 2 * drop + m0 + m1
    let b = -3 * drop - 2 * m0 - m1
    let all = [a, b, m0, start]
    let kept = Array(all.suffix(degree + 1))
    return try? Polynomial(coefficients: kept)
  }
}
