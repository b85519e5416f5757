import CurveCore
import CurveDesign
import CurveEasing
import CurveKitTestSupport
import Testing

/// f(t) = a·t³ + b·t² + c·t + d in Float80, the reference for the Double computations.
func referenceLevel(_ cubic: Cubic, _ t: Double) -> Float80 {
  let (a, b, c, d) = (Float80(cubic.a), Float80(cubic.b), Float80(cubic.c), Float80(cubic.d))
  let x = Float80(t)
  return ((a * x + b) * x + c) * x + d
}

/// 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³ in Float80, from the Bernstein form directly.
func referenceCoordinate(_ s: Float80, _ c1: Float80, _ c2: Float80) -> Float80 {
  let r = 1 - s
  return 3 * r * r * s * c1 + 3 * r * s * s * c2 + s * s * s
}

@Suite("Cubic Bézier easing: exact export and sampling")
struct CubicBezierEasingTests {
  /// The exported Bézier, sampled by solving x(s) = t, reproduces f to 1e-15 absolute
  /// (the issue's exactness criterion), measured against f in Float80.
  @Test("export is exact: sampling the Bézier reproduces f to 1e-15")
  func exactness() throws {
    var generator = SeededRandomNumberGenerator(seed: 0x5EED_0007)
    var cubics = ArticleCurve.allCases.map(\.cubic)
    while cubics.count < 204 {
      if let cubic = randomDepletionCubic(&generator) { cubics.append(cubic) }
    }
    var worst = 0.0
    for cubic in cubics {
      let easing = try CubicBezierEasing(progressOf: cubic.polynomial)
      #expect(easing.isPolynomialInTime)
      let times = (0...256).map { Double($0) / 256 } + (0..<64).map { _ in generator.nextUnitDouble() }
      for t in times {
        let error = abs(Double(Float80(easing.level(atTime: t)) - referenceLevel(cubic, t)))
        worst = max(worst, error)
        #expect(error <= 1e-15, "f = \(cubic), t = \(t): error \(error)")
      }
    }
    #expect(worst > 0, "the comparison measured something")
    print("export exactness: worst |sampled − f| = \(worst)")
  }

  /// y1 = −c/3 is one correctly rounded division; y2 = −(2c + b)/3 is within 1 ulp.
  @Test("control values match the Bernstein formula in Float80")
  func controlValues() throws {
    var generator = SeededRandomNumberGenerator(seed: 42)
    for _ in 0..<500 {
      guard let cubic = randomDepletionCubic(&generator) else { continue }
      let easing = try CubicBezierEasing(progressOf: cubic.polynomial)
      #expect(easing.y1 == Double(-Float80(cubic.c) / 3))
      let y2 = -(2 * Float80(cubic.c) + Float80(cubic.b)) / 3
      #expect(abs(Float80(easing.y2) - y2) <= Float80(easing.y2.ulp), "f = \(cubic)")
      #expect(easing.x1 == 1.0 / 3.0 && easing.x2 == 2.0 / 3.0)
    }
  }

  /// The article's shapes, derived by hand from the closed form: the line 1 − t is
  /// cubic-bezier(1/3, 1/3, 2/3, 2/3), and 0.5t³ − 1.5t + 1 is (1/3, 1/2, 2/3, 1).
  @Test("known easings of the article's shapes")
  func knownValues() throws {
    let linear = try CubicBezierEasing(progressOf: ArticleCurve.moreLinear.cubic.polynomial)
    #expect(
      linear.cssFunction
        == "cubic-bezier(0.3333333333333333, 0.3333333333333333, 0.6666666666666666, 0.6666666666666666)")
    let steepStart = try CubicBezierEasing(progressOf: ArticleCurve.steepStart.cubic.polynomial)
    #expect(steepStart.y1 == 0.5 && steepStart.y2 == 1)
    #expect(steepStart.controlValuesOutsideUnitInterval.isEmpty)
  }

  @Test("a y control outside [0, 1] is reported with a note")
  func rangeNotes() throws {
    // f = t³ + 2t² − 4t + 1: f′(0) = −4 < −3, so y1 = 4/3 overshoots (and y2 = 2).
    let easing = try CubicBezierEasing(progressOf: Polynomial(coefficients: [1, 2, -4, 1]))
    #expect(easing.controlValuesOutsideUnitInterval.map(\.name) == ["y1", "y2"])
    #expect(easing.rangeNotes.count == 2)
    #expect(easing.cssSnippet(name: "Big Start").contains("/* note: y1 = 1.3333333333333333 is outside [0, 1]"))
    #expect(easing.swiftUISnippet(name: "Big Start").contains("let bigStartAnimation = Animation.timingCurve("))
  }

  @Test(
    "curves that are not exportable are rejected with the offending value",
    arguments: [
      ([1.0, 0, 0, 0, -2, 1], "degree 5"),
      ([0.5, 0, -1.5, 1.001], "f(0) = 1.001"),
      ([-2.0, 0, 0, 1], "f(1) = -1.0"),
      ([1.0, -1.0], "f(0) = -1.0"),
    ])
  func rejected(coefficients: [Double], fragment: String) throws {
    let polynomial = try Polynomial(coefficients: coefficients)
    do {
      _ = try CubicBezierEasing(progressOf: polynomial)
      Issue.record("\(coefficients) was exported")
    } catch {
      #expect(error.description.contains(fragment), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  /// Leading exact zeros are dropped, so a degree-5 spec whose fit is a cubic exports.
  @Test("leading zero coefficients do not block export")
  func leadingZeros() throws {
    let padded = try CubicBezierEasing(progressOf: Polynomial(coefficients: [0, 0, -0.5, 0, -0.5, 1]))
    let plain = try CubicBezierEasing(progressOf: ArticleCurve.steepEnd.cubic.polynomial)
    #expect(padded == plain)
  }

  /// The solver's x(s) hits t to within 9u (u = 2⁻⁵³), checked by evaluating x(s) in
  /// Float80, including easings with flat ends (x1 = 0 or x2 = 1) where x′ vanishes.
  @Test("x(s) = t is solved to full precision, including flat ends")
  func solver() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    var easings = try [
      CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1),
      CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1),
      CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
      CubicBezierEasing(x1: 0, y1: 1.5, x2: 0, y2: -0.5),
    ]
    for _ in 0..<100 {
      easings.append(
        try CubicBezierEasing(
          x1: generator.nextUnitDouble(), y1: 3 * generator.nextUnitDouble() - 1,
          x2: generator.nextUnitDouble(), y2: 3 * generator.nextUnitDouble() - 1))
    }
    var worst: Float80 = 0
    for easing in easings {
      for k in 0...200 {
        let t = k == 200 ? 1 : Double(k) / 200 + 1e-3 * generator.nextUnitDouble()
        let s = easing.parameter(forTime: t)
        let x = referenceCoordinate(Float80(s), Float80(easing.x1), Float80(easing.x2))
        worst = max(worst, abs(x - Float80(t)))
        // x′ ≤ 3 on [0, 1] for x1, x2 ∈ [0, 1], so the bracket's last ulp costs ≤ 3u and
        // the Bernstein evaluation ≤ 6u: 9u in all.
        #expect(abs(x - Float80(t)) <= 9 * 0x1p-53, "easing \(easing.cssFunction), t = \(t), s = \(s)")
        #expect(s >= 0 && s <= 1)
      }
    }
    #expect(worst > 0, "the comparison measured something")
    print("x(s) = t solver: worst |x(s) − t| = \(worst)")
  }

  @Test("x controls outside [0, 1] are rejected")
  func xRange() {
    #expect(throws: EasingError.easingXOutOfRange(name: "x1", value: -0.1)) {
      try CubicBezierEasing(x1: -0.1, y1: 0, x2: 1, y2: 1)
    }
    #expect(throws: EasingError.easingXOutOfRange(name: "x2", value: 1.5)) {
      try CubicBezierEasing(x1: 0, y1: 0, x2: 1.5, y2: 1)
    }
  }
}
