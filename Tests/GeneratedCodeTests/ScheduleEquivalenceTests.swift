import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// The generated `--with-schedule` helpers against CurveSchedule's `DepletionSchedule`, bit
/// for bit: level at a date, widget percentage, and the setCurrentFill refill date.
@Suite("Generated code: schedule helpers match DepletionSchedule")
struct ScheduleEquivalenceTests {
  static let cubic = Cubic(
    a: DepletionBisection.a, b: DepletionBisection.b, c: DepletionBisection.c, d: DepletionBisection.d)
  static let refill = Date(timeIntervalSinceReferenceDate: 789_292_800)

  /// Dates from a day before the refill to two days after the end, 5 000 seeded random ones
  /// and the exact boundaries.
  static func dates(days: Double) -> [Date] {
    var random = SeededRandomNumberGenerator(seed: 0xDA7E)
    var offsets = (0..<5_000).map { _ in (random.nextUnitDouble() * (days + 3) - 1) * 86_400 }
    offsets += [-1, 0, 1e-9, days * 86_400, days * 86_400 + 1, 0.5 * days * 86_400]
    return offsets.map { refill.addingTimeInterval($0) }
  }

  @Test("currentLevel and widgetPercentage equal DepletionSchedule's", arguments: [7.0, 1.5, 30.0])
  func levels(days: Double) throws {
    let schedule = try DepletionSchedule(curve: Self.cubic, lastRefillDate: Self.refill, durationInDays: days)
    for date in Self.dates(days: days) {
      let generated = DepletionBisection.currentLevel(at: date, lastRefillDate: Self.refill, depletionDays: days)
      #expect(generated.bitPattern == schedule.level(at: date).bitPattern, "\(date)")
      let percentage = DepletionBisection.widgetPercentage(at: date, lastRefillDate: Self.refill, depletionDays: days)
      #expect(percentage == schedule.widgetPercentage(at: date), "\(date)")
    }
    #expect(DepletionBisection.defaultDepletionDays == 7)
  }

  @Test("refillDate(forFill:at:) equals DepletionSchedule.refillDate with the library's inverse")
  func refillDates() throws {
    let now = Self.refill.addingTimeInterval(3.5 * 86_400)
    let schedule = try DepletionSchedule(curve: Self.cubic, lastRefillDate: Self.refill, durationInDays: 7)
    var fills = (0...1_000).map { Double($0) / 1_000 }
    fills += [-0.5, 1.5, .nan, 0.999_999, 0.000_001]
    for fill in fills {
      let generated = DepletionBisection.refillDate(forFill: fill, at: now)
      let library = schedule.refillDate(forLevel: fill, at: now) {
        Self.cubic.normalizedElapsed(forLevel: $0, method: .bisection)
      }
      #expect(
        generated.timeIntervalSinceReferenceDate.bitPattern == library.timeIntervalSinceReferenceDate.bitPattern,
        "fill \(fill)")
    }
  }
}
