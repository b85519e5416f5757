import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// `DepletionSchedule.progressSegments` (dates) and `refreshStaleness` (fixed-interval refreshes).
@Suite("Progress segments as dates, and refresh staleness")
struct ScheduleRampTests {
  static let refill = Date(timeIntervalSince1970: 1_767_600_000)
  static let week: TimeInterval = 7 * 86_400
  /// Refresh intervals (30 min, 15 min, 7 h, 10 days) and their refresh counts over a week.
  static let intervals: [TimeInterval] = [1800, 900, 7 * 3600, 10 * 86_400]
  static let refreshCounts: [Int] = [337, 673, 25, 2]

  @Test("segments run from the refill to the empty date, contiguous, at refill + t·duration")
  func dates() throws {
    let schedule = try DepletionSchedule(
      curve: ArticleCurve.current.cubic, lastRefillDate: Self.refill, durationInSeconds: Self.week)
    let segments = try schedule.progressSegments(maxError: 0.005)
    let normalized = try ArticleCurve.current.cubic.polynomial.linearSegments(maxError: 0.005)
    #expect(segments.count == normalized.count && segments.count >= 2)
    #expect(segments.first?.from == Self.refill)
    #expect(segments.last?.to == schedule.emptyDate)
    for (segment, piece) in zip(segments, normalized) {
      #expect(segment.from == Self.refill.addingTimeInterval(piece.start * Self.week))
      #expect(segment.to == Self.refill.addingTimeInterval(piece.end * Self.week))
      #expect(segment.startLevel == piece.startLevel && segment.endLevel == piece.endLevel)
      #expect(segment.errorBound == piece.errorBound && segment.errorBound <= 0.005)
    }
    for (previous, next) in zip(segments, segments.dropFirst()) { #expect(previous.to == next.from) }
    let json = try JSONEncoder().encode(segments)
    let decoded = try JSONDecoder().decode([ProgressSegment].self, from: json)
    // Dates travel as Unix seconds: back within one ulp of those (2.4e-7 s today); levels exactly.
    #expect(decoded.count == segments.count)
    for (back, segment) in zip(decoded, segments) {
      #expect(
        abs(back.from.timeIntervalSince(segment.from)) < 1e-6 && abs(back.to.timeIntervalSince(segment.to)) < 1e-6)
      #expect(back.startLevel == segment.startLevel && back.endLevel == segment.endLevel)
      #expect(back.errorBound == segment.errorBound)
    }
  }

  @Test("the static variant takes any polynomial up to degree 10 and checks its inputs")
  func staticVariant() throws {
    let polynomial = try Polynomial(coefficients: [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    let segments = try DepletionSchedule.progressSegments(
      lastRefillDate: Self.refill, duration: Self.week, polynomial: polynomial, maxError: 0.01)
    #expect(segments.last?.to == Self.refill.addingTimeInterval(Self.week))
    #expect(segments.allSatisfy { $0.errorBound <= 0.01 })
    #expect(throws: ScheduleError.invalidDuration(seconds: 0)) {
      try DepletionSchedule.progressSegments(
        lastRefillDate: Self.refill, duration: 0, polynomial: polynomial, maxError: 0.01)
    }
    #expect(throws: ScheduleError.invalidMaxError(-1)) {
      try DepletionSchedule.progressSegments(
        lastRefillDate: Self.refill, duration: Self.week, polynomial: polynomial, maxError: -1)
    }
    #expect(throws: ScheduleError.tooManySegments(limit: 2, maxError: 0.001)) {
      try DepletionSchedule.progressSegments(
        lastRefillDate: Self.refill, duration: Self.week, polynomial: polynomial, maxError: 0.001, maximumCount: 2)
    }
  }

  /// The largest |shown − 100·level| found by sampling every refresh interval at 40 points, in
  /// Float80, with the shown percentage computed as the widget does.
  static func sampledStaleness(_ polynomial: Polynomial, interval: TimeInterval) -> Float80 {
    var worst: Float80 = 0
    var k = 0
    while Double(k) * interval < Self.week + interval {
      let t0 = min(1, Double(k) * interval / Self.week)
      let shown = Float80(DepletionSchedule.widgetPercentage(forLevel: polynomial.level(forNormalizedElapsed: t0)))
      for step in 0...40 {
        let t = min(1, (Double(k) + Double(step) / 40) * interval / Self.week)
        let level = polynomial.coefficients.reduce(Float80(0)) { $0 * Float80(t) + Float80($1) }
        worst = max(worst, abs(shown - 100 * level))
      }
      k += 1
    }
    return worst
  }

  @Test(
    "refresh staleness: the certified bound is reached by sampling, and the count is ⌈D/I⌉ + 1",
    arguments: zip(ScheduleRampTests.intervals, ScheduleRampTests.refreshCounts))
  func staleness(interval: TimeInterval, refreshes: Int) throws {
    let line = try Polynomial(coefficients: [-1, 1])
    for polynomial in [ArticleCurve.current.cubic.polynomial, line] {
      let result = try DepletionSchedule.refreshStaleness(
        lastRefillDate: Self.refill, duration: Self.week, polynomial: polynomial, interval: interval)
      #expect(result.refreshCount == refreshes)
      let sampled = Self.sampledStaleness(polynomial, interval: interval)
      #expect(Float80(result.maxStaleness) >= sampled, "the bound is below a sampled staleness")
      #expect(Float80(result.maxStaleness) <= sampled + 1e-9, "the bound is not reached: \(result) vs \(sampled)")
    }
    // The straight line in closed form: half a point of rounding plus one interval's drift.
    let straight = try DepletionSchedule.refreshStaleness(
      lastRefillDate: Self.refill, duration: Self.week, polynomial: line, interval: 1800)
    #expect(abs(straight.maxStaleness - (0.5 + 100.0 / 336)) < 1e-9)
  }

  @Test("refresh staleness refuses a bad interval and a curve that is not monotone")
  func stalenessErrors() throws {
    let cubic = ArticleCurve.current.cubic.polynomial
    for interval in [0, -5, .nan, .infinity, 0.1] {
      #expect(throws: ScheduleError.self) {
        try DepletionSchedule.refreshStaleness(
          lastRefillDate: Self.refill, duration: Self.week, polynomial: cubic, interval: interval)
      }
    }
    #expect(throws: ScheduleError.notMonotone) {
      try DepletionSchedule.refreshStaleness(
        lastRefillDate: Self.refill, duration: Self.week, polynomial: try Polynomial(coefficients: [0, -2, 1, 1]),
        interval: 1800)
    }
  }
}
