@_spi(CurveKitTooling) import CurveCore

/// The monotone optimum on the curved edge of the monotone region, to within one ulp.
///
/// On the arc the cubic f = c₃t³ + c₂t² + c₁t + c₀ (c₃ < 0) has f′ ≤ −s with equality at the
/// vertex τ = −c₂/(3c₃) of f′; that is g(c) = 3c₃(c₁ + s) − c₂² = 0. The optimum is the KKT
/// point of the least-squares problem with the linear equalities (end levels, other
/// constraints, active milestones) and g = 0:
///
///     G c − h + Cᵀλ + μ∇g(c) = 0,   C c = d,   g(c) = 0,
///
/// with G, h the exact sums of ``MomentSums`` (double-double, error ≈ 2⁻¹⁰⁰ relative). Its
/// coefficients are algebraic, not rational, so they cannot be correctly rounded by an exact
/// rational solve; instead Newton's method runs on that system with every residual in
/// double-double and the corrections in double (fixed order, no BLAS), from the plane
/// solution, until the corrections fall below 2⁻¹⁰⁴ of the coefficients. The converged
/// value is then within about 2⁻¹⁰⁰·κ of the optimum, far below half an ulp.
///
/// Rounding such a point to nearest can leave the region by an ulp (f′ then exceeds −s by
/// about 10⁻¹⁶ at τ). So the returned doubles are *faithful*: each coefficient is one of the
/// two doubles around the optimum, the nearest unless that rises, else the first of the
/// other corners of that ulp box (fewest coefficients moved first, in a fixed order) that
/// the exact check proves monotone and that meets every milestone.
extension MonotoneFitter {
  /// Newton rounds before giving up (the plane solution is accurate to ~10⁻¹³, and each
  /// round multiplies the error by about κ·2⁻⁵³).
  static let arcIterations = 12

  /// The faithfully rounded arc optimum (highest power first), or nil when Newton does not
  /// converge, the result leaves the arc's shape (c₃ < 0, 0 < τ < 1), or no corner of the ulp
  /// box is monotone and meets the milestones (the caller keeps the plane solution then).
  ///
  /// - Parameters:
  ///   - moments: the problem's exact sums.
  ///   - constraints: every linear equality, active milestones included as value constraints.
  ///   - milestones: all the problem's milestones, which the result must meet.
  ///   - start: the plane solution, a cubic near the optimum.
  /// - Complexity: O(k³) per round for k ≤ 9 unknowns, O(1) in the number of points.
  static func arcOptimum(
    moments: Moments, constraints: [FitConstraint], milestones: [Milestone], minSlope: Double, from start: Polynomial
  ) -> Polynomial? {
    guard moments.degree == 3, start.coefficients.count == 4, moments.isBounded,
      let exact = arcKKTPoint(moments: moments, constraints: constraints, minSlope: minSlope, from: start)
    else { return nil }
    // Ascending doubles: the nearest, and the other neighbour of each coefficient.
    let nearest = exact.map({ $0.high })
    let other = exact.map { $0.low > 0 ? $0.high.nextUp : $0.low < 0 ? $0.high.nextDown : $0.high }
    // Masks over c₁, c₂, c₃ (c₀ is pinned by f(0)): nearest first, then one, two, three moved.
    let masks = [0, 1, 2, 4, 3, 5, 6, 7]
    for mask in masks {
      var ascending = nearest
      for k in 1...3 where mask & (1 << (k - 1)) != 0 { ascending[k] = other[k] }
      guard let polynomial = try? Polynomial(coefficients: ascending.reversed()) else { continue }
      if case .holds = MonotoneSlopeCheck.check(polynomial, minSlope: minSlope),
        LeastSquaresFitter.meets(milestones, polynomial)
      {
        return polynomial
      }
    }
    return nil
  }

  /// The KKT point (ascending coefficients, double-double) by Newton's method, or nil.
  static func arcKKTPoint(
    moments: Moments, constraints: [FitConstraint], minSlope: Double, from start: Polynomial
  ) -> [DoubleDouble]? {
    let system = KKTSystem(moments: moments, constraints: constraints)
    let (n, size) = (system.n, system.size)
    let total = size + 1
    // Scale the data block by 2^−e ≈ 1/Σw² (exact) so it is of the constraint rows' order.
    let leading = system.matrix[0].high
    guard leading > 0, leading.isFinite else { return nil }
    let shift = -leading.exponent
    func entry(_ i: Int, _ j: Int) -> DoubleDouble {
      let value = system.matrix[i * size + j]
      return i < n && j < n ? value.scaled(byPowerOfTwo: shift) : value
    }
    let rhs = (0..<size).map { i in i < n ? system.rhs[i].scaled(byPowerOfTwo: shift) : system.rhs[i] }
    let s = DoubleDouble(minSlope)
    var z = start.ascendingCoefficients.map(DoubleDouble.init) + Array(repeating: DoubleDouble(0), count: total - n)
    for _ in 0..<arcIterations {
      let (c1, c2, c3, mu) = (z[1], z[2], z[3], z[size])
      // ∇g = (0, 3c₃, −2c₂, 3(c₁ + s)); the residual in double-double, rounded once.
      let gradient = [DoubleDouble(0), c3 * 3, c2 * -2, (c1 + s) * 3]
      var residual = Array(repeating: 0.0, count: total)
      for i in 0..<size {
        var sum = -rhs[i]
        for j in 0..<size { sum = sum + entry(i, j) * z[j] }
        if i < n { sum = sum + mu * gradient[i] }
        residual[i] = sum.value
      }
      residual[size] = ((c1 + s) * c3 * 3 - c2 * c2).value
      // The Jacobian in double: the KKT matrix, μ·∇²g in the data block, ∇g as a border.
      var jacobian = Array(repeating: 0.0, count: total * total)
      for i in 0..<size { for j in 0..<size { jacobian[i * total + j] = entry(i, j).value } }
      jacobian[1 * total + 3] += 3 * mu.value
      jacobian[3 * total + 1] += 3 * mu.value
      jacobian[2 * total + 2] -= 2 * mu.value
      for k in 0..<n {
        jacobian[k * total + size] = gradient[k].value
        jacobian[size * total + k] = gradient[k].value
      }
      guard let inverse = DenseMatrix(rows: total, entries: jacobian).inverse() else { return nil }
      var largestStep = 0.0
      for i in 0..<total {
        var step = 0.0
        for j in 0..<total { step -= inverse[i, j] * residual[j] }
        guard step.isFinite else { return nil }
        z[i] = z[i] + step
        if i < n { largestStep = max(largestStep, abs(step)) }
      }
      let scale = (0..<n).map { abs(z[$0].high) }.max() ?? 0
      if largestStep <= 0x1p-104 * scale {
        let c = Array(z[0..<n])
        // Still the arc's shape: a concave f′ whose vertex lies inside (0, 1).
        guard c[3].high < 0 else { return nil }
        let vertex = -c[2].high / (3 * c[3].high)
        return vertex > 0 && vertex < 1 ? c : nil
      }
    }
    return nil
  }
}
