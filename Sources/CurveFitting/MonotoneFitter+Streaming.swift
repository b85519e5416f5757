import CurveCore

extension MonotoneFitter {
  /// The monotone fit of streamed data (bounded memory), degree 1…10.
  ///
  /// Degree 3 takes the exact plane construction of ``fit(_:minSlope:)``; every other degree
  /// takes the exchange method of degree 4…10 in memory (``MonotoneExchange``), its reduced
  /// problem formed from the exact problem's power sums instead of the points
  /// (``MonotoneExchange/init(moments:constraints:minSlope:floor:)``), with the same proof of
  /// monotonicity and the same duality-gap certificate.
  ///
  /// At degree 3 the plane problem comes from the streamed
  /// factor: with f(x̃) = g₀ + α̃·g₁ + β̃·g₂ (Hermite generators in t, mapped into the scaled
  /// design basis a = T⁻¹g), ‖W(V·a − y)‖² = ‖R·a − r‖² + ρ², so the rows
  /// [R·a₁, R·a₂ | r − R·a₀] and [0, 0 | ρ] give M, z by a 2-column Givens QR. The KKT
  /// gradient is 2Mᵀ(M·x̃ − z). The reports carry no per-point residuals and NaN for the
  /// largest |residual| until a second pass completes them (``StreamingLeastSquares/complete(_:with:)``).
  /// - Throws: as ``fit(_:minSlope:)``.
  /// - Complexity: O(1) in the number of points beyond the accumulation.
  public static func fit(streamed data: StreamingLeastSquares, minSlope: Double = 0) throws(MonotoneFitError)
    -> MonotoneFitReport
  {
    guard minSlope.isFinite, minSlope >= 0 else { throw .invalidMinSlope(minSlope) }
    guard data.degree == 3 else { return try fitByExchange(streamed: data, minSlope: minSlope) }
    let unconstrained: FitReport
    do { unconstrained = try data.solve() } catch { throw .fit(error) }
    let shape = FitProblem(points: [], degree: data.degree, constraints: data.constraints)
    let frame = try MonotoneFrame(problem: shape, minSlope: minSlope)
    let (plane, rho) = try frame.planeProblem(streamed: data)

    if case .holds = MonotoneSlopeCheck.check(unconstrained.polynomial, minSlope: minSlope) {
      let free = plane.solve()?.x ?? SIMD2(1, 1)
      let kkt = MonotoneKKT(plane: plane, rho: rho, frame: frame, x: free, pieces: [])
      return MonotoneFitReport(
        fit: unconstrained, unconstrained: unconstrained, minSlope: minSlope, wasAlreadyMonotone: true,
        activeConstraints: [], kkt: kkt, verdict: .holds)
    }
    let solution =
      frame.sigma == 1 ? MonotonePlaneProblem.Solution(x: SIMD2(1, 1), interiorPoint: nil) : plane.solve()
    guard let solution else { throw .infeasible(constraints: data.constraints, minSlope: minSlope) }
    var (x, polynomial, verdict) = try certified(solution, frame: frame, degree: data.degree, minSlope: minSlope)
    var rss = plane.objective(x) + rho * rho
    var rounding = CoefficientRounding.fixedOrder
    let pieces = MonotonePlaneProblem.activePieces(at: x)
    if pieces == [.arc] {
      // The curved edge from the exact sums, as in memory (the straight edges keep the plane
      // solution here: their rational optimum would need the equality fit of a second pass).
      let moments = data.moments.finished()
      if let faithful = Self.arcOptimum(
        moments: moments, constraints: data.constraints, milestones: [], minSlope: minSlope, from: polynomial)
      {
        (polynomial, verdict, rounding) = (faithful, .holds, .faithful)
        rss = moments.residualSumOfSquares(ascending: faithful.ascendingCoefficients)
        x = frame.normalizedSlopes(of: faithful)
      }
    }
    let report: FitReport
    do {
      report = try FitReport(
        streamedFrom: data, ascending: polynomial.ascendingCoefficients, rss: rss, rank: unconstrained.rank,
        conditionNumber: unconstrained.conditionNumber, standardErrorFactors: nil, rounding: rounding)
    } catch {
      throw .fit(error)
    }
    return MonotoneFitReport(
      fit: report, unconstrained: unconstrained, minSlope: minSlope, wasAlreadyMonotone: false,
      activeConstraints: pieces.map { MonotoneActiveConstraint(piece: $0, polynomial: polynomial, minSlope: minSlope) },
      kkt: MonotoneKKT(plane: plane, rho: rho, frame: frame, x: x, pieces: pieces), verdict: verdict)
  }
}

extension MonotoneFitter {
  /// The exchange method on streamed data (degree ≠ 3): the steps of
  /// ``fitHighDegree(_:minSlope:)`` on the reduced problem of the power sums; the objective
  /// of the returned doubles is evaluated from the same sums.
  static func fitByExchange(streamed data: StreamingLeastSquares, minSlope: Double) throws(MonotoneFitError)
    -> MonotoneFitReport
  {
    _ = try MonotoneFrame(
      problem: FitProblem(points: [], degree: data.degree, constraints: data.constraints), minSlope: minSlope)
    try requirePinnedSlopesFeasible(data.constraints, minSlope: minSlope)
    let unconstrained: FitReport
    do { unconstrained = try data.solve() } catch { throw .fit(error) }
    if holds(unconstrained.polynomial, minSlope: minSlope) { return alreadyMonotone(unconstrained, minSlope: minSlope) }
    let moments = data.moments.finished()
    // The objective's constant: its exact value at the plain (equality-constrained) optimum.
    let exchange = try MonotoneExchange(
      moments: moments, constraints: data.constraints, minSlope: minSlope,
      floor: moments.residualSumOfSquares(ascending: unconstrained.polynomial.ascendingCoefficients))
    let optimum = try exchangeOptimum(exchange, constraints: data.constraints, minSlope: minSlope) { false }
    let ascending = optimum.polynomial.ascendingCoefficients
    let fit: FitReport
    do {
      fit = try FitReport(
        streamedFrom: data, ascending: ascending, rss: moments.residualSumOfSquares(ascending: ascending),
        rank: unconstrained.rank, conditionNumber: unconstrained.conditionNumber, standardErrorFactors: nil,
        rounding: .fixedOrder)
    } catch {
      throw .fit(error)
    }
    return report(exchange, milestones: [], unconstrained: unconstrained, optimum: optimum, fit: fit)
  }
}

extension MonotoneFrame {
  /// The plane problem ‖M·x̃ − z‖² + ρ² from a streamed factor (degree 3), and ρ.
  func planeProblem(streamed data: StreamingLeastSquares) throws(MonotoneFitError) -> (MonotonePlaneProblem, Double) {
    let factor: StreamingLeastSquares.ScaledFactor
    do { factor = try data.scaledFactor() } catch { throw .fit(error) }
    // Ascending t-monomials of h₀₀, h₁₀, h₁₁.
    let (h00, h10, h11): ([Double], [Double], [Double]) = ([1, 0, -3, 2], [0, 1, -2, 1], [0, 0, -1, 1])
    let shift = drop * sigma
    let g0 = (0..<4).map { drop * h00[$0] - shift * (h10[$0] + h11[$0]) + ($0 == 0 ? end : 0) }
    let g1 = h10.map { -drop * (1 - sigma) * $0 }
    let g2 = h11.map { -drop * (1 - sigma) * $0 }
    let (a0, a1, a2) = (
      Self.solveUpper(factor.toMonomial, g0), Self.solveUpper(factor.toMonomial, g1),
      Self.solveUpper(factor.toMonomial, g2)
    )
    let (r0, r1, r2) = (multiply(factor.matrix, a0), multiply(factor.matrix, a1), multiply(factor.matrix, a2))
    var qr = StreamingQR(columns: 2)
    for i in 0..<r0.count {
      var row = [r1[i], r2[i], factor.rhs[i] - r0[i]]
      qr.add(&row)
    }
    var last = [0, 0, factor.residualSumOfSquares.squareRoot()]
    qr.add(&last)
    let r = qr.triangle
    let plane = MonotonePlaneProblem(
      m11: r[0, 0], m12: r[0, 1], m22: r[1, 1], z: SIMD2(r[0, 2], r[1, 2]), equalities: equalities)
    guard [plane.m11, plane.m12, plane.m22, plane.z.x, plane.z.y, r[2, 2]].allSatisfy({ $0.isFinite }) else {
      throw .fit(.nonFiniteResult(quantity: "the streamed monotone problem"))
    }
    return (plane, r[2, 2])
  }

  /// x with U·x = b for the upper-triangular `matrix` (zero diagonal entries give 0).
  static func solveUpper(_ matrix: ColumnMajorMatrix, _ b: [Double]) -> [Double] {
    let n = matrix.columns
    var x = Array(repeating: 0.0, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      var sum = b[i]
      for j in (i + 1)..<n { sum -= matrix[i, j] * x[j] }
      x[i] = matrix[i, i] != 0 ? sum / matrix[i, i] : 0
    }
    return x
  }
}
