import Foundation

/// The data an app shares with its widget extension (e.g. as JSON in an app group). It lives
/// here, beside the generated curve, so the widget target needs nothing from the app model.
public struct HabitSnapshot: Sendable, Hashable, Codable {
  /// The habit's name.
  public var name: String
  /// When the fill was last full.
  public var lastRefillDate: Date
  /// How long a full fill lasts, in days.
  public var depletionDays: Double
  /// When the snapshot was taken.
  public var takenAt: Date

  /// Creates a snapshot.
  public init(name: String, lastRefillDate: Date, depletionDays: Double, takenAt: Date) {
    self.name = name
    self.lastRefillDate = lastRefillDate
    self.depletionDays = depletionDays
    self.takenAt = takenAt
  }
}
