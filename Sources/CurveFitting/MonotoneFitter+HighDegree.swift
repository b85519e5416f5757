import CurveCore

extension MonotoneFitter {
  /// The monotone optimum of degree 4…10 (see ``MonotoneExchange``): an exchange method whose
  /// constraint points are the maximizers of f′, then certification of the returned doubles.
  ///
  /// 1. Solve the finite program with f′ ≤ −s at t = 0 and t = 1 (and the milestones).
  /// 2. Add every local maximum of f′ (``MonotoneExchange/slopeMaxima(_:)``) above −s and
  ///    solve again, until none exceeds −s by more than 2⁻⁵⁰ of the slope's scale. Each finite
  ///    program is a relaxation, so its objective is a lower bound of the optimum; the
  ///    maximizers accumulate on both sides of each touch point, and the bound converges.
  /// 3. Round to monomial coefficients and prove f′ ≤ −s for those doubles
  ///    (``MonotoneSlopeCheck``, exact where its bounds cannot decide). When rounding
  ///    tips a touch point over, solve again with f′ ≤ −s − δ, δ a few ulps of the slope's
  ///    scale (doubled each time, at most 12 times), adding the check's witness as a point.
  /// 4. Certify optimality by weak duality: with the final multipliers μ ≥ 0 at the points τⱼ,
  ///    L(μ) = min over c meeting the equalities of F(c) + Σ μⱼ(f′(τⱼ) + s) is a lower bound
  ///    of the optimum, so F(result) − L(μ) bounds the gap (``MonotoneKKT/optimalityGap``).
  static func fitHighDegree(_ problem: FitProblem, minSlope: Double) throws(MonotoneFitError) -> MonotoneFitReport {
    var plain = problem
    plain.milestones = []
    do { try plain.validate() } catch { throw .fit(error) }
    _ = try MonotoneFrame(problem: problem, minSlope: minSlope)
    try requirePinnedSlopesFeasible(problem.constraints, minSlope: minSlope)
    guard problem.milestones.count <= LeastSquaresFitter.maximumMilestones else {
      throw .fit(.tooManyMilestones(count: problem.milestones.count, maximum: LeastSquaresFitter.maximumMilestones))
    }
    // The unconstrained fit, without the exact-arithmetic fallback (the report only shows its
    // RMSE); when it is feasible the answer is the correctly rounded plain fit itself.
    let exchange = try MonotoneExchange(problem: problem, minSlope: minSlope)
    var unconstrained: FitReport
    do {
      unconstrained = try LeastSquaresFitter.fit(plain) {
        exchange.solve(points: [], tightening: 0).map { ShiftedChebyshev.monomial($0.chebyshev) }
      }
    } catch {
      throw .fit(error)
    }
    if holds(unconstrained.polynomial, minSlope: minSlope),
      LeastSquaresFitter.meets(problem.milestones, unconstrained.polynomial)
    {
      if !unconstrained.rounding.isCorrectlyRounded {
        do { unconstrained = try LeastSquaresFitter.fit(plain) } catch { throw .fit(error) }
      }
      if holds(unconstrained.polynomial, minSlope: minSlope),
        LeastSquaresFitter.meets(problem.milestones, unconstrained.polynomial)
      {
        return alreadyMonotone(unconstrained, minSlope: minSlope)
      }
    }
    let optimum = try exchangeOptimum(exchange, constraints: problem.constraints, minSlope: minSlope) {
      guard !problem.milestones.isEmpty else { return false }
      var withoutMilestones = problem
      withoutMilestones.milestones = []
      var ends: [Double] = [0, 1]
      guard let free = try? MonotoneExchange(problem: withoutMilestones, minSlope: minSlope) else { return false }
      return exchangeLoop(free, points: &ends, tightening: 0) != nil
    }
    let fit: FitReport
    do {
      fit = try FitReport(
        problem: plain, ascending: optimum.polynomial.ascendingCoefficients, rank: unconstrained.rank,
        conditionNumber: unconstrained.conditionNumber, standardErrorFactors: nil, rounding: .fixedOrder)
    } catch {
      throw .fit(error)
    }
    return report(exchange, milestones: problem.milestones, unconstrained: unconstrained, optimum: optimum, fit: fit)
  }

  /// The exchange method's answer: the last finite program's solution and points, the
  /// returned doubles and their verdict (``MonotoneSlopeCheck/Verdict/holds`` unless the
  /// tightened program had no room left, or 13 rounds of tightening did not suffice).
  struct ExchangeOptimum {
    var solution: MonotoneExchange.Solution
    var points: [Double]
    var polynomial: Polynomial
    var verdict: MonotoneSlopeCheck.Verdict
  }

  /// Steps 1–3 for a reduced problem (in memory or streamed).
  /// - Parameter feasibleWithoutMilestones: whether the problem has a monotone solution once
  ///   its milestones are dropped, asked only when it has none with them (so the error can
  ///   blame the milestones).
  static func exchangeOptimum(
    _ exchange: MonotoneExchange, constraints: [FitConstraint], minSlope: Double,
    feasibleWithoutMilestones: () -> Bool
  ) throws(MonotoneFitError) -> ExchangeOptimum {
    var points: [Double] = [0, 1]
    var tightening = 0.0
    var last: ExchangeOptimum?
    for _ in 0..<13 {
      guard let converged = exchangeLoop(exchange, points: &points, tightening: tightening) else {
        // The tightened program has no room: keep the last solution, with its verdict.
        if tightening > 0, let last { return last }
        if feasibleWithoutMilestones() {
          throw .fit(
            .milestonesInfeasible(milestones: exchange.milestones, degree: exchange.degree, monotone: true))
        }
        throw .infeasible(constraints: constraints, minSlope: minSlope)
      }
      var ascending = ShiftedChebyshev.monomial(converged.chebyshev, slopeDown: true)
      // f(0) = c₀ and f′(0) = c₁: a constraint there fixes that coefficient exactly.
      for constraint in constraints {
        switch constraint {
        case .value(0, let value): ascending[0] = value
        case .slope(0, let slope): ascending[1] = slope
        default: break
        }
      }
      // An active flat start: the optimum has f′(0) = c₁ = −s exactly; keep that when the
      // check still proves the rest (0 − s: +0 for s = 0).
      var snappedVerdict: MonotoneSlopeCheck.Verdict?
      if converged.slopeMultipliers.first.map({ $0 > 0 }) == true, ascending[1] != 0 - minSlope {
        var exact = ascending
        exact[1] = 0 - minSlope
        if let snapped = try? Polynomial(coefficients: exact.reversed()), holds(snapped, minSlope: minSlope) {
          (ascending, snappedVerdict) = (exact, .holds)
        }
      }
      guard ascending.allSatisfy({ $0.isFinite }), let candidate = try? Polynomial(coefficients: ascending.reversed())
      else { throw .fit(.nonFiniteResult(quantity: "a coefficient")) }
      // The snapped curve was just proved; anything else is decided here, once.
      let verdict = snappedVerdict ?? MonotoneSlopeCheck.check(candidate, minSlope: minSlope)
      last = ExchangeOptimum(solution: converged, points: points, polynomial: candidate, verdict: verdict)
      guard case .fails(let t, let slope) = verdict else { break }
      // The program's own solution touches −s to rounding, and a touch point came out a
      // hair above: tighten by twice that excess (at least 2⁻⁶⁰ of the slope terms) and add
      // the witness as a point.
      var bound = 0.0
      for (power, coefficient) in ascending.enumerated() { bound += Double(power) * abs(coefficient) }
      let excess = max(0x1p-60 * bound, 2 * (slope + minSlope))
      if !points.contains(t) { points.append(t) }
      tightening = max(2 * tightening, excess)
    }
    guard let last else { throw .infeasible(constraints: constraints, minSlope: minSlope) }
    return last
  }

  /// Steps 1–2: solves, adds the maxima of f′ above −s − δ, and repeats (at most 60 rounds).
  static func exchangeLoop(
    _ exchange: MonotoneExchange, points: inout [Double], tightening: Double
  ) -> MonotoneExchange.Solution? {
    var last: MonotoneExchange.Solution?
    for _ in 0..<60 {
      guard let solution = exchange.solve(points: points, tightening: tightening) else { return nil }
      last = solution
      let tolerance = 0x1p-50 * MonotoneExchange.slopeScale(solution.chebyshev)
      var added = false
      for maximum in MonotoneExchange.slopeMaxima(solution.chebyshev)
      where maximum.slope + exchange.minSlope + tightening > tolerance && !points.contains(maximum.t) {
        points.append(maximum.t)
        added = true
      }
      if !added { break }
    }
    // After the last round, `points` may hold maxima that no solve has seen: keep those the
    // returned solution's multipliers belong to.
    if let last, points.count > last.slopeMultipliers.count {
      points.removeLast(points.count - last.slopeMultipliers.count)
    }
    return last
  }

  /// The report: the fit of the returned doubles, the active constraints (clusters of active
  /// points: an end, or one interior touch at the maximum of f′ they surround; the active
  /// milestones) and the KKT certificate with the duality gap.
  static func report(
    _ exchange: MonotoneExchange, milestones: [Milestone], unconstrained: FitReport, optimum: ExchangeOptimum,
    fit: FitReport
  ) -> MonotoneFitReport {
    let (solution, points) = (optimum.solution, optimum.points)
    let maxima = MonotoneExchange.slopeMaxima(solution.chebyshev)
    var active: [MonotoneActiveConstraint] = []
    var multipliers: [Double] = []
    let order = points.indices.filter { solution.slopeMultipliers[$0] > 0 }.sorted { points[$0] < points[$1] }
    var cluster: [Int] = []
    func closeCluster() {
      guard !cluster.isEmpty else { return }
      let taus = cluster.map { points[$0] }
      let weight = cluster.reduce(0) { $0 + solution.slopeMultipliers[$1] }
      if taus.contains(0) {
        active.append(.startSlope(minSlope: exchange.minSlope))
      } else if taus.contains(1) {
        active.append(.endSlope(minSlope: exchange.minSlope))
      } else {
        let centre = taus.reduce(0, +) / Double(taus.count)
        let nearest = maxima.min { abs($0.t - centre) < abs($1.t - centre) }?.t ?? centre
        active.append(.interiorTouch(t: nearest, minSlope: exchange.minSlope))
      }
      multipliers.append(weight)
      cluster = []
    }
    for index in order {
      if let last = cluster.last, points[index] - points[last] > 1e-3 { closeCluster() }
      cluster.append(index)
    }
    closeCluster()
    for (index, milestone) in milestones.enumerated() where solution.milestoneMultipliers[index] > 0 {
      active.append(.milestone(milestone))
      multipliers.append(solution.milestoneMultipliers[index])
    }
    let kkt = MonotoneKKT(
      exchange: exchange, solution: solution, points: points, multipliers: multipliers, objective: fit.rss)
    return MonotoneFitReport(
      fit: fit, unconstrained: unconstrained, minSlope: exchange.minSlope, wasAlreadyMonotone: false,
      activeConstraints: active, kkt: kkt, verdict: optimum.verdict)
  }
}

extension MonotoneFitter {
  /// Throws ``MonotoneFitError/infeasible(constraints:minSlope:)`` when a slope fixed inside
  /// [0, 1] is itself above −s (the exchange method, in memory and streamed).
  static func requirePinnedSlopesFeasible(_ constraints: [FitConstraint], minSlope: Double) throws(MonotoneFitError) {
    for case .slope(let t, let slope) in constraints where (0...1).contains(t) && slope > -minSlope {
      throw .infeasible(constraints: constraints, minSlope: minSlope)
    }
  }

  /// The report when the plain fit (degree 4…10, or streamed) already meets every inequality:
  /// it is the answer, with a zero gap.
  static func alreadyMonotone(_ unconstrained: FitReport, minSlope: Double) -> MonotoneFitReport {
    MonotoneFitReport(
      fit: unconstrained, unconstrained: unconstrained, minSlope: minSlope, wasAlreadyMonotone: true,
      activeConstraints: [], kkt: MonotoneKKT(feasibleUnconstrained: ()), verdict: .holds)
  }

  /// f′ ≤ −s proved for `polynomial` (``MonotoneSlopeCheck``, exact).
  static func holds(_ polynomial: Polynomial, minSlope: Double) -> Bool {
    MonotoneSlopeCheck.check(polynomial, minSlope: minSlope) == .holds
  }
}
