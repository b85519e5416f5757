import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

@Suite("Bernstein form")
struct BernsteinTests {
  @Test("control values are within 1 ulp of the exact values (Fraction fixture, 400 polynomials of degree 0…10)")
  func matchesExactFixture() throws {
    var worst = 0.0
    let cases = try coreEvalFixture("bernstein.txt")
    #expect(cases.count == 400)
    for fields in cases {
      let bernstein = try Polynomial(coefficients: fields[0]).bernstein
      #expect(bernstein.controlValues.count == fields[1].count)
      for (computed, exact) in zip(bernstein.controlValues, fields[1]) {
        worst = max(worst, ulpDistance(computed, exact))
        #expect(ulpDistance(computed, exact) <= 1, "\(fields[0])")
      }
    }
    print("Bernstein control values: max error \(worst) ulp")
  }

  @Test("monomial → Bernstein → monomial returns every coefficient within 2 ulps of the largest term")
  func roundTrip() throws {
    var random = SeededRandomNumberGenerator(seed: 31)
    for _ in 0..<500 {
      let degree = Int(random.next() % 11)
      let coefficients = (0...degree).map { _ in random.nextUnitDouble() * 2 - 1 }
      let back = try Polynomial(coefficients: coefficients).bernstein.polynomial.coefficients
      // Conversion back multiplies the ≤ 1 ulp control-value errors by Σ C(n,i)C(i,k) ≤ 3ⁿ.
      let scale = coefficients.map(abs).max() ?? 0
      let allowance = pow(3.0, Double(degree)) * 2 * scale.ulp
      for (x, y) in zip(back, coefficients) { #expect(abs(x - y) <= allowance, "\(coefficients)") }
    }
    // Exact for small integers: (1 − t)³ is the first Bernstein basis polynomial, and
    // −4t³ + 6t² − 3t + 1 (f′ touching zero at ½) has the loose hull [1, 0, 1, 0].
    let p = try Polynomial(coefficients: [-1, 3, -3, 1])
    #expect(p.bernstein.controlValues == [1, 0, 0, 0])
    #expect(try Polynomial(coefficients: [-4, 6, -3, 1]).bernstein.controlValues == [1, 0, 1, 0])
    #expect(p.bernstein.polynomial == p)
  }

  @Test("de Casteljau value, derivative and the convex-hull range agree with the monomial form")
  func valueAndDerivative() throws {
    var random = SeededRandomNumberGenerator(seed: 37)
    for _ in 0..<300 {
      let degree = 1 + Int(random.next() % 10)
      let coefficients = (0...degree).map { _ in random.nextUnitDouble() * 2 - 1 }
      let p = try Polynomial(coefficients: coefficients)
      let b = p.bernstein
      let derivative = b.derivative()
      let direct = p.derivative().bernstein
      #expect(derivative.degree == degree - 1)
      for (x, y) in zip(derivative.controlValues, direct.controlValues) {
        // n·(b₍ₖ₊₁₎ − bₖ) from rounded bₖ: at most n·2 ulps of max|b| apart.
        #expect(abs(x - y) <= Double(2 * degree) * (b.controlValues.map(abs).max() ?? 0).ulp + 2 * y.ulp)
      }
      let maximum = b.controlValues.map(abs).max() ?? 0
      for step in 0...64 {
        let t = Double(step) / 64
        let value = b.value(at: t)
        #expect(abs(value - p.value(at: t)) <= 40 * Double(degree) * 0x1p-53 * max(maximum, 1) * 4)
        #expect(b.rangeBound.lowerBound - 1e-12 <= value && value <= b.rangeBound.upperBound + 1e-12)
      }
    }
  }

  @Test("invalid control values are rejected")
  func validation() {
    #expect(throws: CurveCoreError.noCoefficients) { try BernsteinPolynomial(controlValues: []) }
    #expect(throws: CurveCoreError.nonFiniteCoefficient(index: 0, value: .infinity)) {
      try BernsteinPolynomial(controlValues: [.infinity])
    }
  }
}
