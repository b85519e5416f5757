import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

@testable import CurveFitting

/// Fits are the exact optimum of the stated problem rounded to the nearest double: checked
/// bit for bit against exact rational references (scripts/fixtures/fitting_rational.py).
@Suite("Correctly rounded fits against exact rational arithmetic")
struct CorrectlyRoundedFitTests {
  struct ReferenceCase {
    let name: String
    let problem: FitProblem
    /// Highest power first, as fit reports print them.
    let coefficients: [Double]
  }

  /// Reads `Tests/Fixtures/fitting/correctly_rounded_rational.json`.
  static func referenceCases() throws -> [ReferenceCase] {
    try FitFixtureCase.load("fitting/correctly_rounded_rational.json").map { fixture in
      ReferenceCase(
        name: fixture.name,
        problem: FitProblem(
          points: fixture.points, weights: fixture.weights, degree: fixture.degree, constraints: fixture.constraints),
        coefficients: fixture.coefficients)
    }
  }

  static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

  @Test("every printed coefficient is the correctly rounded exact optimum, bit for bit (41 problems, degree 1–10)")
  func fitsEqualTheRationalReference() throws {
    let cases = try Self.referenceCases()
    #expect(cases.count >= 40)
    #expect(Set(cases.map(\.problem.degree)) == Set(1...10))
    #expect(cases.contains { $0.problem.weights != nil })
    #expect(cases.contains { $0.problem.constraints.contains { if case .slope = $0 { true } else { false } } })
    #expect(cases.contains { $0.problem.constraints.isEmpty })
    for reference in cases {
      let report = try LeastSquaresFitter.fit(reference.problem)
      #expect(
        Self.bits(report.coefficients) == Self.bits(reference.coefficients),
        "\(reference.name): \(report.coefficients) vs exact \(reference.coefficients)")
      #expect(report.rounding.isCorrectlyRounded, "\(reference.name): \(report.rounding)")
    }
  }

  @Test("the exact-arithmetic fallback alone gives the reference, bit for bit")
  func exactFallbackEqualsTheReference() throws {
    for reference in try Self.referenceCases() {
      let exact = try #require(ExactLeastSquares.roundedOptimum(reference.problem), "\(reference.name)")
      #expect(Self.bits(exact.reversed()) == Self.bits(reference.coefficients), "\(reference.name)")
    }
  }

  @Test("the certificate never decides wrongly, and decides the well-conditioned problems (degree ≤ 5)")
  func certificateIsSoundAndUseful() throws {
    var decided = 0
    for reference in try Self.referenceCases() {
      let moments = MomentSums(problem: reference.problem).finished()
      let candidate = try LAPACKCandidate.ascending(reference.problem)
      guard
        let certified = CorrectRounding.certified(
          moments: moments, constraints: reference.problem.constraints, candidate: candidate)
      else {
        #expect(reference.problem.degree > 5, "\(reference.name): not certified at degree \(reference.problem.degree)")
        continue
      }
      decided += 1
      #expect(Self.bits(certified.reversed()) == Self.bits(reference.coefficients), "\(reference.name)")
    }
    #expect(decided >= 20)
  }

  @Test("the answer does not depend on the first solution: candidates 10⁻⁹ off, or zero, give the same bits")
  func independentOfTheCandidate() throws {
    var generator = SeededRandomNumberGenerator(seed: 20_261_201)
    for reference in try Self.referenceCases() where reference.problem.degree <= 5 {
      let moments = MomentSums(problem: reference.problem).finished()
      let exact = reference.coefficients.reversed().map { $0 }
      for attempt in 0..<3 {
        let candidate =
          attempt == 0
          ? Array(repeating: 0, count: exact.count)
          : exact.map { $0 * (1 + Double.random(in: -1e-9...1e-9, using: &generator)) }
        let certified = CorrectRounding.certified(
          moments: moments, constraints: reference.problem.constraints, candidate: candidate)
        if let certified { #expect(Self.bits(certified) == Self.bits(exact), "\(reference.name) attempt \(attempt)") }
      }
    }
  }

  @Test("streamed data: certified coefficients equal the in-memory ones, and the fixed-order solve is within 1 ulp")
  func streamingAgrees() throws {
    for reference in try Self.referenceCases() where reference.problem.degree <= 6 {
      var stream = try StreamingLeastSquares(
        degree: reference.problem.degree, constraints: reference.problem.constraints, interval: 0...1)
      for (index, point) in reference.problem.points.enumerated() {
        try stream.add(point, weight: reference.problem.weights?[index] ?? 1)
      }
      let report = try stream.solve()
      if report.rounding.isCorrectlyRounded {
        #expect(Self.bits(report.coefficients) == Self.bits(reference.coefficients), "\(reference.name)")
      }
      let fixed = try #require(
        CorrectRounding.fixedOrder(moments: stream.moments.finished(), constraints: reference.problem.constraints))
      for (value, exact) in zip(fixed.reversed(), reference.coefficients) {
        #expect(value == exact || value.nextUp == exact || value.nextDown == exact, "\(reference.name)")
      }
    }
  }

  @Test(
    "enforce on a straight edge of the monotone region (f′(0) or f′(1) = 0 active) is the rational optimum, correctly rounded"
  )
  func enforceOnStraightEdges() throws {
    let cases = try FitFixtureCase.load("fitting/correctly_rounded_rational.json", key: "enforceCases")
    #expect(cases.count == 2)
    for fixture in cases {
      let problem = FitProblem(points: fixture.points, degree: fixture.degree, constraints: fixture.constraints)
      let report = try MonotoneFitter.fit(problem)
      #expect(!report.wasAlreadyMonotone, "\(fixture.name): the unconstrained fit should rise")
      #expect(report.fit.polynomial.monotonicity().isDecreasing, "\(fixture.name)")
      if fixture.name == "flat-start-edge" {
        // f′(0) = 0 is the coefficient c₁ = 0 itself, so the rounded optimum stays on the edge.
        #expect(Self.bits(report.fit.coefficients) == Self.bits(fixture.coefficients), "\(fixture.name)")
        #expect(report.fit.rounding.isCorrectlyRounded, "\(fixture.name)")
      } else if report.fit.rounding.isCorrectlyRounded {
        #expect(Self.bits(report.fit.coefficients) == Self.bits(fixture.coefficients), "\(fixture.name)")
      } else {
        // The rounded optimum of a flat end can rise by an ulp at t = 1; then the fixed-order
        // plane solution, moved inside by the smallest step that proves it monotone, is kept.
        #expect(report.fit.rounding == .fixedOrder)
        for (mine, exact) in zip(report.fit.coefficients, fixture.coefficients) {
          #expect(abs(mine - exact) <= 64 * exact.ulp, "\(fixture.name): \(mine) vs \(exact)")
        }
      }
    }
  }

  @Test("rational to double: ties to even, subnormals, signs")
  func nearestDoubleOfRationals() throws {
    func integer(_ value: Int) -> ExactInteger { ExactInteger(value) }
    #expect(ExactLeastSquares.nearestDouble(integer(1), over: integer(3)) == 1.0 / 3.0)
    #expect(ExactLeastSquares.nearestDouble(integer(-2), over: integer(3)) == -2.0 / 3.0)
    // 2⁵³ + 1 is a tie between 2⁵³ and 2⁵³ + 2: even wins; 2⁵³ + 3 rounds up to 2⁵³ + 4.
    #expect(ExactLeastSquares.nearestDouble(integer((1 << 53) + 1), over: integer(1)) == 0x1p53)
    #expect(ExactLeastSquares.nearestDouble(integer((1 << 53) + 3), over: integer(1)) == 0x1p53 + 4)
    // (2⁵³ + 1)/2⁶⁰ is a tie too, in another binade.
    #expect(ExactLeastSquares.nearestDouble(integer((1 << 53) + 1), over: integer(1 << 60)) == 0x1p-7)
    // Subnormal: 2·2⁻¹⁰⁷⁴/3 rounds to 2⁻¹⁰⁷⁴; 2⁻¹⁰⁷⁴/3 rounds to 0; 2⁻¹⁰⁷⁴/2 is a tie to 0.
    let tiny = ExactInteger(3).shiftedLeft(1074)
    #expect(ExactLeastSquares.nearestDouble(integer(2), over: tiny) == 0x1p-1074)
    #expect(ExactLeastSquares.nearestDouble(integer(1), over: tiny) == 0)
    #expect(ExactLeastSquares.nearestDouble(integer(1), over: ExactInteger(1).shiftedLeft(1075)) == 0)
    #expect(ExactLeastSquares.nearestDouble(integer(3), over: ExactInteger(1).shiftedLeft(1075)) == 0x1p-1073)
    #expect(ExactLeastSquares.nearestDouble(integer(0), over: integer(7)) == 0)
  }

  @Test("a coefficient that is exactly zero is found by exact arithmetic, not guessed")
  func exactZeroCoefficient() throws {
    // Symmetric data about t = ½ under f(0) = f(1) = 1: the exact optimum of degree 2 is
    // 1 + c(t² − t), and the points make the odd part vanish; degree 3's t³ is exactly 0.
    let points = [0.25, 0.5, 0.75].map { DataPoint(t: $0, y: $0 == 0.5 ? 0.5 : 0.625) }
    let problem = FitProblem(
      points: points, degree: 3, constraints: [.value(at: 0, equals: 1), .value(at: 1, equals: 1)])
    let report = try LeastSquaresFitter.fit(problem)
    #expect(report.coefficients[0] == 0)
    #expect(report.coefficients == [0, 2, -2, 1])
    #expect(report.rounding == .exact)
  }
}

/// LAPACK's first solution, as the fitter computes it before rounding.
enum LAPACKCandidate {
  static func ascending(_ problem: FitProblem) throws -> [Double] {
    let basis = ScaledMonomialBasis(problem: problem)
    let first =
      problem.constraints.isEmpty
      ? try LeastSquaresFitter.fitUnconstrained(problem, basis: basis)
      : try LeastSquaresFitter.fitConstrained(problem, basis: basis)
    return first.ascending
  }
}
