import BenchmarkHarness
import Foundation

/// numpy.polyfit on the same data, timed by Benchmarks/peers/numpy_fit.py in one Python
/// process for all sizes (started once, on the first numpy case), skipped with a message
/// when python3 or numpy is missing.
enum NumpyPeer {
  /// The peer script, found relative to this source file.
  static let scriptPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("peers/numpy_fit.py").path

  static func benchmark(_ size: Int, _ context: BenchmarkContext) -> Benchmark {
    Benchmark("peer/numpy-polyfit/\(size)", unit: "fit") {
      let timings = try context.numpyTimings()
      guard let timing = timings[size] else { throw BenchmarkSkip("numpy_fit.py printed no line for \(size) points") }
      return .external(timing)
    }
  }

  /// Runs the script on every size's data; one ``TimingStatistics`` per size.
  static func run(sizes: [Int], context: BenchmarkContext) throws -> [Int: TimingStatistics] {
    guard FileManager.default.fileExists(atPath: scriptPath) else {
      throw BenchmarkSkip("the numpy peer script is missing (\(scriptPath))")
    }
    let directory = try context.temporaryDirectory()
    var files: [String] = []
    for size in sizes {
      let path = directory + "/fit-\(size).f64"
      try context.fitData(size).writeBinary(to: path)
      files.append(path)
    }
    let quick = context.options.quick
    let arguments =
      [scriptPath] + (quick ? ["--samples", "10", "--sample-ms", "0.5", "--warmup-ms", "2"] : []) + files
    let result = try ChildProcess.run(context.options.python, arguments)
    if result.status == 3 { throw BenchmarkSkip("numpy is not installed for \(context.options.python)") }
    guard result.status == 0 else {
      throw BenchmarkSkip("\(context.options.python) numpy_fit.py exited \(result.status): \(result.errorLine)")
    }
    var timings: [Int: TimingStatistics] = [:]
    for line in result.output.split(separator: "\n") {
      var fields: [Substring: Substring] = [:]
      for field in line.split(separator: " ") {
        let parts = field.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      guard let n = fields["n"].flatMap({ Int($0) }), let ns = fields["ns"] else { continue }
      let samples = ns.split(separator: ",").compactMap { Double($0) }
      timings[n] = TimingStatistics(samples: samples, iterationsPerSample: 0)
    }
    return timings
  }
}
