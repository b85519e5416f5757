import BenchmarkHarness
import CurveCore
import CurveFitting

/// Least-squares fitting: a constrained cubic (f(0) = 1, f(1) = 0, the depletion default)
/// and an unconstrained cubic on 10, 10³ and 10⁶ points, in-process through
/// `LeastSquaresFitter.fit(_:)`; numpy.polyfit on the same data; and the whole
/// `curvekit fit --data FILE` process.
///
/// The in-process fits are timed in process CPU time (all threads), like the numpy peer;
/// scripts/bench.sh sets OPENBLAS_NUM_THREADS=1 so both use single-threaded BLAS.
enum FittingBenchmarks {
  /// The point counts: 10, 10³, 10⁶ (10⁶ is left out of `--quick`).
  static func sizes(_ context: BenchmarkContext) -> [Int] {
    context.options.quick ? [10, 1000] : [10, 1000, 1_000_000]
  }

  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    var cases: [Benchmark] = []
    for size in sizes(context) {
      cases.append(fit(size, constrained: true, context))
      cases.append(fit(size, constrained: false, context))
      cases.append(NumpyPeer.benchmark(size, context))
    }
    cases += ProcessBenchmarks.cases(context)
    return cases
  }

  static func fit(_ size: Int, constrained: Bool, _ context: BenchmarkContext) -> Benchmark {
    let name = "fit/\(constrained ? "constrained" : "unconstrained")-cubic/\(size)"
    return Benchmark(name, unit: "fit", accuracy: constrained ? { constrainedAccuracy(size, context) } : nil) {
      let problem = FitProblem(
        points: context.fitData(size).points, degree: 3,
        constraints: constrained ? FitConstraint.depletionEndpoints : [])
      // One fit up front, so a failure is reported as a skip rather than timed.
      do {
        _ = try LeastSquaresFitter.fit(problem)
      } catch {
        throw BenchmarkSkip("the fit failed: \(error)")
      }
      return .loop { iterations in
        for _ in 0..<iterations { blackHole(try? LeastSquaresFitter.fit(identity(problem))) }
      }
    }
  }

  /// Coefficient error of the constrained fit against the Float80 normal-equation solution.
  /// Limit 1e-12 relative to the largest coefficient (issue 2's acceptance bound).
  static func constrainedAccuracy(_ size: Int, _ context: BenchmarkContext) -> AccuracyReport {
    let data = context.fitData(size)
    let problem = FitProblem(points: data.points, degree: 3, constraints: FitConstraint.depletionEndpoints)
    var errors = ErrorAccumulator()
    guard let report = try? LeastSquaresFitter.fit(problem) else {
      return errors.report(limit: "fit failed")
    }
    let reference = data.constrainedReference()
    let fitted = report.coefficients
    let scale = reference.map { abs(Double($0)) }.max() ?? 1
    for (index, value) in fitted.enumerated() where index < reference.count {
      let error = Double(abs(Float80(value) - reference[index]))
      errors.record(input: Double(index), error: error, reference: Double(reference[index]), limit: 1e-12 * scale)
    }
    return errors.report(limit: "≤ 1e-12·max|coef| (Float80 ref.)")
  }
}
