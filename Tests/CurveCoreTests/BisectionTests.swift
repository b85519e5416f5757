import CurveCore
import CurveKitTestSupport
import Testing

@Suite("The article's 32-step bisection")
struct BisectionTests {
  /// The article's algorithm re-derived on integers: the bracket is [lower, upper]·2⁻ⁿ with
  /// integer ends, so every midpoint is exact and only the comparisons matter.
  static func integerBisection(_ cubic: Cubic, _ target: Double, iterations: Int) -> Double {
    let level = target.isNaN ? 1.0 : Swift.min(1.0, Swift.max(0.0, target))
    if level >= 0.999_999 { return 0 }
    if level <= 0.000_001 { return 1 }
    var lower: UInt64 = 0
    var upper: UInt64 = 1 << UInt64(iterations)
    let unit = Double(sign: .plus, exponent: -iterations, significand: 1)
    for _ in 0..<iterations {
      let mid = (lower + upper) / 2
      if cubic.level(forNormalizedElapsed: Double(mid) * unit) > level { lower = mid } else { upper = mid }
    }
    return Double(lower + upper) * unit / 2
  }

  static func levels() -> [Double] {
    var levels = inverseTestLevels(count: 20_000, seed: 32)
    levels += [0, 1, -1, 2, .nan, .infinity, -.infinity, 0.999_999, 0.000_001, 0.999_999.nextDown, 0.000_001.nextUp]
    return levels
  }

  @Test("bit for bit equal to an independent integer re-derivation", arguments: ArticleCurve.allCases)
  func bitForBit(curve: ArticleCurve) {
    let cubic = curve.cubic
    for level in Self.levels() {
      let expected = Self.integerBisection(cubic, level, iterations: 32)
      let got = cubic.normalizedElapsedByBisection(forLevel: level)
      #expect(got.bitPattern == expected.bitPattern, "level \(level)")
      #expect(cubic.normalizedElapsed(forLevel: level, method: .bisection).bitPattern == expected.bitPattern)
    }
    #expect(Cubic.articleBisectionIterations == 32)
    for iterations in [1, 10, 53] {
      #expect(
        cubic.normalizedElapsedByBisection(forLevel: 0.3, iterations: iterations).bitPattern
          == Self.integerBisection(cubic, 0.3, iterations: iterations).bitPattern)
    }
  }

  @Test("error ≈ 2⁻³³ inside the early-return thresholds", arguments: ArticleCurve.allCases)
  func generalError(curve: ArticleCurve) {
    let cubic = curve.cubic
    var worst = 0.0
    for level in Self.levels() where level > 0.000_001 && level < 0.999_999 {
      let reference = Float80Inverse(cubic, level: level)
      worst = max(worst, Double(abs(Float80(cubic.normalizedElapsedByBisection(forLevel: level)) - reference.t)))
    }
    print("bisection max error inside (1e-6, 0.999999) | \(curve.rawValue) | \(worst)")
    // Interval 2⁻³², midpoint returned: 2⁻³³ plus the level rounding over |f′| (≤ 2e-15).
    #expect(worst <= 0x1p-33 + 2e-15)
    #expect(worst >= 0x1p-34, "the bound is attained to within a factor 2")
  }

  @Test("early returns: the error at a flat end is ≈ √(1e-6/1.5), far above 2⁻³³")
  func earlyReturnError() {
    for curve in ArticleCurve.allCases {
      let cubic = curve.cubic
      // Levels (0, 1e-6] return 1 and levels [0.999999, 1) return 0.
      let nearZero = Float80Inverse(cubic, level: 0.000_001).t
      let nearOne = Float80Inverse(cubic, level: 0.999_999).t
      let errorAtZero = Double(1 - nearZero)
      let errorAtOne = Double(nearOne)
      print(
        "bisection early-return error | \(curve.rawValue) | level ≤ 1e-6: \(errorAtZero) | level ≥ 0.999999: \(errorAtOne)"
      )
      #expect(cubic.normalizedElapsedByBisection(forLevel: 0.000_001) == 1)
      #expect(cubic.normalizedElapsedByBisection(forLevel: 0.999_999) == 0)
      if curve == .steepStart {
        // f(1 − s) = 1.5s² − 0.5s³, so s = √(L/1.5)·(1 + s/6 + O(s²)) at L = 1e-6.
        let s0 = (0.000_001 / 1.5).squareRoot()
        let series = s0 * (1 + s0 / 6)
        #expect(abs(errorAtZero - series) <= 1e-9)
        #expect(errorAtZero > 8e-4)
      } else {
        // A non-flat end: error ≈ 1e-6 / |f′(1)|.
        let slope = abs(3 * cubic.a + 2 * cubic.b + cubic.c)
        #expect(abs(errorAtZero - 0.000_001 / slope) <= 1e-9)
      }
      #expect(abs(errorAtOne - 0.000_001 / abs(cubic.c)) <= 1e-9)
    }
  }
}
