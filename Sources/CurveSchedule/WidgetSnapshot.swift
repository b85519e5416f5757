import CurveCore
import Foundation

/// What an app hands its widget extension (for example as JSON in an app group): the
/// schedule, and when the app wrote it. The widget builds its timeline from it alone.
///
/// JSON form (dates as Unix seconds, see ``DepletionSchedule``):
///
/// ```json
/// {"schedule": {"curve": {"coefficients": [-0.5, 0, -0.5, 1]}, "lastRefillDate": 1767600000, "duration": 604800},
///  "takenAt": 1767902400}
/// ```
public struct WidgetSnapshot: Sendable, Hashable {
  /// The habit's schedule at the time of the snapshot.
  public var schedule: DepletionSchedule
  /// When the app took the snapshot.
  public var takenAt: Date

  /// Creates a snapshot of `schedule` taken at `takenAt`.
  public init(schedule: DepletionSchedule, takenAt: Date) {
    self.schedule = schedule
    self.takenAt = takenAt
  }

  /// The widget's timeline entries from `now`: the first at `now` with the percentage shown
  /// then, then one at each change through `end` (nil: until the level stops changing), from
  /// ``DepletionSchedule/percentageChanges(from:through:)``. Give WidgetKit these entries with
  /// the reload policy `.atEnd` (or `.after` the last entry's date).
  public func timelineEntries(from now: Date, through end: Date? = nil) -> [PercentageChange] {
    [PercentageChange(date: now, percentage: schedule.widgetPercentage(at: now))]
      + schedule.percentageChanges(from: now, through: end)
  }
}

extension DepletionSchedule {
  /// A snapshot of this schedule for the widget, taken at `date` (now by default).
  public func widgetSnapshot(at date: Date = Date()) -> WidgetSnapshot {
    WidgetSnapshot(schedule: self, takenAt: date)
  }
}
