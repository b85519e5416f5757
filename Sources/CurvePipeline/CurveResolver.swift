import CurveCore
import CurveEasing
import CurveFitting
import CurveSpec

/// The single path from a curve source to a ``FittedCurve``: parse once, fit once, decide
/// monotonicity once.
///
/// ```
/// CurveRequest ──▶ parse (spec, points, data, coefficients, CSS) ──▶ FitProblem
///              ──▶ fit under the policy (LAPACK dgglse / dgelsy, or the monotone optimum)
///              ──▶ exact verdict ──▶ FittedCurve ──▶ renderers
/// ```
public enum CurveResolver {
  /// Points held in memory before a data file is streamed through ``StreamingLeastSquares``.
  public static let inMemoryPointLimit = 65_536

  /// Resolves `request`.
  /// - Throws: ``CurveSourceError`` naming the offending input. A curve that breaks its
  ///   `require` policy is returned (``FittedCurve/policyViolation`` records it); whether it
  ///   ships is ``FittedCurve/diagnostics(for:overrides:tolerance:)``'s decision.
  public static func resolve(_ request: CurveRequest) throws(CurveSourceError) -> FittedCurve {
    try resolve(request, standardInput: { () throws(SpecError) in try LineReader(path: "-") })
  }

  /// Resolves `request`, reading `--data -` from `standardInput` (tests pass their own).
  package static func resolve(
    _ request: CurveRequest, standardInput: () throws(SpecError) -> LineReader
  ) throws(CurveSourceError) -> FittedCurve {
    let name = request.displayName
    switch request.source {
    case .coefficients(let coefficients):
      return try direct(coefficients, displayName: name, request: request)
    case .specFile(let path):
      let spec: CurveSpec
      do { spec = try CurveSpec.load(path: path) } catch { throw .spec(error) }
      return try fitted(spec: spec, request: request)
    case .spec(let spec):
      return try fitted(spec: spec, request: request)
    case .points(let points):
      let problem = try problem(points: points, request: request, pointUnits: request.valueUnits(spec: nil))
      return try fitted(problem: problem, request: request, displayName: name)
    case .cssEasing(let text):
      let easing: CubicBezierEasing
      do { easing = try CSSEasing.parse(text) } catch { throw .easing(error) }
      // Samples of an easing that overshoots may leave [0, 1]: they are not the designer's points.
      var problem = try problem(points: [], request: request, pointUnits: .normalized)
      problem.points = EasingImport.samples(of: easing)
      return try fitted(problem: problem, request: request, displayName: name, defaultPolicy: .enforce)
        .importing(easing)
    case .dataFile(let path):
      return try fittedData(path: path, request: request, standardInput: standardInput)
    }
  }

  // MARK: - Sources

  /// Given coefficients: no fit, the exact verdict only. The policy defaults to `require`
  /// (what a shipped curve must meet), but nothing was fitted, so there is no violation to
  /// record: each command judges ``FittedCurve/verdict`` itself.
  static func direct(
    _ coefficients: [Double], displayName: String, request: CurveRequest
  ) throws(CurveSourceError) -> FittedCurve {
    if request.overridesFit {
      throw .finishedCurveTakesNoFitSettings
    }
    let polynomial: Polynomial
    do { polynomial = try Polynomial(coefficients: coefficients) } catch { throw .coefficients(error) }
    let units = request.valueUnits(spec: nil)
    return FittedCurve(
      displayName: displayName, polynomial: polynomial, verdict: polynomial.monotonicity(),
      policy: request.policy ?? .require, minSlope: request.minSlope.map(units.normalized(slope:)) ?? 0, units: units,
      vocabulary: request.vocabulary)
  }

  /// A spec, with the request's overrides. The spec's numbers are in its own units; the
  /// request's in the spec's with the axes ``CurveRequest/units`` gives replaced
  /// (``CurveRequest/valueUnits(spec:)``), so `--percent` never drops a spec's hours.
  static func fitted(spec: CurveSpec, request: CurveRequest) throws(CurveSourceError) -> FittedCurve {
    let requestUnits = request.valueUnits(spec: spec)
    let endpoints = request.endpoints ?? spec.endpoints
    var problem = FitProblem(
      points: spec.normalizedPoints, weights: spec.weights, degree: spec.degree,
      constraints: spec.constraints.map(spec.units.normalized), milestones: spec.normalizedMilestones)
    try apply(request, to: &problem, endpoints: endpoints, units: requestUnits, checkPoints: false)
    let minSlope = request.minSlope.map(requestUnits.normalized(slope:)) ?? spec.normalizedMinSlope ?? 0
    return try fitted(
      problem: problem, request: request, displayName: FileIO.displayName(of: spec.sourceName),
      defaultPolicy: spec.monotonic, minSlope: minSlope, units: request.displayUnits(spec: spec), endpoints: endpoints
    ).naming(spec)
  }

  /// Points from flags (in the request's units) or samples (normalized), under the depletion
  /// endpoints unless the request drops them.
  static func problem(
    points: [DataPoint], request: CurveRequest, pointUnits: CurveUnits
  ) throws(CurveSourceError) -> FitProblem {
    var problem = FitProblem(points: points, constraints: [])
    try apply(
      request, to: &problem, endpoints: request.endpoints ?? true, units: request.valueUnits(spec: nil),
      checkPoints: true, pointUnits: pointUnits)
    return problem
  }

  /// Applies the request's degree, weights, constraints and milestones to `problem` (whose
  /// `constraints` hold the source's own, normalized), then the endpoints: the finished
  /// problem has the endpoints (when `endpoints`) followed by every other constraint.
  ///
  /// Values the request gives are range-checked in `units` (the spec reader checked the
  /// spec's); with `checkPoints` the problem's points are too, in `pointUnits`, and are
  /// converted from them.
  static func apply(
    _ request: CurveRequest, to problem: inout FitProblem, endpoints: Bool, units: CurveUnits, checkPoints: Bool,
    pointUnits: CurveUnits? = nil
  ) throws(CurveSourceError) {
    let ranges = UnitRanges(
      units: units, endpoints: endpoints, generalFitHint: request.vocabulary.generalFit,
      percentHint: request.vocabulary.percent)
    if checkPoints {
      let pointRanges = UnitRanges(
        units: pointUnits ?? units, endpoints: endpoints, generalFitHint: ranges.generalFitHint,
        percentHint: ranges.percentHint)
      for (index, point) in problem.points.enumerated() {
        if let problem = pointRanges.timeProblem(point.t) ?? pointRanges.pointLevelProblem(point.y) {
          throw .outOfRange(.point(number: index + 1, point), problem: problem, units: pointUnits ?? units)
        }
      }
      problem.points = problem.points.map((pointUnits ?? units).normalized)
    }
    if let weights = request.weights { problem.weights = weights }
    if let degree = request.degree { problem.degree = degree }
    for constraint in request.constraints {
      if let trouble = ranges.timeProblem(constraint.t) {
        throw .outOfRange(.constraint(constraint), problem: trouble, units: units)
      }
      if case .value(_, let level) = constraint, let trouble = ranges.levelProblem(level) {
        throw .outOfRange(.constraint(constraint), problem: trouble, units: units)
      }
    }
    for milestone in request.milestones {
      if let trouble = ranges.timeProblem(milestone.t) ?? ranges.levelProblem(milestone.level) {
        throw .outOfRange(.milestone(milestone), problem: trouble, units: units)
      }
    }
    problem.milestones += request.milestones.map(units.normalized)
    let extra = problem.constraints + request.constraints.map(units.normalized)
    if endpoints, let (_, conflict) = CurveSpec.endpointConflict(in: extra) {
      throw .contradictsEndpoints(conflict, units: units)
    }
    problem.constraints = CurveSpec.constraints(endpoints: endpoints, adding: extra)
    if let (first, second) = CurveSpec.contradictingMilestones(problem.milestones) {
      throw .contradictingMilestones(problem.milestones[first], problem.milestones[second], units: units)
    }
  }

  /// The policy a fitted source defaults to: `require` under the depletion endpoints,
  /// `ignore` for a general fit.
  static func defaultPolicy(for problem: FitProblem) -> MonotonicPolicy {
    problem.constraints == FitConstraint.depletionEndpoints ? .require : .ignore
  }

  /// Fits `problem` under the request's policy (else `defaultPolicy`) with `minSlope`
  /// (normalized; default the request's, converted); `endpoints` is whether the depletion
  /// endpoints were required (default: the request's, else true).
  static func fitted(
    problem: FitProblem, request: CurveRequest, displayName: String, defaultPolicy: MonotonicPolicy? = nil,
    minSlope: Double? = nil, units: CurveUnits? = nil, endpoints: Bool? = nil
  ) throws(CurveSourceError) -> FittedCurve {
    let policy = request.policy ?? defaultPolicy ?? Self.defaultPolicy(for: problem)
    let display = units ?? request.displayUnits(spec: nil)
    let slope = minSlope ?? request.minSlope.map(display.normalized(slope:)) ?? 0
    let facts = ResolvedFacts(endpointsRequired: endpoints ?? request.endpoints ?? true, vocabulary: request.vocabulary)
    return try fitted(
      displayName: displayName, policy: policy, minSlope: slope, problem: problem,
      pointCount: problem.points.count, isStreamed: false, units: display, facts: facts,
      otherDegree: { degree in
        var other = problem
        other.degree = degree
        guard let result = try? other.fit(policy: policy, minSlope: slope) else { return false }
        return result.violation == nil
      }
    ) { (policy, minSlope) throws(CurveFitError) in try problem.fit(policy: policy, minSlope: minSlope) }
  }

  /// What the resolver decided about a request besides the fit itself, stored once on the
  /// ``FittedCurve`` so the ship rule never guesses it again.
  struct ResolvedFacts {
    /// Whether the depletion endpoints were required.
    var endpointsRequired: Bool
    /// The words of the request's front end.
    var vocabulary: CurveRequest.Vocabulary
  }

  /// Runs `fit` under `policy` once; a `require` violation is recorded in the result (see
  /// ``FittedCurve/policyViolation``), fit errors are thrown (located in `displayName`).
  static func fitted(
    displayName: String, policy: MonotonicPolicy, minSlope: Double, problem: FitProblem, pointCount: Int,
    isStreamed: Bool, units: CurveUnits, facts: ResolvedFacts, otherDegree: ((Int) -> Bool)? = nil,
    _ fit: (MonotonicPolicy, Double) throws(CurveFitError) -> PolicyFitResult
  ) throws(CurveSourceError) -> FittedCurve {
    let result: PolicyFitResult
    do { result = try fit(policy, minSlope) } catch {
      var context = FitFailureContext(units: units, vocabulary: facts.vocabulary, degree: problem.degree)
      if let otherDegree, error.dependsOnDegree {
        // Advice that is true: the degrees whose fit of the same problem succeeds and ships.
        context.workingDegrees = (FitProblem.minimumDegree...FitProblem.maximumDegree).filter {
          $0 != problem.degree && otherDegree($0)
        }
      }
      throw .fit(error.located(in: displayName, context: context))
    }
    return curve(
      from: result, displayName: displayName, problem: problem, pointCount: pointCount, isStreamed: isStreamed,
      units: units, facts: facts)
  }

  /// The one place a fitted ``FittedCurve`` is made: polynomial, verdict, policy and minimum
  /// slope all come from `result`, and the endpoints and words from `facts`, so they cannot
  /// disagree.
  static func curve(
    from result: PolicyFitResult, displayName: String, problem: FitProblem, pointCount: Int, isStreamed: Bool,
    units: CurveUnits, facts: ResolvedFacts
  ) -> FittedCurve {
    FittedCurve(
      displayName: displayName, polynomial: result.report.polynomial, verdict: result.monotonicity,
      policy: result.policy, minSlope: result.minSlope, fit: result, problem: problem, pointCount: pointCount,
      isStreamed: isStreamed, units: units, endpointsRequired: facts.endpointsRequired, vocabulary: facts.vocabulary)
  }
}
