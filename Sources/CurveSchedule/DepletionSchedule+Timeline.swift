import CurveCore
import Foundation

/// The exact dates at which the widget's whole percentage changes: what a WidgetKit timeline
/// needs, since a non-linear level cannot be animated by the system.
extension DepletionSchedule {
  /// Every change of ``widgetPercentage(at:)`` after `start` and at most `end`, in time order.
  ///
  /// Each change is exact: at its ``PercentageChange/date`` the widget already shows its
  /// ``PercentageChange/percentage``, and at any earlier date after the previous change it
  /// still shows the previous one (one ulp of `Date` earlier, ≈ 1.2e-7 s today, and so also
  /// 1 ms earlier). Both are decided by the widget's own code: ``currentLevel(at:)`` and the
  /// rounding of ``widgetPercentage(forLevel:)``. The change to p happens where level·100
  /// crosses p ± 0.5; the inverse (`.auto`) of that level gives a guess within a microsecond,
  /// and a bisection over the doubles of `Date` on the displayed value itself finds the first
  /// date that shows p, so the result does not depend on the inverse.
  ///
  /// A full depletion from 100 % to 0 % has 100 changes. A change never falls before the
  /// refill or after ``emptyDate``, where the level is constant. On a curve that is not
  /// monotone on [0, 1] the percentage may change more often than this finds (the list then
  /// holds changes in order, not necessarily all).
  /// - Parameters:
  ///   - start: changes strictly after this date are listed (the percentage shown at `start`
  ///     itself is ``widgetPercentage(at:)``).
  ///   - end: the last date to include; nil lists every change until the level stops changing.
  /// - Complexity: about 15 level evaluations per change.
  public func percentageChanges(from start: Date, through end: Date? = nil) -> [PercentageChange] {
    Self.percentageChanges(
      lastRefillDate: lastRefillDate, duration: duration, from: start, through: end,
      level: curve.level(forNormalizedElapsed:), inverse: { curve.normalizedElapsed(forLevel: $0) })
  }

  /// The first change of the widget's percentage strictly after `date`, or nil when it no
  /// longer changes: the date for `TimelineReloadPolicy.after(_:)`. Exact as in
  /// ``percentageChanges(from:through:)``.
  public func nextPercentageChange(after date: Date) -> PercentageChange? {
    DepletionScheduleKernel.nextPercentageChange(
      after: date, lastRefillDate: lastRefillDate, duration: duration, level: curve.level(forNormalizedElapsed:),
      inverse: { curve.normalizedElapsed(forLevel: $0) }
    ).map(PercentageChange.init)
  }

  /// The first date at which ``currentLevel(at:)`` has reached `level` (fallen to it or below
  /// on a falling curve, risen to it or above on a rising one), to the resolution of `Date`.
  ///
  /// ``lastRefillDate`` when the level holds from the refill on; nil when it is never reached
  /// (below f(1) on a falling curve) or is NaN. Like the percentage changes, it is decided by
  /// the level function itself: the inverse only guesses.
  public func date(whenLevelReaches level: Double) -> Date? {
    DepletionScheduleKernel.date(
      whenLevelReaches: level, lastRefillDate: lastRefillDate, duration: duration,
      level: curve.level(forNormalizedElapsed:), inverse: { curve.normalizedElapsed(forLevel: $0) })
  }

  /// ``percentageChanges(from:through:)`` for any level function of the normalized time, for
  /// curves that are not a ``CurveCore/Cubic`` (a ``CurveCore/Polynomial`` of degree 4 to 10, as
  /// generated code supports): the same search, with `level` giving the level at t ∈ [0, 1]
  /// and `inverse` a guess of its inverse.
  /// - Parameters:
  ///   - lastRefillDate: when the supply was last full.
  ///   - duration: the time from full to empty in seconds; no changes unless finite and positive.
  ///   - start: changes strictly after this date are listed.
  ///   - end: the last date to include; nil for every change.
  ///   - level: the level at a normalized time, e.g. ``CurveCore/Polynomial/level(forNormalizedElapsed:)``.
  ///   - inverse: the normalized time of a level, e.g.
  ///     ``CurveCore/Polynomial/normalizedElapsed(forLevel:method:)``; only its speed depends on it.
  public static func percentageChanges(
    lastRefillDate: Date, duration: TimeInterval, from start: Date, through end: Date? = nil,
    level: (Double) -> Double, inverse: (Double) -> Double
  ) -> [PercentageChange] {
    DepletionScheduleKernel.percentageChanges(
      from: start, through: end, lastRefillDate: lastRefillDate, duration: duration, level: level, inverse: inverse
    ).map(PercentageChange.init)
  }
}
