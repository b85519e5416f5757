import BenchmarkHarness
import CReference
import CurveCore

/// The C 32-step bisection next to CurveKit's, on the same levels.
extension CReferenceBenchmarks {
  static func bisectionCases(_ context: BenchmarkContext) -> [Benchmark] {
    let levelsCurve = ArticleCurve.current.cubic
    return [
      Benchmark(
        "c/bisection32/current/scalar", unit: "call", operationsPerIteration: context.scalarCount,
        accuracy: { bitIdentity(levelsCurve, context) }
      ) {
        let levels = InverseBenchmarks.timingLevels(levelsCurve, context)
        var output = [Double](repeating: 0, count: levels.count)
        return .loop { iterations in
          let curve = identity(levelsCurve)
          for _ in 0..<iterations {
            ckref_bisection32_batch(identity(levels), &output, levels.count, curve.a, curve.b, curve.c, curve.d)
          }
          blackHole(output)
        }
      }
    ]
  }

  /// The C bisection must agree bit for bit with CurveKit's (the same algorithm); the
  /// "error" reported is the largest difference, limit 0.
  static func bitIdentity(_ cubic: Cubic, _ context: BenchmarkContext) -> AccuracyReport {
    var errors = ErrorAccumulator()
    for level in context.inverseReference(for: .current).levels {
      let swift = cubic.normalizedElapsedByBisection(forLevel: level)
      let c = ckref_bisection32(level, cubic.a, cubic.b, cubic.c, cubic.d)
      errors.record(input: level, error: abs(swift - c), reference: swift, limit: 0)
    }
    return errors.report(limit: "= CurveKit's bisection, bit for bit")
  }

}
