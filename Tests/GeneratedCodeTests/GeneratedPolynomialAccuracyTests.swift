import CurveCore
import CurveKitTestSupport
import Testing

/// The generated inverse of degree 5 and 10 against the 60-digit mpmath fixture
/// (`Tests/Fixtures/polynomial-inverse`), directly rather than through the library.
@Suite("Generated code: degree 5 and 10 inverses against mpmath")
struct GeneratedPolynomialAccuracyTests {
  @Test("SCurve (degree 5) and BernsteinDecicNewton (10) are within 1e-15 of mpmath away from flat points")
  func againstMpmath() throws {
    let (curves, rows) = try PolynomialFixtureRow.load()
    let cases: [(fixture: String, coefficients: [Double], inverse: (Double) -> Double)] = [
      ("sCurve", SCurve.coefficients, { SCurve.normalizedElapsed(forLevel: $0) }),
      ("bernsteinDecic", BernsteinDecicNewton.coefficients, { BernsteinDecicNewton.normalizedElapsed(forLevel: $0) }),
    ]
    for (name, coefficients, inverse) in cases {
      // The golden must be the fixture's curve: SCurve is fitted from its spec, so a change in the
      // fitter's last bits means re-running scripts/fixtures/polynomial_inverse_mpmath.py.
      #expect(curves[name]?.coefficients == coefficients, "\(name): the golden's coefficients are not the fixture's")
      var worst = 0.0
      var count = 0
      for row in rows where row.curve == name {
        let error = row.error(of: inverse(row.level))
        #expect(error <= max(1e-15, row.allowance), "\(name) at level \(row.level): \(error)")
        if row.allowance == 0 { worst = max(worst, error) }
        count += 1
      }
      #expect(count >= 1500)
      print("generated inverse max error (mpmath) | \(name) | \(worst) away from flat points | \(count) levels")
    }
  }
}
