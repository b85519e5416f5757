import DepletionCurveModel
import Foundation

/// One entry of the widget's timeline: a date and the whole percentage to show.
public struct HabitWidgetEntry: Sendable, Hashable {
  /// When the entry becomes current.
  public var date: Date
  /// The fill to display, 0…100.
  public var percentage: Int
}

/// The widget's timeline logic. It only needs the snapshot's numbers and the generated
/// `DepletionCurve`, so it runs unchanged in a widget extension (no app model needed).
public enum HabitWidgetTimeline {
  /// The entries from `start`, one every `step` seconds, `count` in all.
  public static func entries(
    lastRefillDate: Date, depletionDays: Double, from start: Date, step: TimeInterval, count: Int
  ) -> [HabitWidgetEntry] {
    (0..<max(0, count)).map { index in
      let date = start.addingTimeInterval(Double(index) * step)
      let percentage = DepletionCurve.widgetPercentage(
        at: date, lastRefillDate: lastRefillDate, depletionDays: depletionDays)
      return HabitWidgetEntry(date: date, percentage: percentage)
    }
  }

  /// When the displayed percentage next drops to `percentage` (for scheduling a refresh):
  /// the inverse curve maps the level back to a date.
  public static func date(whenPercentageReaches percentage: Int, lastRefillDate: Date, depletionDays: Double) -> Date {
    let level = Double(max(0, min(100, percentage))) / 100
    let elapsed = DepletionCurve.normalizedElapsed(forLevel: level)
    return lastRefillDate.addingTimeInterval(elapsed * depletionDays * DepletionCurve.secondsInDay)
  }
}
