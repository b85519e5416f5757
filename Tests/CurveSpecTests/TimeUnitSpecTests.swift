import CurveCore
import CurveSpec
import Testing

/// Specs in seconds, minutes, hours, days and weeks: `duration`, the older `durationDays`,
/// labels in each unit, and the conversions that keep t = time / duration one division.
@Suite("Time units: duration, labels and conversions")
struct TimeUnitSpecTests {
  static let realUnits: [TimeUnit] = [.seconds, .minutes, .hours, .days, .weeks]

  /// A spec in `unit` over `duration` units, with points, a constraint, a milestone and a slope.
  static func text(_ unit: TimeUnit, duration: Double = 10) -> String {
    let key = unit == .days ? "durationDays" : "duration"
    return """
      {"name": "Water day", "timeUnit": "\(unit.rawValue)", "levelUnit": "percent",
       "points": [[1, 93], [2.5, 80], [5, 50], [7.5, 22]], "degree": 3, "\(key)": \(duration),
       "constraints": [{"t": 10, "slope": -4}], "milestones": [{"until": 3, "atLeast": 70}], "minSlope": 2}
      """
  }

  @Test("every unit decodes, normalizes by one division by the duration, and round-trips", arguments: realUnits)
  func roundTrip(_ unit: TimeUnit) throws {
    let spec = try CurveSpec.parse(Self.text(unit), sourceName: "water.curve.json")
    #expect(spec.timeUnit == unit)
    #expect(spec.duration == 10)
    #expect(spec.units.timeUnit == unit && spec.units.duration == 10)
    #expect(spec.normalizedPoints.map(\.t) == [0.1, 0.25, 0.5, 0.75])
    #expect(spec.normalizedPoints.map(\.y) == [0.93, 0.8, 0.5, 0.22])
    #expect(spec.normalizedMilestones == [.atLeast(level: 0.7, until: 0.3)])
    #expect(spec.normalizedMinSlope == 0.2)
    #expect(spec.durationSeconds == 10 * (unit.secondsPerUnit ?? .nan))
    let written = spec.jsonText
    #expect(written.contains(unit == .days ? "\"durationDays\": 10" : "\"duration\": 10"))
    #expect(!written.contains(unit == .days ? "\"duration\":" : "\"durationDays\""))
    let back = try CurveSpec.parse(written, sourceName: "water.curve.json")
    #expect(back.jsonText == written)
    #expect(back.timeUnit == unit && back.duration == 10 && back.points == spec.points)
  }

  @Test("seconds per unit are s = 1, min = 60, h = 3600, d = 86400, w = 604800")
  func secondsPerUnit() {
    #expect(TimeUnit.allCases.map(\.secondsPerUnit) == [nil, 1, 60, 3_600, 86_400, 604_800])
    #expect(CurveUnits(timeUnit: .hours, duration: 10).durationSeconds == 36_000)
    #expect(CurveUnits(timeUnit: .weeks, duration: 2).durationSeconds == 1_209_600)
    #expect(CurveUnits(timeUnit: .hours, duration: nil) == .normalized)
  }

  @Test("labels speak the unit: hour 6, minute 30, week 2, second 12, day 3.5")
  func labels() {
    #expect(CurveUnits(timeUnit: .hours, duration: 10).describe(time: 0.6) == "hour 6")
    #expect(CurveUnits(timeUnit: .hours, duration: 10).describe(time: 0.623) == "hour 6.23")
    #expect(CurveUnits(timeUnit: .minutes, duration: 60).describe(time: 0.5) == "minute 30")
    #expect(CurveUnits(timeUnit: .weeks, duration: 4).describe(time: 0.5) == "week 2")
    #expect(CurveUnits(timeUnit: .seconds, duration: 40).describe(time: 0.3) == "second 12")
    #expect(CurveUnits(timeUnit: .days, duration: 7).describe(time: 0.5) == "day 3.5")
    #expect(CurveUnits.normalized.describe(time: 0.5) == "t = 0.5")
    #expect(CurveUnits(timeUnit: .hours, duration: 10).periodDescription == "over 10 hours")
    #expect(CurveUnits(timeUnit: .hours, duration: 1).periodDescription == "over 1 hour")
    #expect(CurveUnits(durationDays: 7).periodDescription == "over 7 days")
    let milestone = Milestone.atLeast(level: 0.8, until: 0.25)
    #expect(
      milestone.describe(in: CurveUnits(timeUnit: .minutes, duration: 120, percent: true)) == "≥ 80 % until minute 30")
  }

  @Test("durationDays still reads as the days period, alone or with a duration that agrees")
  func durationDaysCompatibility() throws {
    let old = try CurveSpec.parse(
      #"{"name": "w", "timeUnit": "days", "durationDays": 7, "points": [[3.5, 0.5]]}"#, sourceName: "w")
    #expect(old.duration == 7 && old.durationDays == 7 && old.normalizedPoints[0].t == 0.5)
    let both = try CurveSpec.parse(
      #"{"name": "w", "timeUnit": "hours", "duration": 12, "durationDays": 0.5, "points": [[6, 0.5]]}"#,
      sourceName: "w")
    #expect(both.duration == 12 && both.normalizedPoints[0].t == 0.5)
    let spelled = try CurveSpec.parse(
      #"{"name": "w", "timeUnit": "days", "duration": 7, "points": [[3.5, 0.5]]}"#, sourceName: "w")
    #expect(spelled.jsonText == old.jsonText)
    let display = try CurveSpec.parse(#"{"name": "w", "durationDays": 7, "points": [[0.5, 0.5]]}"#, sourceName: "w")
    #expect(display.units == .normalized && display.displayUnits == CurveUnits(durationDays: 7))
  }

  @Test(
    "a bad period is one error naming the field, at its line and column",
    arguments: [
      (#"{"name": "w", "timeUnit": "hours", "points": [[2, 0.5]]}"#, "timeUnit: \"hours\" needs \"duration\"", "1:27"),
      (
        #"{"name": "w", "timeUnit": "hours", "duration": 10, "durationDays": 1, "points": [[2, 0.5]]}"#,
        "duration: 10.0 hours (1:48) and durationDays: 1.0 (1:68) are different periods", "1:48"
      ),
      (
        #"{"name": "w", "timeUnit": "hours", "duration": 0, "points": [[2, 0.5]]}"#, "duration: 0.0 is not positive", ""
      ),
      (
        #"{"name": "w", "timeUnit": "hours", "duration": "10h", "points": [[2, 0.5]]}"#, "duration: expected a number",
        ""
      ),
      (#"{"name": "w", "duration": 10, "points": [[0.2, 0.5]]}"#, "duration: normalized time has no unit", ""),
      (
        #"{"name": "w", "timeUnit": "hours", "durationDays": 1, "points": [[2, 0.5]]}"#,
        "durationDays: a period in days", ""
      ),
      (
        #"{"name": "w", "timeUnit": "hours", "duration": 10, "points": [[11, 0.5]]}"#,
        "hour 11 is outside the period, hours 0…10", ""
      ),
      (#"{"name": "w", "timeUnit": "fortnights", "duration": 1, "points": [[0.5, 0.5]]}"#, "weeks", ""),
    ])
  func badPeriod(_ text: String, _ message: String, _ location: String) {
    #expect {
      _ = try CurveSpec.parse(text, sourceName: "w.curve.json")
    } throws: { error in
      let description = String(describing: error)
      return description.contains(message) && description.contains("w.curve.json:")
        && (location.isEmpty || description.hasSuffix("(w.curve.json:\(location))")) && !description.contains("\n")
    }
  }

  @Test("converting between units keeps every point where it is (same normalized problem, to 1e-15)")
  func conversion() throws {
    let hours = try CurveSpec.parse(Self.text(.hours), sourceName: "water.curve.json")
    let minutes = hours.converted(timeUnit: .minutes, levelUnit: .percent)
    #expect(minutes.timeUnit == .minutes && minutes.duration == 600)
    #expect(minutes.points.map(\.t) == [60, 150, 300, 450])
    let normalized = hours.converted(timeUnit: .normalized, levelUnit: .fraction)
    #expect(normalized.timeUnit == .normalized && normalized.points.map(\.t) == [0.1, 0.25, 0.5, 0.75])
    let back = normalized.converted(timeUnit: .hours, levelUnit: .percent, duration: 10)
    #expect(back.points == hours.points && back.milestones == hours.milestones && back.minSlope == hours.minSlope)
    // A new duration rescales: the points stay at the same t.
    let longer = hours.converted(timeUnit: .hours, levelUnit: .percent, duration: 20)
    for (a, b) in zip(longer.normalizedPoints, hours.normalizedPoints) { #expect(abs(a.t - b.t) <= 1e-15) }
    #expect(longer.points.map(\.t) == [2, 5, 10, 15])
  }
}
