import Foundation

/// How long to warm up and sample each case.
public struct RunConfiguration: Sendable {
  /// Warm-up time per case, in nanoseconds.
  public var warmupNanoseconds: UInt64
  /// The time one sample should last; the iteration count adapts to it.
  public var sampleNanoseconds: UInt64
  /// Samples per case (at least 10).
  public var sampleCount: Int

  /// The full run: 0.1 s warm-up, 15 samples of about 20 ms each.
  public static let full = RunConfiguration(warmupNanoseconds: 100_000_000, sampleNanoseconds: 20_000_000, sampleCount: 15)
  /// The CI smoke run: 2 ms warm-up, 10 samples of about 0.5 ms.
  public static let quick = RunConfiguration(warmupNanoseconds: 2_000_000, sampleNanoseconds: 500_000, sampleCount: 10)
}

/// The outcome of one case.
public struct BenchmarkResult {
  /// The case's name.
  public let name: String
  /// What one operation is.
  public let unit: String
  /// The clock the samples came from: "cpu" (process CPU time) or "wall".
  public let clock: String
  /// The timing, nil when skipped.
  public let timing: TimingStatistics?
  /// The accuracy, when the case checks it.
  public let accuracy: AccuracyReport?
  /// Why the case was skipped, if it was.
  public let skipReason: String?
}

/// Runs cases one after another, reporting progress on stderr.
public struct BenchmarkRunner {
  /// The warm-up and sampling configuration.
  public let configuration: RunConfiguration

  /// Creates a runner.
  public init(configuration: RunConfiguration) {
    self.configuration = configuration
  }

  /// Runs `benchmarks` in order and returns one result each.
  public func run(_ benchmarks: [Benchmark]) -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for (position, benchmark) in benchmarks.enumerated() {
      let label = "[\(position + 1)/\(benchmarks.count)] \(benchmark.name)"
      progress("\(label) …")
      let result = run(benchmark)
      if let reason = result.skipReason {
        progress("\(label): skipped: \(reason)")
      } else if let timing = result.timing {
        var line = "\(label): \(Format.nanoseconds(timing.median)) per \(result.unit)"
        if let accuracy = result.accuracy {
          line += ", max |err| \(Format.scientific(accuracy.maxAbsoluteError))"
          if !accuracy.passed { line += " FAILED (\(accuracy.limitDescription))" }
        }
        progress(line)
      }
      results.append(result)
    }
    return results
  }

  /// Prepares, times and checks one case.
  public func run(_ benchmark: Benchmark) -> BenchmarkResult {
    let workload: Workload
    do {
      workload = try benchmark.prepare()
    } catch {
      return BenchmarkResult(
        name: benchmark.name, unit: benchmark.unit, clock: benchmark.clock.rawValue, timing: nil, accuracy: nil,
        skipReason: "\(error)")
    }
    let timing: TimingStatistics
    var clock = benchmark.clock
    switch workload {
    case .loop(let body):
      timing = measure(body, operationsPerIteration: benchmark.operationsPerIteration, clock: benchmark.clock)
    case .external(let statistics):
      timing = statistics
      clock = .wall
    }
    let accuracy = benchmark.accuracy?()
    return BenchmarkResult(
      name: benchmark.name, unit: benchmark.unit, clock: clock.rawValue, timing: timing, accuracy: accuracy, skipReason: nil)
  }

  /// Warms `body` up, adapts the iteration count so a sample lasts about
  /// ``RunConfiguration/sampleNanoseconds``, then takes ``RunConfiguration/sampleCount`` samples.
  public func measure(_ body: (Int) -> Void, operationsPerIteration: Int, clock: BenchmarkClock) -> TimingStatistics {
    var iterations = 1
    var lastElapsed: UInt64 = 0
    let warmupStart = monotonicNanoseconds()
    repeat {
      let start = clock.now()
      body(iterations)
      lastElapsed = max(1, clock.now() - start)
      // Grow the count until one call is long enough to time reliably.
      if lastElapsed < configuration.sampleNanoseconds / 8 && iterations < Int.max / 4 { iterations *= 2 }
    } while monotonicNanoseconds() - warmupStart < configuration.warmupNanoseconds
    let perIteration = Double(lastElapsed) / Double(iterations)
    let perSample = max(1, Int((Double(configuration.sampleNanoseconds) / perIteration).rounded(.up)))
    var samples: [Double] = []
    samples.reserveCapacity(configuration.sampleCount)
    for _ in 0..<configuration.sampleCount {
      let start = clock.now()
      body(perSample)
      let elapsed = clock.now() - start
      samples.append(Double(elapsed) / Double(perSample * operationsPerIteration))
    }
    return TimingStatistics(samples: samples, iterationsPerSample: perSample)
  }
}

/// Writes one line to stderr (progress and errors; stdout carries only the report).
public func progress(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
