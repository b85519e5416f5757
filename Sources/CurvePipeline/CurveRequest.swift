import CurveCore
import CurveFitting
import CurveSpec

/// What a command asks the resolver for: one curve source and the options that override it.
///
/// Every command that consumes a curve (`fit`, `check`, `eval`, `invert`, `generate`, `plot`,
/// `export`, and the studio's API) builds one of these and hands it to ``CurveResolver``, so
/// each source works everywhere and is read, fitted and judged once.
public struct CurveRequest: Sendable {
  /// Where the curve comes from.
  public enum Source: Sendable {
    /// A `*.curve.json` file (read and parsed by the resolver).
    case specFile(path: String)
    /// A spec already in memory (for example, one the studio received).
    case spec(CurveSpec)
    /// Points given one by one (`--point T:Y`), fitted under the depletion endpoints unless
    /// ``CurveRequest/constraints`` says otherwise.
    case points([DataPoint])
    /// A text file of `t y` lines (`--data FILE`; `-` is standard input), streamed in
    /// bounded memory beyond ``CurveResolver/inMemoryPointLimit`` points.
    case dataFile(path: String)
    /// Coefficients, highest power first (`--coefficients`): nothing is fitted.
    case coefficients([Double])
    /// A CSS easing (`--from-css`), sampled as the level 1 − easing(t) and fitted.
    case cssEasing(String)
  }

  /// The source.
  public var source: Source
  /// The units of every value given here (the points of a `.points` source, constraints,
  /// milestones, the minimum slope) and of the curve's display, axis by axis: an axis the
  /// override gives replaces the source's (a spec's own units, normalized time and fractions
  /// for the other sources); the other axis stays. See ``valueUnits(spec:)``.
  public var units: UnitOverride?

  /// Units given axis by axis: `--percent` changes the levels only, `--days 7` or
  /// `--duration 10h` the time only, so a flag never drops the other axis of a spec's units.
  public struct UnitOverride: Sendable, Hashable {
    /// The time axis: a real unit and the period in it; nil keeps the source's.
    public var time: (unit: TimeUnit, duration: Double)? {
      get { timeUnit.flatMap { unit in duration.map { (unit, $0) } } }
      set {
        timeUnit = newValue?.unit
        duration = newValue?.duration
      }
    }
    /// True for levels in percent, false for fractions; nil keeps the source's.
    public var percent: Bool?
    private var timeUnit: TimeUnit?
    private var duration: Double?

    /// An override of the time axis (`time`, a real unit and a positive period), the level
    /// axis (`percent`), or both.
    public init(time: (unit: TimeUnit, duration: Double)? = nil, percent: Bool? = nil) {
      self.percent = percent
      self.time = time
    }

    /// Both axes of `units` (normalized time is an override too: t ∈ [0, 1]).
    public init(_ units: CurveUnits) {
      self.percent = units.percent
      self.time = units.duration.map { (units.timeUnit, $0) }
      if units.duration == nil { timeUnit = .normalized }
    }

    /// `base` with the axes this override gives replaced.
    public func applied(to base: CurveUnits) -> CurveUnits {
      let levels = percent ?? base.percent
      guard let timeUnit else { return CurveUnits(timeUnit: base.timeUnit, duration: base.duration, percent: levels) }
      return CurveUnits(timeUnit: timeUnit, duration: duration, percent: levels)
    }
  }

  /// The units of the values a caller gives with this request and reads back (the points,
  /// constraints, milestones and minimum slope here; on the command line also the times
  /// `eval` takes and `invert` prints): the spec's own ``CurveSpec/units`` (normalized time
  /// and fractions for a source with no spec) with the axes ``units`` gives replaced. The
  /// resolver reads the request in these units; commands read their inputs in them.
  public func valueUnits(spec: CurveSpec?) -> CurveUnits {
    units?.applied(to: spec?.units ?? .normalized) ?? spec?.units ?? .normalized
  }

  /// The units to show the curve in: the spec's ``CurveSpec/displayUnits`` (a normalized
  /// spec's `durationDays` included) with the axes ``units`` gives replaced.
  public func displayUnits(spec: CurveSpec?) -> CurveUnits {
    units?.applied(to: spec?.displayUnits ?? .normalized) ?? spec?.displayUnits ?? .normalized
  }
  /// The degree, overriding the spec's (default 3).
  public var degree: Int?
  /// Per-point weights, overriding the spec's.
  public var weights: [Double]?
  /// Whether the depletion endpoints f(0) = 1, f(1) = 0 hold; nil keeps the source's
  /// (a spec's `"endpoints"`, true otherwise). `false` is `--unconstrained`.
  public var endpoints: Bool?
  /// Equality constraints added to the source's (a repeated endpoint counts once), in ``units``.
  public var constraints: [FitConstraint]
  /// Milestones added to the source's, in ``units``.
  public var milestones: [Milestone]
  /// The monotonicity policy, overriding the source's default (the spec's `monotonic`;
  /// `enforce` for an imported easing; `require` under the depletion endpoints and `ignore`
  /// for a general fit).
  public var policy: MonotonicPolicy?
  /// The minimum slope magnitude s (f′ ≤ −s) in level units per time unit of ``units``,
  /// overriding the spec's `minSlope`.
  public var minSlope: Double?

  /// How the resolver's messages name the ways out: spec keys by default; the command line
  /// passes its flags (the library itself names no flag).
  public var vocabulary: Vocabulary = .spec

  /// The phrases messages use for the request's own settings.
  public struct Vocabulary: Sendable, Hashable {
    /// How to fit without the depletion endpoints, e.g. `add "endpoints": false for a general fit`.
    public var generalFit: String
    /// How to say levels are percentages, e.g. `add "levelUnit": "percent"`.
    public var percent: String
    /// Why given coefficients take no fit settings.
    public var finishedCurve: String
    /// What the weights are called, e.g. `weights`.
    public var weights: String
    /// How to ask for the best monotone curve, e.g. `use "monotonic": "enforce"`.
    public var enforce: String
    /// How to set the degree, before its value, e.g. `"degree": ` (so `"degree": 3`).
    public var degree: String

    /// Creates a vocabulary.
    public init(
      generalFit: String, percent: String, finishedCurve: String, weights: String, enforce: String, degree: String
    ) {
      self.generalFit = generalFit
      self.percent = percent
      self.finishedCurve = finishedCurve
      self.weights = weights
      self.enforce = enforce
      self.degree = degree
    }

    /// The one advice for a fitted curve of `degree` that rises or falls too slowly, in these
    /// words: `enforce` where ``MonotoneFitter/supportedDegrees`` holds the degree, else the
    /// nearest degree it holds, then `enforce`.
    public func monotoneAdvice(degree fitted: Int) -> String {
      let supported = MonotoneFitter.supportedDegrees
      if supported.contains(fitted) { return "\(enforce) for the best monotone curve through your points" }
      let nearest = min(max(fitted, supported.lowerBound), supported.upperBound)
      return "set the degree to \(nearest) (\(degree)\(nearest)) and \(enforce) for the best monotone curve, "
        + "or move the points that rise"
    }

    /// The spec's own words (the studio's, and the default).
    public static let spec = Vocabulary(
      generalFit: "add \"endpoints\": false for a general fit", percent: "add \"levelUnit\": \"percent\"",
      finishedCurve:
        "given coefficients are a finished curve: a degree, weights, constraints, endpoints and milestones do not apply",
      weights: "weights", enforce: "use \"monotonic\": \"enforce\"", degree: "\"degree\": ")
  }

  /// Creates a request for `source`.
  public init(
    _ source: Source, units: UnitOverride? = nil, degree: Int? = nil, weights: [Double]? = nil, endpoints: Bool? = nil,
    constraints: [FitConstraint] = [], milestones: [Milestone] = [], policy: MonotonicPolicy? = nil,
    minSlope: Double? = nil
  ) {
    self.source = source
    self.units = units
    self.degree = degree
    self.weights = weights
    self.endpoints = endpoints
    self.constraints = constraints
    self.milestones = milestones
    self.policy = policy
    self.minSlope = minSlope
  }

  /// True when the request changes what is fitted (anything but the policy, units and
  /// minimum slope); given coefficients accept none of it.
  var overridesFit: Bool {
    degree != nil || weights != nil || endpoints != nil || !constraints.isEmpty || !milestones.isEmpty
  }

  /// The name messages and generated headers use for the source: a spec's or data file's
  /// name (never a path), `<stdin>`, `--coefficients`, `<arguments>` for `--point`, or the
  /// easing text.
  public var displayName: String {
    switch source {
    case .specFile(let path), .dataFile(let path): return FileIO.displayName(of: path)
    case .spec(let spec): return FileIO.displayName(of: spec.sourceName)
    case .points: return "<arguments>"
    case .coefficients: return "--coefficients"
    case .cssEasing(let text): return EchoedText.escaped(text)
    }
  }
}
