import CurveCore
import CurveEasing
import CurveKitTestSupport
import CurvePipeline
import Testing

@Suite("CSS easing parsing and import")
struct CSSEasingTests {
  /// `--from-css` through the resolver as an ordinary least-squares fit (policy `ignore`),
  /// with the easing's grid deviation.
  func importFit(_ easing: CubicBezierEasing) throws -> (curve: FittedCurve, maxDeviation: Double, t: Double) {
    let curve = try CurveResolver.resolve(CurveRequest(.cssEasing(easing.cssFunction), policy: .ignore))
    let deviation = EasingImport.maxDeviation(of: curve.polynomial, from: easing)
    return (curve, deviation.value, deviation.t)
  }

  @Test(
    "accepted spellings",
    arguments: [
      ("cubic-bezier(0.25, 0.1, 0.25, 1)", [0.25, 0.1, 0.25, 1.0]),
      ("  CUBIC-BEZIER( .42 ,0,  1,1 ) ", [0.42, 0, 1, 1]),
      ("cubic-bezier (0,-0.5,1,1.5e0)", [0, -0.5, 1, 1.5]),
      ("ease-in-out", [0.42, 0, 0.58, 1]),
      ("EASE", [0.25, 0.1, 0.25, 1]),
      ("0.3, 1e-3, 0.7, +1", [0.3, 0.001, 0.7, 1]),
    ])
  func accepted(text: String, controls: [Double]) throws {
    let easing = try CSSEasing.parse(text)
    #expect([easing.x1, easing.y1, easing.x2, easing.y2] == controls)
  }

  @Test(
    "rejected inputs name the problem in one line",
    arguments: [
      ("steps(4, end)", "not a cubic Bézier"),
      ("cubic-bezier(0.1, 0.2, 0.3)", "found 3"),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4", "expected cubic-bezier"),
      ("cubic-bezier(0.1, nan, 0.3, 0.4)", "y1 'nan'"),
      ("cubic-bezier(0.1, 0.2, 0x1p-1, 0.4)", "x2 '0x1p-1'"),
      ("cubic-bezier(1., 0.2, 0.3, 0.4)", "x1 '1.'"),
      ("cubic-bezier(1.2, 0, 0.3, 1)", "x1 = 1.2 is outside [0, 1]"),
      ("bounce", "unknown keyword"),
      ("", "unknown keyword"),
    ])
  func rejected(text: String, fragment: String) {
    do {
      _ = try CSSEasing.parse(text)
      Issue.record("'\(text)' was accepted")
    } catch {
      #expect(error.description.contains(fragment), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  /// Export → CSS text → parse → fit recovers the cubic: the samples of 1 − easing lie
  /// on it, so the coefficients agree to 1e-13 and the deviation is at rounding level.
  /// Random cubics have b, c ∈ [−3, 3], so |coefficients| ≤ 7.
  @Test("export then import round-trips the cubic")
  func roundTrip() throws {
    var generator = SeededRandomNumberGenerator(seed: 0xC55)
    var cubics = ArticleCurve.allCases.map(\.cubic)
    while cubics.count < 24 {
      if let cubic = randomDepletionCubic(&generator) { cubics.append(cubic) }
    }
    for cubic in cubics {
      let exported = try CubicBezierEasing(progressOf: cubic.polynomial)
      let parsed = try CSSEasing.parse(exported.cssFunction)
      #expect(parsed == exported, "the CSS text round-trips every digit")
      let fit = try importFit(parsed)
      let report = try #require(fit.curve.report)
      // The easing side is exact to 1e-15 (see the export test); the fitted cubic's own
      // Horner evaluation adds up to γ₆·Σ|cᵢ| ≤ 8u·Σ|cᵢ|.
      let tolerance = 1e-15 + 8 * 0x1p-53 * cubic.coefficients.reduce(0) { $0 + abs($1) }
      #expect(fit.maxDeviation <= tolerance, "f = \(cubic): deviation \(fit.maxDeviation)")
      for (got, want) in zip(report.coefficients, cubic.coefficients) {
        #expect(abs(got - want) <= 1e-13, "f = \(cubic): got \(report.coefficients)")
      }
    }
  }

  /// For a general easing the fit is approximate; the reported deviation is the grid
  /// maximum, so it bounds every sample residual (the samples are on the grid).
  @Test("import of a general easing reports a deviation that bounds the residuals")
  func generalImport() throws {
    for name in ["ease", "ease-in", "ease-out", "ease-in-out"] {
      let easing = try CSSEasing.parse(name)
      let fit = try importFit(easing)
      let report = try #require(fit.curve.report)
      #expect(fit.maxDeviation >= report.maxAbsResidual)
      #expect(fit.maxDeviation > 1e-6, "\(name) is not a polynomial in t")
      #expect(fit.maxDeviation < 0.1, "\(name): a cubic follows a standard easing closely")
      let t = fit.t
      let direct = abs(report.polynomial.value(at: t) - easing.level(atTime: t))
      #expect(direct == fit.maxDeviation)
    }
  }
}
