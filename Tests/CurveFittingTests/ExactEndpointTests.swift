import CurveCore
import CurveFitting
import CurveKitTestSupport
import Testing

@Suite("Constraints at t = 0 hold exactly")
struct ExactEndpointTests {
  @Test("value@0 and slope@0 fix the constant and linear coefficients bit for bit")
  func constraintsAtZeroAreExact() throws {
    var random = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<200 {
      let points = (1...9).map { k -> DataPoint in
        let t = Double(k) / 10
        return DataPoint(t: t, y: 1 - t * t + 0.01 * (random.nextUnitDouble() - 0.5))
      }
      let slope = -0.5 * random.nextUnitDouble()
      let report = try LeastSquaresFitter.fit(
        FitProblem(
          points: points, degree: 3,
          constraints: [.value(at: 0, equals: 1), .value(at: 1, equals: 0), .slope(at: 0, equals: slope)]))
      #expect(report.coefficients[3] == 1)
      #expect(report.coefficients[2] == slope)
      // f(1) = 0 still holds to rounding after the snap.
      #expect(abs(report.polynomial.value(at: 1)) <= 8 * Double.ulpOfOne)
    }
  }
}
