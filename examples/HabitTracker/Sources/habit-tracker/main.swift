// Prints a week of levels for one habit, then drags the fill to 60 % as the article's
// setCurrentFill does, and shows the widget's view of the result. Every date is fixed,
// so the output is the same on every machine (scripts/check-example.sh compares it).
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
  let snapshot = habit.snapshot(at: date)
  let widget = HabitWidgetTimeline.entries(
    lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, from: date, step: day, count: 1)
  let label = "\(dayIndex)".padding(toLength: 5, withPad: " ", startingAt: 0)
  let levelText = "\(shown(level))".padding(toLength: 25, withPad: " ", startingAt: 0)
  print("\(label)\(formatter.string(from: date))  \(levelText)\(widget[0].percentage) %")
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
let snapshot = habit.snapshot(at: now)
let entries = HabitWidgetTimeline.entries(
  lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays, from: now, step: day, count: 4)
print("widget timeline: " + entries.map { "\($0.percentage) %" }.joined(separator: ", "))
let empty = HabitWidgetTimeline.date(
  whenPercentageReaches: 0, lastRefillDate: snapshot.lastRefillDate, depletionDays: snapshot.depletionDays)
print("empty at: \(formatter.string(from: empty))")
