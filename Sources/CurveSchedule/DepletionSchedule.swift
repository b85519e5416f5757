import CurveCore
import Foundation

/// Maps real dates to levels for one depletion curve: the article's `currentLevel(at:)`,
/// `setCurrentFill` and widget percentage, and the exact dates at which that percentage
/// changes, as a value type.
///
/// The level is derived entirely from ``lastRefillDate`` and ``duration``: at the refill
/// date the normalized elapsed time is 0, after `duration` seconds it is 1, and dates outside
/// that span are clamped (before the refill → level f(0), after the end → level f(1)).
///
/// Every method has a generated counterpart of the same name (`curvekit generate
/// --with-schedule`), a static function that takes the schedule's state as its first
/// arguments: `currentLevel(at:)` here is `currentLevel(lastRefillDate:depletionDays:at:)`
/// there, and both run the same code (`DepletionScheduleKernel`), so their results are identical.
public struct DepletionSchedule: Sendable, Hashable {
  /// Seconds in a day, as the article defines it (no leap seconds, no time zones).
  public static let secondsInDay: TimeInterval = 86_400

  /// The level curve over normalized time, evaluated with the article's clamped Horner rule.
  public var curve: Cubic
  /// When the supply was last full.
  public var lastRefillDate: Date
  /// The time from full to empty, in seconds; finite and positive.
  public private(set) var duration: TimeInterval

  /// Creates a schedule lasting `durationInSeconds`.
  /// - Throws: ``ScheduleError/invalidDuration(seconds:)`` unless the duration is finite and positive.
  public init(curve: Cubic, lastRefillDate: Date, durationInSeconds: TimeInterval) throws(ScheduleError) {
    guard durationInSeconds.isFinite, durationInSeconds > 0 else {
      throw .invalidDuration(seconds: durationInSeconds)
    }
    self.curve = curve
    self.lastRefillDate = lastRefillDate
    self.duration = durationInSeconds
  }

  /// Creates a schedule lasting `durationInDays` days of 86 400 s (the article's `depletionDays`).
  /// - Throws: ``ScheduleError/invalidDuration(seconds:)`` unless the duration is finite and positive.
  public init(curve: Cubic, lastRefillDate: Date, durationInDays: Double) throws(ScheduleError) {
    try self.init(curve: curve, lastRefillDate: lastRefillDate, durationInSeconds: durationInDays * Self.secondsInDay)
  }

  /// The duration in days of 86 400 s.
  public var durationInDays: Double { duration / Self.secondsInDay }

  /// The date the level reaches f(1): ``lastRefillDate`` + ``duration``.
  public var emptyDate: Date { lastRefillDate.addingTimeInterval(duration) }

  /// The normalized elapsed time at `date`, exactly as the article computes it:
  /// `min(1, max(0, date − lastRefillDate) / duration)`. Dates before the refill give 0.
  public func normalizedElapsed(at date: Date) -> Double {
    DepletionScheduleKernel.normalizedElapsed(at: date, lastRefillDate: lastRefillDate, duration: duration)
  }

  /// The level at `date`, the article's `currentLevel(at:)`: ``normalizedElapsed(at:)``
  /// evaluated by ``CurveCore/Cubic/level(forNormalizedElapsed:)``, bit for bit the article's result.
  /// - Parameter date: the moment to evaluate; now by default.
  public func currentLevel(at date: Date = Date()) -> Double {
    curve.level(forNormalizedElapsed: normalizedElapsed(at: date))
  }

  /// The level at `date` evaluated by a chosen ``CurveCore/EvaluationScheme``.
  public func currentLevel(at date: Date, scheme: EvaluationScheme) -> Double {
    curve.level(forNormalizedElapsed: normalizedElapsed(at: date), scheme: scheme)
  }

  /// The widget's percentage at `date`: ``widgetPercentage(forLevel:)`` of ``currentLevel(at:)``.
  public func widgetPercentage(at date: Date = Date()) -> Int {
    Self.widgetPercentage(forLevel: currentLevel(at: date))
  }

  /// The article's widget rounding: `level·100` rounded half away from zero, clamped to
  /// 0…100. A NaN level gives 0; it never traps.
  public static func widgetPercentage(forLevel level: Double) -> Int {
    DepletionScheduleKernel.widgetPercentage(forLevel: level)
  }

  /// The refill date that makes the level at `now` equal `level` (the article's
  /// `setCurrentFill` without mutating): clamps `level` to [0, 1], finds the normalized time
  /// with `inverse`, clamps that to [0, 1] (NaN → 1), and steps back that fraction of
  /// ``duration`` from `now`.
  ///
  /// - Parameters:
  ///   - level: the wanted level, clamped by `max(0, min(1, level))` (so NaN counts as 1).
  ///   - now: the moment the level should hold.
  ///   - inverse: maps a level in [0, 1] to normalized time, f⁻¹. Its accuracy bounds the
  ///     result: a time error δ in [0, 1] moves the date by δ·duration seconds.
  ///
  /// The step back is `normalized · duration` with duration = days·86 400 (the operation order
  /// generated schedule code uses); the article writes `normalized · days · 86 400`, which can
  /// differ from it in the last bit.
  public func refillDate(forLevel level: Double, at now: Date, inverse: (Double) -> Double) -> Date {
    DepletionScheduleKernel.refillDate(forLevel: level, at: now, duration: duration, inverse: inverse)
  }

  /// The article's `setCurrentFill`: moves ``lastRefillDate`` so that the level at `now`
  /// is `fill`. See ``refillDate(forLevel:at:inverse:)``.
  public mutating func setCurrentFill(_ fill: Double, at now: Date = Date(), inverse: (Double) -> Double) {
    lastRefillDate = refillDate(forLevel: fill, at: now, inverse: inverse)
  }

  /// ``refillDate(forLevel:at:inverse:)`` with CurveCore's inverse of ``curve``
  /// (``CurveCore/Cubic/normalizedElapsed(forLevel:method:)``). The default `.auto` is the
  /// full-precision solver (|Δt| ≤ 4.5e-16 of the duration); `.bisection` is the article's
  /// algorithm bit for bit (≈ 1.2e-10 of the duration, more at a flat end), only when asked for.
  public func refillDate(forLevel level: Double, at now: Date, method: InverseMethod = .auto) -> Date {
    refillDate(forLevel: level, at: now) { curve.normalizedElapsed(forLevel: $0, method: method) }
  }

  /// The article's `setCurrentFill` with CurveCore's inverse: see
  /// ``refillDate(forLevel:at:method:)``. The default is the full-precision `.auto`; pass
  /// `.bisection` for the article's code path exactly.
  public mutating func setCurrentFill(_ fill: Double, at now: Date = Date(), method: InverseMethod = .auto) {
    lastRefillDate = refillDate(forLevel: fill, at: now, method: method)
  }

  /// The level at `date`.
  @available(*, deprecated, renamed: "currentLevel(at:)")
  public func level(at date: Date = Date()) -> Double { currentLevel(at: date) }

  /// The level at `date` by `scheme`.
  @available(*, deprecated, renamed: "currentLevel(at:scheme:)")
  public func level(at date: Date, scheme: EvaluationScheme) -> Double { currentLevel(at: date, scheme: scheme) }
}
