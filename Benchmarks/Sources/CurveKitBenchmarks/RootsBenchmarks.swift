import BenchmarkHarness
import CReference
import CurveCore

/// Real roots of a general cubic: CurveKit's `Cubic.realRoots()` and, when libgsl can be
/// loaded, GSL's `gsl_poly_solve_cubic`, on random cubics (time and backward error) and on
/// the hard cases (forward error against mpmath).
enum RootsBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    var cases: [Benchmark] = []
    cases.append(random(CurveKitRoots.self, context))
    cases.append(hard(CurveKitRoots.self, context))
    cases.append(random(GSLRoots.self, context))
    cases.append(hard(GSLRoots.self, context))
    return cases
  }

  /// 4096 random cubics per iteration; accuracy: the relative backward error of every root.
  static func random<Solver: RootsSolver>(_: Solver.Type, _ context: BenchmarkContext) -> Benchmark {
    let inputs = RootsInputs.random(count: context.scalarCount)
    return Benchmark(
      "roots/\(Solver.name)/random", unit: "cubic", operationsPerIteration: inputs.count,
      accuracy: Solver.isAvailable ? { randomAccuracy(Solver.self, context) } : nil
    ) {
      guard Solver.isAvailable else { throw BenchmarkSkip(Solver.unavailableReason) }
      return countingLoop(Solver.self, inputs)
    }
  }

  /// Counts the roots of every cubic in `inputs` per iteration (flat coefficients, so the
  /// loop itself allocates nothing; an API that returns an array still allocates).
  static func countingLoop<Solver: RootsSolver>(_: Solver.Type, _ inputs: [[Double]]) -> Workload {
    let flat = inputs.flatMap { $0 }
    return .loop { iterations in
      var count = 0
      identity(flat).withUnsafeBufferPointer { c in
        for _ in 0..<iterations {
          for base in stride(from: 0, to: c.count, by: 4) {
            count &+= Solver.rootCount(c[base], c[base + 1], c[base + 2], c[base + 3])
          }
        }
      }
      blackHole(count)
    }
  }

  static func randomAccuracy<Solver: RootsSolver>(_: Solver.Type, _ context: BenchmarkContext) -> AccuracyReport {
    var errors = ErrorAccumulator()
    for (index, coefficients) in RootsInputs.random(count: context.accuracyCount).enumerated() {
      for root in Solver.roots(coefficients) ?? [] {
        let backward = RootsInputs.backwardError(coefficients, root: root)
        errors.record(input: Double(index), error: backward, reference: 1, limit: Solver.backwardLimit.value)
      }
    }
    return errors.report(
      limit: Solver.backwardLimit.text,
      notes: ["random cubics: the error column is the relative backward error |p(r)|/Σ|cᵢ||r|ⁱ"])
  }

  /// The hard cases, timed as one pass over all of them; accuracy: forward error.
  static func hard<Solver: RootsSolver>(_: Solver.Type, _ context: BenchmarkContext) -> Benchmark {
    let cases = RootsInputs.hard() ?? []
    return Benchmark(
      "roots/\(Solver.name)/hard", unit: "cubic", operationsPerIteration: max(1, cases.count),
      accuracy: Solver.isAvailable && !cases.isEmpty ? { hardAccuracy(Solver.self, cases) } : nil
    ) {
      guard Solver.isAvailable else { throw BenchmarkSkip(Solver.unavailableReason) }
      guard !cases.isEmpty else { throw BenchmarkSkip("no hard-case fixture at \(RootsInputs.fixturePath)") }
      return countingLoop(Solver.self, cases.map(\.coefficients))
    }
  }

  static func hardAccuracy<Solver: RootsSolver>(_: Solver.Type, _ cases: [RootsInputs.HardCase]) -> AccuracyReport {
    var worstRelative = 0.0
    var worstSimpleULPs = 0.0
    var checked = 0
    var wrongCount: [String] = []
    var unsupported = 0
    var worstName = ""
    for hardCase in cases {
      guard let computed = Solver.roots(hardCase.coefficients) else {
        unsupported += 1
        continue
      }
      guard let error = RootsInputs.relativeError(computed, hardCase) else {
        wrongCount.append(hardCase.name)
        continue
      }
      checked += 1
      if error > worstRelative || error.isNaN {
        worstRelative = error
        worstName = hardCase.name
      }
      worstSimpleULPs = max(worstSimpleULPs, RootsInputs.worstSimpleRootULPs(computed, hardCase))
    }
    var notes = [
      "hard cases: the error column is the max relative forward error where the root count is right, "
        + "the ulp column the worst simple root in ulps of the exact root"
    ]
    notes.append("worst case: \(worstName)")
    if !wrongCount.isEmpty {
      notes.append(
        "\(wrongCount.count) of \(cases.count) with a wrong real-root count: \(wrongCount.prefix(8).joined(separator: ", "))"
      )
    }
    if unsupported > 0 { notes.append("\(unsupported) cases not supported (a = 0)") }
    let passed = !Solver.checksHardCases || (wrongCount.isEmpty && unsupported == 0 && worstSimpleULPs <= 0.5)
    return AccuracyReport(
      sampleCount: checked, maxAbsoluteError: worstRelative, maxULPError: worstSimpleULPs, worstInput: .nan,
      limitDescription: Solver.checksHardCases ? "every count right, simple roots ≤ 0.5 ulp" : "report only",
      passed: passed, notes: notes)
  }
}

/// A real-root solver, as a type so the loops are specialized.
protocol RootsSolver {
  static var name: String { get }
  static var isAvailable: Bool { get }
  static var unavailableReason: String { get }
  /// The limit on the relative backward error for random cubics.
  static var backwardLimit: (value: Double, text: String) { get }
  /// Whether the hard cases are a check (every root count right, every simple root within
  /// half an ulp) rather than a report.
  static var checksHardCases: Bool { get }
  /// The real roots, or nil when the solver does not handle this input.
  static func roots(_ coefficients: [Double]) -> [Double]?
  /// The number of real roots, computed as a caller would (the timed operation).
  static func rootCount(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Int
}

/// CurveKit's `Cubic.realRoots()`.
enum CurveKitRoots: RootsSolver {
  static let name = "curvekit"
  static let isAvailable = true
  static let unavailableReason = ""
  static let backwardLimit = (value: 8 * 0x1p-53, text: "backward error ≤ 8u")
  static let checksHardCases = true
  @inline(__always)
  static func roots(_ coefficients: [Double]) -> [Double]? {
    (try? Cubic(a: coefficients[0], b: coefficients[1], c: coefficients[2], d: coefficients[3]).realRoots())
      .map(Array.init)
  }
  @inline(__always)
  static func rootCount(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Int {
    (try? Cubic(a: a, b: b, c: c, d: d).realRoots())?.count ?? 0
  }
}

/// GSL's `gsl_poly_solve_cubic` (monic: b/a, c/a, d/a), loaded at run time.
enum GSLRoots: RootsSolver {
  static let name = "gsl"
  static var isAvailable: Bool { ckref_gsl_available() != 0 }
  static let unavailableReason = "libgsl not found (install libgsl-dev or libgsl27 to compare with GSL)"
  static let backwardLimit = (value: Double.infinity, text: "report only")
  static let checksHardCases = false
  @inline(__always)
  static func roots(_ coefficients: [Double]) -> [Double]? {
    let a = coefficients[0]
    guard a != 0 else { return nil }
    var x0 = 0.0
    var x1 = 0.0
    var x2 = 0.0
    let count = ckref_gsl_solve_cubic(coefficients[1] / a, coefficients[2] / a, coefficients[3] / a, &x0, &x1, &x2)
    return Array([x0, x1, x2].prefix(Int(max(0, count))))
  }
  @inline(__always)
  static func rootCount(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Int {
    guard a != 0 else { return 0 }
    var x0 = 0.0
    var x1 = 0.0
    var x2 = 0.0
    return Int(ckref_gsl_solve_cubic(b / a, c / a, d / a, &x0, &x1, &x2))
  }
}
