// The JSON forms of CurveSchedule's values. Embedded Swift (the WebAssembly build) has no
// Codable, so this file is left out there.
#if !hasFeature(Embedded)
  import CurveCore
  import Foundation

  /// The JSON form of a ``DepletionSchedule``: its curve, its refill date and its duration.
  ///
  /// ```json
  /// {
  ///   "curve": {"coefficients": [-0.131963982801121, -0.0930282018562079, -0.775007815342671, 1]},
  ///   "lastRefillDate": 1767600000,
  ///   "duration": 604800
  /// }
  /// ```
  ///
  /// - `curve`: the ``CurveCore/Cubic``'s form, coefficients highest power first.
  /// - `lastRefillDate`: Unix seconds (since 1970-01-01T00:00:00Z) as a JSON number, whatever
  ///   date strategy the encoder or decoder is set to. Whole seconds and the dates of this century
  ///   to the millisecond round-trip exactly; in general a date comes back within one ulp of its
  ///   Unix seconds (2.4e-7 s today).
  /// - `duration`: seconds, finite and positive.
  ///
  /// Decoding checks what the initializers check: a bad curve or duration is a
  /// `DecodingError.dataCorrupted` whose description names the field. Every CurveSchedule type
  /// writes dates the same way (``PercentageChange``, ``WidgetSnapshot``).
  extension DepletionSchedule: Codable {
    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
      case curve, lastRefillDate, duration
    }

    /// Reads the JSON form, checking the duration as ``init(curve:lastRefillDate:durationInSeconds:)`` does.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let curve = try container.decode(Cubic.self, forKey: .curve)
      let refill = try UnixTime.decode(from: container, forKey: .lastRefillDate)
      let seconds = try container.decode(Double.self, forKey: .duration)
      do {
        try self.init(curve: curve, lastRefillDate: refill, durationInSeconds: seconds)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .duration, in: container, debugDescription: "duration: \(error.description)")
      }
    }

    /// Writes the JSON form.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(curve, forKey: .curve)
      try container.encode(lastRefillDate.timeIntervalSince1970, forKey: .lastRefillDate)
      try container.encode(duration, forKey: .duration)
    }
  }

  extension PercentageChange: Codable {
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

  extension ProgressSegment: Codable {
    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
      case from, to, startLevel, endLevel, errorBound
    }

    /// Reads `{"from": unixSeconds, "to": unixSeconds, "startLevel": x, "endLevel": y, "errorBound": e}`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      from = try UnixTime.decode(from: container, forKey: .from)
      to = try UnixTime.decode(from: container, forKey: .to)
      startLevel = try container.decode(Double.self, forKey: .startLevel)
      endLevel = try container.decode(Double.self, forKey: .endLevel)
      errorBound = try container.decode(Double.self, forKey: .errorBound)
    }

    /// Writes the JSON form, dates as Unix seconds.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(from.timeIntervalSince1970, forKey: .from)
      try container.encode(to.timeIntervalSince1970, forKey: .to)
      try container.encode(startLevel, forKey: .startLevel)
      try container.encode(endLevel, forKey: .endLevel)
      try container.encode(errorBound, forKey: .errorBound)
    }
  }

  extension WidgetSnapshot: Codable {
    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
      case schedule, takenAt
    }

    /// Reads `{"schedule": …, "takenAt": unixSeconds}`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      schedule = try container.decode(DepletionSchedule.self, forKey: .schedule)
      takenAt = try UnixTime.decode(from: container, forKey: .takenAt)
    }

    /// Writes `{"schedule": …, "takenAt": unixSeconds}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(schedule, forKey: .schedule)
      try container.encode(takenAt.timeIntervalSince1970, forKey: .takenAt)
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
          forKey: key, in: container,
          debugDescription: "\(key.stringValue): \(seconds) is not a finite number of seconds"
        )
      }
      return Date(timeIntervalSince1970: seconds)
    }
  }
#endif
