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
public struct ProgressSegment: Sendable, Hashable {
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
}
