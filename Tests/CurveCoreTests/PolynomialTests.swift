import CurveCore
import CurveKitTestSupport
import Testing

@Suite("Polynomial and Cubic basics")
struct PolynomialTests {
  @Test("invalid coefficient lists are rejected with the offending input named")
  func rejectsInvalidCoefficients() {
    #expect(throws: CurveCoreError.noCoefficients) { try Polynomial(coefficients: []) }
    #expect(throws: CurveCoreError.degreeTooHigh(degree: 11, maximum: 10)) {
      try Polynomial(coefficients: Array(repeating: 1, count: 12))
    }
    #expect(throws: CurveCoreError.nonFiniteCoefficient(index: 1, value: .infinity)) {
      try Polynomial(coefficients: [1, .infinity, 2])
    }
  }

  @Test("Horner value matches a Float80 evaluation within the stated bound")
  func hornerValueWithinBound() throws {
    var random = SeededRandomNumberGenerator(seed: 42)
    for _ in 0..<2_000 {
      let degree = Int(random.next() % 11)
      let coefficients = (0...degree).map { _ in random.nextUnitDouble() * 2 - 1 }
      let p = try Polynomial(coefficients: coefficients)
      let t = random.nextUnitDouble() * 2 - 1
      var exact: Float80 = 0
      var magnitude: Float80 = 0
      for c in coefficients {
        exact = exact * Float80(t) + Float80(c)
        magnitude = magnitude * Float80(abs(t)) + Float80(abs(c))
      }
      let gamma = Float80(2 * degree) * 0x1p-53 / (1 - Float80(2 * degree) * 0x1p-53)
      #expect(abs(Float80(p.value(at: t)) - exact) <= gamma * magnitude + 1e-300)
    }
  }

  @Test("derivative coefficients are exact for small integers")
  func derivative() throws {
    let p = try Polynomial(coefficients: [2, -3, 5, 7])
    #expect(p.derivative().coefficients == [6, -6, 5])
    #expect(try Polynomial(coefficients: [4]).derivative().coefficients == [0])
  }

  @Test("Cubic pads lower-degree polynomials and refuses higher ones")
  func cubicFromPolynomial() throws {
    let cubic = try Cubic(try Polynomial(coefficients: [-1, 1]))
    #expect(cubic == Cubic(a: 0, b: 0, c: -1, d: 1))
    #expect(throws: CurveCoreError.notACubic(degree: 4)) { try Cubic(try Polynomial(coefficients: [1, 0, 0, 0, 0])) }
  }

  @Test("the article curves start at 1 and end within 2 ulp of 0", arguments: ArticleCurve.allCases)
  func articleBoundaries(curve: ArticleCurve) {
    let cubic = curve.cubic
    #expect(cubic.level(forNormalizedElapsed: 0) == 1)
    #expect(abs(cubic.level(forNormalizedElapsed: 1)) <= 2 * Double.ulpOfOne)
    #expect(cubic.level(forNormalizedElapsed: -3) == 1)
    #expect(cubic.level(forNormalizedElapsed: 7) == cubic.level(forNormalizedElapsed: 1))
  }
}
