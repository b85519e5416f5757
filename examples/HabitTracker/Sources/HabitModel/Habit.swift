import DepletionCurveModel
import Foundation

/// A habit whose fill drains along the designer's depletion curve.
///
/// As in the article, the level is never stored: it is derived from `lastRefillDate`
/// and the period, so the curve is the single source of truth. Every method takes the
/// current date as an argument, which keeps the model deterministic and testable.
public struct Habit: Sendable, Hashable {
  /// The habit's name.
  public var name: String
  /// When the fill was last full.
  public var lastRefillDate: Date
  /// How long a full fill lasts, in days.
  public var depletionDays: Double

  /// Creates a habit refilled at `lastRefillDate`.
  public init(name: String, lastRefillDate: Date, depletionDays: Double = habitDepletionDays) {
    self.name = name
    self.lastRefillDate = lastRefillDate
    self.depletionDays = depletionDays
  }

  /// The fill level in [0, 1] at `date` (the article's `currentLevel(at:)`).
  public func currentLevel(at date: Date) -> Double {
    DepletionCurve.currentLevel(lastRefillDate: lastRefillDate, depletionDays: depletionDays, at: date)
  }

  /// Marks the habit done: the fill is full again at `date`.
  public mutating func refill(at date: Date) {
    lastRefillDate = date
  }

  /// The user dragged the fill slider to `fill` at `date`: move the refill date back so
  /// that the level at `date` is `fill` (the article's `setCurrentFill`).
  public mutating func setCurrentFill(_ fill: Double, at date: Date) {
    lastRefillDate = DepletionCurve.refillDate(depletionDays: depletionDays, forLevel: fill, at: date)
  }

  /// What the widget extension needs, captured at `date`.
  public func snapshot(at date: Date) -> HabitSnapshot {
    HabitSnapshot(name: name, lastRefillDate: lastRefillDate, depletionDays: depletionDays, takenAt: date)
  }
}
