import CurveCore
import CurveDesign
import CurveEasing
import Testing

/// `export --bezier fit` (issue 21, item 4): the best free cubic-bezier for curves no Bézier
/// reproduces, with a certified distance checked against an independent Float80 scan.
@Suite("Free Bézier fit: certified distance")
struct FreeBezierFitTests {
  /// Depletion polynomials (highest power first): degree 5 and 10 ones, and a cubic (exact).
  static let curves: [[Double]] = [
    [-0.7, 0, 0, 0, -0.3, 1],  // 1 − 0.3t − 0.7t⁵
    [-0.5, 0, 0, 0, 0, 0, 0, 0, 0, -0.5, 1],  // 1 − (t + t¹⁰)/2
    [-0.131963982801121, -0.0930282018562079, -0.775007815342671, 1],
  ]

  /// The largest |easing(t) − (1 − f(t))| over 4 001 times, each X(s) = t solved by bisection in Float80.
  static func scan(_ fit: FreeBezierFit, _ coefficients: [Double]) -> Float80 {
    scan(handles: [fit.easing.x1, fit.easing.y1, fit.easing.x2, fit.easing.y2], coefficients)
  }

  static func scan(handles h: [Double], _ coefficients: [Double]) -> Float80 {
    func bezier(_ p1: Double, _ p2: Double, _ s: Float80) -> Float80 {
      let r = 1 - s
      return 3 * r * r * s * Float80(p1) + 3 * r * s * s * Float80(p2) + s * s * s
    }
    var worst: Float80 = 0
    for index in 0...4_000 {
      let t = Float80(index) / 4_000
      var (low, high): (Float80, Float80) = (0, 1)
      for _ in 0..<70 {
        let middle = (low + high) / 2
        if bezier(h[0], h[2], middle) < t { low = middle } else { high = middle }
      }
      let progress = 1 - coefficients.reduce(Float80(0)) { $0 * t + Float80($1) }
      worst = max(worst, abs(bezier(h[1], h[3], (low + high) / 2) - progress))
    }
    return worst
  }

  @Test("the certified distance bounds a dense scan and is within 2⁻⁸ of what it attains", arguments: curves)
  func certified(_ coefficients: [Double]) throws {
    let fit = try FreeBezierFit(progressOf: Polynomial(coefficients: coefficients))
    #expect((0...1).contains(fit.easing.x1) && (0...1).contains(fit.easing.x2))
    let scanned = Self.scan(fit, coefficients)
    #expect(scanned <= Float80(fit.certifiedDistance) + 1e-15, "scan \(scanned) > bound \(fit.certifiedDistance)")
    #expect(fit.measuredDistance <= fit.certifiedDistance)
    #expect(fit.certifiedDistance <= fit.measuredDistance * (1 + 0x1p-8) + 1e-15)
    #expect(Float80(fit.measuredDistance) <= scanned * (1 + 1e-3) + 1e-15, "the attained value is real")
  }

  @Test("a cubic is fitted exactly, and the fit beats the Hermite Bézier it starts from")
  func quality() throws {
    let cubic = try FreeBezierFit(progressOf: Polynomial(coefficients: Self.curves[2]))
    #expect(cubic.certifiedDistance <= 1e-15)
    let quintic = try FreeBezierFit(progressOf: Polynomial(coefficients: Self.curves[0]))
    // The Hermite start: handles at ⅓ and ⅔ with the progress slopes 0.3 and 3.8 at the ends.
    let hermite = Self.scan(handles: [1.0 / 3, 0.1, 2.0 / 3, 1 - 3.8 / 3], Self.curves[0])
    #expect(Float80(quintic.certifiedDistance) < hermite / 2, "fit \(quintic.certifiedDistance), Hermite \(hermite)")
    #expect(quintic.certifiedDistance < 0.01, "within one percentage point: \(quintic.certifiedDistance)")
  }
}
