// The slice of Foundation that CurveKit's sources use, for the WebAssembly build only: Embedded
// Swift has no Foundation, and CurveSchedule's and the CLI's date arithmetic is defined by
// Foundation's `Date`. scripts/build-web.sh compiles this file as a module named Foundation, so
// the same `import Foundation` sources compile unchanged; the native build never sees it.
//
// The arithmetic is Foundation's own, operation for operation, so the bits are the same: a
// `Date` is one double, seconds since 2001-01-01T00:00:00Z (the reference date), and the Unix
// epoch is the reference date minus 978 307 200 s exactly. Each conversion is one rounded
// addition or subtraction, as in Foundation.
import WASILibc

/// Seconds, as Foundation counts them.
public typealias TimeInterval = Double

/// A moment in time: seconds since the reference date, 2001-01-01T00:00:00Z.
public struct Date: Sendable, Hashable, Comparable {
  /// Seconds from 1970-01-01T00:00:00Z to the reference date.
  public static let timeIntervalBetween1970AndReferenceDate: TimeInterval = 978_307_200.0

  /// Seconds since the reference date.
  public let timeIntervalSinceReferenceDate: TimeInterval

  /// The moment `interval` seconds after the reference date.
  public init(timeIntervalSinceReferenceDate interval: TimeInterval) {
    timeIntervalSinceReferenceDate = interval
  }

  /// The moment `interval` seconds after 1970-01-01T00:00:00Z (one rounded subtraction).
  public init(timeIntervalSince1970 interval: TimeInterval) {
    self.init(timeIntervalSinceReferenceDate: interval - Date.timeIntervalBetween1970AndReferenceDate)
  }

  /// Now, from the host's real-time clock.
  public init() {
    var now = timespec()
    _ = clock_gettime(curvekit_CLOCK_REALTIME, &now)
    let seconds = Double(now.tv_sec) - Date.timeIntervalBetween1970AndReferenceDate
    self.init(timeIntervalSinceReferenceDate: seconds + Double(now.tv_nsec) * 1e-9)
  }

  /// Seconds since 1970-01-01T00:00:00Z (one rounded addition).
  public var timeIntervalSince1970: TimeInterval {
    timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate
  }

  /// The seconds from `other` to this moment.
  public func timeIntervalSince(_ other: Date) -> TimeInterval {
    timeIntervalSinceReferenceDate - other.timeIntervalSinceReferenceDate
  }

  /// The moment `interval` seconds later.
  public func addingTimeInterval(_ interval: TimeInterval) -> Date {
    Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate + interval)
  }

  /// The moment `interval` seconds later.
  public static func + (date: Date, interval: TimeInterval) -> Date { date.addingTimeInterval(interval) }

  /// The moment `interval` seconds earlier.
  public static func - (date: Date, interval: TimeInterval) -> Date { date.addingTimeInterval(-interval) }

  public static func < (left: Date, right: Date) -> Bool {
    left.timeIntervalSinceReferenceDate < right.timeIntervalSinceReferenceDate
  }
}
