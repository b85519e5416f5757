/// The time unit a spec's numbers are written in.
///
/// Normalized time t ∈ [0, 1] has no unit; every other unit comes with the length of the
/// period in that unit (the spec's `duration`), and t = time / duration.
public enum TimeUnit: String, Sendable, CaseIterable {
  /// Normalized time t ∈ [0, 1] (the default).
  case normalized
  /// Seconds from 0 to the spec's `duration`.
  case seconds
  /// Minutes from 0 to the spec's `duration`.
  case minutes
  /// Hours from 0 to the spec's `duration`.
  case hours
  /// Days from 0 to the spec's `duration` (or `durationDays`).
  case days
  /// Weeks of 7 days from 0 to the spec's `duration`.
  case weeks

  /// The length of one unit in seconds (s = 1, min = 60, h = 3 600, d = 86 400,
  /// w = 604 800); nil for normalized time.
  public var secondsPerUnit: Double? {
    switch self {
    case .normalized: return nil
    case .seconds: return 1
    case .minutes: return 60
    case .hours: return 3_600
    case .days: return 86_400
    case .weeks: return 604_800
    }
  }

  /// One unit in words: "hour", "day"; "t" for normalized time.
  public var singular: String {
    switch self {
    case .normalized: return "t"
    case .seconds: return "second"
    case .minutes: return "minute"
    case .hours: return "hour"
    case .days: return "day"
    case .weeks: return "week"
    }
  }

  /// Several units in words: "hours", "days"; "t" for normalized time.
  public var plural: String { self == .normalized ? "t" : singular + "s" }

  /// `count` units in words: "1 hour", "10 hours", "2.5 days" (two decimals at most).
  public func describe(count: Double) -> String {
    let text = CurveUnits.rounded(count, decimals: 2, trimmed: true)
    return "\(text) \(text == "1" ? singular : plural)"
  }
}

/// The level unit a spec's numbers are written in.
public enum LevelUnit: String, Sendable, CaseIterable {
  /// Fractions, 1 = full (the default).
  case fraction
  /// Percent, 100 = full.
  case percent
}
