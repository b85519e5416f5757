import CurveCore

/// The least-squares fit over monotone (non-increasing) polynomials, degrees 1…10.
///
/// Degrees 4…10 use the exchange method of ``MonotoneExchange`` (see
/// `MonotoneFitter+HighDegree.swift`): within 10⁻⁹ of the optimum, typically 10⁻¹¹, proven
/// non-increasing, with a certified gap (``MonotoneKKT/optimalityGap``). Streamed data
/// (``fit(streamed:minSlope:)``) take the same method at every degree but 3, from the power
/// sums. Degrees ≤ 3 are solved exactly as follows.
///
/// With the end levels fixed, f(0) = v₀ > f(1) = v₁ (the depletion defaults give 1 and 0),
/// a cubic is determined by its normalized end slopes α = −f′(0)/D and β = −f′(1)/D,
/// D = v₀ − v₁, via the Hermite form f = v₁ + D·(h₀₀ − α·h₁₀ − β·h₁₁). It is non-increasing
/// on [0, 1] exactly when (α, β) lies in the convex Fritsch–Carlson region (see
/// ``MonotonePlaneProblem``). A minimum slope s (f′ ≤ −s) is the same region after the
/// affine map α = σ + (1 − σ)·α̃, β = σ + (1 − σ)·β̃ with σ = s/D, because
/// f′ ≤ −s ⟺ k(t) = (f(t)/D + σt − v₁/D − σ)/(1 − σ) falls from 1 to 0 and is non-increasing.
///
/// The weighted objective is reduced, by a Givens QR of the m×3 matrix [design | rhs], to
/// ‖M·x̃ − z‖² + ρ² with M 2×2 upper triangular. Its minimizer over the region is found
/// exactly: the unconstrained minimizer if it is feasible, else the best of the minimizers
/// over the two edges (closed form) and the outer elliptic arc (all critical points,
/// rigorously isolated and refined to full precision). Further equality constraints and a
/// lower degree (a = 0, and b = 0) are lines in the (α̃, β̃) plane: one leaves a 1-D
/// quadratic over a chord, two leave a single point. The problem is convex, so the
/// reported KKT certificate proves optimality.
///
/// Finally the coefficients are moved toward the interior by at most a few hundred ulps
/// when needed, so that ``MonotoneSlopeCheck`` proves f′ ≤ −s for the returned doubles.
public enum MonotoneFitter {
  /// The degrees `enforce` fits: every degree CurveKit fits. The one rule the fitter, the
  /// reports and the studio's "Use enforce" share.
  public static let supportedDegrees: ClosedRange<Int> = 1...FitProblem.maximumDegree

  /// Fits `problem` over the polynomials with f′(t) ≤ −`minSlope` on [0, 1].
  ///
  /// - Parameters:
  ///   - problem: degree 1…10, with value constraints at t = 0 and t = 1 (f(0) > f(1)),
  ///     optionally further value or slope constraints, and optional weights.
  ///   - minSlope: the minimum slope magnitude s ≥ 0.
  /// - Returns: the constrained optimum, the unconstrained fit and the optimality evidence.
  /// - Throws: ``MonotoneFitError``: invalid problem, missing or rising
  ///   endpoints, an impossible minimum slope, or equality constraints no monotone
  ///   polynomial meets. Never traps.
  /// - Complexity: O(m) time and O(m) memory (the reports' residuals) for m points; above
  ///   degree 3, O(m·n²) for the reduction, then O(k·n²) per least-distance step for k points.
  public static func fit(_ problem: FitProblem, minSlope: Double = 0) throws(MonotoneFitError) -> MonotoneFitReport {
    guard minSlope.isFinite, minSlope >= 0 else { throw .invalidMinSlope(minSlope) }
    if problem.degree > 3, problem.degree <= FitProblem.maximumDegree {
      return try fitHighDegree(problem, minSlope: minSlope)
    }
    var plain = problem
    plain.milestones = []
    let unconstrained: FitReport
    do { unconstrained = try LeastSquaresFitter.fit(plain) } catch { throw .fit(error) }
    let frame = try MonotoneFrame(problem: problem, minSlope: minSlope)
    guard problem.milestones.count <= LeastSquaresFitter.maximumMilestones else {
      throw .fit(.tooManyMilestones(count: problem.milestones.count, maximum: LeastSquaresFitter.maximumMilestones))
    }
    if case .holds = MonotoneSlopeCheck.check(unconstrained.polynomial, minSlope: minSlope),
      LeastSquaresFitter.meets(problem.milestones, unconstrained.polynomial)
    {
      let kkt = MonotoneKKT(frame: frame, problem: plain, residuals: unconstrained.residuals, x: nil, pieces: [])
      return MonotoneFitReport(
        fit: unconstrained, unconstrained: unconstrained, minSlope: minSlope, wasAlreadyMonotone: true,
        activeConstraints: [], kkt: kkt, verdict: .holds)
    }

    // Milestones as half-planes of the slope plane; one that no slope can change must hold as is.
    var halfplanes: [MonotonePlaneProblem.Equality] = []
    var halfplaneMilestones: [Milestone] = []
    for milestone in problem.milestones {
      let (halfplane, fixedHolds) = frame.halfplane(milestone)
      guard fixedHolds else {
        throw .fit(.milestonesInfeasible(milestones: problem.milestones, degree: problem.degree, monotone: true))
      }
      if let halfplane {
        halfplanes.append(halfplane)
        halfplaneMilestones.append(milestone)
      }
    }
    guard let (solution, activeMilestones) = frame.solve(problem: plain, halfplanes: halfplanes) else {
      if !problem.milestones.isEmpty, frame.solve(problem: plain) != nil {
        throw .fit(.milestonesInfeasible(milestones: problem.milestones, degree: problem.degree, monotone: true))
      }
      throw .infeasible(constraints: problem.constraints, minSlope: minSlope)
    }
    let (x, planePolynomial, planeVerdict) = try certified(
      solution, frame: frame, degree: problem.degree, minSlope: minSlope)
    var (polynomial, verdict) = (planePolynomial, planeVerdict)
    let pieces = MonotonePlaneProblem.activePieces(at: x)
    var rounding = CoefficientRounding.fixedOrder
    if let rational = Self.linearBoundaryOptimum(
      plain, pieces: pieces, active: activeMilestones.map { halfplaneMilestones[$0] }, all: problem.milestones,
      minSlope: minSlope)
    {
      (polynomial, verdict, rounding) = (rational.polynomial, .holds, rational.rounding)
    } else if pieces == [.arc], problem.degree == 3 {
      let active = activeMilestones.map { halfplaneMilestones[$0] }
      if let faithful = Self.arcOptimum(
        moments: MomentSums(problem: plain).finished(),
        constraints: plain.constraints + active.map { .value(at: $0.t, equals: $0.level) },
        milestones: problem.milestones, minSlope: minSlope, from: planePolynomial)
      {
        (polynomial, verdict, rounding) = (faithful, .holds, .faithful)
      }
    }
    let report: FitReport
    do {
      report = try FitReport(
        problem: plain, ascending: polynomial.ascendingCoefficients, rank: unconstrained.rank,
        conditionNumber: unconstrained.conditionNumber, standardErrorFactors: nil, rounding: rounding)
    } catch {
      throw .fit(error)
    }
    let active =
      pieces.map { piece in
        MonotoneActiveConstraint(piece: piece, polynomial: polynomial, minSlope: minSlope)
      } + activeMilestones.map { MonotoneActiveConstraint.milestone(halfplaneMilestones[$0]) }
    let kkt = MonotoneKKT(
      frame: frame, problem: plain, residuals: report.residuals, x: x, pieces: pieces,
      milestoneNormals: activeMilestones.map { halfplanes[$0].normal })
    return MonotoneFitReport(
      fit: report, unconstrained: unconstrained, minSlope: minSlope, wasAlreadyMonotone: false,
      activeConstraints: active, kkt: kkt, verdict: verdict)
  }

  /// An optimum on the straight edges of the monotone region is rational: the equality
  /// problem with its active end slopes (f′(0) or f′(1) = −minSlope) and active milestones as
  /// constraints. That problem's correctly rounded optimum (``LeastSquaresFitter/fit(_:)``),
  /// when the exact check proves it monotone; nil on the curved edge (algebraic, not
  /// rational), or when the rounded optimum leaves the region by an ulp.
  static func linearBoundaryOptimum(
    _ plain: FitProblem, pieces: [MonotonePlaneProblem.Piece], active milestones: [Milestone], all: [Milestone],
    minSlope: Double
  ) -> (polynomial: Polynomial, rounding: CoefficientRounding)? {
    guard !pieces.isEmpty, !pieces.contains(.arc) else { return nil }
    var equality = plain
    for piece in pieces {
      // 0 − s, not −s: for s = 0 the exact optimum's coefficient is +0.
      equality.constraints.append(.slope(at: piece == .start ? 0 : 1, equals: 0 - minSlope))
    }
    for milestone in milestones { equality.constraints.append(.value(at: milestone.t, equals: milestone.level)) }
    guard let report = try? LeastSquaresFitter.fit(equality), report.rounding.isCorrectlyRounded,
      case .holds = MonotoneSlopeCheck.check(report.polynomial, minSlope: minSlope),
      LeastSquaresFitter.meets(all, report.polynomial)
    else { return nil }
    return (report.polynomial, report.rounding)
  }

  /// The polynomial at the plane solution, with an end slope within 10⁻¹² of its bound set
  /// exactly to it, then moved toward the interior by the smallest power-of-two fraction
  /// (2⁻⁵²…2⁻²⁰ of the way) that makes ``MonotoneSlopeCheck`` prove f′ ≤ −s for the returned
  /// doubles; unmoved when already proved or when there is no room.
  static func certified(
    _ solution: MonotonePlaneProblem.Solution, frame: MonotoneFrame, degree: Int, minSlope: Double
  ) throws(MonotoneFitError) -> (SIMD2<Double>, Polynomial, MonotoneSlopeCheck.Verdict) {
    var x = solution.x
    guard var polynomial = frame.polynomial(x, degree: degree) else {
      throw .fit(.nonFiniteResult(quantity: "a coefficient"))
    }
    var verdict = MonotoneSlopeCheck.check(polynomial, minSlope: minSlope)
    // An end slope within rounding of its bound: make it exact (α̃ or β̃ = 0). This is the
    // only remedy when the equalities leave no room (a single feasible point).
    let snapped = SIMD2(abs(x.x) <= 1e-12 ? 0 : x.x, abs(x.y) <= 1e-12 ? 0 : x.y)
    if verdict != .holds, snapped != x, let candidate = frame.polynomial(snapped, degree: degree) {
      let candidateVerdict = MonotoneSlopeCheck.check(candidate, minSlope: minSlope)
      if case .fails = candidateVerdict {} else { (x, polynomial, verdict) = (snapped, candidate, candidateVerdict) }
    }
    if verdict != .holds, let interior = solution.interiorPoint {
      var step = 0x1p-52
      while step <= 0x1p-20 {
        let moved = x + step * (interior - x)
        guard let candidate = frame.polynomial(moved, degree: degree) else { break }
        let candidateVerdict = MonotoneSlopeCheck.check(candidate, minSlope: minSlope)
        if candidateVerdict == .holds {
          (x, polynomial, verdict) = (moved, candidate, candidateVerdict)
          break
        }
        step *= 2
      }
    }
    return (x, polynomial, verdict)
  }
}
