import BenchmarkHarness
import Foundation

/// The whole `curvekit fit --data FILE` process: spawn, read and parse the file, fit,
/// print the report, exit. The binary is the release build next to this one (or `--curvekit`).
enum ProcessBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    let sizes = context.options.quick ? [1000] : [1000, 1_000_000]
    return sizes.map { size in
      Benchmark("process/curvekit-fit/\(size)", unit: "process", clock: .wall) {
        let binary = context.options.curvekitPath ?? defaultBinary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
          throw BenchmarkSkip("no curvekit binary at \(binary) (build it, or pass --curvekit PATH)")
        }
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

  /// `curvekit` next to the running benchmark executable.
  static var defaultBinary: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("curvekit").path
  }
}
