import CurveCore

extension LeastSquaresFitter {
  /// The most milestones ``fitWithMilestones(_:)`` takes (it solves up to 2ᵏ subproblems).
  public static let maximumMilestones = 8

  /// The exact least-squares optimum under the problem's equality constraints and its
  /// milestones as inequality constraints f(tᵢ) ≥ Lᵢ (`atLeast`) or f(tᵢ) ≤ Uᵢ (`atMost`).
  ///
  /// The problem is a convex quadratic program, so its optimum is the equality-constrained
  /// optimum for its own active set. This method solves the equality problem (LAPACK `dgglse`,
  /// through ``fit(_:)``) for every subset S of the milestones taken as equalities, keeps the
  /// solutions that satisfy every milestone, and returns the one with the least weighted RSS:
  /// each kept solution is feasible, so none beats the optimum, and the optimum's own active
  /// set is one of the subsets. KKT conditions therefore hold at the result, with the active
  /// milestones' multipliers of the right sign. A milestone at the t of a value constraint is
  /// decided by that constraint and never added. Subsets whose equality problem is singular
  /// (for example more conditions than coefficients) are skipped.
  ///
  /// Each milestone is a condition at one point, which is the whole milestone for a
  /// non-increasing curve; callers verify monotonicity afterwards (`require`).
  /// - Returns: the fit (its `constraints` are the problem's, without the milestones).
  /// - Throws: ``FitError`` from validation or from the milestone-free fit,
  ///   ``FitError/tooManyMilestones(count:maximum:)``, or
  ///   ``FitError/milestonesInfeasible(milestones:degree:)`` when no subset is feasible.
  /// - Complexity: at most 2ᵏ fits for k milestones (one when the plain fit already meets them).
  public static func fitWithMilestones(_ problem: FitProblem) throws(FitError) -> FitReport {
    try problem.validate()
    let milestones = problem.milestones
    guard milestones.count <= maximumMilestones else {
      throw .tooManyMilestones(count: milestones.count, maximum: maximumMilestones)
    }
    var plain = problem
    plain.milestones = []
    let unconstrained = try fit(plain)
    if milestones.isEmpty || Self.meets(milestones, unconstrained.polynomial) { return unconstrained }

    let pinned = Set(
      problem.constraints.compactMap { constraint -> Double? in
        if case .value(let t, _) = constraint { return t }
        return nil
      })
    let free = milestones.indices.filter { !pinned.contains(milestones[$0].t) }
    var best: FitReport?
    for mask in 1..<(1 << free.count) {
      var candidate = plain
      for (bit, index) in free.enumerated() where mask & (1 << bit) != 0 {
        candidate.constraints.append(.value(at: milestones[index].t, equals: milestones[index].level))
      }
      guard let report = try? fit(candidate), Self.meets(milestones, report.polynomial) else { continue }
      if best.map({ report.rss < $0.rss }) ?? true { best = report }
    }
    guard let best else { throw .milestonesInfeasible(milestones: milestones, degree: problem.degree) }
    // Report against the caller's constraints (the active milestones are inequalities).
    return try FitReport(
      problem: plain, ascending: best.polynomial.ascendingCoefficients, rank: best.rank,
      conditionNumber: best.conditionNumber, standardErrorFactors: nil, rounding: best.rounding)
  }

  /// True when `polynomial` meets every milestone at its point, to within 10⁻¹² relative to
  /// the level's magnitude (an active milestone is met to rounding by the equality solve).
  static func meets(_ milestones: [Milestone], _ polynomial: Polynomial) -> Bool {
    milestones.allSatisfy { $0.holds(for: polynomial) }
  }
}
