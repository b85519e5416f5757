import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// A 70-step bisection inverse for a decreasing cubic, for these tests only (the library's
/// inverse methods are tested elsewhere): |t − f⁻¹(level)| ≤ 2⁻⁷⁰ up to f's rounding.
private func bisectionInverse(_ cubic: Cubic) -> (Double) -> Double {
  { level in
    var (lower, upper) = (0.0, 1.0)
    for _ in 0..<70 {
      let middle = (lower + upper) / 2
      if cubic.level(forNormalizedElapsed: middle) > level { lower = middle } else { upper = middle }
    }
    return (lower + upper) / 2
  }
}

@Suite("Depletion schedule")
struct DepletionScheduleTests {
  let refill = Date(timeIntervalSinceReferenceDate: 800_000_000)

  @Test("durations must be finite and positive; days are 86 400 s")
  func durations() throws {
    #expect(throws: ScheduleError.invalidDuration(seconds: 0)) {
      try DepletionSchedule(curve: ArticleCurve.current.cubic, lastRefillDate: refill, durationInDays: 0)
    }
    #expect(throws: ScheduleError.invalidDuration(seconds: -.infinity)) {
      try DepletionSchedule(curve: ArticleCurve.current.cubic, lastRefillDate: refill, durationInSeconds: -.infinity)
    }
    let schedule = try DepletionSchedule(curve: ArticleCurve.current.cubic, lastRefillDate: refill, durationInDays: 7)
    #expect(schedule.duration == 604_800)
    #expect(schedule.durationInDays == 7)
    #expect(schedule.emptyDate == refill.addingTimeInterval(604_800))
  }

  @Test(
    "currentLevel(at:) is the article's currentLevel(at:) bit for bit, clamped before the refill and after the end",
    arguments: ArticleCurve.allCases)
  func levelMatchesArticle(curve: ArticleCurve) throws {
    let days = 7.0
    let schedule = try DepletionSchedule(curve: curve.cubic, lastRefillDate: refill, durationInDays: days)
    var random = SeededRandomNumberGenerator(seed: 41)
    for _ in 0..<2_000 {
      let date = refill.addingTimeInterval((random.nextUnitDouble() * 1.4 - 0.2) * days * 86_400)
      // The article's code, written out independently.
      let elapsed = max(0.0, date.timeIntervalSince(refill))
      let normalized = min(1.0, elapsed / (days * 86_400))
      let (a, b, c, d) = (curve.cubic.a, curve.cubic.b, curve.cubic.c, curve.cubic.d)
      let clamped = max(0.0, min(1.0, normalized))
      let expected = ((a * clamped + b) * clamped + c) * clamped + d
      #expect(schedule.currentLevel(at: date).bitPattern == expected.bitPattern)
      #expect(schedule.currentLevel(at: date, scheme: .horner).bitPattern == expected.bitPattern)
    }
    #expect(schedule.currentLevel(at: refill.addingTimeInterval(-1e9)) == curve.cubic.d)
    #expect(schedule.currentLevel(at: .distantFuture) == curve.cubic.level(forNormalizedElapsed: 1))
    #expect(schedule.widgetPercentage(at: refill) == 100)
    #expect(schedule.widgetPercentage(at: .distantFuture) == 0)
  }

  @Test("widget percentage rounds half away from zero and clamps to 0…100")
  func widgetPercentage() {
    let cases: [(Double, Int)] = [
      (0.125, 13), (0.124_999, 12), (0.005, 1), (0.004_9, 0), (0.995, 100), (1.2, 100),
      (-0.3, 0), (.nan, 0), (.infinity, 100), (-.infinity, 0), (0.5, 50),
    ]
    for (level, percent) in cases {
      #expect(DepletionSchedule.widgetPercentage(forLevel: level) == percent, "level \(level)")
    }
  }

  @Test(
    "setCurrentFill moves the refill date so the level now is the fill, within 1e-12", arguments: ArticleCurve.allCases)
  func setCurrentFill(curve: ArticleCurve) throws {
    var schedule = try DepletionSchedule(curve: curve.cubic, lastRefillDate: refill, durationInDays: 7)
    let now = refill.addingTimeInterval(3 * 86_400)
    let inverse = bisectionInverse(curve.cubic)
    for fill in stride(from: 0.0, through: 1.0, by: 0.05) {
      schedule.setCurrentFill(fill, at: now, inverse: inverse)
      // The date is stored as seconds since 2001 (≈ 8e8 s, ulp 1.2e-7 s); over 604 800 s that is
      // 2e-13 in normalized time, times |f′| ≤ 1.5 on these curves: 1e-12 covers it.
      #expect(abs(schedule.currentLevel(at: now) - fill) <= 1e-12, "fill \(fill)")
      #expect(schedule.lastRefillDate <= now)
    }
    schedule.setCurrentFill(7, at: now, inverse: inverse)
    #expect(schedule.lastRefillDate == now, "fills above 1 clamp to full: refilled now")
    schedule.setCurrentFill(-1, at: now, inverse: inverse)
    // Empty: a whole duration ago, up to the inverse's accuracy at level 0. At steepStart's flat
    // end f ≈ 1.5(1 − t)², so any inverse of a double-evaluated f is off by up to √(u/1.5) ≈ 1e-8
    // in t, i.e. 6e-3 s over 7 days; elsewhere the bisection is exact to ~1e-16 (6e-11 s).
    let allowance = curve == .steepStart ? 604_800 * 2e-8 : 1e-6
    #expect(abs(schedule.lastRefillDate.timeIntervalSince(now) + 604_800) <= allowance, "empty: a whole duration ago")
    #expect(
      schedule.refillDate(forLevel: 0.5, at: now) { _ in .nan } == now.addingTimeInterval(-604_800),
      "a NaN inverse clamps to 1")
  }

  @Test(
    "setCurrentFill(method:) uses CurveCore's inverse: .auto (full precision) by default, .bisection the article's",
    arguments: ArticleCurve.allCases)
  func setCurrentFillWithMethod(curve: ArticleCurve) throws {
    var schedule = try DepletionSchedule(curve: curve.cubic, lastRefillDate: refill, durationInDays: 7)
    let now = refill.addingTimeInterval(2 * 86_400)
    for fill in stride(from: 0.0, through: 1.0, by: 0.125) {
      schedule.setCurrentFill(fill, at: now)
      let auto = curve.cubic.normalizedElapsed(forLevel: fill, method: .auto)
      #expect(schedule.lastRefillDate == now.addingTimeInterval(-auto * 604_800), "the default is .auto")
      // Date resolution (1.2e-7 s of 8e8 s) over 604 800 s is 2e-13 in t, times |f′| ≤ 1.5.
      #expect(abs(schedule.currentLevel(at: now) - fill) <= 1e-12, "fill \(fill)")
      schedule.setCurrentFill(fill, at: now, method: .bisection)
      let bisection = curve.cubic.normalizedElapsed(forLevel: fill, method: .bisection)
      #expect(
        schedule.lastRefillDate == now.addingTimeInterval(-bisection * 604_800), ".bisection is the article's, by name")
    }
  }
}
