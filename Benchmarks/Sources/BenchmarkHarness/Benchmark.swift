/// One benchmark case: a named workload, the number of operations one iteration performs,
/// and optionally an accuracy check against a wider reference.
///
/// Names are paths such as `inverse/auto/current/scalar`; `--filter` matches against them.
public struct Benchmark {
  /// The case's path-like name.
  public let name: String
  /// What one operation is ("call", "element", "fit", "process"), for the report.
  public let unit: String
  /// How many operations one iteration of the workload performs (10⁶ for a 10⁶-element batch).
  public let operationsPerIteration: Int
  /// Builds the inputs (not timed) and returns the workload. Throwing ``BenchmarkSkip``
  /// records the case as skipped with its reason.
  public let prepare: () throws -> Workload
  /// Computes the accuracy report (not timed), or nil for a timing-only case.
  public let accuracy: (() -> AccuracyReport)?
  /// The clock the samples are read from.
  public let clock: BenchmarkClock
  /// Cases with the same group have their samples taken in alternation (see
  /// ``BenchmarkRunner/run(_:)``), for ratios that do not depend on when each ran.
  public var interleaveGroup: String?

  /// Creates a case.
  public init(
    _ name: String,
    unit: String,
    operationsPerIteration: Int = 1,
    clock: BenchmarkClock = .cpu,
    interleaveGroup: String? = nil,
    accuracy: (() -> AccuracyReport)? = nil,
    prepare: @escaping () throws -> Workload
  ) {
    self.clock = clock
    self.interleaveGroup = interleaveGroup
    self.name = name
    self.unit = unit
    self.operationsPerIteration = operationsPerIteration
    self.prepare = prepare
    self.accuracy = accuracy
  }
}

/// What the runner times.
public enum Workload {
  /// A loop body: `body(n)` performs n iterations. The runner warms it up, picks n so one
  /// sample lasts the configured time, and takes the configured number of samples.
  case loop((Int) -> Void)
  /// Figures timed elsewhere (a peer process such as numpy), already in ns per operation.
  case external(TimingStatistics)
}

/// Thrown by ``Benchmark/prepare`` when a case cannot run here (no numpy, no GSL, …).
public struct BenchmarkSkip: Error, CustomStringConvertible {
  /// Why the case was skipped, one line.
  public let reason: String
  /// Creates a skip with its reason.
  public init(_ reason: String) { self.reason = reason }
  /// The reason.
  public var description: String { reason }
}

/// The maximum error of a case's results against a wider reference, and whether it stays
/// within the case's limit.
public struct AccuracyReport: Sendable {
  /// How many inputs were checked.
  public var sampleCount: Int
  /// max |result − reference|.
  public var maxAbsoluteError: Double
  /// max |result − reference| / ulp(reference), over inputs whose reference is at least
  /// ``ErrorAccumulator/ulpFloor`` in magnitude (near a zero of the function only the
  /// absolute error is meaningful: an absolute error of 1e-16 at f = 1e-12 is 10⁴⁰ ulps).
  public var maxULPError: Double
  /// The input at which ``maxAbsoluteError`` occurred.
  public var worstInput: Double
  /// The limit as text (`≤ 4.5e-16`, `≤ γ₆·S per point`), empty when only reported.
  public var limitDescription: String
  /// False when some input exceeded the limit: an accuracy regression.
  public var passed: Bool
  /// Extra figures worth reporting (e.g. the error inside the article's early-return zones).
  public var notes: [String]

  /// Creates a report.
  public init(
    sampleCount: Int, maxAbsoluteError: Double, maxULPError: Double, worstInput: Double,
    limitDescription: String, passed: Bool, notes: [String] = []
  ) {
    self.sampleCount = sampleCount
    self.maxAbsoluteError = maxAbsoluteError
    self.maxULPError = maxULPError
    self.worstInput = worstInput
    self.limitDescription = limitDescription
    self.passed = passed
    self.notes = notes
  }
}

/// Accumulates errors against a reference, one input at a time.
public struct ErrorAccumulator {
  /// Inputs seen.
  public private(set) var count = 0
  /// The largest absolute error so far.
  public private(set) var maxAbsoluteError = 0.0
  /// The largest error in ulps of the reference so far.
  public private(set) var maxULPError = 0.0
  /// The input with the largest absolute error.
  public private(set) var worstInput = Double.nan
  /// Inputs whose error exceeded their limit.
  public private(set) var violations = 0

  /// References smaller than this in magnitude are left out of ``maxULPError``.
  public static let ulpFloor = 0x1p-10

  /// An empty accumulator.
  public init() {}

  /// Records one result.
  /// - Parameters:
  ///   - input: the input (for the report).
  ///   - error: |result − reference|, computed in the wider type.
  ///   - reference: the reference rounded to Double (for the ulp).
  ///   - limit: the largest error allowed for this input, or nil.
  public mutating func record(input: Double, error: Double, reference: Double, limit: Double? = nil) {
    count += 1
    if error > maxAbsoluteError || (error.isNaN && !maxAbsoluteError.isNaN) {
      maxAbsoluteError = error
      worstInput = input
    }
    if abs(reference) >= Self.ulpFloor && reference.isFinite {
      let ulps = error / reference.ulp
      if ulps > maxULPError || ulps.isNaN { maxULPError = ulps }
    }
    if let limit, !(error <= limit) { violations += 1 }
  }

  /// The report, passed when no input exceeded its limit (and no error was NaN).
  public func report(limit: String, notes: [String] = []) -> AccuracyReport {
    AccuracyReport(
      sampleCount: count, maxAbsoluteError: maxAbsoluteError, maxULPError: maxULPError,
      worstInput: worstInput, limitDescription: limit,
      passed: violations == 0 && !maxAbsoluteError.isNaN,
      notes: violations > 0 ? notes + ["\(violations) of \(count) inputs over the limit"] : notes
    )
  }
}

extension Workload {
  /// A loop that runs `body` over `input` into an output buffer of the same size, once per
  /// iteration. The input passes through ``identity(_:)`` each time, so nothing is hoisted
  /// out of the loop, and the output goes to ``blackHole(_:)``.
  public static func buffers(
    _ input: [Double], _ body: @escaping (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) -> Void
  ) -> Workload {
    var output = [Double](repeating: 0, count: input.count)
    return .loop { iterations in
      input.withUnsafeBufferPointer { source in
        output.withUnsafeMutableBufferPointer { destination in
          for _ in 0..<iterations { body(identity(source), destination) }
        }
      }
      blackHole(output)
    }
  }
}
