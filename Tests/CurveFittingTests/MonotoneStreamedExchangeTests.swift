import CurveCore
import CurveFitting
import CurveKitTestSupport
import Testing

/// `enforce` on streamed data at every degree but 3 (the exchange method on the reduced
/// problem of the power sums), against the independent optimum of the degree 4–10 fixture
/// and against the in-memory fit of the same points.
@Suite("Monotone enforce on streamed data, degrees 1–10")
struct MonotoneStreamedExchangeTests {
  /// The fixture's problems without milestones (streamed data carries none).
  static let problems = HighDegreeMonotoneProblem.all.filter { $0.problem.milestones.isEmpty }

  static func stream(_ problem: FitProblem) throws -> StreamingLeastSquares {
    var stream = try StreamingLeastSquares(degree: problem.degree, constraints: problem.constraints, interval: 0...1)
    for (index, point) in problem.points.enumerated() { try stream.add(point, weight: problem.weights?[index] ?? 1) }
    return stream
  }

  @Test("fixture coverage: every degree 4–10 has streamed problems")
  func coverage() {
    for degree in 4...10 {
      #expect(Self.problems.filter { $0.problem.degree == degree }.count >= 20, "degree \(degree)")
    }
  }

  @Test("proven monotone, within 1e-9 of the independent optimum, and of the in-memory fit", arguments: problems)
  func matchesReference(_ reference: HighDegreeMonotoneProblem) throws {
    let problem = reference.problem
    let streamed = try MonotoneFitter.fit(streamed: Self.stream(problem), minSlope: reference.minSlope)
    let inMemory = try MonotoneFitter.fit(problem, minSlope: reference.minSlope)
    let polynomial = streamed.fit.polynomial
    // Proven by the exact decision, and the objective of the returned doubles.
    #expect(streamed.verdict == .holds)
    #expect(polynomial.slopeStaysAtOrBelow(negativeOf: reference.minSlope))
    let objective = MonotoneFitterTests.objective(problem, ascending: polynomial.ascendingCoefficients)
    let optimum = Float80(reference.objective)
    #expect(objective <= optimum * (1 + 1e-9), "\(reference.name): \(objective) above the optimum \(optimum)")
    // The reported objective is the sums' value of the returned doubles.
    #expect(abs(Float80(streamed.objective) - objective) <= 1e-12 * objective, "\(reference.name)")
    // The certificate bounds the gap, and the same method in memory finds the same optimum.
    // The certificate bounds the true gap from above (to the sums' model, ~1e-12), and is small.
    if let gap = streamed.kkt.optimalityGap {
      #expect(gap <= 1e-9 * reference.objective, "\(reference.name): gap \(gap)")
      #expect(Float80(gap) >= objective - optimum - 1e-11 * optimum, "\(reference.name): gap \(gap) too small")
    }

    #expect(abs(streamed.objective - inMemory.objective) <= 1e-10 * inMemory.objective, "\(reference.name)")
    #expect(streamed.wasAlreadyMonotone == reference.alreadyMonotone, "\(reference.name)")
    let above = (objective - optimum) / optimum
    let apart = abs(streamed.objective - inMemory.objective) / inMemory.objective
    print("streamed exchange | \(reference.name) | above optimum \(above) | from in-memory \(apart)")
    if !reference.alreadyMonotone {
      let ends = reference.active.filter { $0.kind == "start" || $0.kind == "end" }.count
      let reported = streamed.activeConstraints.filter {
        if case .startSlope = $0 { return true }
        if case .endSlope = $0 { return true }
        return false
      }.count
      #expect(reported == ends, "\(reference.name): active ends \(streamed.activeConstraints)")
    }
  }

  /// y = 1 − t + 0.8·t(1 − t)(1 − 2t) + noise: rises near both ends.
  static func risingEnds(count: Int, seed: UInt64) -> [DataPoint] {
    var rng = SeededRandomNumberGenerator(seed: seed)
    return (0..<count).map { _ in
      let t = rng.nextUnitDouble()
      return DataPoint(t: t, y: 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + 0.05 * (rng.nextUnitDouble() - 0.5))
    }
  }

  @Test("degree 2 streamed equals the exact in-memory construction to 1e-10")
  func degreeTwo() throws {
    // y = 1 − t + 1.5·t(1 − t) + noise rises at the start (f′(0) ≈ +0.5).
    var rng = SeededRandomNumberGenerator(seed: 42)
    let points = (0..<5_000).map { _ in
      let t = rng.nextUnitDouble()
      return DataPoint(t: t, y: 1 - t + 1.5 * t * (1 - t) + 0.05 * (rng.nextUnitDouble() - 0.5))
    }
    let problem = FitProblem(points: points, degree: 2)
    for minSlope in [0.0, 0.2] {
      let inMemory = try MonotoneFitter.fit(problem, minSlope: minSlope)
      let streamed = try MonotoneFitter.fit(streamed: Self.stream(problem), minSlope: minSlope)
      #expect(!streamed.wasAlreadyMonotone && !inMemory.wasAlreadyMonotone, "s = \(minSlope)")
      #expect(streamed.verdict == .holds && streamed.fit.polynomial.slopeStaysAtOrBelow(negativeOf: minSlope))
      #expect(abs(streamed.objective - inMemory.objective) <= 1e-10 * inMemory.objective, "s = \(minSlope)")
      let scale = inMemory.fit.coefficients.map(abs).max() ?? 1
      for (mine, theirs) in zip(streamed.fit.coefficients, inMemory.fit.coefficients) {
        #expect(abs(mine - theirs) <= 1e-8 * scale, "s = \(minSlope)")
      }
    }
    // Degree 1 with both ends fixed is the line itself: monotone, nothing to enforce.
    let line = try MonotoneFitter.fit(streamed: Self.stream(FitProblem(points: points, degree: 1)), minSlope: 0.2)
    #expect(line.wasAlreadyMonotone && line.fit.coefficients == [-1, 1])
  }

  @Test("data with 5 distinct t at degree 6: the constraints complete the rank, streamed as in memory")
  func rankCompletedByConstraints() throws {
    // 5 distinct t, each repeated (7 coefficients: the Gram matrix of the data is singular, the
    // two end constraints determine the rest), rising near both ends.
    var rng = SeededRandomNumberGenerator(seed: 9)
    var points: [DataPoint] = []
    for _ in 0..<400 {
      for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
        points.append(DataPoint(t: t, y: 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + 0.02 * (rng.nextUnitDouble() - 0.5)))
      }
    }
    let problem = FitProblem(points: points, degree: 6)
    let inMemory = try MonotoneFitter.fit(problem, minSlope: 0)
    let streamed = try MonotoneFitter.fit(streamed: Self.stream(problem), minSlope: 0)
    #expect(!inMemory.wasAlreadyMonotone)
    #expect(streamed.verdict == .holds && streamed.fit.polynomial.monotonicity().isDecreasing)
    #expect(abs(streamed.objective - inMemory.objective) <= 1e-9 * inMemory.objective)
  }

  @Test("10⁵ points at degree 7: the streamed optimum, completed by a second pass, is the in-memory one")
  func large() throws {
    let points = Self.risingEnds(count: 100_000, seed: 77)
    let problem = FitProblem(points: points, degree: 7)
    let inMemory = try MonotoneFitter.fit(problem, minSlope: 0.01)
    let stream = try Self.stream(problem)
    let streamed = try MonotoneFitter.fit(streamed: stream, minSlope: 0.01)
    #expect(!streamed.activeConstraints.isEmpty && streamed.verdict == .holds)
    #expect(streamed.fit.polynomial.monotonicity().isDecreasing)
    #expect(abs(streamed.objective - inMemory.objective) <= 1e-10 * inMemory.objective)
    #expect((streamed.kkt.optimalityGap ?? .infinity) <= 1e-9 * streamed.objective)
    var pass = StreamingResidualPass(streamed.fit)
    for point in points { pass.add(point) }
    let completed = stream.complete(streamed.fit, with: pass)
    #expect(abs(completed.rss - inMemory.objective) <= 1e-10 * inMemory.objective)
    #expect(completed.maxAbsResidual.isFinite)
  }
}
