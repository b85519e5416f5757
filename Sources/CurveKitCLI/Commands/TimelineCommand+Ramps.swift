import CurveCore
import CurvePipeline
import CurveSchedule
import CurveSpec
import Foundation

/// `curvekit timeline --segments` and `--every`: linear ramps within an error budget, and the
/// staleness of fixed-interval refreshes.
extension TimelineCommand {
  /// What the command prints.
  enum Mode: Equatable {
    /// The percentage changes (the default).
    case changes
    /// `--segments`: ramps within this error, in level units.
    case segments(maxError: Double)
    /// `--every`: refreshes at this interval, in seconds.
    case every(interval: Double)

    /// The mode the flags ask for; --max-error without --segments, --segments with --every,
    /// and either with --from or --through are usage errors.
    init(_ arguments: ParsedArguments) throws(UsageError) {
      let every = try arguments.value("--every").map { text throws(UsageError) in
        try DurationArgument.seconds(text, what: "--every")
      }
      let percentagePoints = try arguments.double("--max-error")
      if let percentagePoints, !(percentagePoints > 0) {
        throw UsageError("--max-error: '\(percentagePoints)' is not a positive number of percentage points")
      }
      let segments = arguments.has("--segments")
      if percentagePoints != nil && !segments { throw UsageError("--max-error applies only with --segments") }
      if segments && every != nil { throw UsageError("--segments and --every cannot be combined") }
      if segments || every != nil, arguments.value("--from") != nil || arguments.value("--through") != nil {
        throw UsageError("--from and --through apply only to the list of percentage changes, not --segments or --every")
      }
      if segments {
        self = .segments(maxError: (percentagePoints ?? 1) / 100)
      } else if let every {
        self = .every(interval: every)
      } else {
        self = .changes
      }
    }
  }

  /// A date as the timeline prints it: UTC, rounded up to the millisecond.
  static func isoText(_ date: Date) -> String {
    ISO8601Time.string(fromUnixSeconds: ISO8601Time.unixSeconds(of: date))
  }

  /// `--segments`: the ramps of ``DepletionSchedule/progressSegments(lastRefillDate:duration:polynomial:maxError:maximumCount:)``.
  static func printSegments(
    _ curve: FittedCurve, refill: Date, duration: Double, maxError: Double, _ arguments: ParsedArguments,
    io: any CommandIO
  ) throws(UsageError) -> ExitStatus {
    let segments: [ProgressSegment]
    do {
      segments = try DepletionSchedule.progressSegments(
        lastRefillDate: refill, duration: duration, polynomial: curve.polynomial, maxError: maxError)
    } catch {
      throw UsageError("--max-error: \(error.description)")
    }
    let units = curve.units
    let bound = 100 * (segments.map { $0.errorBound }.max() ?? 0)
    if arguments.has("--json") {
      let items = segments.map { segment -> JSONValue in
        .object([
          (key: "from", value: .string(isoText(segment.from))), (key: "to", value: .string(isoText(segment.to))),
          (key: "startLevel", value: .number(units.display(level: segment.startLevel))),
          (key: "endLevel", value: .number(units.display(level: segment.endLevel))),
        ])
      }
      let object = JSONValue.object([(key: "segments", value: .array(items)), (key: "maxError", value: .number(bound))])
      io.write(JSONWriter.string(object, pretty: false) + "\n")
    } else {
      var text = "# \(segments.count) segments, certified max error \(bound) percentage points\n"
      for segment in segments {
        text += "\(isoText(segment.from)) \(isoText(segment.to)) \(units.display(level: segment.startLevel)) "
        text += "\(units.display(level: segment.endLevel))\n"
      }
      io.write(text)
    }
    return .success
  }

  /// `--every`: ``DepletionSchedule/refreshStaleness(lastRefillDate:duration:polynomial:interval:)``.
  static func printStaleness(
    _ curve: FittedCurve, refill: Date, duration: Double, interval: Double, _ arguments: ParsedArguments,
    io: any CommandIO
  ) throws(UsageError) -> ExitStatus {
    let result: RefreshStaleness
    do {
      result = try DepletionSchedule.refreshStaleness(
        lastRefillDate: refill, duration: duration, polynomial: curve.polynomial, interval: interval)
    } catch {
      throw UsageError("--every: \(error.description)")
    }
    if arguments.has("--json") {
      let object = JSONValue.object([
        (key: "interval", value: .number(interval)), (key: "refreshes", value: .integer(result.refreshCount)),
        (key: "maxStaleness", value: .number(result.maxStaleness)),
        (key: "worstDate", value: .string(isoText(result.worstDate))),
      ])
      io.write(JSONWriter.string(object, pretty: false) + "\n")
    } else {
      io.write(
        "refreshes: \(result.refreshCount) (every \(interval) s, from the refill to the first at or after empty)\n"
          + "max staleness: \(result.maxStaleness) percentage points (certified), at \(isoText(result.worstDate))\n")
    }
    return .success
  }
}
