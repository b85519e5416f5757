import CurveCore
import CurveFitting
import CurveKitTestSupport
import Testing

/// The streamed (bounded-memory) fit against the in-memory fitter on ~10⁵ points.
@Suite("Streaming least squares")
struct MonotoneStreamingTests {
  static func data(count: Int, seed: UInt64, range: ClosedRange<Double> = 0...1) -> ([DataPoint], [Double]) {
    var rng = SeededRandomNumberGenerator(seed: seed)
    var points: [DataPoint] = []
    var weights: [Double] = []
    for _ in 0..<count {
      let u = rng.nextUnitDouble()
      let t = range.lowerBound + (range.upperBound - range.lowerBound) * u
      let y = 1 - 3 * u * u + 2 * u * u * u + 0.15 * (u * (1 - u)) * (u - 0.3) + 0.02 * (rng.nextUnitDouble() - 0.5)
      points.append(DataPoint(t: t, y: y))
      weights.append(0.5 + rng.nextUnitDouble())
    }
    return (points, weights)
  }

  static let cases:
    [(name: String, constraints: [FitConstraint], weighted: Bool, degree: Int, range: ClosedRange<Double>)] = [
      ("depletion", FitConstraint.depletionEndpoints, false, 3, 0...1),
      ("depletion weighted", FitConstraint.depletionEndpoints, true, 3, 0...1),
      ("slope constraint", FitConstraint.depletionEndpoints + [.slope(at: 0.5, equals: -1.4)], true, 3, 0...1),
      ("unconstrained degree 5", [], false, 5, 0...1),
      ("unconstrained shifted range", [], true, 3, 1000...1010),
    ]

  /// The tree of block factors keeps the coefficients within 2e-14 of the in-memory fit
  /// (measured ≤ 8.3e-15); one sequential Givens factor over the 10⁵ rows was 6.7e-13 off.
  @Test("coefficients equal the in-memory fit to 2e-14 relative, the RSS to 1e-10", arguments: cases.indices)
  func agreesWithInMemory(index: Int) throws {
    let setup = Self.cases[index]
    let (points, weights) = Self.data(
      count: index < 2 ? 100_000 : 20_000, seed: UInt64(100 + index), range: setup.range)
    let problem = FitProblem(
      points: points, weights: setup.weighted ? weights : nil, degree: setup.degree, constraints: setup.constraints)
    let reference = try LeastSquaresFitter.fit(problem)
    var stream = try StreamingLeastSquares(degree: setup.degree, constraints: setup.constraints, interval: setup.range)
    for (i, point) in points.enumerated() { try stream.add(point, weight: setup.weighted ? weights[i] : 1) }
    let streamed = try stream.solve()
    let scale = reference.coefficients.map(abs).max() ?? 1
    var worst = 0.0
    for (mine, theirs) in zip(streamed.coefficients, reference.coefficients) {
      worst = max(worst, abs(mine - theirs) / scale)
    }
    #expect(worst <= 2e-14, "\(setup.name): coefficient difference \(worst)")
    // From the factor alone (stdin): RSS to about m·2⁻⁵³.
    #expect(abs(streamed.rss - reference.rss) <= 1e-10 * reference.rss)
    #expect(streamed.maxAbsResidual.isNaN && streamed.residuals.isEmpty)
    // Second pass (files): residual sums as the in-memory report computes them.
    var pass = StreamingResidualPass(streamed)
    for (i, point) in points.enumerated() { pass.add(point, weight: setup.weighted ? weights[i] : 1) }
    let completed = stream.complete(streamed, with: pass)
    #expect(abs(completed.rss - reference.rss) <= 1e-12 * reference.rss)
    #expect(abs((completed.rSquared ?? 0) - (reference.rSquared ?? 1)) <= 1e-12)
    #expect(completed.degreesOfFreedom == reference.degreesOfFreedom)
    if let errors = reference.standardErrors {
      for (mine, theirs) in zip(completed.standardErrors ?? [], errors) { #expect(abs(mine - theirs) <= 1e-9 * theirs) }
    }
    // |Δr| ≤ Σ|Δcₖ|·|t|ᵏ: bound it by the coefficient tolerance times Σ|cₖ|·max|t|ᵏ.
    let reach = max(abs(setup.range.lowerBound), abs(setup.range.upperBound))
    let size = reference.polynomial.ascendingCoefficients.enumerated().reduce(0.0) { sum, term in
      var power = 1.0
      for _ in 0..<term.offset { power *= reach }
      return sum + abs(term.element) * power
    }
    #expect(abs(completed.maxAbsResidual - reference.maxAbsResidual) <= 1e-12 * size)
    #expect(completed.maxAbsResidualIndex == reference.maxAbsResidualIndex)
    print("streaming | \(setup.name) | max coefficient difference / max |coefficient| \(worst)")
  }

  @Test("errors: no points, bad weight, too few distinct abscissas, bad degree")
  func errors() throws {
    var empty = try StreamingLeastSquares(degree: 3, constraints: FitConstraint.depletionEndpoints, interval: 0...1)
    #expect(throws: FitError.noPoints) { try empty.solve() }
    #expect(throws: FitError.nonPositiveWeight(index: 0, value: 0)) {
      try empty.add(DataPoint(t: 0.5, y: 0.5), weight: 0)
    }
    try empty.add(DataPoint(t: 0.5, y: 0.5))
    try empty.add(DataPoint(t: 0.5, y: 0.5))
    #expect(throws: FitError.self) { try empty.solve() }
    #expect(throws: FitError.degreeOutOfRange(degree: 11)) {
      try StreamingLeastSquares(degree: 11, constraints: [], interval: 0...1)
    }
  }

  @Test(
    "streamed monotone fit matches the in-memory one and the SLSQP reference",
    arguments: MonotoneReferenceTests.problems)
  func streamedMonotone(reference: MonotoneReferenceProblem) throws {
    let problem = reference.problem
    guard problem.degree == 3 else { return }
    let inMemory = try MonotoneFitter.fit(problem, minSlope: reference.minSlope)
    var stream = try StreamingLeastSquares(degree: 3, constraints: problem.constraints, interval: 0...1)
    for (i, point) in problem.points.enumerated() { try stream.add(point, weight: problem.weights?[i] ?? 1) }
    let streamed = try MonotoneFitter.fit(streamed: stream, minSlope: reference.minSlope)
    #expect(abs(streamed.objective - reference.objective) <= 1e-9 * reference.objective)
    #expect(abs(streamed.objective - inMemory.objective) <= 1e-12 * inMemory.objective)
    let scale = inMemory.fit.coefficients.map(abs).max() ?? 1
    for (mine, theirs) in zip(streamed.fit.coefficients, inMemory.fit.coefficients) {
      #expect(abs(mine - theirs) <= 1e-10 * scale)
    }
    #expect(streamed.verdict == .holds && streamed.fit.polynomial.monotonicity().isDecreasing)
    #expect(streamed.activeConstraints.count == inMemory.activeConstraints.count)
    #expect(streamed.kkt.isSatisfied, "KKT \(streamed.kkt.relativeResidual) λ \(streamed.kkt.multipliers)")
  }

  @Test("streamed monotone fit of 10⁵ points with a rising stretch")
  func streamedMonotoneLarge() throws {
    var rng = SeededRandomNumberGenerator(seed: 99)
    var points: [DataPoint] = []
    for _ in 0..<100_000 {
      let t = rng.nextUnitDouble()
      // 1 − t + 0.6·t(1 − t)(1 − 2t)·4: rises near both ends.
      points.append(DataPoint(t: t, y: 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + 0.05 * (rng.nextUnitDouble() - 0.5)))
    }
    let problem = FitProblem(points: points)
    let inMemory = try MonotoneFitter.fit(problem, minSlope: 0.01)
    var stream = try StreamingLeastSquares(degree: 3, constraints: problem.constraints, interval: 0...1)
    for point in points { try stream.add(point) }
    let streamed = try MonotoneFitter.fit(streamed: stream, minSlope: 0.01)
    #expect(!inMemory.activeConstraints.isEmpty)
    #expect(abs(streamed.objective - inMemory.objective) <= 1e-10 * inMemory.objective)
    var pass = StreamingResidualPass(streamed.fit)
    for point in points { pass.add(point) }
    let completed = stream.complete(streamed.fit, with: pass)
    #expect(abs(completed.rss - inMemory.objective) <= 1e-12 * inMemory.objective)
    let scale = inMemory.fit.coefficients.map(abs).max() ?? 1
    for (mine, theirs) in zip(streamed.fit.coefficients, inMemory.fit.coefficients) {
      #expect(abs(mine - theirs) <= 1e-10 * scale)
    }
  }
}
