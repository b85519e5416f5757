import CurveCore

/// What to do when the fitted curve is not monotone decreasing on [0, 1].
public enum MonotonicPolicy: String, Sendable, CaseIterable {
  /// Fit, then fail with a witness when the curve rises somewhere (the default).
  case require
  /// Solve the least-squares problem over monotone curves (the exact optimum).
  case enforce
  /// Skip the check.
  case ignore
}

/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
  /// `public`
  case `public`
  /// `internal`
  case `internal`
  /// `package`
  case `package`
}

/// Code-generation options a spec may carry in its `codegen` object. Unset fields fall
/// back to the CLI flags, then to the defaults.
public struct CodegenOptions: Sendable, Hashable {
  /// The generated `enum`'s name; defaults to one derived from the spec's `name`.
  public var typeName: String?
  /// The access level of the generated declarations.
  public var access: AccessLevel?
  /// The inverse strategy.
  public var inverse: InverseMethod?
  /// Whether to emit the Foundation date helpers.
  public var withSchedule: Bool?
  /// Protocols the generated type declares conformance to (`"conformsTo"`), each declared once
  /// by the app (`curvekit generate --protocol NAME` prints one that every generated type meets).
  public var conformances: [String]?
  /// The Kotlin `package` of files generated with `--language kotlin` (`"package"`).
  public var packageName: String?
  /// Error limits in percentage points whose linear ramps generated files carry
  /// (`"progressSegments"`, e.g. `[0.5, 1]`); each finite and positive.
  public var progressSegments: [Double]?

  /// Creates options; every field defaults to unset.
  public init(
    typeName: String? = nil, access: AccessLevel? = nil, inverse: InverseMethod? = nil, withSchedule: Bool? = nil,
    conformances: [String]? = nil, packageName: String? = nil
  ) {
    self.typeName = typeName
    self.access = access
    self.inverse = inverse
    self.withSchedule = withSchedule
    self.conformances = conformances
    self.packageName = packageName
  }
}

/// A designer's curve: the contents of a `*.curve.json` file.
///
/// ```json
/// {
///   "name": "Weekly habit",
///   "timeUnit": "days", "durationDays": 7, "levelUnit": "percent",
///   "points": [[2, 82], [4, 50], [6, 15]],
///   "milestones": [{"until": 2, "atLeast": 80}],
///   "monotonic": "require"
/// }
/// ```
/// Every number is in the spec's units (``timeUnit``, ``levelUnit``; slopes in level units
/// per time unit); ``units`` converts them, and the `normalized…` properties give what the
/// fitter sees. The depletion endpoints f(0) = 1 and f(1) = 0 always hold unless
/// `"endpoints": false`; `constraints` add to them. With the endpoints every time lies in
/// the curve's span (t ∈ [0, 1], or 0…duration in the time unit) and every level in [0, 1]
/// (or 0…100 %).
///
/// A spec in a real time unit (`seconds`, `minutes`, `hours`, `days`, `weeks`) gives the
/// period's length in that unit, `duration` (`durationDays` for days, as older specs do); a
/// normalized spec may give `durationDays` to show and schedule the curve in days.
public struct CurveSpec: Sendable {
  /// Every key a spec may contain, in the order the house style writes them (``jsonValue``;
  /// the studio orders its canonical JSON by this list); any other key is an error, so typos
  /// are caught.
  public static let knownKeys: [String] = [
    "name", "description", "timeUnit", "levelUnit", "points", "weights", "degree", "duration", "durationDays",
    "endpoints",
    "constraints", "milestones", "monotonic", "minSlope", "codegen",
  ]

  /// The degrees a spec may ask for: 1 through ``Polynomial/maximumDegree``.
  public static let degrees: ClosedRange<Int> = 1...Polynomial.maximumDegree

  /// The curve's name (free text; the generated type name is derived from it).
  public var name: String
  /// Optional free-text notes from the designer.
  public var details: String?
  /// The unit of every time in the spec (default normalized).
  public var timeUnit: TimeUnit
  /// The unit of every level in the spec (default fraction).
  public var levelUnit: LevelUnit
  /// The control points (time, level), in the spec's units.
  public var points: [DataPoint]
  /// Optional positive weights, one per point, multiplying the residuals.
  public var weights: [Double]?
  /// The polynomial degree, 1…10 (default 3).
  public var degree: Int
  /// True (the default) when the depletion endpoints f(0) = 1 and f(1) = 0 hold.
  public var endpoints: Bool
  /// The designer's own equality constraints, in the spec's units; they add to the
  /// endpoints (a copy of an endpoint is allowed and counted once).
  public var constraints: [FitConstraint]
  /// Inequality milestones, in the spec's units (an empty list when absent).
  public var milestones: [Milestone]
  /// The monotonicity policy (default `require`).
  public var monotonic: MonotonicPolicy
  /// Optional minimum slope magnitude, in level units per time unit: f′ ≤ −minSlope.
  public var minSlope: Double?
  /// Optional length of the depletion period in ``durationUnit`` (required by every time
  /// unit but normalized; also used by plots, previews and the schedule helpers).
  public var duration: Double?
  /// Code-generation options.
  public var codegen: CodegenOptions
  /// The file name the spec came from, used in messages and generated headers.
  public var sourceName: String

  /// Creates a spec in code. The defaults match an absent field in JSON. `duration` is in
  /// ``durationUnit``; `durationDays` is the same period in days (for days and normalized
  /// specs, where the two are one), used when `duration` is nil.
  public init(
    name: String,
    points: [DataPoint],
    weights: [Double]? = nil,
    degree: Int = 3,
    endpoints: Bool = true,
    constraints: [FitConstraint] = [],
    milestones: [Milestone] = [],
    monotonic: MonotonicPolicy = .require,
    minSlope: Double? = nil,
    timeUnit: TimeUnit = .normalized,
    levelUnit: LevelUnit = .fraction,
    durationDays: Double? = nil,
    duration: Double? = nil,
    codegen: CodegenOptions = CodegenOptions(),
    details: String? = nil,
    sourceName: String = "<memory>"
  ) {
    self.name = name
    self.details = details
    self.timeUnit = timeUnit
    self.levelUnit = levelUnit
    self.points = points
    self.weights = weights
    self.degree = degree
    self.endpoints = endpoints
    self.constraints = constraints
    self.milestones = milestones
    self.monotonic = monotonic
    self.minSlope = minSlope
    self.duration = duration ?? durationDays
    self.codegen = codegen
    self.sourceName = sourceName
  }

  /// The unit of ``duration``: the time unit, or days for a normalized spec (whose period,
  /// `durationDays`, is for display and schedules only).
  public var durationUnit: TimeUnit { timeUnit == .normalized ? .days : timeUnit }

  /// The period in days: ``duration`` for a days or normalized spec; nil for other units
  /// (use ``durationSeconds``, exact, instead).
  public var durationDays: Double? { durationUnit == .days ? duration : nil }

  /// The period in seconds: ``duration`` × the seconds in ``durationUnit`` (one rounding).
  public var durationSeconds: Double? { displayUnits.durationSeconds }

  /// The units the spec's numbers are in (a real time unit only when ``timeUnit`` is one).
  public var units: CurveUnits {
    CurveUnits(timeUnit: timeUnit, duration: duration, percent: levelUnit == .percent)
  }

  /// The units to show the curve in: the spec's, with days for a normalized spec whose
  /// `durationDays` is set.
  public var displayUnits: CurveUnits {
    CurveUnits(timeUnit: durationUnit, duration: duration, percent: levelUnit == .percent)
  }

  /// The control points in normalized time and fractional levels.
  public var normalizedPoints: [DataPoint] { points.map(units.normalized) }

  /// Every equality constraint the fit must meet, normalized: the endpoints (unless
  /// `"endpoints": false`) and the designer's own, a repeated endpoint counted once.
  public var normalizedConstraints: [FitConstraint] {
    CurveSpec.constraints(endpoints: endpoints, adding: constraints.map(units.normalized))
  }

  /// The milestones in normalized time and fractional levels.
  public var normalizedMilestones: [Milestone] { milestones.map(units.normalized) }

  /// The minimum slope magnitude in fraction per normalized time.
  public var normalizedMinSlope: Double? { minSlope.map(units.normalized(slope:)) }

  /// The depletion endpoints (when `endpoints`) followed by `extra`, leaving out copies of
  /// an endpoint (any other repeat stays, for the fitter to name).
  public static func constraints(endpoints: Bool, adding extra: [FitConstraint]) -> [FitConstraint] {
    guard endpoints else { return extra }
    return FitConstraint.depletionEndpoints + extra.filter { !FitConstraint.depletionEndpoints.contains($0) }
  }

  /// The first of `extra` that contradicts a depletion endpoint (a value constraint at
  /// t = 0 other than 1, or at t = 1 other than 0), with its index.
  public static func endpointConflict(in extra: [FitConstraint]) -> (index: Int, constraint: FitConstraint)? {
    for (index, constraint) in extra.enumerated() {
      guard case .value(let t, let value) = constraint else { continue }
      if (t == 0 && value != 1) || (t == 1 && value != 0) { return (index, constraint) }
    }
    return nil
  }

  /// The first pair of milestones that no curve can meet together: at least L until u and
  /// at most U from v with v ≤ u and U < L (on [v, u] the level would be both ≥ L and ≤ U).
  public static func contradictingMilestones(_ milestones: [Milestone]) -> (first: Int, second: Int)? {
    for (i, first) in milestones.enumerated() {
      for (j, second) in milestones.enumerated() where j > i {
        switch (first, second) {
        case (.atLeast(let low, let until), .atMost(let high, let from)),
          (.atMost(let high, let from), .atLeast(let low, let until)):
          if from <= until && high < low { return (i, j) }
        default: continue
        }
      }
    }
    return nil
  }
}

extension Milestone {
  /// "≥ 80 % until day 2" or "≤ 20 % from day 6" in `units` (the milestone itself normalized).
  public func describe(in units: CurveUnits) -> String {
    switch self {
    case .atLeast(let level, let until): return "≥ \(units.describe(bound: level)) until \(units.describe(time: until))"
    case .atMost(let level, let from): return "≤ \(units.describe(bound: level)) from \(units.describe(time: from))"
    }
  }
}
