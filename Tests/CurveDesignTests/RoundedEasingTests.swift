import CurveCore
import CurveDesign
import CurveEasing
import CurveKitTestSupport
import Testing

/// `export --precision`: the rounded easing and its largest deviation, checked against an
/// independent reference that works on the exact polynomial d(s) = 1 − y(s) − f(x(s)).
@Suite("Rounded easing")
struct RoundedEasingTests {
  /// Coefficients, lowest power first, of a polynomial product in Float80.
  static func multiply(_ p: [Float80], _ q: [Float80]) -> [Float80] {
    var result = [Float80](repeating: 0, count: p.count + q.count - 1)
    for (i, a) in p.enumerated() {
      for (j, b) in q.enumerated() { result[i + j] += a * b }
    }
    return result
  }

  static func value(_ p: [Float80], _ s: Float80) -> Float80 { p.reversed().reduce(0) { $0 * s + $1 } }

  /// The largest |d(s)| on [0, 1] for the rounded Bézier (controls 0, c1, c2, 1 in x and y)
  /// against f: d is built as a degree-9 polynomial in Float80, the roots of d′ are bracketed
  /// on 10 000 subintervals and bisected, and |d| is taken at every root and at both ends.
  static func reference(_ easing: CubicBezierEasing, _ f: Polynomial) -> (deviation: Float80, s: Float80) {
    // B(s) = 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³ = 3c1·s + (3c2 − 6c1)·s² + (1 + 3c1 − 3c2)·s³.
    func bezier(_ c1: Double, _ c2: Double) -> [Float80] {
      let (c1, c2) = (Float80(c1), Float80(c2))
      return [0, 3 * c1, 3 * c2 - 6 * c1, 1 + 3 * c1 - 3 * c2]
    }
    let x = bezier(easing.x1, easing.x2)
    let y = bezier(easing.y1, easing.y2)
    var composed: [Float80] = [0]  // f(x(s)) by Horner over polynomials.
    for coefficient in f.coefficients {
      composed = multiply(composed, x)
      composed[0] += Float80(coefficient)
    }
    var d = composed.map { -$0 }
    for (i, c) in y.enumerated() { d[i] -= c }
    d[0] += 1
    let slope = (1..<d.count).map { Float80($0) * d[$0] }
    var best = (deviation: abs(value(d, 0)), s: Float80(0))
    if abs(value(d, 1)) > best.deviation { best = (abs(value(d, 1)), 1) }
    let n = 10_000
    for k in 0..<n {
      var (lo, hi) = (Float80(k) / Float80(n), Float80(k + 1) / Float80(n))
      let (slo, shi) = (value(slope, lo), value(slope, hi))
      guard (slo <= 0) != (shi <= 0) else { continue }
      for _ in 0..<80 {
        let mid = (lo + hi) / 2
        if (value(slope, mid) <= 0) == (slo <= 0) { lo = mid } else { hi = mid }
      }
      let root = (lo + hi) / 2
      if abs(value(d, root)) > best.deviation { best = (abs(value(d, root)), root) }
    }
    return best
  }

  @Test("the largest deviation agrees with the exact-polynomial reference", arguments: ArticleCurve.allCases)
  func articleCurves(curve: ArticleCurve) throws {
    let f = curve.cubic.polynomial
    let exact = try CubicBezierEasing(progressOf: f)
    for precision in 1...8 {
      let rounded = try RoundedEasing(exact, level: f, precision: precision)
      let reference = Self.reference(rounded.easing, f)
      // Both are the same supremum: they differ by evaluation rounding only (≈ 1e-16).
      #expect(
        abs(Float80(rounded.maxDeviation) - reference.deviation) <= 1e-15 + 1e-9 * reference.deviation,
        "\(curve) precision \(precision): \(rounded.maxDeviation) vs \(reference.deviation)")
      // It is where it is said to be: the rounded level at the reported time misses f by that much.
      let s = rounded.easing.parameter(forTime: rounded.worstTime)
      let there = abs(1 - rounded.easing.progress(atParameter: s) - f.value(at: rounded.worstTime))
      #expect(abs(there - rounded.maxDeviation) <= 1e-14, "\(curve) precision \(precision)")
      // Each control moves by δ ≤ ½·10⁻ⁿ, so the point at s moves by ≤ ¾δ in time and in
      // level (the middle Bernstein weights sum to ≤ ¾): |deviation| ≤ ¾δ·(1 + max|f′|).
      let delta = 0.5 * Self.pow10(-precision)
      let steepest = (0...1000).map { abs(f.derivative().value(at: Double($0) / 1000)) }.max() ?? 0
      #expect(
        rounded.maxDeviation <= 0.75 * delta * (1 + 1.01 * steepest) + 1e-15, "\(curve) precision \(precision)")
    }
  }

  @Test("random depletion cubics, precisions 2 and 3")
  func randomCubics() throws {
    var generator = SeededRandomNumberGenerator(seed: 0x0E5C_A9E5)
    var checked = 0
    while checked < 20 {
      guard let cubic = randomDepletionCubic(&generator) else { continue }
      let exact = try CubicBezierEasing(progressOf: cubic.polynomial)
      for precision in [2, 3] {
        let rounded = try RoundedEasing(exact, level: cubic.polynomial, precision: precision)
        let reference = Self.reference(rounded.easing, cubic.polynomial)
        #expect(
          abs(Float80(rounded.maxDeviation) - reference.deviation) <= 1e-15 + 1e-9 * reference.deviation,
          "\(cubic) precision \(precision): \(rounded.maxDeviation) vs \(reference.deviation)")
      }
      checked += 1
    }
  }

  static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }

  @Test("the rounded texts: n decimals at most, no trailing zeros, no -0")
  func texts() throws {
    let easing = try CubicBezierEasing(x1: 1.0 / 3.0, y1: -0.0004, x2: 2.0 / 3.0, y2: 1.0)
    let line = try Polynomial(coefficients: [-1, 1])
    let three = try RoundedEasing(easing, level: line, precision: 3)
    #expect(three.texts == ["0.333", "0", "0.667", "1"])
    #expect(three.cssFunction == "cubic-bezier(0.333, 0, 0.667, 1)")
    #expect(three.easing.x1 == 0.333 && three.easing.y1 == 0 && three.easing.y1.sign == .plus)
    let overshoot = try CubicBezierEasing(x1: 0.125, y1: -0.123456, x2: 0.5, y2: 1.3333333333333333)
    #expect(try RoundedEasing(overshoot, level: line, precision: 4).texts == ["0.125", "-0.1235", "0.5", "1.3333"])
    #expect(try RoundedEasing(overshoot, level: line, precision: 1).texts == ["0.1", "-0.1", "0.5", "1.3"])
    #expect(throws: EasingError.precisionOutOfRange(0)) { try RoundedEasing(easing, level: line, precision: 0) }
    #expect(throws: EasingError.precisionOutOfRange(13)) { try RoundedEasing(easing, level: line, precision: 13) }
  }

  @Test("a curve the rounding reproduces exactly has no deviation")
  func exactRounding() throws {
    // f = 1 − t: the easing is cubic-bezier(1/3, 1/3, 2/3, 2/3), and rounded to
    // cubic-bezier(0.333, 0.333, 0.667, 0.667) it is still the straight line y = x.
    let line = try Polynomial(coefficients: [-1, 1])
    let rounded = try RoundedEasing(try CubicBezierEasing(progressOf: line), level: line, precision: 3)
    #expect(rounded.texts == ["0.333", "0.333", "0.667", "0.667"])
    #expect(rounded.maxDeviation <= 4e-16)
  }
}
