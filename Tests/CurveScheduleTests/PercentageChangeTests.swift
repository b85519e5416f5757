import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// The exact real time (seconds since 2001) at which level·100 crosses `percent` on the exact
/// cubic with these double coefficients: Float80 bisection to 2⁻⁶⁴ in t, so far finer than a
/// millisecond over any period tested here. The curve must be monotone on [0, 1].
private func trueStep(_ cubic: Cubic, percent: Float80, refill: Date, duration: Double) -> Float80 {
  let (a, b, c, d) = (Float80(cubic.a), Float80(cubic.b), Float80(cubic.c), Float80(cubic.d))
  func f(_ t: Float80) -> Float80 { ((a * t + b) * t + c) * t + d }
  let target = percent / 100
  let falling = f(1) < f(0)
  var (lower, upper): (Float80, Float80) = (0, 1)
  for _ in 0..<70 {
    let middle = (lower + upper) / 2
    if (f(middle) > target) == falling { lower = middle } else { upper = middle }
  }
  return Float80(refill.timeIntervalSinceReferenceDate) + (lower + upper) / 2 * Float80(duration)
}

@Suite("Exact widget timelines: DepletionSchedule.percentageChanges")
struct PercentageChangeTests {
  /// Refill dates: 2026-01-05 08:00 UTC, one long before 2001, one far in the future, and
  /// seeded random ones with fractional seconds.
  static let refills: [Date] = {
    var dates = [
      Date(timeIntervalSince1970: 1_767_600_000), Date(timeIntervalSinceReferenceDate: -3e8),
      Date(timeIntervalSinceReferenceDate: 4e9),
    ]
    var random = SeededRandomNumberGenerator(seed: 0x7113)
    for _ in 0..<3 { dates.append(Date(timeIntervalSinceReferenceDate: 7e8 + random.nextUnitDouble() * 3e8)) }
    return dates
  }()

  static let durations: [Double] = [7, 1.5, 30, 365, 0.01]

  @Test(
    "a full depletion has 100 changes, each exact at the date and 1 ms before, within 1 ms of the true step",
    arguments: ArticleCurve.allCases)
  func fullDepletion(curve: ArticleCurve) throws {
    var worst = 0.0
    for refill in Self.refills {
      for days in Self.durations {
        let schedule = try DepletionSchedule(curve: curve.cubic, lastRefillDate: refill, durationInDays: days)
        let changes = schedule.percentageChanges(from: refill)
        #expect(changes.count == 100, "\(curve) \(days) d from \(refill)")
        #expect(changes.map(\.percentage) == Array((0...99).reversed()), "\(curve) \(days) d")
        var previous = schedule.widgetPercentage(at: refill)
        var previousDate = refill
        for change in changes {
          let before = change.date.addingTimeInterval(-0.001)
          let justBefore = Date(timeIntervalSinceReferenceDate: change.date.timeIntervalSinceReferenceDate.nextDown)
          #expect(schedule.widgetPercentage(at: change.date) == change.percentage)
          #expect(schedule.widgetPercentage(at: justBefore) == previous, "one ulp before \(change)")
          if before > previousDate {
            #expect(schedule.widgetPercentage(at: before) == previous, "1 ms before \(change)")
          }
          #expect(change.date > previousDate)
          let exact = trueStep(
            curve.cubic, percent: Float80(change.percentage) + 0.5, refill: refill, duration: schedule.duration)
          let error = Double(abs(Float80(change.date.timeIntervalSinceReferenceDate) - exact))
          worst = max(worst, error)
          #expect(error <= 1e-3, "\(change) is \(error) s from the true step")
          previous = change.percentage
          previousDate = change.date
        }
        #expect(changes.last.map { $0.date <= schedule.emptyDate } == true)
        #expect(schedule.nextPercentageChange(after: changes[99].date) == nil)
      }
    }
    print("percentage change max distance from the true step | \(curve.rawValue) | \(worst) s")
  }

  @Test("nextPercentageChange(after:) is the first change after any date; from/through bound the list")
  func nextAndWindow() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    let schedule = try DepletionSchedule(curve: ArticleCurve.current.cubic, lastRefillDate: refill, durationInDays: 7)
    let all = schedule.percentageChanges(from: refill.addingTimeInterval(-86_400))
    #expect(all.count == 100, "changes never fall before the refill")
    var random = SeededRandomNumberGenerator(seed: 0x4E77)
    for _ in 0..<200 {
      let date = refill.addingTimeInterval((random.nextUnitDouble() * 1.2 - 0.1) * schedule.duration)
      let expected = all.first { $0.date > date }
      #expect(schedule.nextPercentageChange(after: date) == expected, "after \(date)")
      let end = date.addingTimeInterval(random.nextUnitDouble() * 2 * 86_400)
      #expect(schedule.percentageChanges(from: date, through: end) == all.filter { $0.date > date && $0.date <= end })
    }
    for change in all {
      #expect(schedule.nextPercentageChange(after: change.date.addingTimeInterval(-1e-6)) == change)
    }
    #expect(schedule.nextPercentageChange(after: schedule.emptyDate) == nil)
    #expect(schedule.nextPercentageChange(after: .distantFuture) == nil)
    #expect(schedule.percentageChanges(from: refill, through: refill).isEmpty)
  }

  @Test("the dates depend only on the displayed value, never on the inverse that guesses them")
  func independentOfInverse() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    for curve in ArticleCurve.allCases {
      let cubic = curve.cubic
      let schedule = try DepletionSchedule(curve: cubic, lastRefillDate: refill, durationInDays: 7)
      let expected = schedule.percentageChanges(from: refill)
      let inverses: [(String, (Double) -> Double)] = [
        ("bisection", { cubic.normalizedElapsed(forLevel: $0, method: .bisection) }),
        ("cardano", { cubic.normalizedElapsed(forLevel: $0, method: .cardano) }),
        ("constant 0.5", { _ in 0.5 }), ("NaN", { _ in .nan }), ("always 1", { _ in 1 }),
      ]
      for (name, inverse) in inverses {
        let changes = DepletionSchedule.percentageChanges(
          lastRefillDate: refill, duration: schedule.duration, from: refill,
          level: cubic.level(forNormalizedElapsed:), inverse: inverse)
        #expect(changes == expected, "\(curve) with the \(name) guess")
      }
    }
  }

  @Test("a rising curve rises through every percentage; a constant one never changes")
  func risingAndConstant() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    let rising = try DepletionSchedule(
      curve: Cubic(a: -0.5, b: 0, c: 1.5, d: 0), lastRefillDate: refill, durationInDays: 3)
    let changes = rising.percentageChanges(from: refill)
    #expect(changes.map(\.percentage) == Array(1...100))
    for change in changes {
      #expect(rising.widgetPercentage(at: change.date) == change.percentage)
      #expect(rising.widgetPercentage(at: change.date.addingTimeInterval(-0.001)) == change.percentage - 1)
    }
    let constant = try DepletionSchedule(
      curve: Cubic(a: 0, b: 0, c: 0, d: 0.5), lastRefillDate: refill, durationInDays: 3)
    #expect(constant.percentageChanges(from: refill).isEmpty)
    #expect(constant.nextPercentageChange(after: refill) == nil)
  }

  @Test("date(whenLevelReaches:) is the first date at which the level has fallen to the target")
  func dateWhenLevelReaches() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    for curve in ArticleCurve.allCases {
      let schedule = try DepletionSchedule(curve: curve.cubic, lastRefillDate: refill, durationInDays: 7)
      for level in stride(from: 0.001, through: 0.999, by: 0.007) {
        let date = try #require(schedule.date(whenLevelReaches: level), "\(curve) \(level)")
        let before = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextDown)
        #expect(schedule.currentLevel(at: date) <= level)
        #expect(schedule.currentLevel(at: before) > level, "\(curve) \(level)")
        // Within a microsecond of the date the full-precision inverse gives.
        let t = curve.cubic.normalizedElapsed(forLevel: level)
        #expect(abs(date.timeIntervalSince(refill) - t * schedule.duration) <= 1e-6, "\(curve) \(level)")
      }
      #expect(schedule.date(whenLevelReaches: 1) == refill)
      #expect(schedule.date(whenLevelReaches: 2) == refill)
      #expect(schedule.date(whenLevelReaches: .nan) == nil)
      #expect(schedule.date(whenLevelReaches: -0.1) == nil, "below f(1): never")
    }
  }

  @Test("the widget snapshot's entries start now and then follow the changes")
  func snapshotEntries() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    let schedule = try DepletionSchedule(curve: ArticleCurve.steepEnd.cubic, lastRefillDate: refill, durationInDays: 7)
    let now = refill.addingTimeInterval(3.5 * 86_400)
    let snapshot = schedule.widgetSnapshot(at: now)
    let entries = snapshot.timelineEntries(from: now)
    #expect(entries.first == PercentageChange(date: now, percentage: schedule.widgetPercentage(at: now)))
    #expect(Array(entries.dropFirst()) == schedule.percentageChanges(from: now))
    #expect(entries.last?.percentage == 0)
  }
}
