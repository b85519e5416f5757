import CurveCore
import CurveKitTestSupport
import Testing

@testable import CurveFitting

/// Properties of ``MonotoneFitter`` on seeded random problems, and its errors.
@Suite("Monotone fitter properties and errors")
struct MonotoneFitterTests {
  /// Σ (wᵢ(yᵢ − f(tᵢ)))² in Float80 for ascending coefficients.
  static func objective(_ problem: FitProblem, ascending: [Double]) -> Float80 {
    var sum: Float80 = 0
    for (index, point) in problem.points.enumerated() {
      var value: Float80 = 0
      for c in ascending.reversed() { value = value * Float80(point.t) + Float80(c) }
      let r = Float80(problem.weights?[index] ?? 1) * (Float80(point.y) - value)
      sum += r * r
    }
    return sum
  }

  /// A random depletion problem: 3–12 points around a random shape, sometimes weighted.
  static func randomProblem(_ rng: inout SeededRandomNumberGenerator) -> FitProblem {
    let count = 3 + Int(rng.next() % 10)
    let wiggle = 1.2 * rng.nextUnitDouble()
    let phase = 6.0 * rng.nextUnitDouble()
    var points: [DataPoint] = []
    var used = Set<Double>()
    while points.count < count {
      let t = (0.02 + 0.96 * rng.nextUnitDouble())
      guard used.insert(t).inserted else { continue }
      let y = 1 - t + wiggle * (t * (1 - t)) * (phase - 3) + 0.1 * (rng.nextUnitDouble() - 0.5)
      points.append(DataPoint(t: t, y: y))
    }
    let weights = rng.next() % 3 == 0 ? points.map { _ in 0.2 + 3 * rng.nextUnitDouble() } : nil
    return FitProblem(points: points, weights: weights)
  }

  @Test("optimum: provably monotone, KKT holds, no sampled feasible curve does better")
  func randomProblemsAreOptimal() throws {
    var rng = SeededRandomNumberGenerator(seed: 0x6D6F_6E6F)
    var worstKKT = 0.0
    var activeCount = 0
    for trial in 0..<300 {
      let problem = Self.randomProblem(&rng)
      let minSlope = trial % 4 == 0 ? 0.3 * rng.nextUnitDouble() : 0
      let report = try MonotoneFitter.fit(problem, minSlope: minSlope)
      #expect(report.verdict == .holds, "trial \(trial)")
      #expect(report.fit.polynomial.monotonicity().isDecreasing, "trial \(trial): exact verdict")
      #expect(report.kkt.isSatisfied, "trial \(trial): KKT \(report.kkt.relativeResidual) λ \(report.kkt.multipliers)")
      worstKKT = max(worstKKT, report.kkt.relativeResidual)
      if !report.activeConstraints.isEmpty { activeCount += 1 }
      let best = Self.objective(problem, ascending: report.fit.polynomial.ascendingCoefficients)
      #expect(
        best >= Self.objective(problem, ascending: report.unconstrained.polynomial.ascendingCoefficients) * (1 - 1e-12))
      // Random feasible curves (rejection sampling of the Fritsch–Carlson region).
      let sigma = minSlope
      var sampled = 0
      while sampled < 40 {
        let (a, b) = (4 * rng.nextUnitDouble(), 4 * rng.nextUnitDouble())
        guard a + b <= 3 || a * a + a * b + b * b - 6 * a - 6 * b + 9 <= 0 else { continue }
        sampled += 1
        let alpha = sigma + (1 - sigma) * a
        let beta = sigma + (1 - sigma) * b
        // f = h00 − α·h10 − β·h11 in ascending powers.
        let ascending = [1, -alpha, -3 + 2 * alpha + beta, 2 - alpha - beta]
        let value = Self.objective(problem, ascending: ascending)
        #expect(value >= best * (1 - 1e-12), "trial \(trial): a feasible curve beats the optimum")
      }
    }
    #expect(activeCount > 50, "the random problems should often need the constraint")
    print(
      "monotone property | 300 random problems | \(activeCount) constrained | worst KKT relative residual \(worstKKT)")
  }

  @Test("errors name the offending input")
  func errors() {
    let points = [
      DataPoint(t: 0.3, y: 0.5), DataPoint(t: 0.6, y: 0.6), DataPoint(t: 0.8, y: 0.3), DataPoint(t: 0.9, y: 0.1),
    ]
    func error(_ problem: FitProblem, minSlope: Double = 0) -> MonotoneFitError? {
      do {
        _ = try MonotoneFitter.fit(problem, minSlope: minSlope)
        return nil
      } catch {
        return error
      }
    }
    // Degree 4 needs 5 parameters: 3 points and 2 endpoints leave none free, so it fits.
    #expect(error(FitProblem(points: points, degree: 4)) == nil)
    #expect(error(FitProblem(points: points, degree: 4), minSlope: 1.5) == .minSlopeTooSteep(minSlope: 1.5, maximum: 1))
    #expect(error(FitProblem(points: points), minSlope: -1) == .invalidMinSlope(-1))
    #expect(error(FitProblem(points: points), minSlope: .nan) != nil)
    #expect(error(FitProblem(points: points), minSlope: 1.5) == .minSlopeTooSteep(minSlope: 1.5, maximum: 1))
    #expect(
      error(FitProblem(points: points, constraints: [.value(at: 0, equals: 1)])) == .missingEndpointConstraint(t: 1))
    #expect(
      error(FitProblem(points: points, constraints: [.value(at: 0, equals: 0), .value(at: 1, equals: 1)]))
        == .endpointsNotDecreasing(start: 0, end: 1))
    let rising = FitConstraint.depletionEndpoints + [.slope(at: 0.5, equals: 0.5)]
    #expect(error(FitProblem(points: points, constraints: rising)) == .infeasible(constraints: rising, minSlope: 0))
    #expect(error(FitProblem(points: [])) == .fit(.noPoints))
  }

  @Test("minSlope = f(0) − f(1) leaves only the straight line")
  func steepestLine() throws {
    let points = [DataPoint(t: 0.3, y: 0.5), DataPoint(t: 0.6, y: 0.6), DataPoint(t: 0.8, y: 0.3)]
    let report = try MonotoneFitter.fit(FitProblem(points: points), minSlope: 1)
    let c = report.fit.coefficients
    #expect(abs(c[0]) <= 1e-15 && abs(c[1]) <= 1e-15 && abs(c[2] + 1) <= 1e-15 && c[3] == 1)
  }

  @Test("degree 1 and 2 with endpoints stay exact")
  func lowDegrees() throws {
    let points = [DataPoint(t: 0.3, y: 0.98), DataPoint(t: 0.6, y: 0.9), DataPoint(t: 0.85, y: 0.6)]
    let line = try MonotoneFitter.fit(FitProblem(points: points, degree: 1))
    // The ordinary fit is already the straight line; its dgglse rounding is within 2 ulps.
    #expect(line.wasAlreadyMonotone)
    #expect(zip(line.fit.coefficients, [-1.0, 1.0]).allSatisfy { abs($0 - $1) <= 4 * Double.ulpOfOne })
    let quadratic = try MonotoneFitter.fit(FitProblem(points: points, degree: 2))
    #expect(quadratic.fit.coefficients.count == 3)
    #expect(quadratic.verdict == .holds)
    #expect(quadratic.activeConstraints == [.startSlope(minSlope: 0)])
  }

  @Test("slope check agrees with a dense Float80 scan on random cubics")
  func slopeCheckMatchesScan() {
    var rng = SeededRandomNumberGenerator(seed: 42)
    var (holds, fails) = (0, 0)
    for _ in 0..<2000 {
      let c = (0..<4).map { _ in 4 * rng.nextUnitDouble() - 2 }
      let polynomial = try? Polynomial(coefficients: c)
      guard let polynomial else { continue }
      let verdict = MonotoneSlopeCheck.check(polynomial)
      let subdivided = MonotoneSlopeCheck.checkBySubdivision(polynomial, minSlope: 0)
      if case .holds = verdict { #expect(subdivided == .holds || subdivided == nil) }
      if case .fails = verdict { #expect(subdivided != .holds) }
      var maxSlope = -Float80.infinity
      for k in 0...1000 {
        let t = Float80(k) / 1000
        maxSlope = max(maxSlope, (3 * Float80(c[0]) * t + 2 * Float80(c[1])) * t + Float80(c[2]))
      }
      switch verdict {
      case .holds:
        #expect(maxSlope <= 0)
        holds += 1
      case .fails(let t, let slope):
        #expect(slope > 0 && (0...1).contains(t))
        fails += 1
      }
    }
    #expect(holds > 100 && fails > 100)
  }

  @Test("subdivision check agrees with a dense Float80 scan on degrees 4–8")
  func subdivisionMatchesScan() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    var counts = (holds: 0, fails: 0)
    for trial in 0..<600 {
      let degree = 4 + trial % 5
      // Monotone-ish: integrate a random mostly negative derivative, then perturb.
      let c = (0...degree).map { _ in 2 * rng.nextUnitDouble() - 1 - (trial % 2 == 0 ? 0.9 : 0) }
      guard let polynomial = try? Polynomial(coefficients: c) else { continue }
      var maxSlope = -Float80.infinity
      let derivative = polynomial.derivative().coefficients
      for k in 0...1000 {
        let t = Float80(k) / 1000
        var value: Float80 = 0
        for d in derivative { value = value * t + Float80(d) }
        maxSlope = max(maxSlope, value)
      }
      switch MonotoneSlopeCheck.check(polynomial) {
      case .holds:
        #expect(maxSlope <= 0)
        counts.holds += 1
      case .fails(let t, let slope):
        #expect(slope > 0 && (0...1).contains(t))
        counts.fails += 1
      }
    }
    #expect(counts.holds > 50 && counts.fails > 50)
  }
}

/// Regression cases found by the fuzz tests.
@Suite("Monotone fitter: fuzz-found cases")
struct MonotoneFuzzRegressionTests {
  @Test("a single feasible point on the boundary (degree 2 + slope constraint) is returned monotone")
  func boundaryPoint() throws {
    // f = 1 + c·t − (1 + c)·t² with f′(0.42) = −0.84 forces c = 0: f = 1 − t², flat at t = 0.
    let points = [
      (0.51, 0.44781244054667474), (0.12873327370377288, 0.8648400047602258), (0.6641067618585098, 0.2657382932726765),
      (0.95, 0.07), (0.54, 0.42),
    ].map { DataPoint(t: $0.0, y: $0.1) }
    let problem = FitProblem(
      points: points, degree: 2, constraints: FitConstraint.depletionEndpoints + [.slope(at: 0.42, equals: -0.84)])
    let report = try MonotoneFitter.fit(problem)
    #expect(report.fit.polynomial.monotonicity().isDecreasing)
    #expect(report.verdict == .holds)
    for residual in report.fit.constraintResiduals { #expect(abs(residual) <= 1e-12) }
  }
}
