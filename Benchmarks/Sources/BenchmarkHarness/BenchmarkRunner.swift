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
  public static let full = RunConfiguration(
    warmupNanoseconds: 100_000_000, sampleNanoseconds: 20_000_000, sampleCount: 15)
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
  /// The interleave group the samples were taken in (sample i of every member of a group
  /// was taken in the same round).
  public var interleaveGroup: String? = nil
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

  /// Runs `benchmarks` and returns one result each, in the given order.
  ///
  /// Cases that share an ``Benchmark/interleaveGroup`` are run together, when the first of
  /// them comes up: each is prepared and warmed up, then their samples alternate (A, B, A,
  /// B, …), so other load on the machine and its memory bandwidth affects all of them alike
  /// and their ratios come from the same moments.
  public func run(_ benchmarks: [Benchmark]) -> [BenchmarkResult] {
    spin(nanoseconds: 2 * configuration.warmupNanoseconds)
    var results = [BenchmarkResult?](repeating: nil, count: benchmarks.count)
    var finished = 0
    for index in benchmarks.indices where results[index] == nil {
      let members =
        benchmarks[index].interleaveGroup.map { group in
          benchmarks.indices.filter { benchmarks[$0].interleaveGroup == group }
        } ?? [index]
      for name in members.map({ benchmarks[$0].name }) { progress("[\(finished + 1)/\(benchmarks.count)] \(name) …") }
      let groupResults = runGroup(members.map { benchmarks[$0] })
      for (member, result) in zip(members, groupResults) {
        finished += 1
        results[member] = result
        report(result, label: "[\(finished)/\(benchmarks.count)] \(result.name)")
      }
    }
    return results.compactMap { $0 }
  }

  private func report(_ result: BenchmarkResult, label: String) {
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
  }

  /// Prepares, times (samples interleaved across the group) and checks each case.
  public func runGroup(_ group: [Benchmark]) -> [BenchmarkResult] {
    var timings = [TimingStatistics?](repeating: nil, count: group.count)
    var skips = [String?](repeating: nil, count: group.count)
    var loops: [(member: Int, body: (Int) -> Void, perSample: Int)] = []
    for (member, benchmark) in group.enumerated() {
      do {
        switch try benchmark.prepare() {
        case .loop(let body):
          loops.append((member, body, calibrate(body, clock: benchmark.clock)))
        case .external(let statistics):
          timings[member] = statistics
        }
      } catch {
        skips[member] = "\(error)"
      }
    }
    var samples = [[Double]](repeating: [], count: group.count)
    for _ in 0..<configuration.sampleCount {
      for loop in loops {
        let benchmark = group[loop.member]
        let start = benchmark.clock.now()
        loop.body(loop.perSample)
        let elapsed = benchmark.clock.now() - start
        samples[loop.member].append(Double(elapsed) / Double(loop.perSample * benchmark.operationsPerIteration))
      }
    }
    for loop in loops {
      timings[loop.member] = TimingStatistics(samples: samples[loop.member], iterationsPerSample: loop.perSample)
    }
    return group.enumerated().map { member, benchmark in
      let timing = timings[member]
      let isExternal = timing != nil && !loops.contains { $0.member == member }
      var result = BenchmarkResult(
        name: benchmark.name, unit: benchmark.unit, clock: isExternal ? "peer" : benchmark.clock.rawValue,
        timing: timing, accuracy: timing == nil ? nil : benchmark.accuracy?(), skipReason: skips[member])
      result.interleaveGroup = isExternal ? nil : benchmark.interleaveGroup
      return result
    }
  }

  /// Keeps the CPU busy for a while before the first case, so it starts at full clock
  /// speed rather than paying for the ramp-up (the first case was measurably slower without).
  private func spin(nanoseconds: UInt64) {
    let end = monotonicNanoseconds() + nanoseconds
    var x = identity(1.0)
    while monotonicNanoseconds() < end {
      for _ in 0..<1000 { x = x * 1.000_000_1 + 1e-9 }
    }
    blackHole(x)
  }

  /// Warms `body` up for ``RunConfiguration/warmupNanoseconds`` and returns the iteration
  /// count that makes one sample last about ``RunConfiguration/sampleNanoseconds``.
  public func calibrate(_ body: (Int) -> Void, clock: BenchmarkClock) -> Int {
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
    return max(1, Int((Double(configuration.sampleNanoseconds) / perIteration).rounded(.up)))
  }
}

/// Writes one line to stderr (progress and errors; stdout carries only the report).
public func progress(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
