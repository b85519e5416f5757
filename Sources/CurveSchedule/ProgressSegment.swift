import Foundation

/// One linear ramp of a widget's progress: from ``startLevel`` at ``from`` to ``endLevel`` at
/// ``to``, what one WidgetKit timeline entry with
/// `ProgressView(timerInterval: from...to, countsDown: true)` animates (scaled to the two
/// levels), or one CSS/JS transition on a web page.
///
/// Made by ``DepletionSchedule/progressSegments(maxError:maximumCount:)``: consecutive segments
/// share their dates (each ``to`` is the next ``from``), and on [from, to] the ramp stays within
/// ``errorBound`` of the curve's level (certified).
///
/// JSON form (dates as Unix seconds, like ``PercentageChange``):
///
/// ```json
/// {"from": 1767600000, "to": 1767686400, "startLevel": 1.0004, "endLevel": 0.8796, "errorBound": 0.0099}
/// ```
public struct ProgressSegment: Sendable, Hashable, Codable {
  /// When the ramp starts.
  public var from: Date
  /// When the ramp ends (the next segment's ``from``).
  public var to: Date
  /// The ramp's level at ``from``, a fraction (1 = full).
  public var startLevel: Double
  /// The ramp's level at ``to``.
  public var endLevel: Double
  /// A certified bound on |ramp − level| over the segment, in level units (0.01 = one
  /// percentage point), against the exact polynomial of normalized time.
  public var errorBound: Double

  /// Creates a segment.
  public init(from: Date, to: Date, startLevel: Double, endLevel: Double, errorBound: Double) {
    self.from = from
    self.to = to
    self.startLevel = startLevel
    self.endLevel = endLevel
    self.errorBound = errorBound
  }

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
