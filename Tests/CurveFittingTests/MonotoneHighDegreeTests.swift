import CurveCore
import CurveFitting
import CurveKitTestSupport
import Foundation
import Testing

/// One problem of Tests/Fixtures/monotone/high-degree.json (see its README): degrees 4–10, with
/// the optimum computed independently (a Goldfarb–Idnani QP in numpy, then Newton on the KKT
/// system in 60-digit mpmath).
struct HighDegreeMonotoneProblem: Sendable, CustomStringConvertible {
  var name: String
  var family: String
  var problem: FitProblem
  var minSlope: Double
  var alreadyMonotone: Bool
  var objective: Double
  var active: [(kind: String, t: Double)]
  var description: String { name }

  static let all: [HighDegreeMonotoneProblem] = (try? loadAll()) ?? []

  static func loadAll() throws -> [HighDegreeMonotoneProblem] {
    let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("monotone/high-degree.json")))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let entries = root["problems"] as? [[String: Any]]
    else { return [] }
    return entries.compactMap { entry in
      // The text forms parse exactly with Double(_:).
      guard let pairs = entry["pointsText"] as? [[String]], let degree = entry["degree"] as? Int,
        let constraintItems = entry["constraints"] as? [[String: Any]],
        let milestoneItems = entry["milestones"] as? [[String: Any]], let minSlope = entry["minSlope"] as? Double,
        let objective = (entry["objective"] as? String).flatMap(Double.init), let name = entry["name"] as? String,
        let activeItems = entry["active"] as? [[String: Any]]
      else { return nil }
      let points = pairs.compactMap { pair in
        Double(pair[0]).flatMap { t in Double(pair[1]).map { DataPoint(t: t, y: $0) } }
      }
      let weights = (entry["weightsText"] as? [String])?.compactMap(Double.init)
      let constraints = constraintItems.compactMap { item -> FitConstraint? in
        guard let t = item["t"] as? Double, let value = item["value"] as? Double else { return nil }
        return item["kind"] as? String == "slope" ? .slope(at: t, equals: value) : .value(at: t, equals: value)
      }
      let milestones = milestoneItems.compactMap { item -> Milestone? in
        guard let t = item["t"] as? Double, let level = item["level"] as? Double else { return nil }
        return item["kind"] as? String == "atMost" ? .atMost(level: level, from: t) : .atLeast(level: level, until: t)
      }
      return HighDegreeMonotoneProblem(
        name: name, family: entry["family"] as? String ?? "",
        problem: FitProblem(
          points: points, weights: weights, degree: degree, constraints: constraints, milestones: milestones),
        minSlope: minSlope, alreadyMonotone: entry["alreadyMonotone"] as? Bool ?? false, objective: objective,
        active: activeItems.map { ($0["kind"] as? String ?? "", $0["t"] as? Double ?? .nan) })
    }
  }
}

@Suite("Monotone enforce at degrees 4–10")
struct MonotoneHighDegreeTests {
  @Test("the fixture covers ≥ 30 problems per degree 4–10 and every family")
  func coverage() {
    let problems = HighDegreeMonotoneProblem.all
    for degree in 4...10 { #expect(problems.filter { $0.problem.degree == degree }.count >= 30, "degree \(degree)") }
    let families = Set(problems.map(\.family))
    for family in [
      "shoulder", "flat-region", "dragged", "milestones", "min-slope", "extra-constraint", "weighted",
      "already-monotone",
    ] {
      #expect(families.contains(family), "\(family)")
    }
    #expect(problems.contains { $0.active.contains { $0.kind == "milestone" } })
    #expect(problems.contains { $0.active.contains { $0.kind == "interior" } })
  }

  @Test("proven monotone and within 1e-9 of the independent optimum", arguments: HighDegreeMonotoneProblem.all)
  func matchesReference(_ reference: HighDegreeMonotoneProblem) throws {
    let report = try MonotoneFitter.fit(reference.problem, minSlope: reference.minSlope)
    let polynomial = report.fit.polynomial
    // CurveCore's exact decision (Sturm sequence of f′ + s in exact arithmetic).
    #expect(polynomial.slopeStaysAtOrBelow(negativeOf: reference.minSlope))
    #expect(report.verdict == .holds)
    let relative = (report.objective - reference.objective) / reference.objective
    if ProcessInfo.processInfo.environment["CURVEKIT_PRINT_GAPS"] != nil {
      print("REL \(reference.name) \(relative) gap \(report.kkt.optimalityGap ?? -1) \(report.objective)")
    }
    #expect(relative <= 1e-9, "objective \(report.objective) vs \(reference.objective)")
    // Below the optimum only through the rounding of the coefficients, which moves f(1) off
    // its value by a few ulps of Σ|cₖ| (≈ 10⁻¹¹ at degree 10): far less than the tolerance.
    #expect(relative >= -1e-9, "below the optimum: \(report.objective) vs \(reference.objective)")
    // The duality certificate agrees.
    let gap = try #require(report.kkt.optimalityGap)
    #expect(gap <= 1e-9 * report.objective)
    #expect(report.kkt.isSatisfied)
    for milestone in reference.problem.milestones { #expect(milestone.holds(for: polynomial), "\(milestone)") }
    // The equalities hold to the representation error of monomial doubles: each coefficient
    // within an ulp, so |f(t) − v| ≤ (n + 1)·2⁻⁵²·Σ|cₖ|tᵏ, and likewise for f′.
    let n = Double(reference.problem.degree + 1)
    for constraint in reference.problem.constraints {
      switch constraint {
      case .value(let t, let value):
        let size = polynomial.coefficients.reduce(0.0) { $0 * t + abs($1) }
        #expect(abs(polynomial.value(at: t) - value) <= n * 0x1p-52 * size, "\(constraint)")
      case .slope(let t, let slope):
        let derivative = polynomial.derivative()
        let size = derivative.coefficients.reduce(0.0) { $0 * t + abs($1) }
        #expect(abs(derivative.value(at: t) - slope) <= n * 0x1p-52 * size, "\(constraint)")
      }
    }
    if reference.alreadyMonotone {
      #expect(report.wasAlreadyMonotone)
      // The answer is the plain fit, bit for bit.
      var plain = reference.problem
      plain.milestones = []
      #expect(report.fit.coefficients == (try LeastSquaresFitter.fit(plain)).coefficients)
    } else {
      // The report names the reference's active constraints: each end, each interior touch
      // (within 10⁻³ in t) and each active milestone.
      let ours = report.activeConstraints
      for (kind, t) in reference.active {
        switch kind {
        case "start": #expect(ours.contains { if case .startSlope = $0 { true } else { false } }, "start")
        case "end": #expect(ours.contains { if case .endSlope = $0 { true } else { false } }, "end")
        case "interior":
          #expect(
            ours.contains { if case .interiorTouch(let touch, _) = $0 { abs(touch - t) <= 1e-3 } else { false } },
            "interior touch at \(t): \(ours)")
        default:
          #expect(
            ours.contains { if case .milestone(let m) = $0 { abs(m.t - t) <= 1e-12 } else { false } },
            "milestone at \(t)")
        }
      }
    }
  }
}
