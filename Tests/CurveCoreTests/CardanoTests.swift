import CurveCore
import CurveKitTestSupport
import Testing

/// The closed form on the shapes that break naive Cardano implementations (see the
/// prior-art notes): a = 0 exactly, near-quadratic a (gre/bezier-easing v3 and Boost #747
/// failures), both one-real-root branches and the three-root (Viète) branch.
@Suite("Cardano inverse on degenerate and near-degenerate cubics")
struct CardanoTests {
  static let curves: [(String, Cubic)] = [
    ("a = 0 exactly (quadratic)", Cubic(a: 0, b: 0.5, c: -1.5, d: 1)),
    ("a = 1e-9 (near-quadratic)", Cubic(a: 1e-9, b: 0.5 - 1e-9, c: -1.5, d: 1)),
    ("a = 1e-7 (just above the near-quadratic cut)", Cubic(a: 1e-7, b: 0.5 - 1e-7, c: -1.5, d: 1)),
    ("linear", Cubic(a: 0, b: 0, c: -1, d: 1)),
    ("steep end, one real root (hyperbolic sinh branch)", ArticleCurve.steepEnd.cubic),
    ("S-curve with three real roots (trigonometric branch)", Cubic(a: 1, b: -1.5, c: -0.25, d: 1)),
    ("Q > 0, R² > Q³ (Cardano u + Q/u branch), flat start", Cubic(a: 1, b: 0.3, c: 0, d: 0)),
    ("(t − 0.1)³ + 1: Q = 0 up to rounding, flat inside", Cubic(a: 1, b: -0.3, c: 0.03, d: 0.999)),
    ("current", ArticleCurve.current.cubic),
  ]

  @Test("cardano + Halley within 4 ulp(t) + 2⁻⁵⁶ of Float80 where |f′| ≥ 1e-2; raw closed form within 1e-12")
  func closedForm() {
    var random = SeededRandomNumberGenerator(seed: 3)
    for (name, cubic) in Self.curves {
      let low = min(cubic.d, cubic.level(forNormalizedElapsed: 1))
      let high = max(cubic.d, cubic.level(forNormalizedElapsed: 1))
      var worst = (polished: 0.0, raw: 0.0)
      for _ in 0..<5_000 {
        let level = low + (high - low) * random.nextUnitDouble()
        let reference = Float80Inverse(cubic, level: level)
        let t = Double(reference.t)
        guard reference.bound <= 1e-17, abs(cubic.slope(at: t)) >= 1e-2 else { continue }
        let polished = Double(abs(Float80(cubic.normalizedElapsedByCardano(forLevel: level)) - reference.t))
        let raw = Double(abs(Float80(cubic.normalizedElapsedByCardano(forLevel: level, polish: .none)) - reference.t))
        let newtonPolished = Double(
          abs(Float80(cubic.normalizedElapsedByCardano(forLevel: level, polish: .newton)) - reference.t))
        #expect(polished <= 4 * t.ulp + 0x1p-56, "\(name) at level \(level): \(polished)")
        #expect(newtonPolished <= 4 * t.ulp + 0x1p-56, "\(name) Newton polish at level \(level): \(newtonPolished)")
        #expect(raw <= 1e-12, "\(name) raw at level \(level): \(raw)")
        worst = (max(worst.polished, polished), max(worst.raw, raw))
      }
      print("cardano | \(name) | polished \(worst.polished) | raw \(worst.raw)")
    }
  }
}
