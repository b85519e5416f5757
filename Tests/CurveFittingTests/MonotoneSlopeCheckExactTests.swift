import CurveCore
import CurveKitTestSupport
import Testing

@testable import CurveFitting

/// ``MonotoneSlopeCheck`` is one exact decision at every degree: curves whose slope touches
/// −s to within rounding, where the Bernstein bounds stop short, are decided exactly, and the
/// answer agrees with a Float80 scan wherever that scan can tell.
@Suite("Monotone slope check: one exact decision above degree 3")
struct MonotoneSlopeCheckExactTests {
  /// f′(t) = −s − (t − 0.3)²(t² + 1) as rounded degree-5 coefficients (ascending), with f′'s
  /// constant term moved by k ulps.
  static func touching(minSlope: Double, nudge k: Int) -> [Double] {
    // −(t⁴ − 0.6t³ + 1.09t² − 0.6t + 0.09), integrated, plus f(0) = 1.
    var c1 = -0.09 - minSlope
    for _ in 0..<abs(k) { c1 = k > 0 ? c1.nextUp : c1.nextDown }
    return [1, c1, 0.3, -1.09 / 3, 0.15, -0.2]
  }

  /// f′(t) + s in Float80 (about 10⁻²⁰ accurate here).
  static func slopeExcess(_ ascending: [Double], at t: Float80, minSlope: Double) -> Float80 {
    var slope: Float80 = 0
    for power in stride(from: ascending.count - 1, through: 1, by: -1) {
      slope = slope * t + Float80(power) * Float80(ascending[power])
    }
    return slope + Float80(minSlope)
  }

  /// max f′ near the touch in Float80: a grid of step 10⁻¹⁰ around 0.3 (f′ moves by 10⁻²⁰
  /// there), accurate to about 10⁻²⁰.
  static func maxSlopeNearTouch(_ ascending: [Double]) -> Float80 {
    var best = -Float80.infinity
    for k in -2000...2000 {
      best = max(best, slopeExcess(ascending, at: Float80(0.3) + Float80(k) * 1e-10, minSlope: 0))
    }
    return best
  }

  @Test("touching curves: the exact decision agrees with Float80 and with CurveCore", arguments: [0.0, 0.25])
  func touchingCurves(minSlope: Double) throws {
    var fallbacks = 0
    var (holds, fails) = (0, 0)
    for k in -6...6 {
      let ascending = Self.touching(minSlope: minSlope, nudge: k)
      let polynomial = try Polynomial(coefficients: ascending.reversed())
      let verdict = MonotoneSlopeCheck.check(polynomial, minSlope: minSlope)
      if MonotoneSlopeCheck.checkBySubdivision(polynomial, minSlope: minSlope) == nil { fallbacks += 1 }
      // The same answer as CurveCore's exact decision, and its witness when it fails.
      let exceedance = polynomial.slopeExceedance(negativeOf: minSlope)
      #expect((verdict == .holds) == (exceedance == nil), "k = \(k)")
      let scan = Self.maxSlopeNearTouch(ascending) + Float80(minSlope)
      switch verdict {
      case .holds:
        holds += 1
        #expect(scan <= 1e-19, "k = \(k): holds, but f′ + s reaches \(scan)")
      case .fails(let t, let slope):
        fails += 1
        #expect(scan >= -1e-19, "k = \(k): fails, but f′ + s stays at \(scan)")
        #expect(abs(t - 0.3) < 1e-6, "k = \(k): witness t = \(t) away from the touch")
        if exceedance?.isVerified == true {
          #expect(Self.slopeExcess(ascending, at: Float80(t), minSlope: minSlope) >= -1e-19, "k = \(k)")
        }
        #expect(slope == polynomial.exactSlope(at: t))
      }
    }
    // The nudges straddle the bound, and the bounds alone could not decide some of them.
    #expect(holds > 0 && fails > 0)
    #expect(fallbacks > 0)
  }

  @Test("a curve that clearly rises, or clearly falls, never needs the exact decision")
  func clearCases() throws {
    let falling = try Polynomial(coefficients: [-0.1, 0.2, -0.3, 0.1, -0.9, 1])
    #expect(MonotoneSlopeCheck.checkBySubdivision(falling, minSlope: 0) == .holds)
    #expect(MonotoneSlopeCheck.check(falling) == .holds)
    let rising = try Polynomial(coefficients: [1, -2, 0.5, 0.1, 0.9, 1])
    let verdict = MonotoneSlopeCheck.check(rising)
    guard case .fails(let t, let slope) = verdict else {
      Issue.record("a rising degree-5 curve passed: \(verdict)")
      return
    }
    #expect(slope > 0 && (0...1).contains(t))
    #expect(rising.exactSlope(at: t) == slope)
  }
}
