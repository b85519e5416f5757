import CurveCore
import CurveFitting
import CurveKitTestSupport
import Testing

/// What the report says: exact recovery, the meaning of weights, residual conventions,
/// R² and standard-error availability.
@Suite("Fit report")
struct FitReportTests {
  /// Seeded points around a smooth decreasing curve on (0, 1).
  static func noisyPoints(seed: UInt64, count: Int) -> [DataPoint] {
    var random = SeededRandomNumberGenerator(seed: seed)
    return (0..<count).map { _ in
      let t = random.nextUnitDouble()
      return DataPoint(t: t, y: 1 - 0.8 * t - 0.15 * t * t + 0.1 * (random.nextUnitDouble() - 0.5))
    }
  }

  /// max |a − b| / max |b|.
  static func relativeDifference(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).map { abs($0 - $1) }.max().map { $0 / (b.map(abs).max() ?? 1) } ?? .infinity
  }

  @Test("an exact cubic is recovered with residuals at rounding level", arguments: [true, false])
  func exactRecovery(constrained: Bool) throws {
    let cubic = [0.5, -1.25, -0.25, 1.0]  // 0.5t³ − 1.25t² − 0.25t + 1: f(0) = 1, f(1) = 0
    let points = (0...12).map { index -> DataPoint in
      let t = Double(index) / 12
      return DataPoint(t: t, y: ((cubic[0] * t + cubic[1]) * t + cubic[2]) * t + cubic[3])
    }
    let problem = FitProblem(points: points, constraints: constrained ? FitConstraint.depletionEndpoints : [])
    let report = try LeastSquaresFitter.fit(problem)
    // The data carry Horner's rounding (≤ a few ulps of 1); the fit reproduces the cubic to 1e-14.
    #expect(Self.relativeDifference(report.coefficients, cubic) <= 1e-14)
    #expect(report.maxAbsResidual <= 8 * Double.ulpOfOne)
    #expect(report.rSquared.map { abs($0 - 1) <= 1e-14 } == true)
    #expect(report.degree == 3 && report.rank == 4)
    #expect(report.conditionNumber >= 1 && report.conditionNumber < 1e3)
  }

  @Test("a weight w on a point equals w² copies of it", arguments: [true, false])
  func weightsMultiplyResiduals(constrained: Bool) throws {
    let points = Self.noisyPoints(seed: 42, count: 15)
    let constraints = constrained ? FitConstraint.depletionEndpoints : []
    var weights = Array(repeating: 1.0, count: points.count)
    weights[3] = 2
    weights[7] = 3
    let weighted = try LeastSquaresFitter.fit(FitProblem(points: points, weights: weights, constraints: constraints))
    let copies = points + Array(repeating: points[3], count: 3) + Array(repeating: points[7], count: 8)
    let repeated = try LeastSquaresFitter.fit(FitProblem(points: copies, constraints: constraints))
    #expect(Self.relativeDifference(weighted.coefficients, repeated.coefficients) <= 1e-13)
    #expect(abs(weighted.rss - repeated.rss) <= 1e-13 * repeated.rss)
    #expect(weighted.isWeighted && !repeated.isWeighted)
  }

  @Test("residuals are unweighted y − f(t); rss, rmse and the largest residual agree with them")
  func residualConventions() throws {
    let points = Self.noisyPoints(seed: 9, count: 20)
    let weights = (0..<20).map { 0.5 + Double($0 % 4) }
    let report = try LeastSquaresFitter.fit(FitProblem(points: points, weights: weights))
    var rss: Float80 = 0
    var largest = (value: 0.0, index: 0)
    for (index, point) in points.enumerated() {
      var f: Float80 = 0
      for c in report.coefficients { f = f * Float80(point.t) + Float80(c) }
      let residual = Float80(point.y) - f
      // Rounded once from double-double: within one ulp of the Float80 value.
      #expect(abs(Float80(report.residuals[index]) - residual) <= Float80(report.residuals[index].ulp))
      rss += Float80(weights[index]) * Float80(weights[index]) * residual * residual
      if abs(report.residuals[index]) > largest.value { largest = (abs(report.residuals[index]), index) }
    }
    #expect(abs(report.rss - Double(rss)) <= 1e-14 * report.rss)
    #expect(report.rmse == (report.rss / 20).squareRoot())
    #expect(report.maxAbsResidual == largest.value && report.maxAbsResidualIndex == largest.index)
    #expect(report.maxAbsResidualT == points[largest.index].t)
    #expect(report.degreesOfFreedom == 18)
    #expect(report.residualStandardDeviation == (report.rss / 18).squareRoot())
    #expect(report.standardErrors == nil, "constrained fits report no standard errors")
  }

  @Test("R² is nil when y is constant, and standard errors need degrees of freedom")
  func undefinedStatistics() throws {
    let flat = [0.0, 0.5, 1, 1.5].map { DataPoint(t: $0, y: 2) }
    let report = try LeastSquaresFitter.fit(FitProblem(points: flat, degree: 1, constraints: []))
    #expect(report.rSquared == nil)
    #expect(Self.relativeDifference(report.coefficients, [0, 2]) <= 1e-15)
    let interpolating = try LeastSquaresFitter.fit(
      FitProblem(points: Self.noisyPoints(seed: 5, count: 4), degree: 3, constraints: []))
    #expect(interpolating.degreesOfFreedom == 0)
    #expect(interpolating.residualStandardDeviation == nil && interpolating.standardErrors == nil)
  }

  @Test("unconstrained weighted quadratic matches Float80 normal equations", arguments: [11, 12, 13] as [UInt64])
  func weightedUnconstrainedReference(seed: UInt64) throws {
    let points = Self.noisyPoints(seed: seed, count: 30)
    var random = SeededRandomNumberGenerator(seed: seed &+ 100)
    let weights = points.map { _ in 0.25 + 4 * random.nextUnitDouble() }
    let report = try LeastSquaresFitter.fit(FitProblem(points: points, weights: weights, degree: 2, constraints: []))
    // Normal equations in Float80 (κ(XᵀWX) ≈ 10³ here, so they are good to ~1e-16).
    var normal = [[Float80]](repeating: [0, 0, 0, 0], count: 3)
    for (point, weight) in zip(points, weights) {
      let row: [Float80] = [1, Float80(point.t), Float80(point.t) * Float80(point.t)]
      let w2 = Float80(weight) * Float80(weight)
      for j in 0..<3 {
        for k in 0..<3 { normal[j][k] += w2 * row[j] * row[k] }
        normal[j][3] += w2 * row[j] * Float80(point.y)
      }
    }
    for pivot in 0..<3 {
      for row in (pivot + 1)..<3 {
        let factor = normal[row][pivot] / normal[pivot][pivot]
        for column in pivot..<4 { normal[row][column] -= factor * normal[pivot][column] }
      }
    }
    var solution: [Float80] = [0, 0, 0]
    for row in stride(from: 2, through: 0, by: -1) {
      var sum = normal[row][3]
      for column in (row + 1)..<3 { sum -= normal[row][column] * solution[column] }
      solution[row] = sum / normal[row][row]
    }
    let expected = solution.reversed().map { Double($0) }
    #expect(Self.relativeDifference(report.coefficients, expected) <= 1e-13)
  }

  @Test("slope constraints hold and the polynomial is the coefficients")
  func slopeConstraint() throws {
    let problem = FitProblem(
      points: Self.noisyPoints(seed: 77, count: 25),
      constraints: [.value(at: 0, equals: 1), .value(at: 1, equals: 0), .slope(at: 1, equals: 0)])
    let report = try LeastSquaresFitter.fit(problem)
    #expect(report.constraintResiduals.allSatisfy { abs($0) <= 16 * Double.ulpOfOne })
    #expect(abs(report.polynomial.derivative().value(at: 1)) <= 16 * Double.ulpOfOne)
    #expect(report.polynomial.coefficients == report.coefficients)
  }
}
