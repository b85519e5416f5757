import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurvePipeline
import CurveSchedule
import CurveSpec
import Foundation
import Testing

/// `curvekit timeline --segments` and `--every`, in-process: the library's ramps in the spec's
/// units, contiguous ISO dates, the refresh staleness, and one-line errors.
@Suite("curvekit timeline --segments / --every")
struct TimelineRampsCommandTests {
  static let refillText = "2026-01-05T08:00:00Z"
  static let refill = Date(timeIntervalSince1970: 1_767_600_000)
  static let weekly = Fixtures.repositoryRoot + "/examples/curves/weekly-habit.curve.json"

  /// The `--json` object, read back by CurveSpec's strict parser.
  static func object(_ output: String) throws -> JSONValue { try JSONParser.parse(output).value }

  @Test("--segments --json: the library's ramps, in percent, contiguous from the refill to the empty date")
  func segmentsJSON() throws {
    let result = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--segments", "--json"])
    #expect(result.status == 0, "\(result.errors)")
    let json = try Self.object(result.output)
    guard case .array(let items)? = json["segments"], case .number(let bound)? = json["maxError"] else {
      Issue.record("malformed output \(result.output)")
      return
    }
    let polynomial = try CurveResolver.resolve(CurveRequest(.specFile(path: Self.weekly))).polynomial
    let library = try DepletionSchedule.progressSegments(
      lastRefillDate: Self.refill, duration: 7 * 86_400, polynomial: polynomial, maxError: 0.01)
    #expect(items.count == library.count && items.count >= 2)
    #expect(bound <= 1 && bound == 100 * (library.map(\.errorBound).max() ?? 0))
    var previousTo: String?
    for (item, segment) in zip(items, library) {
      guard case .string(let from)? = item["from"], case .string(let to)? = item["to"],
        case .number(let start)? = item["startLevel"], case .number(let end)? = item["endLevel"]
      else {
        Issue.record("malformed segment \(item)")
        return
      }
      if let previousTo { #expect(from == previousTo, "contiguous") }
      previousTo = to
      #expect(start == segment.startLevel * 100 && end == segment.endLevel * 100, "percent, as CurveUnits shows it")
    }
    #expect(items.first?["from"] == .string("2026-01-05T08:00:00.000Z"))
    #expect(items.last?["to"] == .string("2026-01-12T08:00:00.000Z"))
  }

  @Test("--segments text: a summary line and one line per ramp; a smaller --max-error needs more ramps")
  func segmentsText() throws {
    let one = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--segments"])
    #expect(one.status == 0, "\(one.errors)")
    let count = one.outputLines.count - 1
    #expect(one.outputLines.first?.hasPrefix("# \(count) segments, certified max error ") == true)
    for line in one.outputLines.dropFirst() {
      let fields = line.split(separator: " ")
      #expect(fields.count == 4 && fields[0].hasSuffix("Z") && Double(fields[3]) != nil, "\(line)")
    }
    let half = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--segments", "--max-error", "0.5"])
    #expect(half.status == 0 && half.outputLines.count - 1 > count, "\(half.errors)")
    let line = runCurveKit(["timeline", "-c", "-1,1", "--refill", Self.refillText, "--segments"])
    #expect(line.outputLines.count == 2, "a straight line is one ramp")
  }

  @Test("--every 30m: the library's staleness and refresh count; 30m and 30min are the same")
  func every() throws {
    let result = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--every", "30m", "--json"])
    #expect(result.status == 0, "\(result.errors)")
    let json = try Self.object(result.output)
    let polynomial = try CurveResolver.resolve(CurveRequest(.specFile(path: Self.weekly))).polynomial
    let library = try DepletionSchedule.refreshStaleness(
      lastRefillDate: Self.refill, duration: 7 * 86_400, polynomial: polynomial, interval: 1800)
    #expect(json["refreshes"] == .number(337) && library.refreshCount == 337)
    #expect(json["maxStaleness"] == .number(library.maxStaleness))
    #expect(json["interval"] == .number(1800))
    let minutes = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--every", "30min", "--json"])
    #expect(minutes.output == result.output)
    let text = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText, "--every", "0.5h"])
    #expect(text.status == 0 && text.outputLines.count == 2 && text.outputLines[0].hasPrefix("refreshes: 337 "))
  }

  @Test("durations: s, m/min, h, d, w; junk refused")
  func durations() throws {
    #expect(try DurationArgument.seconds("30m", what: "--every") == 1800)
    #expect(try DurationArgument.seconds("30min", what: "--every") == 1800)
    #expect(try DurationArgument.seconds("15min", what: "--every") == 900)
    #expect(try DurationArgument.seconds("45s", what: "--every") == 45)
    #expect(try DurationArgument.seconds("1.5h", what: "--every") == 5400)
    #expect(try DurationArgument.seconds("2d", what: "--every") == 172_800)
    #expect(try DurationArgument.seconds("1w", what: "--every") == 604_800)
    for junk in ["", "30", "m", "-5m", "0m", "1e3s", "5ms", ".5h", "5.h", "30 min", "1mo", "inf h", "nanm", "9e999d"] {
      #expect(throws: UsageError.self, "\(junk)") { try DurationArgument.seconds(junk, what: "--every") }
    }
  }

  @Test(
    "bad flags exit 2 with one error line",
    arguments: [
      (["--segments", "--max-error", "0"], "--max-error"), (["--segments", "--max-error", "-1"], "--max-error"),
      (["--segments", "--max-error", "nan"], "--max-error"), (["--segments", "--max-error", "inf"], "--max-error"),
      (["--segments", "--max-error", "abc"], "--max-error"), (["--segments", "--max-error", "1e-14"], "--max-error"),
      (["--max-error", "1"], "--max-error"), (["--every", "30"], "--every"), (["--every", "soon"], "--every"),
      (["--every", "0s"], "--every"), (["--every", "0.001s"], "--every"),
      (["--segments", "--every", "30m"], "--every"),
      (["--segments", "--from", "2026-01-06T00:00:00Z"], "--from"),
    ])
  func invalid(flags: [String], named: String) {
    let result = runCurveKit(["timeline", Self.weekly, "--refill", Self.refillText] + flags)
    #expect(result.status == 2, "\(flags): \(result.errors)")
    #expect(isOneLineError(result.errors) && result.errors.contains(named), "\(flags): \(result.errors)")
    #expect(result.output.isEmpty)
  }
}
