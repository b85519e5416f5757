import CurveCore
import CurvePipeline
import CurveSchedule
import CurveSpec
import Foundation

/// `curvekit timeline`: the exact dates at which a widget's whole percentage changes.
enum TimelineCommand: CurveKitCommand {
  static let name = "timeline"
  static let abstract = "List the exact dates at which the widget's percentage changes."
  static let usage = [
    "timeline SPEC.json --refill ISO8601 [--days N | --duration D] [--from ISO8601] [--through ISO8601] [--json]",
    "timeline --coefficients a,b,… --refill ISO8601 [options]",
    "timeline --point T:Y … | --data FILE | --from-css EASING [fit options] --refill ISO8601 [options]",
    "timeline SPEC.json --refill ISO8601 --segments [--max-error PP] [--days N | --duration D] [--json]",
    "timeline SPEC.json --refill ISO8601 --every DURATION [--days N | --duration D] [--json]",
  ]
  static let discussion = """
    The widget shows level·100 rounded half away from zero (DepletionSchedule.widgetPercentage).
    For a supply refilled at --refill and lasting --days days or --duration (10h, 90min, 2w;
    default: the spec's duration in its time unit, else 7 days), prints one line per change
    of that percentage after --from (default: the refill) and until --through (default: until
    the level stops changing): the first date at which the
    new percentage shows, as ISO 8601 UTC rounded up to the millisecond, and the percentage.
    Each date is exact: the widget's own level and rounding code shows the new percentage there
    and the old one 1 ms (and one ulp of Date) before. A full depletion has 100 changes.
    These are DepletionSchedule.percentageChanges(from:through:) and the generated
    percentageChanges(lastRefillDate:depletionDays:from:through:), with identical dates.
    --json prints {"changes": [{"date": "…", "unix": seconds, "percentage": p}, …]}, where unix
    is the date in seconds since 1970 (shortest round-trip), rounded up to the nearest double
    whose Date(timeIntervalSince1970:) is not earlier, so it too shows the new percentage.
    Any degree up to 10. The ship rule is generate's: a curve that does not go from 1 to 0,
    rises (its percentage could change back, so a timeline would miss changes), or breaks
    its spec's minSlope or milestones is refused unless --allow-non-depletion or
    --allow-non-monotone. Exit status: 0 on success, 1 when the ship rule refused the curve,
    2 on invalid input.

    --segments prints instead the fewest linear ramps that keep the shown level within
    --max-error percentage points (default 1) of the curve over the whole period, for
    WidgetKit's ProgressView(timerInterval:countsDown:) (one timeline entry per ramp): a first
    line "# N segments, certified max error E percentage points", then one line per ramp
    "FROM TO START END" (ISO dates as above; levels in the spec's level unit). Ramps are
    contiguous from the refill to the empty date. --json prints {"segments": [{"from": …,
    "to": …, "startLevel": x, "endLevel": y}, …], "maxError": E} (E certified, in percentage
    points, at most --max-error).

    --every DURATION (30min or 30m, 15min, 1h, 1d, 1w; m means minutes) prints, for a widget
    that refreshes at the refill and then every DURATION (Android: 30 min) showing the widget
    percentage, the number of refreshes until the first one at or after the empty date and
    the certified largest staleness: max |shown − level·100| in percentage points over the
    period, reached at the end of a refresh interval on a monotone curve. --json prints
    {"interval": seconds, "refreshes": n, "maxStaleness": S, "worstDate": ISO}.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value("--refill", placeholder: "ISO8601", help: "When the supply was last full, e.g. 2026-01-05T08:00:00Z."),
      .value("--from", placeholder: "ISO8601", help: "List changes after this date (default: the refill)."),
      .value("--through", placeholder: "ISO8601", help: "List changes up to this date (default: all)."),
      .flag("--json", help: "Print one JSON object."),
      .flag("--segments", help: "Print the fewest linear ramps within --max-error of the curve."),
      .value("--max-error", placeholder: "PP", help: "The ramps' largest error in percentage points (default 1)."),
      .value("--every", placeholder: "DURATION", help: "Print the staleness of a refresh every DURATION (30min, 1h)."),
    ] + CurveSourceOptions.shipOverrides

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "at most one SPEC.json") }
    guard let refillText = arguments.value("--refill") else {
      throw UsageError("missing --refill ISO8601, the date the supply was last full (e.g. 2026-01-05T08:00:00Z)")
        .commandError
    }
    let refill = Date(
      timeIntervalSince1970: try attempt { () throws(UsageError) in try ISO8601Time.parse(refillText, what: "--refill")
      })
    let start = try attempt { () throws(UsageError) in
      try arguments.value("--from").map { text throws(UsageError) in
        Date(timeIntervalSince1970: try ISO8601Time.parse(text, what: "--from"))
      }
    }
    let end = try attempt { () throws(UsageError) in
      try arguments.value("--through").map { text throws(UsageError) in
        Date(timeIntervalSince1970: try ISO8601Time.parse(text, what: "--through"))
      }
    }
    let mode = try attempt { () throws(UsageError) in try Mode(arguments) }

    let curve = try CurveSourceOptions.resolve(arguments, specPath: arguments.positionals.first, io: io)
    try CurveSourceOptions.ship(curve, as: .timeline, arguments: arguments, io: io)
    // --days / --duration are the curve's units (CurveSourceOptions.units), so its period.
    let duration = curve.durationSeconds ?? 7 * DepletionSchedule.secondsInDay
    guard duration.isFinite else {
      throw UsageError("\(periodFlag(arguments)): the period is too long to represent in seconds").commandError
    }
    switch mode {
    case .changes: break
    case .segments(let maxError):
      return try attempt { () throws(UsageError) in
        try printSegments(curve, refill: refill, duration: duration, maxError: maxError, arguments, io: io)
      }
    case .every(let interval):
      return try attempt { () throws(UsageError) in
        try printStaleness(curve, refill: refill, duration: duration, interval: interval, arguments, io: io)
      }
    }
    let changes = timeline(curve, refill: refill, duration: duration, from: start ?? refill, through: end)

    if arguments.has("--json") {
      let items = changes.map { change -> JSONValue in
        let unix = ISO8601Time.unixSeconds(of: change.date)
        return .object([
          (key: "date", value: .string(ISO8601Time.string(fromUnixSeconds: unix))),
          (key: "unix", value: .number(unix)),
          (key: "percentage", value: .integer(change.percentage)),
        ])
      }
      io.write(JSONWriter.string(.object([(key: "changes", value: .array(items))]), pretty: false) + "\n")
    } else {
      var text = ""
      for change in changes {
        text +=
          "\(ISO8601Time.string(fromUnixSeconds: ISO8601Time.unixSeconds(of: change.date))) \(change.percentage)\n"
      }
      io.write(text)
    }
    return .success
  }

  /// The flag or field that set the period, for messages.
  static func periodFlag(_ arguments: ParsedArguments) -> String {
    arguments.has("--duration") ? "--duration" : arguments.has("--days") ? "--days" : "duration"
  }

  /// The changes: ``DepletionSchedule/percentageChanges(from:through:)`` for a cubic, the same
  /// search on the polynomial's level and inverse above degree 3.
  static func timeline(_ curve: FittedCurve, refill: Date, duration: Double, from start: Date, through end: Date?)
    -> [PercentageChange]
  {
    if curve.polynomial.degree <= 3, let cubic = curve.cubic,
      let schedule = try? DepletionSchedule(curve: cubic, lastRefillDate: refill, durationInSeconds: duration)
    {
      return schedule.percentageChanges(from: start, through: end)
    }
    let polynomial = curve.polynomial
    return DepletionSchedule.percentageChanges(
      lastRefillDate: refill, duration: duration, from: start, through: end,
      level: polynomial.level(forNormalizedElapsed:), inverse: { polynomial.normalizedElapsed(forLevel: $0) })
  }
}
