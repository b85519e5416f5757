import BenchmarkHarness
import CReference
import CurveCore

/// The C reference loops (Benchmarks/Sources/CReference, -O3, same target CPU), timed in
/// the same run as the Swift cases they mirror.
enum CReferenceBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    let cubic = context.forwardCurve.cubic
    let count = context.batchCount
    return [
      Benchmark("c/horner/latency", unit: "evaluation") {
        .loop { iterations in
          let curve = identity(cubic)
          blackHole(ckref_horner_chain(identity(0.375), iterations, curve.a, curve.b, curve.c, curve.d))
        }
      },
      batch("c/horner/batch", count: count, context) { source, destination, n in
        let curve = identity(cubic)
        ckref_horner_levels(source, destination, n, curve.a, curve.b, curve.c, curve.d)
      },
      batch("c/horner/batch-unclamped", count: count, context) { source, destination, n in
        let curve = identity(cubic)
        ckref_horner_values(source, destination, n, curve.a, curve.b, curve.c, curve.d)
      },
    ]
  }

  /// A C loop over `count` uniform t values in [0, 1].
  static func batch(
    _ name: String, count: Int, _ context: BenchmarkContext,
    _ body: @escaping (UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Void
  ) -> Benchmark {
    Benchmark(name, unit: "element", operationsPerIteration: count) {
      .buffers(context.uniform(count, in: 0, 1, seed: 11)) { source, destination in
        guard let from = source.baseAddress, let to = destination.baseAddress else { return }
        body(from, to, source.count)
      }
    }
  }

  /// The C build's description for the machine line.
  static var buildDescription: String {
    String(cString: ckref_build_description())
  }
}
