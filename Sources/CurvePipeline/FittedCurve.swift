import CurveCore
import CurveEasing
import CurveFitting
import CurveSpec

/// One resolved curve: everything the renderers (the fit report, codegen, SVG plots, CSS and
/// SwiftUI export, the studio) need, computed once by ``CurveResolver``.
///
/// Renderers read this value and never go back to the spec or the fitter: the source was
/// parsed once, fitted once, and its monotonicity decided once (exactly, on the double
/// coefficients).
public struct FittedCurve: Sendable {
  // Immutable: every stored value is set once, by the resolver; derived values are computed.
  /// The name messages and generated headers use for the source (see
  /// ``CurveRequest/displayName``).
  public let displayName: String
  /// The curve's own free-text name: the spec's `name`, else nil.
  public let name: String?
  /// The curve, highest power first.
  public let polynomial: Polynomial
  /// CurveCore's exact monotonicity verdict on [0, 1].
  public let verdict: MonotonicityVerdict
  /// The policy the curve was produced under (for given coefficients, the one asked for,
  /// `require` by default, though nothing was fitted), decided once by the resolver: the
  /// request's `--monotonic`, else the source's default. `ignore` waives the shape rule of
  /// ``diagnostics(for:overrides:tolerance:)``.
  public let policy: MonotonicPolicy
  /// The minimum slope magnitude s the policy applied (0 when none).
  public let minSlope: Double
  /// Whether the depletion endpoints f(0) = 1, f(1) = 0 were required, decided once by the
  /// resolver: the request's (`--unconstrained` says no), else the spec's `"endpoints"`,
  /// else true. False waives the endpoint rule of ``diagnostics(for:overrides:tolerance:)``:
  /// `--unconstrained` and `"endpoints": false` are the same fact.
  public let endpointsRequired: Bool
  /// The words the curve's messages name the ways out in (advice included): the request's
  /// ``CurveRequest/vocabulary``, spec keys unless a front end passes its own.
  public let vocabulary: CurveRequest.Vocabulary
  /// The fit and its evidence; nil when the coefficients were given directly.
  public let fit: PolicyFitResult?
  /// The least-squares problem that was fitted (for streamed data its points are not held:
  /// see ``pointCount``); nil for given coefficients.
  public let problem: FitProblem?
  /// The number of points fitted (streamed data included).
  public let pointCount: Int
  /// True when the data was streamed rather than held in memory.
  public let isStreamed: Bool
  /// The spec, when the source was one: its codegen options, `durationDays` and description.
  public let spec: CurveSpec?
  /// The units the curve is shown in: a time unit or normalized time, percent or fractions.
  public let units: CurveUnits
  /// The imported easing, for `--from-css`.
  public let easing: CubicBezierEasing?
  /// Creates a resolved curve; only ``CurveResolver`` makes them.
  package init(
    displayName: String, name: String? = nil, polynomial: Polynomial, verdict: MonotonicityVerdict,
    policy: MonotonicPolicy, minSlope: Double = 0, fit: PolicyFitResult? = nil, problem: FitProblem? = nil,
    pointCount: Int = 0, isStreamed: Bool = false, units: CurveUnits = .normalized, spec: CurveSpec? = nil,
    easing: CubicBezierEasing? = nil, endpointsRequired: Bool = true, vocabulary: CurveRequest.Vocabulary = .spec
  ) {
    self.displayName = displayName
    self.name = name
    self.polynomial = polynomial
    self.verdict = verdict
    self.policy = policy
    self.minSlope = minSlope
    self.fit = fit
    self.problem = problem
    self.pointCount = pointCount
    self.isStreamed = isStreamed
    self.units = units
    self.spec = spec
    self.easing = easing
    self.endpointsRequired = endpointsRequired
    self.vocabulary = vocabulary
  }

  /// The same curve as a ``Cubic`` when its degree is at most three.
  public var cubic: Cubic? { try? Cubic(polynomial) }

  /// The same curve with the spec's name and the spec itself attached.
  func naming(_ spec: CurveSpec) -> FittedCurve { copy(name: spec.name, spec: spec, easing: easing) }

  /// The same curve with the easing it was imported from.
  func importing(_ easing: CubicBezierEasing) -> FittedCurve { copy(name: name, spec: spec, easing: easing) }

  /// This curve with its source's description replaced (the fit and its verdict unchanged).
  private func copy(name: String?, spec: CurveSpec?, easing: CubicBezierEasing?) -> FittedCurve {
    FittedCurve(
      displayName: displayName, name: name, polynomial: polynomial, verdict: verdict, policy: policy,
      minSlope: minSlope, fit: fit, problem: problem, pointCount: pointCount, isStreamed: isStreamed, units: units,
      spec: spec, easing: easing, endpointsRequired: endpointsRequired, vocabulary: vocabulary)
  }

  /// The fitter's record of a broken `require` policy (or an `enforce` optimum that rounding
  /// left rising by an ulp), located in ``displayName``: computed from ``fit``, which was
  /// fitted under ``policy`` and ``minSlope``. Nil for given coefficients and under `ignore`.
  ///
  /// Whether the curve ships, and the words for it, are the ship rule's:
  /// ``diagnostics(for:overrides:tolerance:)`` (`fit` exits by it, as every command does).
  public var policyViolation: CurveFitError? { fit?.violation?.located(in: displayName) }

  /// The fitter's report; nil for given coefficients.
  public var report: FitReport? { fit?.report }

  /// The milestones the fit honoured, normalized.
  public var milestones: [Milestone] { problem?.milestones ?? [] }

  /// The points fitted (empty for coefficients and streamed data).
  public var points: [DataPoint] { problem?.points ?? [] }

  /// Where the curve rises, by CurveCore's one rule
  /// (``MonotonicityVerdict/risingWitness(of:)``); nil when it never does.
  public var risingWitness: MonotonicityWitness? { verdict.risingWitness(of: polynomial) }

  /// The units of the curve's period: the display units when they have a time unit, else the
  /// spec's display units (a `--percent` override keeps the spec's hours), else normalized.
  public var periodUnits: CurveUnits {
    if units.duration != nil { return units }
    guard let spec, spec.duration != nil else { return units }
    return CurveUnits(timeUnit: spec.durationUnit, duration: spec.duration, percent: units.percent)
  }

  /// The depletion period in seconds (``periodUnits``' duration × seconds per unit), the one
  /// length every schedule, timeline and generated default uses; nil without a period.
  public var durationSeconds: Double? { periodUnits.durationSeconds }

  /// The depletion period in days: the spec's own number for a period in days, else
  /// ``durationSeconds`` / 86 400 (rounded); nil without a period.
  public var durationDays: Double? {
    let period = periodUnits
    if period.timeUnit == .days { return period.duration }
    return period.durationSeconds.map { $0 / 86_400 }
  }
}
