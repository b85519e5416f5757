import BenchmarkHarness
import CurveCore

/// Forward evaluation: each ``EvaluationScheme`` as a dependent chain (latency) and
/// through the batch buffer API (throughput), with its accuracy against Float80.
enum ForwardBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    var cases: [Benchmark] = []
    for scheme in EvaluationScheme.allCases {
      cases.append(latency(scheme, context))
      cases.append(batch(scheme, context))
    }
    cases.append(clampedLevelLatency(context))
    cases.append(unclampedBatch(context))
    return cases
  }

  /// t = f(t), n times: each evaluation waits for the previous one. The article's curves map
  /// [0, 1] into [0, 1], so the chain stays in range without a clamp.
  static func latency(_ scheme: EvaluationScheme, _ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    return Benchmark(
      "forward/\(scheme)/latency", unit: "evaluation",
      accuracy: { accuracy(scheme, context) { cubic, t in cubic.scalarValue(at: t, scheme: scheme) } }
    ) {
      switch scheme {
      case .horner: return chain(HornerKernel.self, cubic)
      case .naive: return chain(NaiveKernel.self, cubic)
      case .estrin: return chain(EstrinKernel.self, cubic)
      case .hornerFMA: return chain(HornerFMAKernel.self, cubic)
      case .naiveFMA: return chain(NaiveFMAKernel.self, cubic)
      case .estrinFMA: return chain(EstrinFMAKernel.self, cubic)
      case .compensatedHorner: return chain(CompensatedHornerKernel.self, cubic)
      }
    }
  }

  /// The article's clamped `level(forNormalizedElapsed:)` as a dependent chain.
  static func clampedLevelLatency(_ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    return Benchmark("forward/level-clamped/latency", unit: "evaluation") {
      chain(ClampedLevelKernel.self, cubic)
    }
  }

  /// The dependent chain, specialized on the kernel type (no indirect call in the loop).
  static func chain<Kernel: EvaluationKernel>(_: Kernel.Type, _ cubic: Cubic) -> Workload {
    .loop { iterations in
      let curve = identity(cubic)
      var t = identity(0.375)
      for _ in 0..<iterations { t = Kernel.evaluate(curve, t) }
      blackHole(t)
    }
  }

  /// 10⁶ clamped levels through `levels(forNormalizedElapsed:into:scheme:)`.
  static func batch(_ scheme: EvaluationScheme, _ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    let count = context.batchCount
    return Benchmark(
      "forward/\(scheme)/batch", unit: "element", operationsPerIteration: count,
      accuracy: {
        accuracy(scheme, context) { cubic, t in
          var output = [0.0]
          [t].withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer {
              _ = cubic.levels(forNormalizedElapsed: input, into: $0, scheme: scheme)
            }
          }
          return output[0]
        }
      }
    ) {
      let curve = identity(cubic)
      return .buffers(context.uniform(count, in: 0, 1, seed: 11)) { source, destination in
        curve.levels(forNormalizedElapsed: source, into: destination, scheme: scheme)
      }
    }
  }

  /// 10⁶ unclamped values through `values(at:into:)` (Horner).
  static func unclampedBatch(_ context: BenchmarkContext) -> Benchmark {
    let cubic = context.forwardCurve.cubic
    let count = context.batchCount
    return Benchmark("forward/horner/batch-unclamped", unit: "element", operationsPerIteration: count) {
      let curve = identity(cubic)
      return .buffers(context.uniform(count, in: 0, 1, seed: 11)) { source, destination in
        curve.values(at: source, into: destination)
      }
    }
  }

  /// Max error over the accuracy inputs on all four article curves; each point must stay
  /// within the scheme's a-priori bound γₖ·S(t) (see ``EvaluationScheme``), plus 2⁻⁶¹·S(t)
  /// for the reference's own rounding.
  static func accuracy(
    _ scheme: EvaluationScheme, _ context: BenchmarkContext,
    _ evaluate: (Cubic, Double) -> Double
  ) -> AccuracyReport {
    var errors = ErrorAccumulator()
    let unit = Float80(Double.ulpOfOne / 2)
    let times = AccuracyInputs.times(count: context.accuracyCount, seed: 7)
    for curve in ArticleCurve.allCases {
      let cubic = curve.cubic
      let wide = Float80Cubic(cubic)
      for t in times {
        let reference = wide.value(at: t)
        let scale = wide.scale(at: t)
        let limit: Float80
        if let k = scheme.cubicGammaIndex {
          let gamma = Float80(k) * unit / (1 - Float80(k) * unit)
          limit = gamma * scale + scale * 0x1p-61
        } else {
          let gamma6 = 6 * unit / (1 - 6 * unit)
          limit = unit * abs(reference) + gamma6 * gamma6 * scale + scale * 0x1p-61
        }
        let error = abs(Float80(evaluate(cubic, t)) - reference)
        errors.record(input: t, error: Double(error), reference: Double(reference), limit: Double(limit))
      }
    }
    let bound = scheme.cubicGammaIndex.map { "≤ γ\($0)·S(t) per point" } ?? "≤ u·|f| + γ6²·S per point"
    return errors.report(limit: bound)
  }
}

extension Cubic {
  /// The scheme's scalar function, for the accuracy checks (not timed).
  func scalarValue(at t: Double, scheme: EvaluationScheme) -> Double {
    value(at: t, scheme: scheme)
  }
}

/// One scalar evaluation, as a type, so the timing loops are specialized per scheme.
protocol EvaluationKernel {
  static func evaluate(_ cubic: Cubic, _ t: Double) -> Double
}

enum HornerKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double { cubic.value(at: t, scheme: .horner) }
}
enum NaiveKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double { cubic.value(at: t, scheme: .naive) }
}
enum EstrinKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double { cubic.value(at: t, scheme: .estrin) }
}
enum HornerFMAKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double {
    cubic.value(at: t, scheme: .hornerFMA)
  }
}
enum NaiveFMAKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double {
    cubic.value(at: t, scheme: .naiveFMA)
  }
}
enum EstrinFMAKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double {
    cubic.value(at: t, scheme: .estrinFMA)
  }
}
enum CompensatedHornerKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double {
    cubic.value(at: t, scheme: .compensatedHorner)
  }
}
enum ClampedLevelKernel: EvaluationKernel {
  @inline(__always) static func evaluate(_ cubic: Cubic, _ t: Double) -> Double { cubic.level(forNormalizedElapsed: t) }
}
