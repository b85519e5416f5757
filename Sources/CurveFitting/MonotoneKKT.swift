@_spi(CurveKitTooling) import CurveCore

/// The Karush–Kuhn–Tucker evidence that a monotone fit is optimal.
///
/// In the normalized slope coordinates x̃ = (α̃, β̃) the problem is convex, so x̃ is the
/// global optimum exactly when ∇F(x̃) + Σ λⱼ nⱼ + Σ νₖ pₖ = 0 with λⱼ ≥ 0, where nⱼ are the
/// outward unit normals of the active inequality constraints and pₖ the unit normals of the
/// equality constraints (ν free). The multipliers are the least-squares solution; the
/// residual norm measures how far the stationarity condition is from holding.
/// ∇F is computed from the double-double residuals of the returned coefficients.
public struct MonotoneKKT: Sendable, Hashable {
  /// ∇F with respect to (α̃, β̃).
  public let gradient: [Double]
  /// λⱼ ≥ 0, one per active inequality, in the order of ``MonotoneFitReport/activeConstraints``.
  public let multipliers: [Double]
  /// νₖ, one per equality line (constraints other than the endpoints, and a = 0 / b = 0
  /// for degrees below 3).
  public let equalityMultipliers: [Double]
  /// ‖∇F + Σ λⱼnⱼ + Σ νₖpₖ‖.
  public let residual: Double
  /// ``residual`` divided by 2·‖J‖_F·‖w∘r‖, an upper bound on ‖∇F‖ anywhere with these
  /// residuals (J the weighted Jacobian of the residuals with respect to x̃); 0 when it is 0.
  public let relativeResidual: Double

  /// An upper bound on how far the fit's objective lies above the true optimum, from weak
  /// duality (degree 4…10): with the multipliers μⱼ ≥ 0 of the constraint points τⱼ,
  /// L(μ) = min {F(c) + Σ μⱼ·(f′(τⱼ) + s) : c meets the equalities} ≤ optimum, so the
  /// objective minus L(μ) bounds the gap. L(μ) is evaluated in double from the reduced
  /// problem, so the bound itself is good to about 10⁻¹³ of the objective (for streamed data
  /// it is exact for the power sums' Gram model of the objective, see
  /// ``MonotoneFitter/fit(streamed:minSlope:)``). nil for degree ≤ 3, whose optimum is exact
  /// (or faithfully rounded).
  public let optimalityGap: Double?

  /// True when the relative residual is at most 1e-8 and no multiplier is negative beyond
  /// that tolerance.
  public var isSatisfied: Bool {
    relativeResidual <= 1e-8 && multipliers.allSatisfy { $0 >= -1e-8 * max(scale, 0) }
  }

  /// The scale the relative residual divides by.
  let scale: Double

  /// Evaluates the certificate for the fit with residuals `residuals` at x̃ = `x`
  /// (nil: no inequality is active) with the boundary `pieces` active.
  init(
    frame: MonotoneFrame, problem: FitProblem, residuals: [Double], x: SIMD2<Double>?,
    pieces: [MonotonePlaneProblem.Piece], milestoneNormals: [SIMD2<Double>] = []
  ) {
    var sumA = DoubleDouble(0)
    var sumB = DoubleDouble(0)
    var jacobian = 0.0
    var residualNorm = 0.0
    for (index, point) in problem.points.enumerated() {
      let w = problem.weights?[index] ?? 1
      let h = MonotoneFrame.hermite(point.t)
      let wr = w * w * residuals[index]
      sumA = sumA + wr * h.h10
      sumB = sumB + wr * h.h11
      jacobian += w * w * (h.h10 * h.h10 + h.h11 * h.h11)
      residualNorm += (w * residuals[index]) * (w * residuals[index])
    }
    let factor = 2 * frame.drop * (1 - frame.sigma)
    self.init(
      gradient: SIMD2(factor * sumA.value, factor * sumB.value),
      scale: factor * jacobian.squareRoot() * residualNorm.squareRoot(), frame: frame, x: x, pieces: pieces,
      milestoneNormals: milestoneNormals)
  }

  /// Evaluates the certificate for the plane problem ‖M·x̃ − z‖² + ρ² at x̃ = `x`:
  /// ∇F = 2Mᵀ(M·x̃ − z), scale 2‖M‖_F·√F.
  init(
    plane: MonotonePlaneProblem, rho: Double, frame: MonotoneFrame, x: SIMD2<Double>,
    pieces: [MonotonePlaneProblem.Piece]
  ) {
    let r = plane.apply(x) - plane.z
    let gradient = 2 * SIMD2(plane.m11 * r.x, plane.m12 * r.x + plane.m22 * r.y)
    let frobenius = (plane.m11 * plane.m11 + plane.m12 * plane.m12 + plane.m22 * plane.m22).squareRoot()
    let objective = (r * r).sum() + rho * rho
    self.init(gradient: gradient, scale: 2 * frobenius * objective.squareRoot(), frame: frame, x: x, pieces: pieces)
  }

  /// The multipliers and residual for gradient `g` at x̃ = `x` with `pieces` active, then the
  /// active milestones with outward unit normals `milestoneNormals` (in that order).
  init(
    gradient g: SIMD2<Double>, scale: Double, frame: MonotoneFrame, x: SIMD2<Double>?,
    pieces: [MonotonePlaneProblem.Piece], milestoneNormals: [SIMD2<Double>] = []
  ) {
    self.scale = scale
    optimalityGap = nil
    var columns: [SIMD2<Double>] = frame.equalities.map({ $0.normal })
    let equalityCount = columns.count
    for piece in pieces {
      switch piece {
      case .start: columns.append(SIMD2(-1, 0))
      case .end: columns.append(SIMD2(0, -1))
      case .arc:
        let n = MonotonePlaneProblem.ellipseGradient(x ?? SIMD2(3, 3))
        columns.append(n / (n * n).sum().squareRoot())
      }
    }
    columns += milestoneNormals
    // Least squares for the multipliers over a maximal independent subset (≤ 2) of columns.
    var chosen: [Int] = []
    for (index, column) in columns.enumerated() where chosen.count < 2 {
      if let first = chosen.first {
        let other = columns[first]
        if abs(other.x * column.y - other.y * column.x) > 1e-12 { chosen.append(index) }
      } else {
        chosen.append(index)
      }
    }
    var mu = Array(repeating: 0.0, count: columns.count)
    if chosen.count == 1 {
      mu[chosen[0]] = -(columns[chosen[0]] * g).sum()
    } else if chosen.count == 2 {
      let (p, q) = (columns[chosen[0]], columns[chosen[1]])
      let determinant = p.x * q.y - p.y * q.x
      mu[chosen[0]] = (-g.x * q.y + q.x * g.y) / determinant
      mu[chosen[1]] = (-p.x * g.y + g.x * p.y) / determinant
    }
    var stationarity = g
    for (index, column) in columns.enumerated() { stationarity += mu[index] * column }
    gradient = [g.x, g.y]
    equalityMultipliers = Array(mu[..<equalityCount])
    multipliers = Array(mu[equalityCount...])
    residual = (stationarity * stationarity).sum().squareRoot()
    relativeResidual = scale > 0 ? residual / scale : 0
  }
}

extension MonotoneKKT {
  /// The certificate of a degree 4…10 fit in the null-space coordinates w of
  /// ``MonotoneExchange``: ∇F = 2R_wᵀ(R_w·w − z_w), the rows gⱼ of the active points and
  /// milestones, r = ∇F + Σ μⱼgⱼ, and the gap bound ¼‖R_w⁻ᵀr‖² + Σ μⱼ(hⱼ − gⱼ·w) plus the
  /// difference between `objective` (the returned doubles') and F(w).
  /// - Parameter multipliers: the clustered multipliers, in the report's order.
  init(
    exchange: MonotoneExchange, solution: MonotoneExchange.Solution, points: [Double], multipliers: [Double],
    objective: Double
  ) {
    let p = exchange.nullSpace.count
    let w = solution.w
    var residual = exchange.target.map { -$0 }
    var frobenius = 0.0
    for i in 0..<p {
      for k in i..<p {
        residual[i] += exchange.factor[i][k] * w[k]
        frobenius += exchange.factor[i][k] * exchange.factor[i][k]
      }
    }
    var gradient = Array(repeating: 0.0, count: p)
    for k in 0..<p { for i in 0...k { gradient[k] += 2 * exchange.factor[i][k] * residual[i] } }
    let rows = exchange.rows(points: points, tightening: 0)
    let mu = solution.slopeMultipliers + solution.milestoneMultipliers
    var stationarity = gradient
    var slack = 0.0
    for (index, row) in rows.enumerated() where mu[index] > 0 {
      var gw = 0.0
      for k in 0..<p {
        stationarity[k] += mu[index] * row.g[k]
        gw += row.g[k] * w[k]
      }
      slack += mu[index] * (row.h - gw)
    }
    let objectiveAtW = residual.reduce(0) { $0 + $1 * $1 } + exchange.floor
    let scaled = exchange.solveTransposed(stationarity)
    let dualGap = scaled.reduce(0) { $0 + $1 * $1 } / 4 + slack
    self.gradient = gradient
    self.multipliers = multipliers
    equalityMultipliers = []
    self.residual = stationarity.reduce(0) { $0 + $1 * $1 }.squareRoot()
    scale = 2 * frobenius.squareRoot() * objectiveAtW.squareRoot()
    relativeResidual = scale > 0 ? self.residual / scale : 0
    optimalityGap = max(0, objective - objectiveAtW + dualGap)
  }
}

extension MonotoneKKT {
  /// The certificate when the unconstrained fit is already feasible (degree 4…10): no
  /// constraint is active, the gradient vanishes at the least-squares optimum, the gap is 0.
  init(feasibleUnconstrained: Void) {
    (gradient, multipliers, equalityMultipliers) = ([], [], [])
    (residual, relativeResidual, scale, optimalityGap) = (0, 0, 0, 0)
  }
}
