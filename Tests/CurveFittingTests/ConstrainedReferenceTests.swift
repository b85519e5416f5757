import CurveCore
import CurveFitting
import CurveKitTestSupport
import Foundation
import Testing

/// Constrained fits (LAPACK dgglse) against references solved independently: 50-digit
/// mpmath fixtures, and the depletion cubic's Bernstein null-space form in Float80.
@Suite("Constrained fits against independent references")
struct ConstrainedReferenceTests {
  /// One problem of `Tests/Fixtures/fitting/constrained_mpmath.json`.
  struct ReferenceCase {
    let name: String
    let problem: FitProblem
    let coefficients: [Double]
    let rss: Double
  }

  /// Reads the mpmath fixture (all numbers are strings, parsed with correct rounding).
  static func referenceCases() throws -> [ReferenceCase] {
    try FitFixtureCase.load("fitting/constrained_mpmath.json").map { fixture in
      ReferenceCase(
        name: fixture.name,
        problem: FitProblem(
          points: fixture.points, weights: fixture.weights, degree: fixture.degree, constraints: fixture.constraints),
        coefficients: fixture.coefficients, rss: try fixture.number("rss"))
    }
  }

  /// max |a − b| / max |b|: the normwise relative difference of two coefficient vectors.
  static func normwiseRelativeDifference(_ a: [Double], _ b: [Double]) -> Double {
    let scale = b.map(abs).max() ?? 0
    return zip(a, b).map { abs($0 - $1) }.max().map { $0 / scale } ?? .infinity
  }

  @Test("dgglse matches the 50-digit mpmath KKT solution to 1e-12 relative")
  func matchesMpmath() throws {
    let cases = try Self.referenceCases()
    #expect(cases.count == 6)
    for reference in cases {
      let report = try LeastSquaresFitter.fit(reference.problem)
      let coefficientError = Self.normwiseRelativeDifference(report.coefficients, reference.coefficients)
      let rssError = abs(report.rss - reference.rss) / reference.rss
      print("mpmath | \(reference.name) | coefficients \(coefficientError) | rss \(rssError)")
      #expect(coefficientError <= 1e-12, "\(reference.name): coefficients \(report.coefficients)")
      #expect(rssError <= 1e-12, "\(reference.name): rss \(report.rss) vs \(reference.rss)")
      #expect(report.standardErrors == nil)
      #expect(report.rank == reference.problem.degree + 1)
      try Self.expectConstraintsHold(report)
    }
  }

  /// Each constraint residual is within 64 ulps of Σ|cₖ||t₀|ᵏ (the size of the terms
  /// summed to evaluate f(t₀) or f′(t₀)), i.e. the constraint holds to rounding.
  static func expectConstraintsHold(_ report: FitReport) throws {
    let ascending = Array(report.coefficients.reversed())
    for (constraint, residual) in zip(report.constraints, report.constraintResiduals) {
      let t = abs(constraint.t)
      var magnitude = 0.0
      for (k, c) in ascending.enumerated() {
        switch constraint {
        case .value: magnitude += abs(c) * pow(t, Double(k))
        case .slope: magnitude += k == 0 ? 0 : Double(k) * abs(c) * pow(t, Double(k - 1))
        }
      }
      #expect(abs(residual) <= 64 * magnitude.ulp, "\(constraint): residual \(residual)")
    }
  }

  @Test(
    "the depletion cubic agrees with the Bernstein null-space solution (Float80)", arguments: [1, 2, 3, 4] as [UInt64])
  func bernsteinNullSpace(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    let count = 12 + Int(random.next() % 30)
    var points: [DataPoint] = []
    var weights: [Double] = []
    for _ in 0..<count {
      let t = 0.01 + 0.98 * random.nextUnitDouble()
      let y = 1 - 1.4 * t + 0.6 * t * t - 0.2 * t * t * t + 0.05 * (random.nextUnitDouble() - 0.5)
      points.append(DataPoint(t: t, y: y))
      weights.append(0.5 + 2 * random.nextUnitDouble())
    }
    let useWeights = seed.isMultiple(of: 2)
    let problem = FitProblem(points: points, weights: useWeights ? weights : nil)
    let report = try LeastSquaresFitter.fit(problem)

    // f = B0 + φ1·B1 + φ2·B2 with cubic Bernstein Bk; least squares in (φ1, φ2), Float80.
    var (s11, s12, s22, r1, r2): (Float80, Float80, Float80, Float80, Float80) = (0, 0, 0, 0, 0)
    for (index, point) in points.enumerated() {
      let t = Float80(point.t)
      let w = useWeights ? Float80(weights[index]) : 1
      let b0 = (1 - t) * (1 - t) * (1 - t)
      let b1 = 3 * t * (1 - t) * (1 - t)
      let b2 = 3 * t * t * (1 - t)
      let target = Float80(point.y) - b0
      s11 += w * w * b1 * b1
      s12 += w * w * b1 * b2
      s22 += w * w * b2 * b2
      r1 += w * w * b1 * target
      r2 += w * w * b2 * target
    }
    let determinant = s11 * s22 - s12 * s12
    let phi1 = (r1 * s22 - r2 * s12) / determinant
    let phi2 = (s11 * r2 - s12 * r1) / determinant
    let expected = [3 * phi1 - 3 * phi2 - 1, 3 * (phi2 - 2 * phi1 + 1), 3 * (phi1 - 1), 1].map { Double($0) }
    let difference = Self.normwiseRelativeDifference(report.coefficients, expected)
    #expect(difference <= 1e-12, "seed \(seed): \(report.coefficients) vs \(expected)")
  }
}
