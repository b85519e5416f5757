import DepletionCurveModel
import Foundation

/// One entry of the widget's timeline: a date and the whole percentage to show from then on.
public struct HabitWidgetEntry: Sendable, Hashable {
  /// When the entry becomes current.
  public var date: Date
  /// The fill to display, 0…100.
  public var percentage: Int
}

/// The widget's timeline logic. It only needs the snapshot's numbers and the generated
/// `DepletionCurve`, so it runs unchanged in a widget extension (no app model needed).
///
/// WidgetKit cannot animate a non-linear level, so the timeline holds one entry at each exact
/// date where the displayed percentage changes (`DepletionCurve.percentageChanges`, about one
/// hundred per period): at an entry's date the widget's own rounding already shows the new
/// value, 1 ms earlier the old one. Hand them to `Timeline(entries:policy:)` with `.atEnd`, or
/// reload `.after(reloadDate(…))`.
public enum HabitWidgetTimeline {
  /// The percentage the widget shows at `date`.
  public static func percentage(for snapshot: HabitSnapshot, at date: Date) -> Int {
    DepletionCurve.widgetPercentage(
      lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, at: date)
  }

  /// The entries from `now`: the percentage shown now, then one entry per change through `end`
  /// (nil: until the level stops changing).
  public static func entries(for snapshot: HabitSnapshot, from now: Date, through end: Date? = nil)
    -> [HabitWidgetEntry]
  {
    let changes = DepletionCurve.percentageChanges(
      lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, from: now, through: end)
    return [HabitWidgetEntry(date: now, percentage: percentage(for: snapshot, at: now))]
      + changes.map { HabitWidgetEntry(date: $0.date, percentage: $0.percentage) }
  }

  /// The next date the displayed percentage changes after `date`, for
  /// `TimelineReloadPolicy.after(_:)`; nil once it no longer changes (`.never`).
  public static func reloadDate(for snapshot: HabitSnapshot, after date: Date) -> Date? {
    DepletionCurve.nextPercentageChange(
      lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, after: date)?.date
  }
}
