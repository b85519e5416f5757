import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

/// The one-off `auto` inverse must hold the 4.5e-16 bound on every monotone
/// depletion cubic, not only on the article's four: 50 random ones (seeded), a third of
/// them with a flat end (f′(0) = 0 or f′(1) = 0, or both), 10⁵ levels each, against the
/// Float80 reference of `InverseReference.swift`.
@Suite("auto inverse on random monotone depletion cubics (Float80 reference)")
struct AutoInverseRandomCurveTests {
  static let curveCount = 50
  static let levelsPerCurve = 100_000
  static let bound = 4.5e-16

  /// The depletion cubic with f(0) = 1, f(1) = 0, f′(0) = −α, f′(1) = −β:
  /// a = 2 − α − β, b = 2α + β − 3, c = −α, d = 1. α and β are multiples of 2⁻²⁰, so every
  /// coefficient is exact and the curve is monotone exactly when (α, β) is (Fritsch–Carlson).
  static func depletionCubic(alpha: Double, beta: Double) -> Cubic {
    Cubic(a: 2 - alpha - beta, b: 2 * alpha + beta - 3, c: -alpha, d: 1)
  }

  static func isMonotone(alpha: Double, beta: Double) -> Bool {
    alpha >= 0 && beta >= 0
      && (alpha + beta <= 3 || alpha * alpha + alpha * beta + beta * beta - 6 * alpha - 6 * beta + 9 <= 0)
  }

  /// Curve `index` of the seeded family: every third one has a flat end (α = 0, β = 0, or
  /// both for every ninth), the rest (α, β) uniform over the monotone region.
  static func curve(_ index: Int) -> Cubic {
    var random = SeededRandomNumberGenerator(seed: 0xA070_0000 + UInt64(index))
    func dyadic(_ upper: Double) -> Double { (upper * random.nextUnitDouble() * 0x1p20).rounded(.down) * 0x1p-20 }
    while true {
      var alpha = dyadic(4)
      var beta = dyadic(4)
      switch index % 9 {
      case 0: (alpha, beta) = (0, 0)
      case 3: alpha = 0
      case 6: beta = 0
      default: break
      }
      if isMonotone(alpha: alpha, beta: beta) { return depletionCubic(alpha: alpha, beta: beta) }
    }
  }

  /// Uniform levels in [0, 1] plus, for a tenth of them, levels log-uniformly within
  /// 1e-18…1e-2 of either end (where flat ends are hardest).
  static func levels(_ index: Int) -> [Double] {
    var random = SeededRandomNumberGenerator(seed: 0x1E7E_0000 + UInt64(index))
    return (0..<levelsPerCurve).map { position in
      switch position % 20 {
      case 0: return pow(10, -2 - 16 * random.nextUnitDouble())
      case 1: return 1 - pow(10, -2 - 16 * random.nextUnitDouble())
      default: return random.nextUnitDouble()
      }
    }
  }

  @Test("max |t − t_ref| ≤ 4.5e-16 on each curve", arguments: 0..<curveCount)
  func randomCurve(index: Int) {
    let cubic = Self.curve(index)
    var worst = (error: 0.0, level: Double.nan)
    var checked = 0
    for level in Self.levels(index) {
      let reference = Float80Inverse(cubic, level: level)
      guard reference.bound <= 1e-17 else { continue }
      checked += 1
      let error = Double(abs(Float80(cubic.normalizedElapsed(forLevel: level)) - reference.t))
      if error > worst.error || error.isNaN { worst = (error, level) }
    }
    print(
      "auto random curve \(index) | \(cubic) | max error \(worst.error) at level \(worst.level) | checked \(checked)")
    #expect(checked >= Self.levelsPerCurve * 9 / 10, "too few levels with a tight Float80 reference: \(checked)")
    #expect(worst.error <= Self.bound, "curve \(index) (\(cubic)): \(worst.error) at level \(worst.level)")
  }
}
