import CurveCore
import Foundation

/// How stale a widget that refreshes at fixed intervals gets (Android Glance / App Widgets:
/// every 30 minutes at most; WorkManager: every 15): made by
/// ``DepletionSchedule/refreshStaleness(lastRefillDate:duration:polynomial:interval:)``.
///
/// The widget refreshes at the refill and then every ``interval`` seconds: at
/// dₖ = lastRefillDate + k·interval, k = 0, 1, …, K, where d_K is the first refresh at or after
/// the empty date (it shows the empty level). At dₖ it computes and shows pₖ, the widget
/// percentage (``DepletionSchedule/widgetPercentage(forLevel:)`` of the curve's level), until
/// the next refresh. The staleness is
///
///     S = max over every moment t ≥ lastRefillDate of |shown(t) − 100·level(t)|
///
/// in percentage points, level(t) the exact polynomial at the normalized time of t (clamped to
/// [0, 1]). It includes the widget's own rounding to a whole percentage (up to 0.5 points).
public struct RefreshStaleness: Sendable, Hashable {
  /// The refresh interval in seconds.
  public var interval: TimeInterval
  /// K + 1: the refreshes from the refill to the first one at or after the empty date, both
  /// included (⌈duration / interval⌉ + 1).
  public var refreshCount: Int
  /// A certified upper bound on S, in percentage points.
  public var maxStaleness: Double
  /// The moment the bound is reached (within rounding): the end of the worst refresh
  /// interval, where the level has drifted furthest from what is shown.
  public var worstDate: Date

  /// Creates a result.
  public init(interval: TimeInterval, refreshCount: Int, maxStaleness: Double, worstDate: Date) {
    self.interval = interval
    self.refreshCount = refreshCount
    self.maxStaleness = maxStaleness
    self.worstDate = worstDate
  }
}

extension DepletionSchedule {
  /// The most refreshes ``refreshStaleness(lastRefillDate:duration:polynomial:interval:)`` examines.
  public static let refreshLimit = 1_000_000

  /// The certified staleness of a widget refreshed every `interval` seconds; see
  /// ``RefreshStaleness`` for the definition.
  ///
  /// Certified by monotonicity: on a monotone curve the level moves one way between two
  /// refreshes, so |pₖ − 100·level| is largest at one end of each interval [dₖ, dₖ₊₁] (clipped
  /// to the empty date; after d_K the level is constant). Each end's level is computed by
  /// compensated Horner with its rigorous error bound, plus 4u·Σk|cₖ| for the rounding of the
  /// normalized time (u = 2⁻⁵³), and the result is rounded up.
  /// - Parameters:
  ///   - lastRefillDate: when the supply was last full (the first refresh).
  ///   - duration: the time from full to empty in seconds; finite and positive.
  ///   - polynomial: the level at normalized time t ∈ [0, 1]; monotone on [0, 1].
  ///   - interval: seconds between refreshes; finite, positive, at most ``refreshLimit`` per period.
  /// - Throws: ``ScheduleError/invalidDuration(seconds:)``,
  ///   ``ScheduleError/invalidRefreshInterval(seconds:limit:)`` (not finite and positive, or
  ///   more than ``refreshLimit`` refreshes), ``ScheduleError/notMonotone`` (decided exactly).
  /// - Complexity: O(duration / interval · degree), after an exact monotonicity check.
  public static func refreshStaleness(
    lastRefillDate: Date, duration: TimeInterval, polynomial: Polynomial, interval: TimeInterval
  ) throws(ScheduleError) -> RefreshStaleness {
    guard duration.isFinite, duration > 0 else { throw .invalidDuration(seconds: duration) }
    let quotient = (duration / interval).rounded(.up)
    guard interval.isFinite, interval > 0, quotient < Double(refreshLimit) else {
      throw .invalidRefreshInterval(seconds: interval, limit: refreshLimit)
    }
    let verdict = polynomial.monotonicity()
    guard verdict.isDecreasing || verdict.isIncreasing || verdict == .constant else { throw .notMonotone }
    let slopeBound = polynomial.ascendingCoefficients.enumerated().reduce(0.0) {
      $0 + Double($1.offset) * abs($1.element)
    }
    let timeMargin = 4 * 0x1p-53 * slopeBound * (1 + 0x1p-40)
    /// The normalized time of `date` as the widget computes it, and 100·level there with its error bound.
    func percent(at date: Date) -> (t: Double, value: Double, error: Double) {
      let t = DepletionScheduleKernel.normalizedElapsed(at: date, lastRefillDate: lastRefillDate, duration: duration)
      let level = polynomial.compensatedValue(at: t)
      return (t, 100 * level.value, 100 * (level.errorBound + timeMargin) * (1 + 0x1p-50))
    }
    var worst = (staleness: 0.0, date: lastRefillDate)
    var k = 0
    var refresh = lastRefillDate
    var current = percent(at: refresh)
    while k <= refreshLimit + 1 {
      let shown = Double(widgetPercentage(forLevel: polynomial.level(forNormalizedElapsed: current.t)))
      let stale = (abs(shown - current.value) + current.error) * (1 + 0x1p-50)
      if stale > worst.staleness { worst = (stale, refresh) }
      guard current.t < 1 else { break }
      k += 1
      let next = lastRefillDate.addingTimeInterval(Double(k) * interval)
      let end = percent(at: next)
      let drift = (abs(shown - end.value) + end.error) * (1 + 0x1p-50)
      if drift > worst.staleness { worst = (drift, min(next, emptyDate(lastRefillDate, duration))) }
      (refresh, current) = (next, end)
    }
    return RefreshStaleness(
      interval: interval, refreshCount: k + 1, maxStaleness: worst.staleness, worstDate: worst.date)
  }

  /// lastRefillDate + duration.
  private static func emptyDate(_ lastRefillDate: Date, _ duration: TimeInterval) -> Date {
    lastRefillDate.addingTimeInterval(duration)
  }
}

#if !hasFeature(Embedded)
  // The JSON form (synthesized, so declared beside the type). Embedded Swift has no Codable.
  extension RefreshStaleness: Codable {}
#endif
