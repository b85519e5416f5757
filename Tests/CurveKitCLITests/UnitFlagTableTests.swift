import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// Issue 33, item 3: a unit flag given with a spec overrides only its own axis, and a value
/// that cannot be meant in the resulting units is refused (exit 2, one `error:` line), never
/// clamped. Every unit flag crossed with every unit a spec can be written in, for eval,
/// invert, timeline and export.
///
/// Every spec holds the same curve: its points are the normalized twin's times × 8 (exact)
/// and levels × 100 (read back as level / 100, one correctly rounded division, the twin's
/// literal), so each fits bit for bit the twin's polynomial, and the expected answers come
/// from the twin (fraction levels, normalized time) by one exact rescaling.
@Suite("Unit flags × spec units")
struct UnitFlagTableTests {
  /// The spec's time axis: a unit with a period of 8, normalized time, or normalized time
  /// with `durationDays` (a period for display and schedules; times stay normalized).
  enum SpecTime: String, CaseIterable, Sendable {
    case normalized, normalizedWithDays, seconds, minutes, hours, days, weeks

    var unit: TimeUnit? {
      switch self {
      case .normalized, .normalizedWithDays: return nil
      default: return TimeUnit(rawValue: rawValue)
      }
    }
  }

  /// The unit flags: none, each alone, and a time flag with `--percent`.
  enum Flags: String, CaseIterable, Sendable {
    case none, percent, days, duration, daysAndPercent

    var arguments: [String] {
      switch self {
      case .none: return []
      case .percent: return ["--percent"]
      case .days: return ["--days", "4"]
      case .duration: return ["--duration", "16h"]
      case .daysAndPercent: return ["--days", "4", "--percent"]
      }
    }
    /// The time axis the flag sets: (unit, period).
    var time: (TimeUnit, Double)? {
      switch self {
      case .days, .daysAndPercent: return (.days, 4)
      case .duration: return (.hours, 16)
      case .none, .percent: return nil
      }
    }
    var percent: Bool { self == .percent || self == .daysAndPercent }
  }

  static let refill = "2026-01-05T08:00:00Z"
  static let normalizedPoints: [(Double, Double)] = [(0.25, 0.8), (0.5, 0.55), (0.75, 0.25)]

  /// The spec text for `time` and `percent`.
  static func specText(_ time: SpecTime, percent: Bool) -> String {
    let scale = time.unit == nil ? 1.0 : 8
    let points = normalizedPoints.map { t, y in "[\(t * scale), \(percent ? y * 100 : y)]" }
    var fields = ["\"name\": \"Table\"", "\"points\": [\(points.joined(separator: ", "))]"]
    if let unit = time.unit { fields += ["\"timeUnit\": \"\(unit.rawValue)\"", "\"duration\": 8"] }
    if time == .normalizedWithDays { fields.append("\"durationDays\": 8") }
    if percent { fields.append("\"levelUnit\": \"percent\"") }
    return "{" + fields.joined(separator: ", ") + "}\n"
  }

  /// A directory holding every spec of the table and the normalized twin (`twin.curve.json`).
  final class Specs: Sendable {
    let directory: String
    init() throws {
      directory = try TemporaryDirectory("unit-table").path
      for time in SpecTime.allCases {
        for percent in [false, true] {
          try UnitFlagTableTests.specText(time, percent: percent)
            .write(toFile: path(time, percent), atomically: true, encoding: .utf8)
        }
      }
    }
    func path(_ time: SpecTime, _ percent: Bool) -> String {
      directory + "/\(time.rawValue)-\(percent ? "percent" : "fraction").curve.json"
    }
    var twin: String { path(.normalized, false) }
    deinit { try? FileManager.default.removeItem(atPath: directory) }
  }

  /// The units values are read and printed in: each flag's axis, else the spec's own.
  static func expectedUnits(_ time: SpecTime, _ specPercent: Bool, _ flags: Flags) -> (CurveUnits, period: CurveUnits?)
  {
    let percent = flags.percent || specPercent
    let specTime: (TimeUnit, Double)? = time.unit.map { ($0, 8) }
    let valueTime = flags.time ?? specTime
    let values = CurveUnits(timeUnit: valueTime?.0 ?? .normalized, duration: valueTime?.1, percent: percent)
    let periodTime = flags.time ?? specTime ?? (time == .normalizedWithDays ? (.days, 8) : nil)
    let period = periodTime.map { CurveUnits(timeUnit: $0.0, duration: $0.1, percent: percent) }
    return (values, period)
  }

  /// The one number `arguments` print, exactly; records the failure otherwise.
  func number(_ arguments: [String]) -> Double? {
    let result = runCurveKit(arguments)
    #expect(result.status == 0 && result.errors.isEmpty, "\(arguments): \(result.errors)")
    return result.outputLines.count == 1 ? Double(String(result.outputLines[0])) : nil
  }

  static let cases: [(SpecTime, Bool, Flags)] = SpecTime.allCases.flatMap { time in
    [false, true].flatMap { percent in Flags.allCases.map { (time, percent, $0) } }
  }

  @Test("eval: times in the flag's or the spec's time unit, levels in percent when either says so", arguments: cases)
  func eval(_ time: SpecTime, _ specPercent: Bool, _ flags: Flags) throws {
    let specs = try Specs()
    let spec = specs.path(time, specPercent)
    let (units, _) = Self.expectedUnits(time, specPercent, flags)
    // A quarter of the period, in the units the values are in: exact in every unit.
    let quarter = units.display(time: 0.25)
    let twinLevel = try #require(number(["eval", specs.twin, "0.25"]))
    let level = try #require(number(["eval", spec, quarter.description] + flags.arguments))
    #expect(level.bitPattern == units.display(level: twinLevel).bitPattern, "\(spec) \(flags.arguments)")
    // Beyond the period: refused in a real unit, clamped (the article's rule) in normalized time.
    let beyond = runCurveKit(["eval", spec, units.display(time: 1.5).description] + flags.arguments)
    if units.duration != nil {
      #expect(beyond.status == 2 && isOneLineError(beyond.errors) && beyond.output.isEmpty, "\(beyond.errors)")
      #expect(beyond.errors.contains("outside the period"), "\(beyond.errors)")
    } else {
      let end = try #require(number(["eval", specs.twin, "1"]))
      #expect(beyond.status == 0 && Double(beyond.output.dropLast()) == units.display(level: end), "\(beyond.output)")
    }
  }

  @Test(
    "invert: levels in percent when the flag or the spec says so, times in the flag's or spec's unit", arguments: cases)
  func invert(_ time: SpecTime, _ specPercent: Bool, _ flags: Flags) throws {
    let specs = try Specs()
    let spec = specs.path(time, specPercent)
    let (units, _) = Self.expectedUnits(time, specPercent, flags)
    let twinTime = try #require(number(["invert", specs.twin, "0.5"]))
    let half = units.percent ? "50" : "0.5"
    let answer = try #require(number(["invert", spec, half] + flags.arguments))
    #expect(answer.bitPattern == units.display(time: twinTime).bitPattern, "\(spec) \(flags.arguments)")
    // A level no unit of this spec can mean: a percentage above 100, or 50 read as a fraction
    // of a spec whose levels are fractions.
    let impossible = runCurveKit(["invert", spec, units.percent ? "150" : "50"] + flags.arguments)
    #expect(impossible.status == 2 && isOneLineError(impossible.errors) && impossible.output.isEmpty)
    if !units.percent { #expect(impossible.errors.contains("pass --percent"), "\(impossible.errors)") }
  }

  @Test("timeline: the period is the time flag's, else the spec's, whatever --percent says", arguments: cases)
  func timeline(_ time: SpecTime, _ specPercent: Bool, _ flags: Flags) throws {
    let specs = try Specs()
    let spec = specs.path(time, specPercent)
    let (_, period) = Self.expectedUnits(time, specPercent, flags)
    let result = runCurveKit(["timeline", spec, "--refill", Self.refill] + flags.arguments)
    // The twin over the same period (7 days, the documented default, when there is none).
    let duration = period.map { "\($0.duration ?? 0)\(Self.suffix($0.timeUnit))" } ?? "7d"
    let expected = runCurveKit(["timeline", specs.twin, "--refill", Self.refill, "--duration", duration])
    #expect(result.status == 0 && expected.status == 0, "\(result.errors)\(expected.errors)")
    #expect(!result.output.isEmpty && result.output == expected.output, "\(spec) \(flags.arguments)")
  }

  @Test(
    "export: the duration token is the time flag's period, else the spec's; the easing is the twin's", arguments: cases)
  func export(_ time: SpecTime, _ specPercent: Bool, _ flags: Flags) throws {
    let specs = try Specs()
    let spec = specs.path(time, specPercent)
    let (_, period) = Self.expectedUnits(time, specPercent, flags)
    // export's own --duration is the SwiftUI animation's, so only --days sets the period there.
    let exportFlags = flags == .duration ? [] : flags.arguments
    let exportPeriod = flags == .duration ? Self.expectedUnits(time, specPercent, .none).period : period
    let result = runCurveKit(["export", spec, "--format", "tokens"] + exportFlags)
    let twin = runCurveKit(["export", specs.twin, "--format", "tokens"])
    #expect(result.status == 0 && twin.status == 0, "\(result.errors)\(twin.errors)")
    let tokens = try #require(try JSONParser.parse(result.output).value["table"]?["easing"]?["$value"])
    #expect(tokens == (try JSONParser.parse(twin.output).value["table"]?["easing"]?["$value"]))
    let ms = try JSONParser.parse(result.output).value["table"]?["duration"]?["$value"]?["value"]
    if let exportPeriod, let seconds = exportPeriod.durationSeconds {
      #expect(ms == .number(exportPeriod.duration! * (exportPeriod.timeUnit.secondsPerUnit! * 1_000)), "\(seconds)")
    } else {
      #expect(ms == nil)
    }
  }

  /// The issue's case: `--percent` on a spec in hours and percent keeps the hours.
  @Test("eval SPEC --percent 1.5 on an hours/percent spec is eval SPEC 1.5, not a clamped 0")
  func issueCase() throws {
    let specs = try Specs()
    let spec = specs.path(.hours, true)
    let plain = try #require(number(["eval", spec, "1.5"]))
    let flagged = try #require(number(["eval", spec, "--percent", "1.5"]))
    #expect(plain.bitPattern == flagged.bitPattern && plain > 0 && plain < 100)
  }

  static func suffix(_ unit: TimeUnit) -> String {
    switch unit {
    case .seconds: return "s"
    case .minutes: return "min"
    case .hours: return "h"
    case .days: return "d"
    case .weeks: return "w"
    case .normalized: return ""
    }
  }
}
