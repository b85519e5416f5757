import BenchmarkHarness
import Foundation

/// Whole `curvekit` processes: `fit --data FILE` (spawn, read and parse the file, fit,
/// print the report, exit), and `eval` / `invert` streaming 10⁶ values through stdin (the
/// CLI must be "fast enough for 10⁶ lines"). The binary is the release build next to this one (or `--curvekit`).
/// Timed as CPU time of this process and its children, so other load on the machine does
/// not count (the wall-clock time is at least this).
enum ProcessBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    let sizes = context.options.quick ? [1000] : [1000, 1_000_000]
    // `curvekit --help`: the cost of starting the process at all, for comparison.
    let startup = Benchmark("process/curvekit-help", unit: "process", clock: .cpuWithChildren) {
      let binary = try existingBinary(context)
      return .loop { iterations in
        for _ in 0..<iterations { blackHole(try? ChildProcess.run(binary, ["--help"])) }
      }
    }
    let streamCount = context.options.quick ? 1000 : 1_000_000
    let streams = [
      stream("eval", count: streamCount, context), stream("invert", count: streamCount, context),
    ]
    return [startup] + streams
      + sizes.map { size in
        Benchmark("process/curvekit-fit/\(size)", unit: "process", clock: .cpuWithChildren) {
          let binary = try existingBinary(context)
          let path = try context.temporaryDirectory() + "/fit-\(size).txt"
          try context.fitData(size).writeText(to: path)
          let arguments = ["fit", "--data", path]
          let first = try ChildProcess.run(binary, arguments)
          guard first.status == 0 else {
            throw BenchmarkSkip("`curvekit fit --data` exited \(first.status): \(first.errorLine)")
          }
          return .loop { iterations in
            for _ in 0..<iterations { blackHole(try? ChildProcess.run(binary, arguments)) }
          }
        }
      }
  }

  /// `curvekit eval|invert --coefficients <current curve>` reading `count` uniform values
  /// in [0, 1] from stdin and printing one result per line (output discarded).
  static func stream(_ command: String, count: Int, _ context: BenchmarkContext) -> Benchmark {
    Benchmark("process/curvekit-\(command)-stdin/\(count)", unit: "process", clock: .cpuWithChildren) {
      let binary = try existingBinary(context)
      let path = try context.temporaryDirectory() + "/\(command)-\(count).txt"
      let values = context.uniform(count, in: 0, 1, seed: 41)
      try (values.map(\.description).joined(separator: "\n") + "\n").write(
        toFile: path, atomically: true, encoding: .utf8)
      let arguments = [command, "--coefficients", "\(context.forwardCurve.cubic)"]
      let first = try ChildProcess.run(binary, arguments, inputPath: path)
      guard first.status == 0 else {
        throw BenchmarkSkip("`curvekit \(command)` exited \(first.status): \(first.errorLine)")
      }
      return .loop { iterations in
        for _ in 0..<iterations { blackHole(try? ChildProcess.run(binary, arguments, inputPath: path)) }
      }
    }
  }

  /// The curvekit binary to run, or a skip naming where it was looked for.
  static func existingBinary(_ context: BenchmarkContext) throws -> String {
    let binary = context.options.curvekitPath ?? defaultBinary
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchmarkSkip("no curvekit binary at \(binary) (build it, or pass --curvekit PATH)")
    }
    return binary
  }

  /// `curvekit` next to the running benchmark executable.
  static var defaultBinary: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("curvekit").path
  }
}
