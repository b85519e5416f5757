import BenchmarkHarness
import CurveCore
import CurveFitting
import Foundation

/// The monotone `enforce` fit above degree 3 (issue 22): degree 10 on 10³ points of a
/// shoulder (a flat start, then a steep fall, with a bump that makes the plain fit rise),
/// in-process through `MonotoneFitter.fit(_:)`, next to scipy's SLSQP with f′ ≤ 0 on a
/// 201-point grid (Benchmarks/peers/monotone_slsqp.py), the approach a scipy user writes.
enum MonotoneBenchmarks {
  static let count = 1000

  /// The shoulder data, fixed by seed: t uniform in [0, 1], noise σ = 0.02.
  static let points: [DataPoint] = {
    var generator = SeededRandomNumberGenerator(seed: 0x5_401D)
    return (0..<count).map { _ in
      let t = generator.nextUnitDouble()
      let shoulder = t < 0.4 ? 1 - 0.05 * t : max(0, 0.98 - 6.6 * (t - 0.4) * (t - 0.4))
      let bump = 0.08 * exp(-(t - 0.3) * (t - 0.3) / 0.004)
      return DataPoint(t: t, y: shoulder + bump + 0.02 * generator.nextGaussian())
    }
  }()

  static var problem: FitProblem { FitProblem(points: points, degree: 10) }

  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    [enforce(context), slsqp(context)]
  }

  static func enforce(_ context: BenchmarkContext) -> Benchmark {
    Benchmark("fit/enforce-degree10/\(count)", unit: "fit", accuracy: accuracy) {
      do {
        _ = try MonotoneFitter.fit(problem)
      } catch {
        throw BenchmarkSkip("the fit failed: \(error)")
      }
      return .loop { iterations in
        for _ in 0..<iterations { blackHole(try? MonotoneFitter.fit(identity(problem))) }
      }
    }
  }

  /// The certified gap (duality bound) relative to the objective, limit 10⁻⁹, and a note
  /// with the objective and the exact verdict.
  static func accuracy() -> AccuracyReport {
    var errors = ErrorAccumulator()
    guard let report = try? MonotoneFitter.fit(problem), let gap = report.kkt.optimalityGap else {
      return errors.report(limit: "fit failed")
    }
    errors.record(input: 0, error: gap / report.objective, reference: 1, limit: 1e-9)
    let monotone = report.fit.polynomial.slopeStaysAtOrBelow(negativeOf: 0)
    return errors.report(
      limit: "gap ≤ 1e-9·objective (duality bound)",
      notes: ["objective \(report.objective), exactly non-increasing: \(monotone)"])
  }

  /// scipy SLSQP on the same points, with its objective and largest slope as notes.
  static func slsqp(_ context: BenchmarkContext) -> Benchmark {
    Benchmark("peer/scipy-slsqp-degree10/\(count)", unit: "fit") {
      let script = NumpyPeer.scriptPath.replacingOccurrences(of: "numpy_fit.py", with: "monotone_slsqp.py")
      let path = try context.temporaryDirectory() + "/monotone-\(count).f64"
      var values = points.map(\.t) + points.map(\.y)
      try values.withUnsafeMutableBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
      let quick = context.options.quick
      let arguments = [script] + (quick ? ["--samples", "5", "--sample-ms", "5", "--warmup-ms", "10"] : []) + [path]
      let result = try ChildProcess.run(context.options.python, arguments)
      if result.status == 3 { throw BenchmarkSkip("scipy is not installed for \(context.options.python)") }
      guard result.status == 0 else {
        throw BenchmarkSkip("monotone_slsqp.py exited \(result.status): \(result.errorLine)")
      }
      var fields: [Substring: Substring] = [:]
      for field in result.output.split(whereSeparator: \.isWhitespace) {
        let parts = field.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
      }
      guard let ns = fields["ns"] else { throw BenchmarkSkip("monotone_slsqp.py printed no timings") }
      if let objective = fields["objective"], let slope = fields["maxslope"] {
        FileHandle.standardError.write(
          Data("    scipy SLSQP (201-point grid): objective \(objective), largest f′ on [0, 1] \(slope)\n".utf8))
      }
      return .external(
        TimingStatistics(samples: ns.split(separator: ",").compactMap { Double($0) }, iterationsPerSample: 0))
    }
  }
}
