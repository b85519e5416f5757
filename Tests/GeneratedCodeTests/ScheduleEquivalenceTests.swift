import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// The generated `--with-schedule` helpers against CurveSchedule's `DepletionSchedule`: the same
/// names, the same results (bit for bit for levels and refill dates, identical dates for the
/// widget timelines), whatever the generated inverse, and for degrees 4 to 10 too.
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

  @Test("currentLevel and widgetPercentage equal DepletionSchedule's, bit for bit", arguments: [7.0, 1.5, 30.0])
  func levels(days: Double) throws {
    let schedule = try DepletionSchedule(curve: Self.cubic, lastRefillDate: Self.refill, durationInDays: days)
    let scurve = try Polynomial(coefficients: SCurve.coefficients)
    for date in Self.dates(days: days) {
      let generated = DepletionBisection.currentLevel(lastRefillDate: Self.refill, depletionDays: days, at: date)
      #expect(generated.bitPattern == schedule.currentLevel(at: date).bitPattern, "\(date)")
      let percentage = DepletionBisection.widgetPercentage(lastRefillDate: Self.refill, depletionDays: days, at: date)
      #expect(percentage == schedule.widgetPercentage(at: date), "\(date)")
      // Degree 5: the same date arithmetic, Polynomial's level.
      let level = scurve.level(forNormalizedElapsed: schedule.normalizedElapsed(at: date))
      #expect(
        SCurve.currentLevel(lastRefillDate: Self.refill, depletionDays: days, at: date).bitPattern == level.bitPattern)
      #expect(
        SCurve.widgetPercentage(lastRefillDate: Self.refill, depletionDays: days, at: date)
          == DepletionSchedule.widgetPercentage(forLevel: level))
    }
    #expect(DepletionBisection.defaultDepletionDays == 7)
    #expect(SCurve.defaultDepletionDays == 10, "the spec's durationDays")
    for level in [0.124_999, 0.125, 0.005, 0.004_9, 0.995, -1, 2, .nan, .infinity] {
      #expect(
        DepletionBisection.widgetPercentage(forLevel: level) == DepletionSchedule.widgetPercentage(forLevel: level))
    }
  }

  @Test(
    "progressSegments gives DepletionSchedule.progressSegments' ramps for the largest embedded limit",
    arguments: [(0.5, 0.5), (0.7, 0.5), (1, 1), (3, 1)])
  func progressSegments(asked: Double, embedded: Double) throws {
    #expect(SCurve.progressSegmentLimits == [0.5, 1])
    let polynomial = try Polynomial(coefficients: SCurve.coefficients)
    for days in [7.0, 0.25] {
      let library = try DepletionSchedule.progressSegments(
        lastRefillDate: Self.refill, duration: days * 86_400, polynomial: polynomial, maxError: embedded / 100)
      let generated = try #require(
        SCurve.progressSegments(lastRefillDate: Self.refill, depletionDays: days, maxErrorPercentagePoints: asked))
      #expect(generated.count == library.count && !library.isEmpty)
      for (ramp, reference) in zip(generated, library) {
        #expect(ramp.from == reference.from && ramp.to == reference.to)
        #expect(ramp.startLevel.bitPattern == reference.startLevel.bitPattern)
        #expect(ramp.endLevel.bitPattern == reference.endLevel.bitPattern)
      }
      #expect(generated.last?.to == Self.refill.addingTimeInterval(days * 86_400), "the last ramp ends at the end")
    }
    #expect(SCurve.progressSegments(lastRefillDate: Self.refill, maxErrorPercentagePoints: 0.2) == nil)
  }

  @Test("refillDate(depletionDays:forLevel:at:) equals DepletionSchedule.refillDate with the same inverse")
  func refillDates() throws {
    let now = Self.refill.addingTimeInterval(3.5 * 86_400)
    let schedule = try DepletionSchedule(curve: Self.cubic, lastRefillDate: Self.refill, durationInDays: 7)
    let steepEnd = try DepletionSchedule(
      curve: Cubic(a: -0.5, b: 0, c: -0.5, d: 1), lastRefillDate: Self.refill, durationInDays: 7)
    let table = try CubicInverseTable(steepEnd.curve)
    var fills = (0...1_000).map { Double($0) / 1_000 }
    fills += [-0.5, 1.5, .nan, 0.999_999, 0.000_001]
    for fill in fills {
      let generated = DepletionBisection.refillDate(forLevel: fill, at: now)
      let library = schedule.refillDate(forLevel: fill, at: now, method: .bisection)
      #expect(
        generated.timeIntervalSinceReferenceDate.bitPattern == library.timeIntervalSinceReferenceDate.bitPattern,
        "fill \(fill)")
      let tableDate = SteepEndSchedule.refillDate(forLevel: fill, at: now)
      let libraryTable = steepEnd.refillDate(forLevel: fill, at: now) { table.normalizedElapsed(forLevel: $0) }
      #expect(tableDate == libraryTable, "fill \(fill)")
    }
  }

  @Test(
    "percentageChanges, nextPercentageChange and date(whenLevelReaches:) give the library's dates",
    arguments: [7.0, 1.5, 30.0])
  func timelines(days: Double) throws {
    let schedule = try DepletionSchedule(curve: Self.cubic, lastRefillDate: Self.refill, durationInDays: days)
    let all = schedule.percentageChanges(from: Self.refill)
    let generated = DepletionBisection.percentageChanges(
      lastRefillDate: Self.refill, depletionDays: days, from: Self.refill)
    #expect(all.count == 100)
    #expect(generated.map { PercentageChange(date: $0.date, percentage: $0.percentage) } == all)
    var random = SeededRandomNumberGenerator(seed: 0x71AE)
    for _ in 0..<100 {
      let date = Self.refill.addingTimeInterval((random.nextUnitDouble() * 1.2 - 0.1) * days * 86_400)
      let next = DepletionBisection.nextPercentageChange(lastRefillDate: Self.refill, depletionDays: days, after: date)
      #expect(
        next.map { PercentageChange(date: $0.date, percentage: $0.percentage) }
          == schedule.nextPercentageChange(after: date))
      let end = date.addingTimeInterval(random.nextUnitDouble() * 86_400)
      let window = DepletionBisection.percentageChanges(
        lastRefillDate: Self.refill, depletionDays: days, from: date, through: end)
      #expect(
        window.map { PercentageChange(date: $0.date, percentage: $0.percentage) }
          == schedule.percentageChanges(from: date, through: end))
      let level = random.nextUnitDouble()
      #expect(
        DepletionBisection.date(lastRefillDate: Self.refill, depletionDays: days, whenLevelReaches: level)
          == schedule.date(whenLevelReaches: level), "level \(level)")
    }
    // The table inverse guesses differently; the dates are the same.
    let steepEnd = try DepletionSchedule(
      curve: Cubic(a: -0.5, b: 0, c: -0.5, d: 1), lastRefillDate: Self.refill, durationInDays: days)
    let tableChanges = SteepEndSchedule.percentageChanges(
      lastRefillDate: Self.refill, depletionDays: days, from: Self.refill)
    #expect(
      tableChanges.map { PercentageChange(date: $0.date, percentage: $0.percentage) }
        == steepEnd.percentageChanges(from: Self.refill))
  }

  @Test("degree 5 and 10: 100 exact changes, equal to the library's search on the same polynomial")
  func polynomialTimelines() throws {
    let cases: [(String, [Double], (Date, Double, Date) -> [(date: Date, percentage: Int)])] = [
      ("SCurve", SCurve.coefficients, { SCurve.percentageChanges(lastRefillDate: $0, depletionDays: $1, from: $2) }),
      (
        "BernsteinDecicNewton", BernsteinDecicNewton.coefficients,
        { BernsteinDecicNewton.percentageChanges(lastRefillDate: $0, depletionDays: $1, from: $2) }
      ),
    ]
    for (name, coefficients, timeline) in cases {
      let polynomial = try Polynomial(coefficients: coefficients)
      for days in [7.0, 0.5, 90] {
        let duration = days * 86_400
        let changes = timeline(Self.refill, days, Self.refill)
        let library = DepletionSchedule.percentageChanges(
          lastRefillDate: Self.refill, duration: duration, from: Self.refill,
          level: polynomial.level(forNormalizedElapsed:), inverse: { polynomial.normalizedElapsed(forLevel: $0) })
        #expect(
          changes.map { PercentageChange(date: $0.date, percentage: $0.percentage) } == library, "\(name) \(days) d")
        #expect(changes.map(\.percentage) == Array((0...99).reversed()), "\(name) \(days) d")
        func shown(_ date: Date) -> Int {
          let t = min(1, max(0, date.timeIntervalSince(Self.refill)) / duration)
          return DepletionSchedule.widgetPercentage(forLevel: polynomial.level(forNormalizedElapsed: t))
        }
        for change in changes {
          #expect(shown(change.date) == change.percentage, "\(name) \(change)")
          #expect(shown(change.date.addingTimeInterval(-0.001)) == change.percentage + 1, "\(name) \(change)")
        }
      }
    }
  }

  @Test("an app picks a generated curve at run time through the protocol declared once")
  func chosenAtRunTime() throws {
    let curves: [String: any AnyScheduledCurve.Type] = [
      "article": DepletionBisection.self, "s-curve": SCurve.self, "decic": BernsteinDecicNewton.self,
    ]
    let now = Self.refill.addingTimeInterval(2 * 86_400)
    for name in ["article", "s-curve", "decic"] {
      let curve = try #require(curves[name])
      let days = curve.defaultDepletionDays
      let changes = curve.percentageChanges(lastRefillDate: Self.refill, depletionDays: days, from: now, through: nil)
      let first = curve.nextPercentageChange(lastRefillDate: Self.refill, depletionDays: days, after: now)
      #expect(changes.first?.date == first?.date && changes.first?.percentage == first?.percentage, "\(name)")
      let level = curve.currentLevel(lastRefillDate: Self.refill, depletionDays: days, at: now)
      #expect(
        curve.widgetPercentage(lastRefillDate: Self.refill, depletionDays: days, at: now)
          == curve.widgetPercentage(forLevel: level))
      // DepletionBisection inverts with the article's bisection (≈ 1.2e-10 in t, |f′| ≤ 1.3 there).
      let t = curve.normalizedElapsed(forLevel: level)
      #expect(abs(curve.level(forNormalizedElapsed: t) - level) <= (name == "article" ? 2e-10 : 1e-15), "\(name)")
    }
    let withoutSchedule: [any AnyDepletionCurve.Type] = [SCurveBisection.self]
    #expect(withoutSchedule[0].coefficients == SCurve.coefficients)
  }
}
