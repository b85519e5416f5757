import CurveCore

/// The units a designer reads and writes a curve in: normalized time or a real unit (seconds,
/// minutes, hours, days, weeks) over a period of `duration` units, percent or fractions. The
/// curve itself always lives in normalized time and fractional levels; this value converts at
/// the edges (spec numbers and CLI flags in, reports and plots out).
///
/// Conversions: t = time / duration (the time and the duration in the same unit, so a time
/// given in hours is divided by the period in hours, never converted to seconds first),
/// level = percent / 100, and a slope in level units per time unit becomes
/// slope · duration / 100. Each is one correctly rounded operation.
public struct CurveUnits: Sendable, Hashable {
  /// The unit of time: ``TimeUnit/normalized`` exactly when ``duration`` is nil.
  public let timeUnit: TimeUnit
  /// The length of the period in ``timeUnit``; nil for normalized time.
  public let duration: Double?
  /// True when levels are in percent.
  public var percent: Bool

  /// Normalized time and fractional levels.
  public static let normalized = CurveUnits(durationDays: nil, percent: false)

  /// Creates units; `duration` must be positive when given. A nil `duration` or a
  /// normalized `timeUnit` gives normalized time.
  public init(timeUnit: TimeUnit, duration: Double?, percent: Bool = false) {
    let real = timeUnit != .normalized && duration != nil
    self.timeUnit = real ? timeUnit : .normalized
    self.duration = real ? duration : nil
    self.percent = percent
  }

  /// Creates units in days (normalized time when `durationDays` is nil).
  public init(durationDays: Double? = nil, percent: Bool = false) {
    self.init(timeUnit: .days, duration: durationDays, percent: percent)
  }

  /// The period in days when times are in days; nil otherwise.
  public var durationDays: Double? { timeUnit == .days ? duration : nil }

  /// The period in seconds, `duration` × ``TimeUnit/secondsPerUnit`` (one rounding); nil for
  /// normalized time. Every schedule, timeline and generated default derives from this.
  public var durationSeconds: Double? {
    guard let duration, let perUnit = timeUnit.secondsPerUnit else { return nil }
    return duration * perUnit
  }

  /// The span of time in these units: [0, duration] or [0, 1].
  public var timeRange: ClosedRange<Double> { 0...(duration ?? 1) }
  /// The span of levels in these units: [0, 100] or [0, 1].
  public var levelRange: ClosedRange<Double> { 0...(percent ? 100 : 1) }

  /// A time in these units as normalized t.
  public func normalized(time: Double) -> Double { duration.map { time / $0 } ?? time }
  /// A level in these units as a fraction.
  public func normalized(level: Double) -> Double { percent ? level / 100 : level }
  /// A slope (level units per time unit) as fraction per normalized time.
  public func normalized(slope: Double) -> Double {
    let perTime = duration.map { slope * $0 } ?? slope
    return percent ? perTime / 100 : perTime
  }

  /// Normalized t in these units.
  public func display(time t: Double) -> Double { duration.map { t * $0 } ?? t }
  /// A fractional level in these units.
  public func display(level: Double) -> Double { percent ? level * 100 : level }
  /// A slope (fraction per normalized time) in level units per time unit.
  public func display(slope: Double) -> Double {
    let perTime = duration.map { slope / $0 } ?? slope
    return percent ? perTime * 100 : perTime
  }

  /// A data point in these units, normalized.
  public func normalized(_ point: DataPoint) -> DataPoint {
    DataPoint(t: normalized(time: point.t), y: normalized(level: point.y))
  }

  /// A constraint in these units, normalized.
  public func normalized(_ constraint: FitConstraint) -> FitConstraint {
    switch constraint {
    case .value(let t, let value): return .value(at: normalized(time: t), equals: normalized(level: value))
    case .slope(let t, let slope): return .slope(at: normalized(time: t), equals: normalized(slope: slope))
    }
  }

  /// A milestone in these units, normalized.
  public func normalized(_ milestone: Milestone) -> Milestone {
    milestone.mapped(time: { normalized(time: $0) }, level: { normalized(level: $0) })
  }

  // MARK: - Designer text

  /// A normalized time for people: "day 2.34", "hour 6" or "minute 30" (two decimals at
  /// most), or "t = 0.285" (three).
  public func describe(time t: Double) -> String {
    if let duration {
      return "\(timeUnit.singular) \(Self.rounded(t * duration, decimals: 2, trimmed: true))"
    }
    return "t = \(Self.rounded(t, decimals: 3, trimmed: true))"
  }

  /// The period for people: "over 10 hours", "over 7 days", or "over t ∈ [0, 1]".
  public var periodDescription: String {
    duration.map { "over \(timeUnit.describe(count: $0))" } ?? "over t ∈ [0, 1]"
  }

  /// A level bound as the designer wrote it: "80 %" or "0.8" (no trailing ".0").
  public func describe(bound level: Double) -> String {
    percent
      ? "\(Self.rounded(level * 100, decimals: 2, trimmed: true)) %"
      : "\(Self.rounded(level, decimals: 4, trimmed: true))"
  }

  /// A fractional level for people: "80.0 %" (one decimal) or "0.8" (three decimals).
  public func describe(level: Double) -> String {
    percent ? "\(Self.rounded(level * 100, decimals: 1)) %" : "\(Self.rounded(level, decimals: 3))"
  }

  /// Two levels for people, with as many decimals as it takes (up to six) to tell them
  /// apart: "100.0 %" and "100.0002 %", not "100.0 %" twice.
  public func describe(levels first: Double, _ second: Double) -> (String, String) {
    let scale = percent ? 100.0 : 1
    var decimals = percent ? 1 : 3
    while decimals < 6,
      Self.rounded(first * scale, decimals: decimals) == Self.rounded(second * scale, decimals: decimals)
    {
      decimals += 1
    }
    let suffix = percent ? " %" : ""
    return (
      Self.rounded(first * scale, decimals: decimals) + suffix,
      Self.rounded(second * scale, decimals: decimals) + suffix
    )
  }

  /// A difference of levels for people: "0.7 percentage points" or "0.007".
  public func describe(levelDifference difference: Double) -> String {
    percent
      ? "\(Self.rounded(difference * 100, decimals: 1, trimmed: true)) percentage points"
      : "\(Self.rounded(difference, decimals: 4, trimmed: true))"
  }

  /// `value` rounded to `decimals` places, printed in shortest form ("2.3", not "2.30");
  /// `trimmed` also drops a ".0" ("2", not "2.0").
  package static func rounded(_ value: Double, decimals: Int, trimmed: Bool = false) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = (rounded == 0 ? 0 : rounded).description
    return trimmed && text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
