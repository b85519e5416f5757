import Foundation

/// A date at which the widget's whole percentage changes, and the percentage shown from then on.
///
/// JSON form (``DepletionSchedule`` documents the conventions): the date as Unix seconds.
///
/// ```json
/// {"date": 1767603898.7347, "percentage": 99}
/// ```
public struct PercentageChange: Sendable, Hashable, Codable {
  /// The first date at which ``percentage`` shows.
  public var date: Date
  /// The whole percentage shown from ``date`` on, 0…100.
  public var percentage: Int

  /// Creates a change to `percentage` at `date`.
  public init(date: Date, percentage: Int) {
    self.date = date
    self.percentage = percentage
  }

  /// The JSON keys.
  enum CodingKeys: String, CodingKey {
    case date, percentage
  }

  /// Reads `{"date": unixSeconds, "percentage": p}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    date = try UnixTime.decode(from: container, forKey: .date)
    percentage = try container.decode(Int.self, forKey: .percentage)
  }

  /// Writes `{"date": unixSeconds, "percentage": p}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date.timeIntervalSince1970, forKey: .date)
    try container.encode(percentage, forKey: .percentage)
  }
}

extension PercentageChange {
  /// A change from the kernel's `(date, percentage)` pair.
  init(_ pair: (date: Date, percentage: Int)) {
    self.init(date: pair.date, percentage: pair.percentage)
  }
}

/// Dates in CurveSchedule's JSON forms: a number of seconds since 1970-01-01T00:00:00Z,
/// whatever date strategy the encoder or decoder is set to.
enum UnixTime {
  /// The date stored under `key` as Unix seconds; a non-finite number is `dataCorrupted`.
  static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Date {
    let seconds = try container.decode(Double.self, forKey: key)
    guard seconds.isFinite else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "\(key.stringValue): \(seconds) is not a finite number of seconds"
      )
    }
    return Date(timeIntervalSince1970: seconds)
  }
}
