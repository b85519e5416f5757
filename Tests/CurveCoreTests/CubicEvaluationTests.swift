import CurveCore
import CurveKitTestSupport
import Testing

/// The exact cubic at t in Float80 (64-bit significand) and Σ|cᵢ|tⁱ, the scale of every bound.
/// For t ∈ [0, 1] and coefficients of magnitude ≤ 2 its own error is below 2⁻⁶¹·S, far
/// inside the ≥ 3·2⁻⁵³·S bounds it checks.
private func reference(_ cubic: Cubic, _ t: Double) -> (value: Float80, scale: Float80) {
  let x = Float80(t)
  let value = ((Float80(cubic.a) * x + Float80(cubic.b)) * x + Float80(cubic.c)) * x + Float80(cubic.d)
  let scale =
    ((Float80(abs(cubic.a)) * abs(x) + Float80(abs(cubic.b))) * abs(x) + Float80(abs(cubic.c))) * abs(x)
    + Float80(abs(cubic.d))
  return (value, scale)
}

private func gamma(_ k: Int) -> Float80 { Float80(k) * 0x1p-53 / (1 - Float80(k) * 0x1p-53) }

@Suite("Cubic evaluation schemes")
struct CubicEvaluationTests {
  static let schemes = EvaluationScheme.allCases

  @Test(".horner is bit-identical to the article's level(forNormalizedElapsed:), clamp included")
  func hornerMatchesContract() {
    var random = SeededRandomNumberGenerator(seed: 7)
    for curve in ArticleCurve.allCases {
      let cubic = curve.cubic
      for _ in 0..<20_000 {
        let t = random.nextUnitDouble() * 1.4 - 0.2
        #expect(
          cubic.level(forNormalizedElapsed: t, scheme: .horner).bitPattern
            == cubic.level(forNormalizedElapsed: t).bitPattern)
      }
    }
  }

  @Test("every scheme stays within its stated a-priori bound γₖ·S of a Float80 reference", arguments: schemes)
  func withinBound(scheme: EvaluationScheme) {
    var random = SeededRandomNumberGenerator(seed: 11)
    var maximumAbsolute: Float80 = 0
    var maximumInScale: Float80 = 0
    let cubics =
      ArticleCurve.allCases.map(\.cubic)
      + (0..<200).map { _ in
        Cubic(
          a: random.nextUnitDouble() * 4 - 2, b: random.nextUnitDouble() * 4 - 2,
          c: random.nextUnitDouble() * 4 - 2, d: random.nextUnitDouble() * 4 - 2)
      }
    for cubic in cubics {
      for _ in 0..<2_000 {
        let t = random.nextUnitDouble()
        let (exact, scale) = reference(cubic, t)
        let error = abs(Float80(cubic.value(at: t, scheme: scheme)) - exact)
        maximumAbsolute = max(maximumAbsolute, error)
        maximumInScale = max(maximumInScale, error / scale)
        if let k = scheme.cubicGammaIndex {
          #expect(error <= gamma(k) * scale, "t=\(t) cubic=\(cubic)")
        } else {
          // Compensated Horner: u·|p| + γ₆²·S, plus the Float80 reference's own 2⁻⁶¹·S.
          #expect(error <= 0x1p-53 * abs(exact) + gamma(6) * gamma(6) * scale + 0x1p-61 * scale, "t=\(t)")
        }
      }
    }
    print("scheme \(scheme): max |error| \(Double(maximumAbsolute)), max error/S \(Double(maximumInScale))")
  }

  @Test(
    "article curves: every scheme's maximum error over 10⁵ uniform t, in ulps of 1", arguments: ArticleCurve.allCases)
  func articleCurveMaxima(curve: ArticleCurve) {
    let cubic = curve.cubic
    var report: [String] = []
    for scheme in Self.schemes {
      var worst: Float80 = 0
      for step in 0...100_000 {
        let t = Double(step) / 100_000
        let (exact, scale) = reference(cubic, t)
        let error = abs(Float80(cubic.value(at: t, scheme: scheme)) - exact)
        worst = max(worst, error)
        #expect(error <= gamma(scheme.cubicGammaIndex ?? 6) * scale)
      }
      report.append("\(scheme) \(Double(worst / 0x1p-52))")
    }
    print("\(curve) max error (ulps of 1): " + report.joined(separator: ", "))
  }

  @Test("batch evaluation is bit-identical to scalar evaluation, clamped and not", arguments: schemes)
  func batchMatchesScalar(scheme: EvaluationScheme) {
    var random = SeededRandomNumberGenerator(seed: 3)
    let cubic = ArticleCurve.current.cubic
    var inputs = (0..<1_003).map { _ in random.nextUnitDouble() * 3 - 1 }
    inputs += [.nan, .infinity, -.infinity, -0.0, 0, 1, 1.0.nextUp, 0.0.nextDown]
    let levels = cubic.levels(forNormalizedElapsed: inputs, scheme: scheme)
    #expect(levels.count == inputs.count)
    for (t, level) in zip(inputs, levels) {
      #expect(level.bitPattern == cubic.level(forNormalizedElapsed: t, scheme: scheme).bitPattern)
    }
    var values = [Double](repeating: 0, count: inputs.count + 5)
    let written = inputs.withUnsafeBufferPointer { input in
      values.withUnsafeMutableBufferPointer { cubic.values(at: input, into: $0, scheme: scheme) }
    }
    #expect(written == inputs.count)
    for (t, value) in zip(inputs, values) {
      let scalar = cubic.value(at: t, scheme: scheme)
      #expect(value.bitPattern == scalar.bitPattern || (value.isNaN && scalar.isNaN))
    }
    #expect(values.suffix(5).allSatisfy { $0 == 0 }, "nothing is written past the input count")
  }

  @Test("edges: t below 0, −∞ or −0 gives f(0); t above 1, +∞ or NaN gives f(1)", arguments: schemes)
  func edges(scheme: EvaluationScheme) {
    let cubic = ArticleCurve.steepStart.cubic
    let atZero = cubic.value(at: 0, scheme: scheme)
    let atOne = cubic.value(at: 1, scheme: scheme)
    #expect(atZero == 1)
    for t: Double in [-1e300, -1, -0.0, -.infinity] {
      #expect(cubic.level(forNormalizedElapsed: t, scheme: scheme) == atZero)
    }
    for t: Double in [1e300, 2, .infinity, .nan] {
      #expect(cubic.level(forNormalizedElapsed: t, scheme: scheme) == atOne)
    }
    #expect(cubic.value(at: .nan, scheme: scheme).isNaN, "unclamped evaluation propagates NaN")
    var random = SeededRandomNumberGenerator(seed: 13)
    for _ in 0..<500 {
      let (a, b, c, d) = (
        random.nextUnitDouble() - 0.5, random.nextUnitDouble() - 0.5,
        random.nextUnitDouble() - 0.5, random.nextUnitDouble() - 0.5
      )
      let random = Cubic(a: a, b: b, c: c, d: d)
      #expect(random.value(at: 0, scheme: scheme) == d, "f(0) is d exactly")
      let atOne = random.value(at: 1, scheme: scheme)
      switch scheme {
      case .horner, .naive, .hornerFMA: #expect(atOne == ((a + b) + c) + d)
      case .naiveFMA: #expect(atOne == ((d + c) + b) + a)
      case .estrin, .estrinFMA: #expect(atOne == (a + b) + (c + d))
      case .compensatedHorner: #expect(abs(atOne - (((a + b) + c) + d)) <= 4 * Double.ulpOfOne)
      }
    }
    #expect(cubic.value(at: 2, scheme: scheme) == 2, "unclamped evaluation extrapolates: 0.5·8 − 1.5·2 + 1")
  }

  @Test("Polynomial schemes agree bit for bit with Cubic schemes at degree 3", arguments: schemes)
  func polynomialAgreesWithCubic(scheme: EvaluationScheme) throws {
    var random = SeededRandomNumberGenerator(seed: 5)
    for _ in 0..<300 {
      let cubic = Cubic(
        a: random.nextUnitDouble() - 0.5, b: random.nextUnitDouble() - 0.5,
        c: random.nextUnitDouble() - 0.5, d: random.nextUnitDouble() - 0.5)
      let t = random.nextUnitDouble()
      #expect(cubic.polynomial.value(at: t, scheme: scheme).bitPattern == cubic.value(at: t, scheme: scheme).bitPattern)
    }
  }
}
