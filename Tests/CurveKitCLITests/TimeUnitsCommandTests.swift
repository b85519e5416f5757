import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// Issue 20: time in the designer's unit. A spec in hours fits and times exactly as its
/// normalized twin; `--duration 10h` on the commands that take `--days`; reports in hours.
@Suite("Time in the designer's unit")
struct TimeUnitsCommandTests {
  static let refill = "2026-01-05T08:00:00Z"

  /// Writes `json` to a fresh temporary spec file; the closure removes it.
  func spec(_ json: String, name: String) throws -> (path: String, cleanup: () -> Void) {
    let directory = try TemporaryDirectory("time-units")
    return (try directory.write(json, to: "\(name).curve.json"), directory.remove)
  }

  /// The numbers of the top-level array `key`, read exactly by CurveSpec's parser.
  func exactNumbers(_ text: String, _ key: String) throws -> [Double] {
    guard case .array(let items)? = try JSONParser.parse(text).value[key] else {
      throw SpecError("no array \(key) in \(text.prefix(200))", source: "output")
    }
    return items.compactMap { item -> Double? in
      if case .number(let value) = item { return value }
      return nil
    }
  }

  /// The same curve in hours over 10 hours and in normalized time: every time is a decimal
  /// fraction of the period, so t = hours / 10 (one correctly rounded division) is the
  /// normalized twin's literal, and every level / 100 too.
  static let hours = """
    {"name": "Water", "timeUnit": "hours", "duration": 10, "levelUnit": "percent",
     "points": [[1, 94], [2.5, 80], [5, 50], [7.5, 22]], "milestones": [{"until": 3, "atLeast": 70}],
     "constraints": [{"t": 10, "slope": -4}], "minSlope": 2}
    """
  static let normalized = """
    {"name": "Water", "points": [[0.1, 0.94], [0.25, 0.8], [0.5, 0.5], [0.75, 0.22]],
     "milestones": [{"until": 0.3, "atLeast": 0.7}], "constraints": [{"t": 1, "slope": -0.4}], "minSlope": 0.2}
    """

  @Test(
    "a spec in hours fits bit for bit the curve of its normalized twin, with the same verdict",
    arguments: ["require", "enforce"])
  func hoursFitLikeNormalized(_ policy: String) throws {
    let (hours, cleanHours) = try spec(Self.hours, name: "hours")
    defer { cleanHours() }
    let (twin, cleanTwin) = try spec(Self.normalized, name: "twin")
    defer { cleanTwin() }
    let first = runCurveKit(["fit", hours, "--json", "--monotonic", policy])
    let second = runCurveKit(["fit", twin, "--json", "--monotonic", policy])
    #expect(first.status == 0 && second.status == 0, "\(first.errors)\(second.errors)")
    let a = try exactNumbers(first.output, "coefficients")
    let b = try exactNumbers(second.output, "coefficients")
    #expect(a.count == 4 && a.map(\.bitPattern) == b.map(\.bitPattern), "\(a) vs \(b)")
    let verdict = { (text: String) in try JSONParser.parse(text).value["monotonicity"] }
    #expect(try verdict(first.output) == verdict(second.output))
  }

  @Test("a 10-hour spec times exactly as its normalized twin over a 10-hour period (600min, 36000s too)")
  func hoursTimeLikeNormalized() throws {
    let (hours, cleanHours) = try spec(Self.hours, name: "hours")
    defer { cleanHours() }
    let (twin, cleanTwin) = try spec(Self.normalized, name: "twin")
    defer { cleanTwin() }
    let own = runCurveKit(["timeline", hours, "--refill", Self.refill])
    #expect(own.status == 0 && own.outputLines.count == 100, "\(own.errors)")
    // Empty (0 %) within the tenth hour: 17:00 to 18:00 UTC.
    #expect(own.outputLines.last?.hasPrefix("2026-01-05T17:") == true, "\(own.outputLines.suffix(1))")
    for period in ["10h", "600min", "600m", "36000s"] {
      let other = runCurveKit(["timeline", twin, "--refill", Self.refill, "--duration", period])
      #expect(other.status == 0 && other.output == own.output, "\(period): \(other.errors)")
    }
    let json = runCurveKit(["timeline", hours, "--refill", Self.refill, "--json"])
    let twinJSON = runCurveKit(["timeline", twin, "--refill", Self.refill, "--json", "--duration", "10h"])
    #expect(json.status == 0 && json.output == twinJSON.output)
  }

  @Test("--duration 36h is --days 1.5 (the same period in seconds, exactly); 2w is --days 14")
  func durationEqualsDays() {
    for (duration, days) in [("36h", "1.5"), ("2w", "14"), ("2160min", "1.5")] {
      let a = runCurveKit(["timeline", "-c", "-1,1", "--refill", Self.refill, "--duration", duration])
      let b = runCurveKit(["timeline", "-c", "-1,1", "--refill", Self.refill, "--days", days])
      #expect(a.status == 0 && a.output == b.output && a.outputLines.count == 100, "\(duration): \(a.errors)")
    }
  }

  @Test("reports speak hours: the summary, crossings, milestones and eval inputs")
  func reportsInHours() throws {
    let (hours, cleanHours) = try spec(Self.hours, name: "hours")
    defer { cleanHours() }
    let fit = runCurveKit(["fit", hours])
    #expect(fit.status == 0, "\(fit.errors)")
    let summary = try #require(fit.outputLines.first)
    #expect(summary.hasPrefix("Depletion 100 % → 0 % over 10 hours · crosses 80 % at hour 2."), "\(summary)")
    #expect(summary.contains("(point ") && summary.contains(", hour "), "\(summary)")
    Snapshot.assertMatches(fit.output, named: "fit-hours.txt")
    // eval reads and prints hours: hour 5 of the 10 is t = 0.5.
    let atFive = runCurveKit(["eval", hours, "5"])
    let atHalf = runCurveKit(["eval", "-c", try coefficients(of: hours), "0.5"])
    let five = try #require(Double(atFive.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let half = try #require(Double(atHalf.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(abs(five - 100 * half) <= 1e-12, "\(atFive.output) \(atHalf.output) \(atFive.errors)")
    // --duration 10h labels a coefficient curve in hours.
    let labelled = runCurveKit(["fit", "--point", "2:0.8", "--point", "5:0.5", "--point", "8:0.2", "--duration", "10h"])
    #expect(labelled.status == 0, "\(labelled.errors)")
    Snapshot.assertMatches(labelled.output, named: "fit-duration-10h.txt")
  }

  /// The fitted coefficients of `path`, comma-separated.
  func coefficients(of path: String) throws -> String {
    let fit = runCurveKit(["fit", path, "--json"])
    return try exactNumbers(fit.output, "coefficients").map(\.description).joined(separator: ",")
  }

  @Test(
    "period flags refused: one line, exit 2, naming the flag",
    arguments: [
      (["--duration", "10"], "--duration: '10' has no unit; write it with one, e.g. 10h"),
      (["--duration", "10h", "--days", "1"], "--duration and --days"),
      (["--duration", "10y"], "--duration: '10y' is not a duration"),
      (["--duration", "0h"], "--duration: '0h' is not a duration"),
    ])
  func badFlags(_ flags: [String], _ message: String) {
    for command in [["eval", "-c", "-1,1", "0.5"], ["timeline", "-c", "-1,1", "--refill", Self.refill]] {
      let result = runCurveKit(command + flags)
      #expect(result.status == 2 && isOneLineError(result.errors), "\(command) \(flags): \(result.errors)")
      #expect(result.errors.contains(message), "\(result.errors)")
    }
  }

  @Test("export keeps --duration for the SwiftUI animation, in seconds")
  func exportDuration() {
    let result = runCurveKit(["export", "-c", "0.5,0,-1.5,1", "--format", "swiftui", "--duration", "0.6"])
    #expect(result.status == 0, "\(result.errors)")
    Snapshot.assertMatches(result.output, named: "export-duration-0.6-swiftui.txt")
  }

  @Test("the water-day example fits, passes check and plots in hours")
  func waterDay() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/water-day.curve.json"
    let check = runCurveKit(["check", path])
    #expect(check.status == 0, "\(check.output)\(check.errors)")
    let spec = try CurveSpec.parse(try String(contentsOfFile: path, encoding: .utf8), sourceName: "water-day")
    #expect(spec.timeUnit == .hours && spec.duration == 10 && spec.durationSeconds == 36_000)
    let temporary = try TemporaryDirectory("water")
    defer { temporary.remove() }
    let directory = temporary.path
    let plot = runCurveKit(["plot", path, "-o", directory + "/water.svg"])
    #expect(plot.status == 0, "\(plot.errors)")
    let svg = try String(contentsOfFile: directory + "/water.svg", encoding: .utf8)
    #expect(svg.contains("time (hours)"))
  }
}

/// `export` in the designer's unit: the rounded easing's worst time and the duration token.
@Suite("Export in the designer's unit")
struct TimeUnitsExportTests {
  @Test("a 10-hour curve: the worst time in hours, a 36 000 000 ms duration token described in hours")
  func exportInHours() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/water-day.curve.json"
    let css = runCurveKit(["export", path, "--precision", "2"])
    #expect(css.status == 0, "\(css.errors)")
    Snapshot.assertMatches(css.output, named: "export-water-day-precision-2.css")
    let tokens = runCurveKit(["export", path, "--format", "tokens"])
    #expect(tokens.status == 0, "\(tokens.errors)")
    Snapshot.assertMatches(tokens.output, named: "export-water-day-tokens.json")
    let json = try JSONParser.parse(runCurveKit(["export", path, "--format", "json", "--precision", "2"]).output).value
    guard case .number(let t)? = json["rounded"]?["at"]?["t"], case .number(let hour)? = json["rounded"]?["at"]?["hour"]
    else {
      Issue.record("no rounded.at.t / hour in \(json)")
      return
    }
    #expect(abs(hour - 10 * t) <= 1e-12 * 10)
  }
}
