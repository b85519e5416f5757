import CurveCore
import CurveKitTestSupport
import Testing

@Suite("Polynomial evaluation schemes, degree 0…10")
struct PolynomialEvaluationTests {
  /// The documented a-priori bound's k (γₖ·S) for degree n, nil for compensated Horner.
  private func gammaIndex(_ scheme: EvaluationScheme, degree n: Int) -> Int? {
    switch scheme {
    case .horner, .naive, .estrin, .estrinFMA: return 2 * n
    case .hornerFMA, .naiveFMA: return n
    case .compensatedHorner: return nil
    }
  }

  @Test(
    "every scheme within its documented bound of a Float80 reference, t ∈ [−1, 1]", arguments: EvaluationScheme.allCases
  )
  func withinBound(scheme: EvaluationScheme) throws {
    var random = SeededRandomNumberGenerator(seed: 61)
    var worst: Float80 = 0
    for _ in 0..<4_000 {
      let degree = Int(random.next() % 11)
      let coefficients = (0...degree).map { _ in random.nextUnitDouble() * 2 - 1 }
      let p = try Polynomial(coefficients: coefficients)
      let t = random.nextUnitDouble() * 2 - 1
      var exact: Float80 = 0
      var scale: Float80 = 0
      for c in coefficients {
        exact = exact * Float80(t) + Float80(c)
        scale = scale * abs(Float80(t)) + abs(Float80(c))
      }
      // The Float80 reference itself is within γ₂ₙ(2⁻⁶⁴)·S ≤ 2⁻⁵⁹·S of exact for n ≤ 10.
      let referenceError = 0x1p-59 * scale
      let error = abs(Float80(p.value(at: t, scheme: scheme)) - exact)
      worst = max(worst, scale > 0 ? error / scale : 0)
      let u: Float80 = 0x1p-53
      if let k = gammaIndex(scheme, degree: degree) {
        #expect(error <= Float80(k) * u / (1 - Float80(k) * u) * scale + referenceError, "\(coefficients) at \(t)")
      } else {
        let gamma = Float80(2 * degree) * u / (1 - Float80(2 * degree) * u)
        #expect(error <= u * abs(exact) + gamma * gamma * scale + referenceError, "\(coefficients) at \(t)")
        let (value, bound) = p.compensatedValue(at: t)
        #expect(abs(Float80(value) - exact) <= Float80(bound) + referenceError)
      }
    }
    print("polynomial scheme \(scheme): max error/S \(Double(worst))")
  }
}
