import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurvePipeline
import CurveSchedule
import CurveSpec
import Foundation
import Testing

/// `curvekit timeline`, in-process: every change of a full depletion, identical to the library's
/// dates, every curve source, the date window, and one-line errors.
@Suite("curvekit timeline")
struct TimelineCommandTests {
  static let current = "-0.131963982801121,-0.0930282018562079,-0.775007815342671,1"
  static let refillText = "2026-01-05T08:00:00Z"
  static let refill = Date(timeIntervalSince1970: 1_767_600_000)

  /// The `(date, unix, percentage)` triples of a `--json` output, read back by CurveSpec's
  /// strict parser (numbers by `Double(String)`, correctly rounded).
  static func changes(_ output: String) throws -> [(date: String, unix: Double, percentage: Int)] {
    guard case .array(let items)? = try JSONParser.parse(output).value["changes"] else { return [] }
    return try items.map { item in
      guard case .string(let date)? = item["date"], case .number(let unix)? = item["unix"],
        case .number(let percentage)? = item["percentage"]
      else { throw UsageError("malformed change \(item)") }
      return (date, unix, Int(percentage))
    }
  }

  @Test("a full depletion lists all 100 changes, with the library's exact dates, in text and JSON")
  func fullDepletion() throws {
    let text = runCurveKit(["timeline", "-c", Self.current, "--refill", Self.refillText])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.outputLines.count == 100)
    let json = runCurveKit(["timeline", "-c", Self.current, "--refill", Self.refillText, "--json"])
    #expect(json.status == 0, "\(json.errors)")
    let changes = try Self.changes(json.output)
    let schedule = try DepletionSchedule(
      curve: ArticleCurve.current.cubic, lastRefillDate: Self.refill, durationInDays: 7)
    let library = schedule.percentageChanges(from: Self.refill)
    #expect(changes.count == 100)
    #expect(changes.map(\.unix) == library.map { ISO8601Time.unixSeconds(of: $0.date) })
    #expect(changes.map(\.percentage) == Array((0...99).reversed()))
    for (line, change) in zip(text.outputLines, changes) {
      #expect(line == "\(change.date) \(change.percentage)")
      // The text date is the date rounded up to the millisecond (from the microsecond).
      let shown = try ISO8601Time.parse(change.date, what: "date")
      #expect(shown >= change.unix - 5e-7 && shown < change.unix + 0.001, "\(change)")
      // The printed Unix seconds convert back to a date that already shows the change.
      let date = Date(timeIntervalSince1970: change.unix)
      #expect(schedule.widgetPercentage(at: date) == change.percentage)
      #expect(abs(date.timeIntervalSince(library[99 - change.percentage].date)) <= 5e-7)
      #expect(schedule.widgetPercentage(at: date.addingTimeInterval(-0.001)) == change.percentage + 1)
    }
    #expect(text.outputLines.first == "2026-01-05T09:04:58.852Z 99")
    #expect(text.outputLines.last == "2026-01-12T07:22:48.520Z 0")
  }

  @Test("every curve source works: a spec (its durationDays), --point, --data, --from-css, degree 5")
  func sources() throws {
    let spec = Fixtures.path("specs/s-curve.curve.json")
    let fromSpec = runCurveKit(["timeline", spec, "--refill", Self.refillText, "--json"])
    #expect(fromSpec.status == 0, "\(fromSpec.errors)")
    let polynomial = try CurveResolver.resolve(CurveRequest(.specFile(path: spec))).polynomial
    #expect(polynomial.degree == 5)
    let changes = try Self.changes(fromSpec.output)
    #expect(changes.count == 100)
    let library = DepletionSchedule.percentageChanges(
      lastRefillDate: Self.refill, duration: 10 * 86_400, from: Self.refill,
      level: polynomial.level(forNormalizedElapsed:), inverse: { polynomial.normalizedElapsed(forLevel: $0) })
    #expect(changes.map(\.unix) == library.map { ISO8601Time.unixSeconds(of: $0.date) }, "durationDays 10")
    let sevenDays = try Self.changes(
      runCurveKit(["timeline", spec, "--refill", Self.refillText, "--days", "7", "--json"]).output)
    #expect(sevenDays.last.map { $0.unix < changes.last?.unix ?? 0 } == true, "--days overrides durationDays")

    let points = runCurveKit([
      "timeline", "--point", "0.25:0.8", "--point", "0.5:0.57", "--point", "0.75:0.31", "--refill", Self.refillText,
    ])
    #expect(points.status == 0 && points.outputLines.count == 100, "\(points.errors)")
    let data = runCurveKit(
      ["timeline", "--data", "-", "--refill", Self.refillText], input: "0.25 0.8\n0.5 0.57\n0.75 0.31\n")
    #expect(data.output == points.output)
    let css = runCurveKit(["timeline", "--from-css", "ease-in-out", "--refill", Self.refillText])
    #expect(css.status == 0 && css.outputLines.count == 100, "\(css.errors)")
  }

  @Test("--from and --through bound the list; --from accepts offsets and fractions")
  func window() throws {
    let all = try Self.changes(
      runCurveKit(["timeline", "-c", Self.current, "--refill", Self.refillText, "--json"]).output)
    let window = runCurveKit([
      "timeline", "-c", Self.current, "--refill", Self.refillText, "--from", "2026-01-07T09:00:00.5+01:00",
      "--through", "2026-01-08T08:00:00Z", "--json",
    ])
    #expect(window.status == 0, "\(window.errors)")
    let from = 1_767_600_000.0 + 2 * 86_400 + 0.5
    let through = 1_767_600_000.0 + 3 * 86_400
    #expect(try Self.changes(window.output).map(\.unix) == all.map(\.unix).filter { $0 > from && $0 <= through })
  }

  @Test(
    "invalid input exits 2 with one line",
    arguments: [
      ["timeline", "-c", TimelineCommandTests.current],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", "2026-01-05"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", "2026-02-30T00:00:00Z"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", "2026-01-05T24:00:00Z"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", "2026-01-05T08:00:00"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", "2026-01-05T08:00:00.Z"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", TimelineCommandTests.refillText, "--days", "0"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", TimelineCommandTests.refillText, "--days", "-2"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", TimelineCommandTests.refillText, "--days", "nan"],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", TimelineCommandTests.refillText, "--from", "now"],
      ["timeline", "--refill", TimelineCommandTests.refillText],
      ["timeline", "a.json", "b.json", "--refill", TimelineCommandTests.refillText],
      ["timeline", "-c", "1,x", "--refill", TimelineCommandTests.refillText],
      ["timeline", "-c", TimelineCommandTests.current, "--refill", TimelineCommandTests.refillText, "--bogus"],
    ])
  func invalidInput(arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(arguments): \(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("a curve that rises and falls exits 1 with its witness")
  func notMonotone() {
    let result = runCurveKit(["timeline", "-c", "0,-2,1,1", "--refill", Self.refillText])
    #expect(result.status == 1)
    #expect(
      isOneLineError(result.errors) && result.errors.contains("rises")
        && result.errors.contains("a timeline would miss changes"), "\(result.errors)")
    // The same rule as generate: the override ships it, with a warning.
    let allowed = runCurveKit(["timeline", "-c", "0,-2,1,1", "--refill", Self.refillText, "--allow-non-monotone"])
    #expect(allowed.status == 0 && allowed.errors.hasPrefix("warning: "), "\(allowed.errors)")
  }

  @Test("ISO 8601: offsets, fractions and leap days read; the writer rounds up to the millisecond")
  func iso8601() throws {
    #expect(try ISO8601Time.parse("1970-01-01T00:00:00Z", what: "x") == 0)
    #expect(try ISO8601Time.parse("2026-01-05T09:00:00+01:00", what: "x") == 1_767_600_000)
    #expect(try ISO8601Time.parse("2026-01-05T02:30:00-05:30", what: "x") == 1_767_600_000)
    #expect(try ISO8601Time.parse("2024-02-29T00:00:00.25Z", what: "x") == 1_709_164_800.25)
    #expect(try ISO8601Time.parse("1969-12-31T23:59:59Z", what: "x") == -1)
    #expect(throws: UsageError.self) { try ISO8601Time.parse("2025-02-29T00:00:00Z", what: "x") }
    #expect(throws: UsageError.self) { try ISO8601Time.parse("2026-01-05T08:00:00Z ", what: "x") }
    #expect(ISO8601Time.string(fromUnixSeconds: 1_767_600_000) == "2026-01-05T08:00:00.000Z")
    #expect(ISO8601Time.string(fromUnixSeconds: 1_767_603_898.8515828) == "2026-01-05T09:04:58.852Z")
    #expect(ISO8601Time.string(fromUnixSeconds: -0.0005) == "1970-01-01T00:00:00.000Z")
    #expect(ISO8601Time.string(fromUnixSeconds: -1.5) == "1969-12-31T23:59:58.500Z")
    var random = SeededRandomNumberGenerator(seed: 0x150)
    for _ in 0..<2_000 {
      let milliseconds = Int(random.next() % 8_000_000_000_000) - 2_000_000_000_000
      let text = ISO8601Time.string(fromUnixSeconds: Double(milliseconds) / 1000)
      #expect(
        try (ISO8601Time.parse(text, what: "x") * 1000).rounded() == Double(milliseconds), "\(text) \(milliseconds)")
    }
  }
}
