import Foundation

/// A date at which the widget's whole percentage changes, and the percentage shown from then on.
///
/// JSON form (``DepletionSchedule`` documents the conventions): the date as Unix seconds.
///
/// ```json
/// {"date": 1767603898.7347, "percentage": 99}
/// ```
public struct PercentageChange: Sendable, Hashable {
  /// The first date at which ``percentage`` shows.
  public var date: Date
  /// The whole percentage shown from ``date`` on, 0…100.
  public var percentage: Int

  /// Creates a change to `percentage` at `date`.
  public init(date: Date, percentage: Int) {
    self.date = date
    self.percentage = percentage
  }
}

extension PercentageChange {
  /// A change from the kernel's `(date, percentage)` pair.
  init(_ pair: (date: Date, percentage: Int)) {
    self.init(date: pair.date, percentage: pair.percentage)
  }
}
