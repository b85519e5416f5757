import CurveCore
import Testing

@Suite("Evaluation against exact references")
struct ExactEvaluationTests {
  @Test(
    "each scheme within γₖ·S + ½ulp of the exact value; compensated Horner within u·|p| + γ₆²·S + ½ulp",
    arguments: EvaluationScheme.allCases)
  func againstFractions(scheme: EvaluationScheme) throws {
    var worstInScale = 0.0
    var worstUlps = 0.0
    for fields in try coreEvalFixture("evaluation.txt") {
      let cubic = Cubic(a: fields[0][0], b: fields[0][1], c: fields[0][2], d: fields[0][3])
      let (t, exact, scale) = (fields[1][0], fields[2][0], fields[3][0])
      let computed = cubic.value(at: t, scheme: scheme)
      let error = abs(computed - exact)
      worstInScale = max(worstInScale, error / scale)
      worstUlps = max(worstUlps, ulpDistance(computed, exact))
      let u = 0x1p-53
      let allowance: Double
      if let k = scheme.cubicGammaIndex {
        allowance = Double(k) * u / (1 - Double(k) * u) * scale + exact.ulp / 2
      } else {
        let gamma = 6 * u / (1 - 6 * u)
        allowance = u * abs(exact) + gamma * gamma * scale + exact.ulp / 2
      }
      #expect(error <= allowance * (1 + 1e-12), "\(cubic) at \(t)")
    }
    print("scheme \(scheme) vs exact: max error/S \(worstInScale), max \(worstUlps) ulp of the result")
  }

  @Test("Polynomial.compensatedValue's error bound holds and is at most a few ulps on ordinary inputs")
  func compensatedBound() throws {
    for fields in try coreEvalFixture("evaluation.txt") {
      let p = try Polynomial(coefficients: fields[0])
      let (value, bound) = p.compensatedValue(at: fields[1][0])
      #expect(abs(value - fields[2][0]) <= bound + fields[2][0].ulp / 2)
      #expect(bound <= 4 * fields[3][0] * 0x1p-53)
    }
  }
}
