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
