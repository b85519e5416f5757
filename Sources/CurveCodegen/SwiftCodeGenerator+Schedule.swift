extension SwiftCodeGenerator {
  /// The Foundation date helpers (`--with-schedule`): the article's `currentLevel(at:)`,
  /// `setCurrentFill` as a pure refill-date function, and the widget percentage, with the
  /// same operations as CurveSchedule's `DepletionSchedule` (bit-identical results). The
  /// clock is always passed in, so callers (and tests) stay deterministic.
  static func scheduleExtension(name: String, access: String, days: String) -> String {
    """

    extension \(name) {
      /// Seconds in a day, as in the article.
      \(access) static let secondsInDay: Double = 86_400
      /// The depletion period in days from the spec (`durationDays`, 7 when absent).
      \(access) static let defaultDepletionDays: Double = \(days)

      /// The level at `date` for a fill last refilled at `lastRefillDate` (the article's
      /// `currentLevel(at:)`): dates before the refill give f(0) and dates after the period
      /// give f(1).
      /// - Parameter depletionDays: the period; it should be positive.
      \(access) static func currentLevel(
        at date: Date, lastRefillDate: Date, depletionDays: Double = defaultDepletionDays
      ) -> Double {
        let elapsed = max(0.0, date.timeIntervalSince(lastRefillDate))
        let totalDuration = depletionDays * secondsInDay
        let normalizedElapsed = min(1.0, elapsed / totalDuration)
        return level(forNormalizedElapsed: normalizedElapsed)
      }

      /// The refill date that makes the level at `date` equal `fill` (the article's
      /// `setCurrentFill`: the fill is clamped to [0, 1], inverted, the time clamped to
      /// [0, 1], and the clock run back by that fraction of the period).
      \(access) static func refillDate(
        forFill fill: Double, at date: Date, depletionDays: Double = defaultDepletionDays
      ) -> Date {
        let clampedLevel = max(0.0, min(1.0, fill))
        let normalized = max(0.0, min(1.0, normalizedElapsed(forLevel: clampedLevel)))
        return date.addingTimeInterval(-normalized * (depletionDays * secondsInDay))
      }

      /// The widget's whole percentage at `date`: level·100 rounded half away from zero and
      /// clamped to 0…100 (the article's widget code); a NaN level gives 0, it never traps.
      \(access) static func widgetPercentage(
        at date: Date, lastRefillDate: Date, depletionDays: Double = defaultDepletionDays
      ) -> Int {
        let percent = (currentLevel(at: date, lastRefillDate: lastRefillDate, depletionDays: depletionDays) * 100).rounded()
        guard !percent.isNaN else { return 0 }
        return Int(min(100, max(0, percent)))
      }
    }

    """
  }
}
