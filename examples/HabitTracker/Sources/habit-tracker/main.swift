// Prints a week of levels for one habit, then drags the fill to 60 % as the article's
// setCurrentFill does, and shows the widget's timeline for the result: one entry at each exact
// date the displayed percentage changes. Every date is fixed, so the output is the same on every
// machine (scripts/check-example.sh compares it).
import DepletionCurveModel
import Foundation
import HabitModel
import HabitWidget

let day: TimeInterval = 86_400
// 2026-01-05 08:00:00 UTC, a fixed reference date instead of Date().
let refill = Date(timeIntervalSince1970: 1_767_600_000)

/// A value rounded to 12 decimals for display, so the printed table does not depend on
/// the last bits of the fitted coefficients.
func shown(_ value: Double) -> Double { (value * 1e12).rounded() / 1e12 }

let formatter = ISO8601DateFormatter()
formatter.timeZone = TimeZone(identifier: "UTC")

/// `date` in UTC to the millisecond, rounded up: a change date prints as a time that already
/// shows the change.
@MainActor func stamp(_ date: Date) -> String {
  let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.up))
  let (seconds, fraction) = (milliseconds / 1000, milliseconds % 1000)
  let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
  let digits = String(fraction)
  return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
}

var habit = Habit(name: "Water the plants", lastRefillDate: refill)
print("habit: \(habit.name), refilled \(formatter.string(from: refill)), lasts \(habit.depletionDays) days")
print(
  "curve: level(t) ≈ \(shown(DepletionCurve.a))·t³ + \(shown(DepletionCurve.b))·t² + \(shown(DepletionCurve.c))·t + "
    + "\(shown(DepletionCurve.d))")
print("")
print("day  date                  level                    widget")
for dayIndex in 0...7 {
  let date = refill.addingTimeInterval(Double(dayIndex) * day)
  let level = habit.currentLevel(at: date)
  let percentage = HabitWidgetTimeline.percentage(for: habit.snapshot(at: date), at: date)
  let label = "\(dayIndex)".padding(toLength: 5, withPad: " ", startingAt: 0)
  let levelText = "\(shown(level))".padding(toLength: 25, withPad: " ", startingAt: 0)
  print("\(label)\(formatter.string(from: date))  \(levelText)\(percentage) %")
}

// Day 3, noon: the user drags the slider to 60 %.
let now = refill.addingTimeInterval(3.5 * day)
print("")
print("at \(formatter.string(from: now)) the level is \(shown(habit.currentLevel(at: now))); the user drags it to 60 %")
habit.setCurrentFill(0.6, at: now)
let backdated = now.timeIntervalSince(habit.lastRefillDate) / day
print(
  "setCurrentFill(0.6): lastRefillDate moves to \(formatter.string(from: habit.lastRefillDate)) (\(shown(backdated)) days back)"
)
print("level now: \(shown(habit.currentLevel(at: now)))")

// The widget extension's view: a snapshot, and the timeline it builds from it alone.
let snapshot = habit.snapshot(at: now)
let entries = HabitWidgetTimeline.entries(for: snapshot, from: now)
print("")
print("widget timeline from \(formatter.string(from: now)): \(entries.count) entries, one per change of the percentage")
for (index, entry) in entries.enumerated() where index < 6 || index >= entries.count - 3 {
  let percentage = String(entry.percentage)
  print("  \(stamp(entry.date))  \(String(repeating: " ", count: 3 - percentage.count))\(percentage) %")
  if index == 5 { print("  …") }
}
// Exact: at each entry's date the widget shows its percentage, 1 ms earlier the previous one.
let exact = zip(entries.dropFirst(), entries).allSatisfy { entry, previous in
  HabitWidgetTimeline.percentage(for: snapshot, at: entry.date) == entry.percentage
    && HabitWidgetTimeline.percentage(for: snapshot, at: entry.date.addingTimeInterval(-0.001)) == previous.percentage
}
print("every change date exact (the new percentage at the date, the old one 1 ms before): \(exact)")
let reload = HabitWidgetTimeline.reloadDate(for: snapshot, after: now).map(stamp) ?? "never"
print("reload after: \(reload) (the first change)")
let halfEmpty = DepletionCurve.date(
  lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, whenLevelReaches: 0.5)
print("level 0.5 reached at: \(halfEmpty.map(stamp) ?? "never")")
