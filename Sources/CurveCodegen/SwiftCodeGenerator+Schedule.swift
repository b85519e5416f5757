import CurveSpec

extension SwiftCodeGenerator {
  /// The Foundation date helpers (`--with-schedule`): CurveSchedule's `DepletionSchedule` API
  /// as static functions of the same names and labels, each taking the schedule's state
  /// (`lastRefillDate:`, `depletionDays:`) as its first arguments, and running CurveSchedule's
  /// own `DepletionScheduleKernel` (embedded), so the results are identical. The clock is
  /// always passed in, so callers (and tests) stay deterministic.
  static func scheduleExtension(name: String, access: String, days: String, periodText: String) -> String {
    """

    extension \(name) {
      /// Seconds in a day, as in the article.
      \(access) static let secondsInDay: Double = 86_400
      /// The depletion period in days, from the spec's period (\(periodText)).
      \(access) static let defaultDepletionDays: Double = \(days)

      /// The level at `date` for a fill last refilled at `lastRefillDate`, the article's
      /// `currentLevel(at:)`: dates before the refill give f(0) and dates after the period give
      /// f(1). CurveKit's `DepletionSchedule.currentLevel(at:)`, bit for bit.
      /// - Parameter depletionDays: the period; it should be positive.
      \(access) static func currentLevel(
        lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, at date: Date
      ) -> Double {
        level(
          forNormalizedElapsed: DepletionScheduleKernel.normalizedElapsed(
            at: date, lastRefillDate: lastRefillDate, duration: depletionDays * secondsInDay))
      }

      /// The widget's whole percentage for `level`: level·100 rounded half away from zero and
      /// clamped to 0…100 (the article's widget code); a NaN level gives 0, it never traps.
      \(access) static func widgetPercentage(forLevel level: Double) -> Int {
        DepletionScheduleKernel.widgetPercentage(forLevel: level)
      }

      /// The widget's whole percentage at `date`: `widgetPercentage(forLevel:)` of
      /// `currentLevel(lastRefillDate:depletionDays:at:)`.
      \(access) static func widgetPercentage(
        lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, at date: Date
      ) -> Int {
        widgetPercentage(forLevel: currentLevel(lastRefillDate: lastRefillDate, depletionDays: depletionDays, at: date))
      }

      /// The refill date that makes the level at `date` equal `level` (the article's
      /// `setCurrentFill`: the level is clamped to [0, 1], inverted by
      /// `normalizedElapsed(forLevel:)`, the time clamped to [0, 1], and the clock run back by
      /// that fraction of the period). CurveKit's `DepletionSchedule.refillDate(forLevel:at:method:)`.
      \(access) static func refillDate(
        depletionDays: Double = defaultDepletionDays, forLevel level: Double, at date: Date
      ) -> Date {
        DepletionScheduleKernel.refillDate(
          forLevel: level, at: date, duration: depletionDays * secondsInDay, inverse: normalizedElapsed(forLevel:))
      }

      /// Every change of the widget's percentage after `start` and at most `end` (nil: until the
      /// level stops changing), in time order: one timeline entry each. At each `date` the widget
      /// already shows the new `percentage`; one ulp of `Date` earlier (so also 1 ms earlier) it
      /// still shows the previous one. A full depletion from 100 % has 100 changes.
      /// CurveKit's `DepletionSchedule.percentageChanges(from:through:)`, with identical results.
      \(access) static func percentageChanges(
        lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, from start: Date, through end: Date? = nil
      ) -> [(date: Date, percentage: Int)] {
        DepletionScheduleKernel.percentageChanges(
          from: start, through: end, lastRefillDate: lastRefillDate, duration: depletionDays * secondsInDay,
          level: level(forNormalizedElapsed:), inverse: normalizedElapsed(forLevel:))
      }

      /// The first change of the widget's percentage strictly after `date`, or nil when it no
      /// longer changes: the date for `TimelineReloadPolicy.after(_:)`.
      /// CurveKit's `DepletionSchedule.nextPercentageChange(after:)`.
      \(access) static func nextPercentageChange(
        lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, after date: Date
      ) -> (date: Date, percentage: Int)? {
        DepletionScheduleKernel.nextPercentageChange(
          after: date, lastRefillDate: lastRefillDate, duration: depletionDays * secondsInDay,
          level: level(forNormalizedElapsed:), inverse: normalizedElapsed(forLevel:))
      }

      /// The first date at which the level has reached `level` (fallen to it or below on a
      /// falling curve), to the resolution of `Date`: `lastRefillDate` when it holds from the
      /// refill on, nil when it is never reached. CurveKit's `DepletionSchedule.date(whenLevelReaches:)`.
      \(access) static func date(
        lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, whenLevelReaches level: Double
      ) -> Date? {
        DepletionScheduleKernel.date(
          whenLevelReaches: level, lastRefillDate: lastRefillDate, duration: depletionDays * secondsInDay,
          level: self.level(forNormalizedElapsed:), inverse: normalizedElapsed(forLevel:))
      }
    }

    """
  }

  /// `progressSegments(lastRefillDate:depletionDays:maxErrorPercentagePoints:)` over the ramps
  /// computed at generation time (`--progress-segments`), mapped to dates with `Date`'s own
  /// arithmetic, as `DepletionSchedule.progressSegments(maxError:)` maps them.
  static func progressExtension(name: String, access: String, tables: [ProgressSegmentTable]) -> String {
    let rows = tables.map { "    [" + $0.values.map { $0.description }.joined(separator: ", ") + "],\n" }.joined()
    return """

      extension \(name) {
        /// The error limits in percentage points whose ramps this file holds, increasing.
        \(access) static let progressSegmentLimits: [Double] = [\(tables.map { $0.limit.description }.joined(separator: ", "))]

        // Per limit: start, end (normalized time), startLevel, endLevel of each ramp, computed and
        // certified by curvekit: \(ProgressSegmentTable.summary(tables)).
        private static let progressSegmentTables: [[Double]] = [
      \(rows)  ]

        /// The fewest straight ramps that keep the shown level within `maxErrorPercentagePoints` of
        /// the curve from `lastRefillDate` to the end of the period: the ramps of the largest embedded
        /// limit not above it, exactly those of CurveKit's `DepletionSchedule.progressSegments(maxError:)`
        /// and `curvekit timeline --segments --max-error`. One WidgetKit entry per ramp, showing
        /// `ProgressView(timerInterval: from...to, countsDown: true)` between its levels. Nil when
        /// `maxErrorPercentagePoints` is below every embedded limit.
        \(access) static func progressSegments(
          lastRefillDate: Date, depletionDays: Double = defaultDepletionDays, maxErrorPercentagePoints: Double
        ) -> [(from: Date, to: Date, startLevel: Double, endLevel: Double)]? {
          guard let chosen = progressSegmentLimits.lastIndex(where: { $0 <= maxErrorPercentagePoints }) else { return nil }
          let table = progressSegmentTables[chosen]
          let duration = depletionDays * secondsInDay
          return stride(from: 0, to: table.count, by: 4).map { index in
            (
              lastRefillDate.addingTimeInterval(table[index] * duration),
              lastRefillDate.addingTimeInterval(table[index + 1] * duration), table[index + 2], table[index + 3]
            )
          }
        }
      }

      """
  }

  /// The protocol every generated type meets, named `name`: declare it once in the app (for
  /// example from `curvekit generate --protocol NAME`), list it in each spec's
  /// `"conformsTo"` (or pass `--conform-to NAME`), and choose a curve at run time as an
  /// `any NAME.Type`. With `withSchedule`, it also requires the date helpers, which only files
  /// generated `--with-schedule` have.
  /// - Throws: ``CodegenError/invalidProtocolName(_:reason:)`` for a bad name.
  public static func protocolDeclaration(name: String, access: AccessLevel, withSchedule: Bool) throws(CodegenError)
    -> String
  {
    try GenerationOptions.validate(protocolName: name)
    let access = access.rawValue
    var out = """
      // Generated by curvekit — the protocol every curvekit-generated curve meets.
      // swift-format-ignore-file
      // swiftlint:disable all
      //
      // Declare it once; list it in each spec's "codegen": {"conformsTo": ["\(name)"]}.


      """
    if withSchedule { out += "import Foundation\n\n" }
    out += """
      /// A curvekit-generated curve (`curvekit generate`): its coefficients, level and inverse\(withSchedule ? ",\n/// and its date helpers (`--with-schedule`)" : ""). Every generated type meets it, whatever its
      /// degree and inverse method, so an app can pick one at run time as an `any \(name).Type`.
      \(access) protocol \(name): Sendable {
        /// The coefficients, highest power first.
        static var coefficients: [Double] { get }
        /// The level at a normalized elapsed time t ∈ [0, 1] (clamped).
        static func level(forNormalizedElapsed normalizedElapsed: Double) -> Double
        /// The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`.
        static func normalizedElapsed(forLevel level: Double) -> Double

      """
    if withSchedule {
      out += """

          /// The depletion period in days from the spec.
          static var defaultDepletionDays: Double { get }
          /// The level at `date`.
          static func currentLevel(lastRefillDate: Date, depletionDays: Double, at date: Date) -> Double
          /// The widget's whole percentage for `level`.
          static func widgetPercentage(forLevel level: Double) -> Int
          /// The widget's whole percentage at `date`.
          static func widgetPercentage(lastRefillDate: Date, depletionDays: Double, at date: Date) -> Int
          /// The refill date that makes the level at `date` equal `level`.
          static func refillDate(depletionDays: Double, forLevel level: Double, at date: Date) -> Date
          /// Every change of the widget's percentage after `start` and at most `end`.
          static func percentageChanges(lastRefillDate: Date, depletionDays: Double, from start: Date, through end: Date?)
            -> [(date: Date, percentage: Int)]
          /// The first change of the widget's percentage after `date`.
          static func nextPercentageChange(lastRefillDate: Date, depletionDays: Double, after date: Date)
            -> (date: Date, percentage: Int)?
          /// The first date at which the level has reached `level`.
          static func date(lastRefillDate: Date, depletionDays: Double, whenLevelReaches level: Double) -> Date?

        """
    }
    out += "}\n"
    return out
  }
}
