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
      return try fitted(problem: try problem(points: points, request: request), request: request, displayName: name)
    case .cssEasing(let text):
      let easing: CubicBezierEasing
      do { easing = try CSSEasing.parse(text) } catch { throw .easing(error) }
      let problem = try problem(points: EasingImport.samples(of: easing), request: request)
      var curve = try fitted(problem: problem, request: request, displayName: name, defaultPolicy: .enforce)
      curve.easing = easing
      return curve
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
    if request.degree != nil || request.weights != nil || request.constraints != nil {
      throw .invalidInput("--coefficients is a finished curve: --degree, --weight and --constraint do not apply")
    }
    let polynomial: Polynomial
    do { polynomial = try Polynomial(coefficients: coefficients) } catch { throw .coefficients(error) }
    return FittedCurve(
      displayName: displayName, polynomial: polynomial, verdict: polynomial.monotonicity(),
      policy: request.policy ?? .require, minSlope: request.minSlope ?? 0)
  }

  /// A spec, with the request's overrides.
  static func fitted(spec: CurveSpec, request: CurveRequest) throws(CurveSourceError) -> FittedCurve {
    var problem = FitProblem(
      points: spec.points, weights: spec.weights, degree: spec.degree, constraints: spec.constraints)
    try apply(request, to: &problem, usesDefaultConstraints: spec.usesDefaultConstraints)
    var curve = try fitted(
      problem: problem, request: request, displayName: FileIO.displayName(of: spec.sourceName),
      defaultPolicy: spec.monotonic, defaultMinSlope: spec.minSlope ?? 0)
    curve.name = spec.name
    curve.spec = spec
    return curve
  }

  /// Points from flags or samples, under the depletion endpoints unless overridden.
  static func problem(points: [DataPoint], request: CurveRequest) throws(CurveSourceError) -> FitProblem {
    var problem = FitProblem(points: points)
    try apply(request, to: &problem, usesDefaultConstraints: true)
    return problem
  }

  /// Applies the degree, weight and constraint overrides; under the depletion endpoints
  /// every t must lie in [0, 1].
  static func apply(
    _ request: CurveRequest, to problem: inout FitProblem, usesDefaultConstraints: Bool
  ) throws(CurveSourceError) {
    if let weights = request.weights { problem.weights = weights }
    if let degree = request.degree { problem.degree = degree }
    var usesDefaults = usesDefaultConstraints
    if let constraints = request.constraints {
      problem.constraints = constraints
      usesDefaults = false
    }
    if usesDefaults, let outside = problem.points.firstIndex(where: { !(0...1).contains($0.t) }) {
      throw .invalidInput(
        "point at index \(outside) has t = \(problem.points[outside].t), outside [0, 1], which the default "
          + "constraints f(0)=1, f(1)=0 require; pass --unconstrained or --constraint for a general fit")
    }
  }

  /// The policy a fitted source defaults to: `require` under the depletion endpoints,
  /// `ignore` for a general fit.
  static func defaultPolicy(for problem: FitProblem) -> MonotonicPolicy {
    problem.constraints == FitConstraint.depletionEndpoints ? .require : .ignore
  }

  /// Fits `problem` under the request's policy (else `defaultPolicy`) and minimum slope.
  static func fitted(
    problem: FitProblem, request: CurveRequest, displayName: String, defaultPolicy: MonotonicPolicy? = nil,
    defaultMinSlope: Double = 0
  ) throws(CurveSourceError) -> FittedCurve {
    let policy = request.policy ?? defaultPolicy ?? Self.defaultPolicy(for: problem)
    let minSlope = request.minSlope ?? defaultMinSlope
    return try fitted(
      displayName: displayName, policy: policy, minSlope: minSlope, problem: problem,
      pointCount: problem.points.count, isStreamed: false
    ) { (policy, minSlope) throws(CurveFitError) in try problem.fit(policy: policy, minSlope: minSlope) }
  }

  /// Runs `fit` under `policy` once; a `require` violation comes back in
  /// ``FittedCurve/policyViolation`` (located in `displayName`), fit errors are thrown.
  static func fitted(
    displayName: String, policy: MonotonicPolicy, minSlope: Double, problem: FitProblem, pointCount: Int,
    isStreamed: Bool, _ fit: (MonotonicPolicy, Double) throws(CurveFitError) -> PolicyFitResult
  ) throws(CurveSourceError) -> FittedCurve {
    let result: PolicyFitResult
    do { result = try fit(policy, minSlope) } catch { throw .fit(error.located(in: displayName)) }
    return FittedCurve(
      displayName: displayName, polynomial: result.report.polynomial, verdict: result.monotonicity, policy: policy,
      minSlope: minSlope, fit: result, problem: problem, pointCount: pointCount, isStreamed: isStreamed,
      policyViolation: result.violation?.located(in: displayName))
  }
}
