import BenchmarkHarness
import Foundation

/// Whole `curvekit` processes: `fit --data FILE` (spawn, read and parse the file, fit,
/// print the report, exit), and `eval` / `invert` streaming 10⁶ values through stdin beside
/// a C `strtod` + `printf("%.17g")` loop on the same input (issue 12: no slower than it).
/// The binary is the release build next to this one (or `--curvekit`).
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
      cStreamPeer(count: streamCount, context),
    ]
    return [startup] + streams
      + sizes.flatMap { size in [fit(size, spec: false, context), fit(size, spec: true, context)] }
  }

  /// `curvekit fit --data FILE` or `curvekit fit SPEC.json` on the same n points (default
  /// depletion constraints either way), interleaved: issue 12 wants the spec no slower
  /// than 2× the data file. A data file beyond 65 536 points streams (two passes over the
  /// file); a spec is parsed whole and fitted in memory. The spec's coefficients are
  /// checked against the Float80 solution (``fitAccuracy(_:_:)``).
  static func fit(_ size: Int, spec: Bool, _ context: BenchmarkContext) -> Benchmark {
    Benchmark(
      "process/curvekit-fit\(spec ? "-spec" : "")/\(size)", unit: "process", clock: .cpuWithChildren,
      interleaveGroup: "process-fit/\(size)", accuracy: spec ? { fitAccuracy(size, context) } : nil
    ) {
      let binary = try existingBinary(context)
      let arguments = try fitArguments(size, spec: spec, context)
      let first = try ChildProcess.run(binary, arguments)
      guard first.status == 0 else {
        throw BenchmarkSkip("`curvekit \(arguments.joined(separator: " "))` exited \(first.status): \(first.errorLine)")
      }
      return .loop { iterations in
        for _ in 0..<iterations { blackHole(try? ChildProcess.run(binary, arguments, discardOutput: true)) }
      }
    }
  }

  /// `fit SPEC.json` or `fit --data FILE` on ``FitData`` of `size` points (the file written once).
  static func fitArguments(_ size: Int, spec: Bool, _ context: BenchmarkContext) throws -> [String] {
    let path = try context.temporaryDirectory() + "/fit-\(size)" + (spec ? ".json" : ".txt")
    if !FileManager.default.fileExists(atPath: path) {
      if spec {
        try context.fitData(size).writeSpec(to: path)
      } else {
        try context.fitData(size).writeText(to: path)
      }
    }
    return spec ? ["fit", path] : ["fit", "--data", path]
  }

  /// The coefficients `curvekit fit --json SPEC.json` prints, against the Float80 solution
  /// of the same constrained problem (``FitData/constrainedReference()``), with the library
  /// fit's limit: 1e-12 of the largest coefficient. A note gives the `--data` fit's error
  /// on the same reference (reported, not checked: beyond 65 536 points it is the streamed
  /// Givens QR, whose error grows with the number of points).
  static func fitAccuracy(_ size: Int, _ context: BenchmarkContext) -> AccuracyReport {
    let reference = context.fitData(size).constrainedReference()
    let scale = reference.map { abs(Double($0)) }.max() ?? 1
    func coefficients(spec: Bool) -> [Double]? {
      guard let binary = try? existingBinary(context), let arguments = try? fitArguments(size, spec: spec, context),
        let result = try? ChildProcess.run(binary, arguments + ["--json"]), result.status == 0,
        let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
        let fitted = object["coefficients"] as? [Double], fitted.count == reference.count
      else { return nil }
      return fitted
    }
    var errors = ErrorAccumulator()
    guard let fitted = coefficients(spec: true) else { return errors.report(limit: "fit failed") }
    for (index, value) in fitted.enumerated() {
      let error = Double(abs(Float80(value) - reference[index]))
      errors.record(input: Double(index), error: error, reference: Double(reference[index]), limit: 1e-12 * scale)
    }
    let dataError = coefficients(spec: false).map { fitted in
      zip(fitted, reference).map { Double(abs(Float80($0) - $1)) }.max() ?? 0
    }
    let note = "fit --data on the same points: max |err| " + (dataError.map { Format.scientific($0) } ?? "– (failed)")
    return errors.report(limit: "≤ 1e-12·max|coef| (Float80 ref.)", notes: [note])
  }

  /// `curvekit eval|invert --coefficients <current curve>` reading `count` uniform values
  /// in [0, 1] from stdin (shortest round-trip text) and printing one result per line
  /// (timed with the output sent to /dev/null). Interleaved with the C peer
  /// (``cStreamPeer(count:_:)``), so the ratio pairs samples taken at the same time. The
  /// accuracy check parses every output line back and compares it bit for bit with the
  /// library's answer in this process (`level(forNormalizedElapsed:)`, `normalizedElapsed(forLevel:)`).
  static func stream(_ command: String, count: Int, _ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    let values = context.uniform(count, in: 0, 1, seed: 41)
    let arguments = [command, "--coefficients", "\(cubic)"]
    let expected = { (value: Double) in
      command == "eval" ? cubic.level(forNormalizedElapsed: value) : cubic.normalizedElapsed(forLevel: value)
    }
    return Benchmark(
      "process/curvekit-\(command)-stdin/\(count)", unit: "process", clock: .cpuWithChildren,
      interleaveGroup: "process-stdin/\(count)",
      accuracy: { outputAccuracy(try? existingBinary(context), arguments, values, context, expected) }
    ) {
      let binary = try existingBinary(context)
      let path = try streamInput(values, context)
      let first = try ChildProcess.run(binary, arguments, inputPath: path, discardOutput: true)
      guard first.status == 0 else {
        throw BenchmarkSkip("`curvekit \(command)` exited \(first.status): \(first.errorLine)")
      }
      return .loop { iterations in
        for _ in 0..<iterations {
          blackHole(try? ChildProcess.run(binary, arguments, inputPath: path, discardOutput: true))
        }
      }
    }
  }

  /// The C peer of the stdin streams: `fgets` + `strtod` + clamped Horner + `printf("%.17g")`
  /// per line (Benchmarks/Sources/CStreamPeer/main.c), on the same input as ``stream(_:count:_:)``.
  /// Its output is checked like curvekit's: every line parses back to the library's level.
  static func cStreamPeer(count: Int, _ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    let values = context.uniform(count, in: 0, 1, seed: 41)
    let arguments = [cubic.a, cubic.b, cubic.c, cubic.d].map(\.description)
    let binary = cStreamPeerBinary(context)
    return Benchmark(
      "process/c-strtod-printf-stdin/\(count)", unit: "process", clock: .cpuWithChildren,
      interleaveGroup: "process-stdin/\(count)",
      accuracy: {
        outputAccuracy(binary, arguments, values, context) { cubic.level(forNormalizedElapsed: $0) }
      }
    ) {
      guard let binary else {
        throw BenchmarkSkip("no curvekit-c-stream-peer next to the benchmarks (scripts/bench.sh builds it)")
      }
      let path = try streamInput(values, context)
      let first = try ChildProcess.run(binary, arguments, inputPath: path, discardOutput: true)
      guard first.status == 0 else {
        throw BenchmarkSkip("curvekit-c-stream-peer exited \(first.status): \(first.errorLine)")
      }
      return .loop { iterations in
        for _ in 0..<iterations {
          blackHole(try? ChildProcess.run(binary, arguments, inputPath: path, discardOutput: true))
        }
      }
    }
  }

  /// The stream input file: `values` one per line in shortest round-trip form (written once).
  static func streamInput(_ values: [Double], _ context: BenchmarkContext) throws -> String {
    let path = try context.temporaryDirectory() + "/stream-\(values.count).txt"
    if !FileManager.default.fileExists(atPath: path) {
      try (values.map(\.description).joined(separator: "\n") + "\n").write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    return path
  }

  /// Runs `binary arguments` on `values` and compares each output line, parsed as a double,
  /// with `expected(value)`: passes when all `values.count` lines are there and equal bit for bit.
  static func outputAccuracy(
    _ binary: String?, _ arguments: [String], _ values: [Double], _ context: BenchmarkContext,
    _ expected: (Double) -> Double
  ) -> AccuracyReport {
    var mismatches = values.count
    var maxError = Double.infinity
    var worst = 0.0
    if let binary, let path = try? streamInput(values, context),
      let result = try? ChildProcess.run(binary, arguments, inputPath: path), result.status == 0
    {
      let lines = result.output.split(separator: "\n")
      mismatches = abs(lines.count - values.count)
      maxError = 0
      for (value, line) in zip(values, lines) {
        let want = expected(value)
        let got = Double(line) ?? .nan
        guard got.bitPattern != want.bitPattern else { continue }
        mismatches += 1
        let error = got.isNaN ? Double.infinity : abs(got - want)
        if error >= maxError {
          maxError = error
          worst = value
        }
      }
    }
    return AccuracyReport(
      sampleCount: values.count, maxAbsoluteError: maxError, maxULPError: mismatches == 0 ? 0 : .infinity,
      worstInput: worst, limitDescription: "every line = the library's double",
      passed: mismatches == 0, notes: mismatches == 0 ? [] : ["\(mismatches) lines differ"])
  }

  /// `curvekit-c-stream-peer` next to the running benchmark executable, if built.
  static func cStreamPeerBinary(_ context: BenchmarkContext) -> String? {
    let path = URL(fileURLWithPath: defaultBinary).deletingLastPathComponent()
      .appendingPathComponent("curvekit-c-stream-peer").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
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
