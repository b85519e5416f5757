import CurveCore
import CurveKitTestSupport
import Testing

@testable import CurveFitting

/// The exact fallback's work is bounded for every input (issue 34, finding C): counted in
/// limb products (``ExactLeastSquares/Work``), never timed.
@Suite("The exact least-squares fallback's work is bounded")
struct ExactSolverWorkTests {
  /// The bounded-precision solve's limb products at degree 10 with two constraints
  /// (13 unknowns, 256-bit equations, the inverse included) stay below this.
  static let boundedCeiling: Int64 = 1 << 25

  /// Twelve points of a depletion curve at degree `degree` under f(0) = 1, f(1) = 0, the
  /// first moved to `t` (the 416-byte spec has this shape).
  static func depletion(firstT t: Double, degree: Int, y: Double = 0.999, weight: Double = 1) -> FitProblem {
    let ts = [t, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97]
    let ys = [y, 0.96, 0.89, 0.77, 0.62, 0.47, 0.33, 0.21, 0.115, 0.045, 0.02, 0.01]
    let points = zip(ts, ys).map { DataPoint(t: $0, y: $1) }
    let weights = weight == 1 ? nil : [weight] + Array(repeating: 1.0, count: 11)
    return FitProblem(points: points, weights: weights, degree: degree, constraints: FitConstraint.depletionEndpoints)
  }

  static func integerRows(_ problem: FitProblem) -> [[ExactInteger]] {
    ExactLeastSquares.exactRows(ExactLeastSquares.exactSums(problem), constraints: problem.constraints)
      .map(ExactLeastSquares.integerRow)
  }

  static func fallback(_ problem: FitProblem) throws -> (
    ascending: [Double], rounding: CoefficientRounding, work: ExactLeastSquares.Work
  ) {
    let moments = MomentSums(problem: problem).finished()
    // LAPACK's solution is the last resort only; zeros stand in where it fails.
    let candidate = (try? LAPACKCandidate.ascending(problem)) ?? Array(repeating: 0, count: problem.degree + 1)
    var work = ExactLeastSquares.Work(budget: ExactLeastSquares.workBudget)
    let answer = try #require(
      ExactLeastSquares.fallback(problem, moments: moments, candidate: candidate, work: &work))
    return (answer.ascending, answer.rounding, work)
  }

  static func ulps(_ a: Double, _ b: Double) -> Double {
    guard a != b else { return 0 }
    return abs(a - b) / max(a.ulp, b.ulp)
  }

  @Test("the fallback gives the 41 reference problems (degree 1–10) correctly rounded, within its work bound")
  func referenceProblemsStayCorrectlyRounded() throws {
    var largest: Int64 = 0
    for reference in try CorrectlyRoundedFitTests.referenceCases() {
      let answer = try Self.fallback(reference.problem)
      #expect(
        CorrectlyRoundedFitTests.bits(answer.ascending.reversed())
          == CorrectlyRoundedFitTests.bits(reference.coefficients), "\(reference.name)")
      #expect(answer.rounding.isCorrectlyRounded, "\(reference.name): \(answer.rounding)")
      #expect(answer.work.limbProducts <= ExactLeastSquares.workBudget + Self.boundedCeiling, "\(reference.name)")
      largest = max(largest, answer.work.limbProducts)
    }
    print("fallback on the reference problems: at most \(largest) limb products")
  }

  @Test(
    "the bounded-precision solve gives the exact reference on the 41 problems and mostly certifies it, within its ceiling"
  )
  func boundedSolveMatchesTheReference() throws {
    var uncertified: [String] = []
    let cases = try CorrectlyRoundedFitTests.referenceCases()
    for reference in cases {
      let rows = ExactLeastSquares.exactRows(
        ExactLeastSquares.exactSums(reference.problem), constraints: reference.problem.constraints)
      var work = ExactLeastSquares.Work(budget: .max)
      let bounded = try #require(
        ExactLeastSquares.boundedOptimum(rows, degree: reference.problem.degree, work: &work), "\(reference.name)")
      #expect(
        CorrectlyRoundedFitTests.bits(bounded.ascending.reversed())
          == CorrectlyRoundedFitTests.bits(reference.coefficients), "\(reference.name)")
      #expect(work.limbProducts <= Self.boundedCeiling, "\(reference.name): \(work.limbProducts)")
      if !bounded.isCertified { uncertified.append(reference.name) }
    }
    print("bounded solve: \(cases.count - uncertified.count) of \(cases.count) certified; not: \(uncertified)")
    // The bound is useful, not only sound: it proves every one of them (an exact zero from
    // f′(0) = 0 through the constraint that fixes it).
    #expect(uncertified.isEmpty, "not certified: \(uncertified)")
  }

  @Test("the bounded solve's certificate refuses a system whose truncation could change the answer")
  func boundedCertificateRefusesWhenItCannotDecide() throws {
    // x = 1 + 2⁻⁵³ + 2⁻³⁰⁰: a 1×1 "system" whose right-hand side needs more than the 256
    // bits kept, and whose rounding the lost bits decide (a midpoint between doubles plus
    // 2⁻³⁰⁰). With 2⁻²⁵⁰ instead, nothing is truncated and the solve is exact.
    let midpoint = DyadicRational(1.0) + DyadicRational(0x1p-53)
    let rhs = midpoint + DyadicRational(1.0).scaled(byPowerOfTwo: -300)
    var work = ExactLeastSquares.Work(budget: .max)
    let bounded = try #require(ExactLeastSquares.boundedOptimum([[DyadicRational(1), rhs]], degree: 0, work: &work))
    #expect(!bounded.isCertified && !bounded.isExact)
    // Exactly: 1 + 2⁻⁵³ + 2⁻³⁰⁰ rounds up to 1 + 2⁻⁵²; truncated, it is a tie (to even: 1).
    #expect(bounded.ascending == [1])
    let exact = DyadicRational(1.0) + DyadicRational(0x1p-53) + DyadicRational(1.0).scaled(byPowerOfTwo: -250)
    let decided = try #require(ExactLeastSquares.boundedOptimum([[DyadicRational(1), exact]], degree: 0, work: &work))
    #expect(decided.isCertified && decided.isExact && decided.ascending == [1 + 0x1p-52])
  }

  @Test(
    "a point at t = 1e-300 or 2⁻¹⁰⁷⁴ at degree 6–10: the fallback spends less than the exact solve's first step, and certifies",
    arguments: [1e-300, 0x1p-1074])
  func tinyTIsBounded(t: Double) throws {
    for degree in [6, 8, 10] {
      let problem = Self.depletion(firstT: t, degree: degree)
      // The 3ad28e5 solve (exact, no budget) charges at least its first step.
      let unbounded = ExactLeastSquares.firstStepWork(Self.integerRows(problem))
      let answer = try Self.fallback(problem)
      #expect(answer.work.limbProducts <= Self.boundedCeiling, "degree \(degree): \(answer.work.limbProducts)")
      #expect(answer.work.limbProducts < unbounded, "degree \(degree): \(answer.work.limbProducts) vs \(unbounded)")
      // Past the budget, the 256-bit solve's bound proves the correct rounding.
      #expect(answer.rounding == .certified, "degree \(degree)")
      // The point moves the optimum by about 10⁻³⁰⁰·κ: the answer is the exact optimum with
      // the point at t = 0 to within an ulp.
      let atZero = try #require(ExactLeastSquares.roundedOptimum(Self.depletion(firstT: 0, degree: degree)))
      for (k, (value, reference)) in zip(answer.ascending, atZero).enumerated() {
        #expect(Self.ulps(value, reference) <= 1, "degree \(degree), t^\(k): \(value) vs \(reference)")
      }
      // And the fit reports how it was decided.
      let report = try LeastSquaresFitter.fit(problem)
      #expect(report.rounding == answer.rounding)
      #expect(report.coefficients == answer.ascending.reversed())
    }
  }

  @Test(
    "an extreme value in any other field at degree 10 stays within the budget plus the bounded solve",
    arguments: [
      (0.05, 1e300, 1.0), (0.05, 0x1p-1074, 1.0), (0.05, 0.999, 1e-300), (0.05, 0.999, 1e150),
      (1e-30, 0.999, 1.0), (1e-300, 1e-300, 1e-300),
    ])
  func extremeFieldsAreBounded(t: Double, y: Double, weight: Double) throws {
    let problem = Self.depletion(firstT: t, degree: 10, y: y, weight: weight)
    let answer = try Self.fallback(problem)
    #expect(answer.work.limbProducts <= ExactLeastSquares.workBudget + Self.boundedCeiling)
    #expect(answer.ascending.allSatisfy { $0.isFinite })
    #expect([.exact, .certified, .fixedOrder].contains(answer.rounding), "\(answer.rounding)")
    if answer.rounding == .exact {
      #expect(answer.work.limbProducts <= ExactLeastSquares.workBudget)
    }
  }
}
