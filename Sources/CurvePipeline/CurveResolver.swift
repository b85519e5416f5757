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
  ///   `require` policy is returned, with ``FittedCurve/policyViolation`` set.
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
      throw .invalidInput(request.vocabulary.finishedCurve)
    }
    let polynomial: Polynomial
    do { polynomial = try Polynomial(coefficients: coefficients) } catch { throw .coefficients(error) }
    let units = request.valueUnits(spec: nil)
    return FittedCurve(
      displayName: displayName, polynomial: polynomial, verdict: polynomial.monotonicity(),
      policy: request.policy ?? .require, minSlope: request.minSlope.map(units.normalized(slope:)) ?? 0, units: units)
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
      defaultPolicy: spec.monotonic, minSlope: minSlope, units: request.displayUnits(spec: spec)
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
          throw .invalidInput("point \(index + 1) (\(point.t), \(point.y)): \(problem)")
        }
      }
      problem.points = problem.points.map((pointUnits ?? units).normalized)
    }
    if let weights = request.weights { problem.weights = weights }
    if let degree = request.degree { problem.degree = degree }
    for constraint in request.constraints {
      if let trouble = ranges.timeProblem(constraint.t) {
        throw .invalidInput("the added constraint \(constraint): \(trouble)")
      }
      if case .value(_, let level) = constraint, let trouble = ranges.levelProblem(level) {
        throw .invalidInput("the added constraint \(constraint): \(trouble)")
      }
    }
    for milestone in request.milestones {
      if let trouble = ranges.timeProblem(milestone.t) ?? ranges.levelProblem(milestone.level) {
        throw .invalidInput("milestone \(milestone.describe(in: .normalized)): \(trouble)")
      }
    }
    problem.milestones += request.milestones.map(units.normalized)
    let extra = problem.constraints + request.constraints.map(units.normalized)
    if endpoints, let (_, conflict) = CurveSpec.endpointConflict(in: extra) {
      throw .invalidInput(
        "constraint \(conflict) contradicts the depletion endpoints f(0) = 1, f(1) = 0; "
          + request.vocabulary.generalFit)
    }
    problem.constraints = CurveSpec.constraints(endpoints: endpoints, adding: extra)
    if let (first, second) = CurveSpec.contradictingMilestones(problem.milestones) {
      throw .invalidInput(
        "milestones \(problem.milestones[first].describe(in: units)) and "
          + "\(problem.milestones[second].describe(in: units)) contradict each other: no level can be both")
    }
  }

  /// The policy a fitted source defaults to: `require` under the depletion endpoints,
  /// `ignore` for a general fit.
  static func defaultPolicy(for problem: FitProblem) -> MonotonicPolicy {
    problem.constraints == FitConstraint.depletionEndpoints ? .require : .ignore
  }

  /// Fits `problem` under the request's policy (else `defaultPolicy`) with `minSlope`
  /// (normalized; default the request's, converted).
  static func fitted(
    problem: FitProblem, request: CurveRequest, displayName: String, defaultPolicy: MonotonicPolicy? = nil,
    minSlope: Double? = nil, units: CurveUnits? = nil
  ) throws(CurveSourceError) -> FittedCurve {
    let policy = request.policy ?? defaultPolicy ?? Self.defaultPolicy(for: problem)
    let display = units ?? request.displayUnits(spec: nil)
    let slope = minSlope ?? request.minSlope.map(display.normalized(slope:)) ?? 0
    return try fitted(
      displayName: displayName, policy: policy, minSlope: slope, problem: problem,
      pointCount: problem.points.count, isStreamed: false, units: display
    ) { (policy, minSlope) throws(CurveFitError) in try problem.fit(policy: policy, minSlope: minSlope) }
  }

  /// Runs `fit` under `policy` once; a `require` violation comes back in
  /// ``FittedCurve/policyViolation`` (located in `displayName`), fit errors are thrown.
  static func fitted(
    displayName: String, policy: MonotonicPolicy, minSlope: Double, problem: FitProblem, pointCount: Int,
    isStreamed: Bool, units: CurveUnits, _ fit: (MonotonicPolicy, Double) throws(CurveFitError) -> PolicyFitResult
  ) throws(CurveSourceError) -> FittedCurve {
    let result: PolicyFitResult
    do { result = try fit(policy, minSlope) } catch { throw .fit(error.located(in: displayName)) }
    return curve(
      from: result, displayName: displayName, problem: problem, pointCount: pointCount, isStreamed: isStreamed,
      units: units)
  }

  /// The one place a fitted ``FittedCurve`` is made: polynomial, verdict and violation all
  /// come from `result`, so they cannot disagree.
  static func curve(
    from result: PolicyFitResult, displayName: String, problem: FitProblem, pointCount: Int, isStreamed: Bool,
    units: CurveUnits
  ) -> FittedCurve {
    let policy = result.policy
    let minSlope = result.minSlope
    return FittedCurve(
      displayName: displayName, polynomial: result.report.polynomial, verdict: result.monotonicity, policy: policy,
      minSlope: minSlope, fit: result, problem: problem, pointCount: pointCount, isStreamed: isStreamed, units: units,
      policyViolation: result.violation?.located(in: displayName))
  }
}
