import BenchmarkHarness
import CurveCore

/// The inverse t = f⁻¹(level): every strategy on each of the article's four curves,
/// as independent scalar calls, as a dependent chain, and through a batch API where
/// one exists, each with its accuracy against the Float80 reference.
enum InverseBenchmarks {
  static var kernels: [any InverseKernel.Type] {
    [
      Bisection32Kernel.self, CardanoKernel.self, NewtonKernel.self, TableKernel.self, AutoKernel.self,
    ]
  }

  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    var cases: [Benchmark] = []
    for curve in ArticleCurve.allCases {
      for kernel in kernels {
        cases.append(scalar(kernel, curve, context))
        cases.append(latency(kernel, curve, context))
        if kernel.name != TableKernel.name {
          cases.append(
            Benchmark("inverse/\(kernel.name)/\(curve.rawValue)/batch", unit: "element") {
              throw BenchmarkSkip("no batch API for \(kernel.name); CubicInverseTable is the batch inverse")
            })
        }
      }
      cases.append(tableBatch(curve, context))
      cases.append(tableBuild(curve, context))
    }
    return cases
  }

  /// The levels the scalar cases cycle through: uniform over the curve's level range.
  static func timingLevels(_ cubic: Cubic, _ context: BenchmarkContext) -> [Double] {
    let start = cubic.d
    let end = ((cubic.a + cubic.b) + cubic.c) + cubic.d
    return context.uniform(context.scalarCount, in: min(start, end), max(start, end), seed: 21)
  }

  /// `scalarCount` independent calls per iteration, results stored (calls may overlap in
  /// the pipeline, as in any loop a caller writes).
  static func scalar(_ kernel: any InverseKernel.Type, _ curve: ArticleCurve, _ context: BenchmarkContext) -> Benchmark
  {
    Benchmark(
      "inverse/\(kernel.name)/\(curve.rawValue)/scalar", unit: "call", operationsPerIteration: context.scalarCount,
      accuracy: { accuracy(kernel, curve, context) }
    ) {
      try concrete(kernel, scalar: true, curve.cubic, timingLevels(curve.cubic, context))
    }
  }

  /// Calls the generic loop with the kernel's concrete type written out, so each loop is
  /// specialized at compile time (passing the `any InverseKernel.Type` would run the
  /// unspecialized generic code: a protocol-witness call per level).
  static func concrete(
    _ kernel: any InverseKernel.Type, scalar: Bool, _ cubic: Cubic, _ levels: [Double]
  ) throws -> Workload {
    switch kernel.name {
    case Bisection32Kernel.name:
      return scalar
        ? try scalarWorkload(Bisection32Kernel.self, cubic, levels)
        : try latencyWorkload(Bisection32Kernel.self, cubic, levels)
    case CardanoKernel.name:
      return scalar
        ? try scalarWorkload(CardanoKernel.self, cubic, levels) : try latencyWorkload(CardanoKernel.self, cubic, levels)
    case NewtonKernel.name:
      return scalar
        ? try scalarWorkload(NewtonKernel.self, cubic, levels) : try latencyWorkload(NewtonKernel.self, cubic, levels)
    case TableKernel.name:
      return scalar
        ? try scalarWorkload(TableKernel.self, cubic, levels) : try latencyWorkload(TableKernel.self, cubic, levels)
    case AutoKernel.name:
      return scalar
        ? try scalarWorkload(AutoKernel.self, cubic, levels) : try latencyWorkload(AutoKernel.self, cubic, levels)
    default:
      return scalar ? try scalarWorkload(kernel, cubic, levels) : try latencyWorkload(kernel, cubic, levels)
    }
  }

  static func scalarWorkload<Kernel: InverseKernel>(_: Kernel.Type, _ cubic: Cubic, _ levels: [Double]) throws
    -> Workload
  {
    let kernel = identity(try Kernel(cubic))
    return .buffers(levels) { source, results in
      for index in source.indices { results[index] = kernel.invert(source[index]) }
    }
  }

  /// Each call's level depends on the previous result (`level + (t − t)`, which costs a
  /// subtraction and an addition, about 2 ns), so calls cannot overlap: the latency a
  /// single call site sees.
  static func latency(_ kernel: any InverseKernel.Type, _ curve: ArticleCurve, _ context: BenchmarkContext) -> Benchmark
  {
    Benchmark(
      "inverse/\(kernel.name)/\(curve.rawValue)/latency", unit: "call", operationsPerIteration: context.scalarCount
    ) {
      try concrete(kernel, scalar: false, curve.cubic, timingLevels(curve.cubic, context))
    }
  }

  static func latencyWorkload<Kernel: InverseKernel>(_: Kernel.Type, _ cubic: Cubic, _ levels: [Double]) throws
    -> Workload
  {
    let solver = try Kernel(cubic)
    return .loop { iterations in
      let kernel = identity(solver)
      var t = 0.0
      levels.withUnsafeBufferPointer { input in
        for _ in 0..<iterations {
          let source = identity(input)
          for index in source.indices { t = kernel.invert(source[index] + (t - t)) }
        }
      }
      blackHole(t)
    }
  }

  /// 10⁶ levels through `CubicInverseTable.normalizedElapsed(forLevels:into:)`.
  static func tableBatch(_ curve: ArticleCurve, _ context: BenchmarkContext) -> Benchmark {
    let count = context.batchCount
    return Benchmark(
      "inverse/table/\(curve.rawValue)/batch", unit: "element", operationsPerIteration: count,
      accuracy: {
        guard let table = try? CubicInverseTable(curve.cubic) else {
          return AccuracyReport(
            sampleCount: 0, maxAbsoluteError: .nan, maxULPError: .nan, worstInput: .nan,
            limitDescription: "table could not be built", passed: false)
        }
        let (levels, _) = context.inverseReference(for: curve)
        let results = table.normalizedElapsed(forLevels: levels)
        var index = -1
        return accuracy(TableKernel.self, curve, context) { _ in
          index += 1
          return results[index]
        }
      }
    ) {
      let table = try CubicInverseTable(curve.cubic)
      let start = curve.cubic.d
      let end = ((curve.cubic.a + curve.cubic.b) + curve.cubic.c) + curve.cubic.d
      let solver = identity(table)
      return .buffers(context.uniform(count, in: min(start, end), max(start, end), seed: 31)) { source, results in
        solver.normalizedElapsed(forLevels: source, into: results)
      }
    }
  }

  /// Building a ``CubicInverseTable`` (64 cells plus the build-time accuracy check).
  static func tableBuild(_ curve: ArticleCurve, _ context: BenchmarkContext) -> Benchmark {
    Benchmark("inverse/table-build/\(curve.rawValue)", unit: "table") {
      .loop { iterations in
        for _ in 0..<iterations { blackHole(try? CubicInverseTable(identity(curve.cubic))) }
      }
    }
  }

  /// Max |t − t_ref| over the accuracy levels of `curve`.
  static func accuracy(
    _ kernel: any InverseKernel.Type, _ curve: ArticleCurve, _ context: BenchmarkContext,
    results: ((Double) -> Double)? = nil
  ) -> AccuracyReport {
    let (levels, reference) = context.inverseReference(for: curve)
    let solve: (Double) -> Double
    if let results {
      solve = results
    } else if let solver = try? kernel.init(curve.cubic) {
      solve = { solver.invert($0) }
    } else {
      return AccuracyReport(
        sampleCount: 0, maxAbsoluteError: .nan, maxULPError: .nan, worstInput: .nan,
        limitDescription: "solver could not be built", passed: false)
    }
    let isBisection = ObjectIdentifier(kernel) == ObjectIdentifier(Bisection32Kernel.self)
    let limit = kernel.limit(on: curve)
    var all = ErrorAccumulator()
    var checked = ErrorAccumulator()
    for (level, exact) in zip(levels, reference) {
      let t = solve(level)
      let error = Double(abs(Float80(t) - exact))
      all.record(input: level, error: error, reference: Double(exact))
      if !(isBisection && Bisection32Kernel.isEarlyReturn(level)) {
        checked.record(input: level, error: error, reference: Double(exact), limit: limit.value)
      }
    }
    var notes: [String] = []
    if isBisection {
      notes.append(
        "max error outside the early-return zones \(Format.scientific(checked.maxAbsoluteError)); "
          + "inside them (level ≥ 0.999999 or ≤ 0.000001) up to \(Format.scientific(all.maxAbsoluteError))")
    }
    var report = all.report(limit: limit.text, notes: notes)
    let verdict = checked.report(limit: limit.text)
    report.passed = verdict.passed
    report.notes += verdict.notes
    return report
  }
}
