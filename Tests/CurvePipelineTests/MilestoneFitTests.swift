import CurveCore
import CurveFitting
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import Foundation
import Testing

/// Milestones are inequality constraints of the fit. `require` is checked against exact
/// rational KKT solutions (Tests/Fixtures/milestones, scripts/fixtures/milestones_rational.py);
/// `enforce` against a dense, repeatedly refined search of the 2-D monotone region.
@Suite("Milestones: exact optima under require and enforce")
struct MilestoneFitTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var problem: FitProblem
    var active: [Int]
    var coefficients: [Double]
    var objective: Double
    var description: String { name }
  }

  static let rationalCases: [Case] = {
    guard let data = FileManager.default.contents(atPath: Fixtures.path("milestones/require_rational.json")),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cases = root["cases"] as? [[String: Any]]
    else { return [] }
    return cases.compactMap { entry -> Case? in
      guard let name = entry["name"] as? String, let degree = entry["degree"] as? Int,
        let points = entry["points"] as? [[Double]], let milestones = entry["milestones"] as? [[String: Any]],
        let active = entry["active"] as? [Int], let coefficients = entry["coefficients"] as? [String],
        let objective = (entry["objective"] as? String).flatMap(Double.init)
      else { return nil }
      let parsed = milestones.compactMap { item -> Milestone? in
        guard let kind = item["kind"] as? String, let t = item["t"] as? Double, let level = item["level"] as? Double
        else { return nil }
        return kind == "atLeast" ? .atLeast(level: level, until: t) : .atMost(level: level, from: t)
      }
      let problem = FitProblem(
        points: points.map { DataPoint(t: $0[0], y: $0[1]) }, weights: entry["weights"] as? [Double],
        degree: degree, milestones: parsed)
      return Case(
        name: name, problem: problem, active: active, coefficients: coefficients.compactMap(Double.init),
        objective: objective)
    }
  }()

  @Test("the fixture has every case") func fixtureLoads() {
    #expect(Self.rationalCases.count == 5)
  }

  @Test("require: the active-set optimum equals the rational KKT solution", arguments: rationalCases)
  func requireMatchesRational(reference: Case) throws {
    let report = try LeastSquaresFitter.fitWithMilestones(reference.problem)
    let relative = abs(report.rss - reference.objective) / reference.objective
    #expect(relative <= 1e-9, "\(reference): objective \(report.rss) vs \(reference.objective)")
    for (mine, theirs) in zip(report.coefficients, reference.coefficients) {
      #expect(abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)), "\(reference): \(mine) vs \(theirs)")
    }
    for (index, milestone) in reference.problem.milestones.enumerated() {
      let margin = milestone.margin(of: report.polynomial)
      #expect(margin >= -1e-12, "\(reference): milestone \(index) fails by \(margin)")
      if reference.active.contains(index) { #expect(abs(margin) <= 1e-12, "\(reference): active \(index) \(margin)") }
    }
    #expect(report.polynomial.value(at: 0) == 1, "f(0) = 1 holds exactly")
    // Correctly rounded coefficients meet f(1) = 0 to the rounding of their sum at t = 1.
    let size = report.coefficients.reduce(0) { $0 + abs($1) }
    #expect(abs(report.polynomial.value(at: 1)) <= 4 * 0x1p-53 * max(1, size))
  }

  @Test("require with milestones no curve can meet is a clear infeasibility")
  func infeasible() {
    let problem = FitProblem(
      points: [DataPoint(t: 0.5, y: 0.5)], degree: 1, milestones: [.atLeast(level: 0.9, until: 0.5)])
    #expect(throws: FitError.milestonesInfeasible(milestones: problem.milestones, degree: 1, monotone: false)) {
      try LeastSquaresFitter.fitWithMilestones(problem)
    }
  }

  /// Enforce cases: the fitted curve is the exact monotone optimum with the milestones.
  static let enforceCases: [(name: String, problem: FitProblem)] = [
    (
      "week above 80 %",
      FitProblem(
        points: [2.0 / 7, 4.0 / 7, 6.0 / 7].enumerated().map {
          DataPoint(t: $0.element, y: [0.82, 0.5, 0.15][$0.offset])
        },
        milestones: [.atLeast(level: 0.85, until: 2.0 / 7)])
    ),
    (
      "bump with a tail bound",
      FitProblem(
        points: [
          DataPoint(t: 0.3, y: 0.5), DataPoint(t: 0.5, y: 0.55), DataPoint(t: 0.7, y: 0.6), DataPoint(t: 0.9, y: 0.3),
        ],
        milestones: [.atMost(level: 0.35, from: 0.7)])
    ),
    (
      "two milestones",
      FitProblem(
        points: [0.1, 0.3, 0.5, 0.7, 0.9].enumerated().map {
          DataPoint(t: $0.element, y: [0.97, 0.75, 0.52, 0.3, 0.08][$0.offset])
        },
        milestones: [.atLeast(level: 0.75, until: 0.3), .atMost(level: 0.3, from: 0.7)])
    ),
  ]

  @Test("enforce: milestones no monotone cubic can meet are a clear infeasibility")
  func enforceInfeasible() {
    // f(0.3) ≥ 0.8 and f(0.7) ≤ 0.25 need a drop no monotone cubic from 1 to 0 makes
    // (a 401² scan of the Fritsch–Carlson region finds no such curve).
    let problem = FitProblem(
      points: [DataPoint(t: 0.25, y: 0.86), DataPoint(t: 0.5, y: 0.63), DataPoint(t: 0.75, y: 0.35)],
      milestones: [.atLeast(level: 0.8, until: 0.3), .atMost(level: 0.25, from: 0.7)])
    #expect {
      _ = try MonotoneFitter.fit(problem)
    } throws: { error in
      "\(error)".contains("no monotone degree-3 curve")
    }
  }

  @Test("enforce: the monotone optimum with milestones matches a refined dense search", arguments: 0..<3)
  func enforceMatchesDenseSearch(index: Int) throws {
    let (name, problem) = Self.enforceCases[index]
    let report = try MonotoneFitter.fit(problem)
    let reference = Self.denseSearch(problem)
    print("milestone enforce | \(name) | objective \(report.objective) | dense search \(reference)")
    let relative = abs(report.objective - reference) / reference
    #expect(relative <= 1e-9, "\(name): objective \(report.objective) vs search \(reference)")
    #expect(report.objective <= reference * (1 + 1e-12), "\(name): the search found a better curve")
    for milestone in problem.milestones {
      #expect(milestone.margin(of: report.fit.polynomial) >= -1e-12, "\(name): \(milestone)")
    }
    #expect(report.fit.polynomial.monotonicity().isDecreasing, "\(name)")
    #expect(report.kkt.isSatisfied, "\(name): KKT \(report.kkt.relativeResidual), λ \(report.kkt.multipliers)")
  }

  /// The least objective over cubics with f(0) = 1, f(1) = 0, f′(0) = −α, f′(1) = −β in the
  /// Fritsch–Carlson region (α, β ≥ 0 and α + β ≤ 3 or α² + αβ + β² − 6α − 6β + 9 ≤ 0) that meet
  /// every milestone: a 401² grid on [0, 4]², then fifteen zooms by 5 on a ±10-step window
  /// around the best point (wide enough to follow a thin feasible wedge).
  static func denseSearch(_ problem: FitProblem) -> Double {
    func curve(_ alpha: Double, _ beta: Double) -> Polynomial? {
      // Hermite: f = h00 + h10·(−α) + h11·(−β) with h00 = 2t³ − 3t² + 1, h10 = t³ − 2t² + t, h11 = t³ − t².
      let a = 2 - alpha - beta
      let b = -3 + 2 * alpha + beta
      return try? Polynomial(coefficients: [a, b, -alpha, 1])
    }
    func value(_ alpha: Double, _ beta: Double) -> Double? {
      guard alpha >= 0, beta >= 0,
        alpha + beta <= 3 || alpha * alpha + alpha * beta + beta * beta - 6 * alpha - 6 * beta + 9 <= 0,
        let f = curve(alpha, beta), problem.milestones.allSatisfy({ $0.margin(of: f) >= 0 })
      else { return nil }
      return problem.points.reduce(0) { $0 + ($1.y - f.value(at: $1.t)) * ($1.y - f.value(at: $1.t)) }
    }
    var best = (alpha: 0.0, beta: 0.0, value: Double.infinity)
    var (centre, half, steps) = ((alpha: 2.0, beta: 2.0), 2.0, 400)
    for _ in 0..<16 {
      let step = 2 * half / Double(steps)
      for i in 0...steps {
        for j in 0...steps {
          let alpha = centre.alpha - half + Double(i) * step
          let beta = centre.beta - half + Double(j) * step
          if let v = value(alpha, beta), v < best.value { best = (alpha, beta, v) }
        }
      }
      centre = (best.alpha, best.beta)
      (half, steps) = (step * 10, 100)
    }
    return best.value
  }
}
