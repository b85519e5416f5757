import CurveKitTestSupport
import Testing

@testable import CurveCore

/// The vectorizable clamp (`0 > t ? 0 : t`, then `m < 1 ? m : 1`) must return the same
/// bits as the article's `max(0.0, min(1.0, t))` for every input, and every clamped
/// evaluation (scalar, batch, kernel) must use it.
@Suite("The article's clamp, vectorizable form")
struct ClampTests {
  /// The article's clamp exactly as it is written, the reference.
  static func articleClamp(_ x: Double) -> Double { max(0.0, min(1.0, x)) }

  /// Special values: both zeros, NaNs (quiet, signalling, negative), infinities,
  /// subnormals, the neighbours of 0 and 1, and ordinary values on both sides.
  static var specialInputs: [Double] {
    var inputs: [Double] = [
      0.0, -0.0, 1.0, -1.0, .nan, -Double.nan, .signalingNaN, .infinity, -.infinity,
      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
      Double.leastNormalMagnitude.nextDown, -Double.leastNormalMagnitude.nextDown,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1.0.nextUp, 1.0.nextDown, (-1.0).nextUp,
      0.5, 2, -2, 0.1, 1e-300, -1e-300, 1e300,
    ]
    var random = SeededRandomNumberGenerator(seed: 0xC1A4)
    for _ in 0..<10_000 {
      // Any bit pattern: every sign, exponent and payload.
      inputs.append(Double(bitPattern: random.next()))
      inputs.append(4 * random.nextUnitDouble() - 2)
    }
    return inputs
  }

  @Test("clampedNormalizedElapsed equals max(0, min(1, x)) bit for bit")
  func clampIsBitIdentical() {
    for x in Self.specialInputs {
      let fast = Cubic.clampedNormalizedElapsed(x)
      let article = Self.articleClamp(x)
      #expect(fast.bitPattern == article.bitPattern, "x = \(x) (bits \(x.bitPattern)): \(fast) vs \(article)")
    }
    // The two cases where the forms could differ: −0.0 is kept, NaN goes to +1.
    #expect(Cubic.clampedNormalizedElapsed(-0.0).bitPattern == (-0.0).bitPattern)
    #expect(Cubic.clampedNormalizedElapsed(.nan).bitPattern == (1.0).bitPattern)
  }

  @Test("level, the batch loop and the kernel's clampedHorner all match the article's clamped Horner")
  func clampedEvaluationsAgree() {
    let curves = ArticleCurve.allCases.map(\.cubic) + [Cubic(a: 0, b: 0, c: 0, d: -0.0)]
    let inputs = Self.specialInputs
    for cubic in curves {
      let reference = inputs.map { x -> Double in
        let t = Self.articleClamp(x)
        return ((cubic.a * t + cubic.b) * t + cubic.c) * t + cubic.d
      }
      let batch = cubic.levels(forNormalizedElapsed: inputs)
      for (index, x) in inputs.enumerated() {
        let expected = reference[index].bitPattern
        #expect(cubic.level(forNormalizedElapsed: x).bitPattern == expected, "level at \(x) on \(cubic)")
        #expect(batch[index].bitPattern == expected, "batch at \(x) on \(cubic)")
        let kernel = CubicInverseKernel.clampedHorner(cubic.a, cubic.b, cubic.c, cubic.d, x)
        #expect(kernel.bitPattern == expected, "clampedHorner at \(x) on \(cubic)")
      }
    }
  }
}
