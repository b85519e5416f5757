import CurveCore
import CurveKitTestSupport
import Testing

/// f′(t) at the double t in Float80 for coefficients highest first, with a bound on the
/// Float80 evaluation error (γ of the 64-bit significand times the absolute sum).
private func referenceSlope(_ coefficients: [Double], at t: Double) -> (value: Float80, bound: Float80) {
  let n = coefficients.count - 1
  var value: Float80 = 0
  var scale: Float80 = 0
  for (index, c) in coefficients.dropLast().enumerated() {
    let k = Float80(n - index)
    value = value * Float80(t) + k * Float80(c)
    scale = scale * abs(Float80(t)) + k * abs(Float80(c))
  }
  return (value, Float80(2 * n + 2) * 0x1p-64 * scale)
}

/// Checks a witness's sign independently of the library's exact arithmetic.
private func expectWitness(
  _ witness: MonotonicityWitness, sign: Int, _ coefficients: [Double],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(witness.isVerified, sourceLocation: sourceLocation)
  #expect((0...1).contains(witness.t), sourceLocation: sourceLocation)
  let (value, bound) = referenceSlope(coefficients, at: witness.t)
  #expect(abs(value) > bound, "Float80 must decide the witness sign", sourceLocation: sourceLocation)
  #expect(value.sign == (sign > 0 ? .plus : .minus) && value != 0, sourceLocation: sourceLocation)
  #expect((witness.slope > 0) == (sign > 0) && witness.slope != 0, sourceLocation: sourceLocation)
}

@Suite("Exact monotonicity")
struct MonotonicityTests {
  /// Both exact methods must give the same verdict for a cubic.
  private func verdict(_ coefficients: [Double], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> MonotonicityVerdict
  {
    let polynomial = try Polynomial(coefficients: coefficients)
    let closedForm = polynomial.monotonicity()
    #expect(
      closedForm == polynomial.sturmMonotonicity() || isSameKind(closedForm, polynomial.sturmMonotonicity()),
      "closed form and Sturm disagree for \(coefficients)", sourceLocation: sourceLocation)
    return closedForm
  }

  /// Same verdict case and flat points (witness points may differ between methods).
  private func isSameKind(_ x: MonotonicityVerdict, _ y: MonotonicityVerdict) -> Bool {
    if case .notMonotone = x, case .notMonotone = y { return true }
    return x == y
  }

  @Test("the article's four curves: three strictly decreasing, steepStart flat exactly at t = 1")
  func articleCurves() throws {
    for curve in [ArticleCurve.current, .moreLinear, .steepEnd] {
      #expect(try verdict(curve.cubic.coefficients) == .strictlyDecreasing, "\(curve)")
    }
    #expect(
      try verdict(ArticleCurve.steepStart.cubic.coefficients)
        == .nonIncreasing(flatPoints: [FlatPoint(t: 1, isExact: true)]))
  }

  @Test("steepStart's flat end: one ulp of a either way flips it to strictly decreasing or rising at t = 1")
  func steepStartBoundary() throws {
    // f′(1) = 3a + 2b + c = 1.5 − 1.5 = 0 exactly; a one ulp larger makes f′(1) = 3·ulp(0.5) > 0.
    let up = [(0.5).nextUp, 0, -1.5, 1]
    guard case .notMonotone(let rising, _) = try verdict(up) else {
      Issue.record("a = nextUp(0.5) must rise at the end")
      return
    }
    #expect(rising.t == 1)
    expectWitness(rising, sign: 1, up)
    #expect(try verdict([(0.5).nextDown, 0, -1.5, 1]) == .strictlyDecreasing)
    #expect(Cubic(a: 0.5, b: 0, c: -1.5, d: 1).fritschCarlsonNonIncreasing == true)
    #expect(ArticleCurve.steepStart.cubic.depletionCheck().isDepletionCurve)
    #expect(!Cubic(a: (0.5).nextUp, b: 0, c: -1.5, d: 1).depletionCheck().isDepletionCurve)
  }

  @Test("f′ = −3(1 − 2t)² touches zero at t = ½ (α = β = 3); one ulp either way flips the verdict")
  func touchingAtHalf() throws {
    // f = −4t³ + 6t² − 3t + 1: f′ = −12t² + 12t − 3 = −3(1 − 2t)².
    let touching = [-4.0, 6, -3, 1]
    #expect(try verdict(touching) == .nonIncreasing(flatPoints: [FlatPoint(t: 0.5, isExact: true)]))
    #expect(Cubic(a: -4, b: 6, c: -3, d: 1).fritschCarlsonNonIncreasing == true)
    #expect(try verdict([-4.0, 6, (-3.0).nextDown, 1]) == .strictlyDecreasing)
    let up = [-4.0, 6, (-3.0).nextUp, 1]
    guard case .notMonotone(let rising, let falling) = try verdict(up) else {
      Issue.record("nextUp(c) must rise near ½")
      return
    }
    expectWitness(rising, sign: 1, up)
    expectWitness(falling, sign: -1, up)
    #expect(abs(rising.t - 0.5) < 1e-7)
    // The leading coefficient one ulp smaller makes the vertex value −(b² − 3ac)/(3a) positive too.
    #expect(try !verdict([(-4.0).nextUp, 6, -3, 1]).isDecreasing)
    #expect(try verdict([(-4.0).nextDown, 6, -3, 1]) == .strictlyDecreasing)
  }

  @Test("f′ = −(3t − 1)² touches zero at the non-dyadic t = ⅓: flat point reported as its nearest double")
  func touchingAtThird() throws {
    // f = −3t³ + 3t² − t + 1: f′ = −9t² + 6t − 1.
    #expect(try verdict([-3.0, 3, -1, 1]) == .nonIncreasing(flatPoints: [FlatPoint(t: 1.0 / 3.0, isExact: false)]))
    #expect(try verdict([-3.0, 3, (-1.0).nextDown, 1]) == .strictlyDecreasing)
    #expect(try !verdict([-3.0, 3, (-1.0).nextUp, 1]).isDecreasing)
  }

  @Test("a = 0: quadratics and lines, flat start, constant and increasing cases")
  func degenerateCubics() throws {
    #expect(try verdict([0.0, -1, 0, 1]) == .nonIncreasing(flatPoints: [FlatPoint(t: 0, isExact: true)]))
    #expect(try verdict([0.0, 0, -1, 1]) == .strictlyDecreasing)
    #expect(try verdict([0.0, 0, 1, 0]) == .strictlyIncreasing)
    #expect(try verdict([0.0, 0, 0, 5]) == .constant)
    #expect(try verdict([0.0, 1, -2, 1]) == .nonIncreasing(flatPoints: [FlatPoint(t: 1, isExact: true)]))
    let valley = [0.0, 2, -2, 1]
    guard case .notMonotone(let rising, let falling) = try verdict(valley) else {
      Issue.record("2t² − 2t + 1 falls then rises")
      return
    }
    #expect(rising == MonotonicityWitness(t: 1, slope: 2, isVerified: true))
    #expect(falling == MonotonicityWitness(t: 0, slope: -2, isVerified: true))
  }

  @Test("non-monotone cubics carry witnesses whose sign an independent Float80 check confirms")
  func nonMonotoneWitnesses() throws {
    let cases: [[Double]] = [
      [4, -6, 2.9, 0], [-2, 3, -0.5, 1], [1, -1.5, 0.5, 0], [10, -15, 6, 0.3], [-1, 0.9, 0, 1],
    ]
    for coefficients in cases {
      guard case .notMonotone(let rising, let falling) = try verdict(coefficients) else {
        Issue.record("\(coefficients) should not be monotone")
        continue
      }
      expectWitness(rising, sign: 1, coefficients)
      expectWitness(falling, sign: -1, coefficients)
    }
  }

  @Test("Fritsch–Carlson agrees with the critical-point analysis on 6 000 exact 1 → 0 cubics")
  func fritschCarlsonAgrees() {
    var random = SeededRandomNumberGenerator(seed: 17)
    var decreasing = 0
    for _ in 0..<6_000 {
      // Multiples of 2⁻¹², so c = −1 − a − b is exact and f(1) = 0 exactly.
      let a = Double(Int(random.next() % 16_384) - 8_192) * 0x1p-11
      let b = Double(Int(random.next() % 16_384) - 8_192) * 0x1p-11
      let cubic = Cubic(a: a, b: b, c: -1 - a - b, d: 1)
      #expect(cubic.fritschCarlsonNonIncreasing == cubic.monotonicity().isDecreasing, "\(cubic)")
      if cubic.monotonicity().isDecreasing { decreasing += 1 }
    }
    #expect(decreasing > 150, "the sample must exercise both verdicts")
    #expect(Cubic(a: 1, b: 0, c: 0, d: 0).fritschCarlsonNonIncreasing == nil, "needs f(0) = 1 and f(1) = 0")
  }

  @Test("random cubics: closed form equals Sturm, and a dense Float80 analysis where it is unambiguous")
  func randomCubicsCrossChecked() throws {
    var random = SeededRandomNumberGenerator(seed: 23)
    var compared = 0
    for _ in 0..<3_000 {
      let coefficients = (0..<4).map { _ in (random.nextUnitDouble() * 2 - 1) * 3 }
      let result = try verdict(coefficients)
      // Float80: extremes of f′ at 0, 1 and the vertex; decide only with a clear margin.
      let (a, b, c) = (Float80(coefficients[0]), Float80(coefficients[1]), Float80(coefficients[2]))
      var values = [c, 3 * a + 2 * b + c]
      let vertex = -b / (3 * a)
      if vertex > 0 && vertex < 1 { values.append((3 * a * vertex + 2 * b) * vertex + c) }
      let margin: Float80 = 1e-12
      guard let high = values.max(), let low = values.min(), abs(high) > margin, abs(low) > margin else { continue }
      compared += 1
      if high < 0 {
        #expect(result == .strictlyDecreasing, "\(coefficients)")
      } else if low > 0 {
        #expect(result == .strictlyIncreasing, "\(coefficients)")
      } else if case .notMonotone(let rising, let falling) = result {
        expectWitness(rising, sign: 1, coefficients)
        expectWitness(falling, sign: -1, coefficients)
      } else {
        Issue.record("\(coefficients) should be non-monotone, got \(result)")
      }
    }
    #expect(compared > 2_900)
  }

  @Test("degree 5: f′ = −60(3t − 1)²(t² + 1) touches zero at ⅓; 2⁻⁴⁰ more slope makes it rise there")
  func sturmTouchingRootOfHigherDegree() throws {
    // f = −(108t⁵ − 90t⁴ + 200t³ − 180t² + 60t) + 1.
    let touching = [-108.0, 90, -200, 180, -60, 1]
    let polynomial = try Polynomial(coefficients: touching)
    #expect(polynomial.monotonicity() == .nonIncreasing(flatPoints: [FlatPoint(t: 1.0 / 3.0, isExact: false)]))
    let bumped = [-108.0, 90, -200, 180, -60 + 0x1p-40, 1]
    guard case .notMonotone(let rising, let falling) = try Polynomial(coefficients: bumped).monotonicity() else {
      Issue.record("the bumped slope must be positive near ⅓")
      return
    }
    expectWitness(rising, sign: 1, bumped)
    expectWitness(falling, sign: -1, bumped)
    #expect(
      try Polynomial(coefficients: [-108.0, 90, -200, 180, -60 - 0x1p-40, 1]).monotonicity() == .strictlyDecreasing)
  }

  @Test("degree 6 and 10: dyadic touching roots, a triple root, flat ends, crossings")
  func sturmOtherShapes() throws {
    // f′ = −6t(2t − 1)²(t − 1)²·… built from f = −(t⁶ … ): use f′ = −(2t − 1)⁴ → f = −(2t − 1)⁵/10 is not dyadic,
    // so scale: f′ = −10(2t − 1)⁴ ⇒ f = −(2t − 1)⁵ + C with coefficients (−32, 80, −80, 40, −10, 1 + C).
    #expect(
      try Polynomial(coefficients: [-32.0, 80, -80, 40, -10, 0]).monotonicity()
        == .nonIncreasing(flatPoints: [FlatPoint(t: 0.5, isExact: true)]))
    // f′ = 6t⁵·… : f = t⁶ is increasing with a flat start.
    #expect(
      try Polynomial(coefficients: [1.0, 0, 0, 0, 0, 0, 0]).monotonicity()
        == .nonDecreasing(flatPoints: [FlatPoint(t: 0, isExact: true)]))
    // f = (1 − t)⁶ expanded: decreasing with a flat end at 1.
    #expect(
      try Polynomial(coefficients: [1.0, -6, 15, -20, 15, -6, 1]).monotonicity()
        == .nonIncreasing(flatPoints: [FlatPoint(t: 1, isExact: true)]))
    // f′ = (2t − 1)³ crosses zero at ½ (a triple root): not monotone.
    let crossing = [2.0, -4, 3, -1, 0]  // f = (2t − 1)⁴/8 = 2t⁴ − 4t³ + 3t² − t + 1/8 − 1/8
    guard case .notMonotone(let rising, let falling) = try Polynomial(coefficients: crossing).monotonicity() else {
      Issue.record("(2t − 1)⁴/8 falls then rises")
      return
    }
    expectWitness(rising, sign: 1, crossing)
    expectWitness(falling, sign: -1, crossing)
    // Degree 10: f = 1 − t¹⁰ is non-increasing, flat at 0.
    #expect(
      try Polynomial(coefficients: [-1.0] + Array(repeating: 0, count: 9) + [1]).monotonicity()
        == .nonIncreasing(flatPoints: [FlatPoint(t: 0, isExact: true)]))
  }

  @Test("random degree 4–10 polynomials: Sturm verdict matches a dense Float80 scan where the scan is unambiguous")
  func randomHigherDegree() throws {
    var random = SeededRandomNumberGenerator(seed: 29)
    var decided = 0
    for _ in 0..<60 {
      let degree = 4 + Int(random.next() % 7)
      let coefficients = (0...degree).map { _ in random.nextUnitDouble() * 2 - 1 }
      let result = try Polynomial(coefficients: coefficients).monotonicity()
      var high = -Float80.infinity
      var low = Float80.infinity
      for step in 0...4_096 {
        let (value, _) = referenceSlope(coefficients, at: Double(step) / 4_096)
        high = max(high, value)
        low = min(low, value)
      }
      if case .notMonotone(let rising, let falling) = result {
        expectWitness(rising, sign: 1, coefficients)
        expectWitness(falling, sign: -1, coefficients)
      }
      // The scan is decisive when it already sees both signs clearly.
      if high > 1e-9 && low < -1e-9 {
        decided += 1
        if case .notMonotone = result {} else { Issue.record("\(coefficients): scan sees both signs, got \(result)") }
      }
    }
    #expect(decided > 10)
  }
}

@Suite("Exact monotonicity: several touching roots")
struct SeveralTouchingRootsTests {
  @Test("degree 7: f′ = −K(3t − 1)²(3t − 2)²(10t − 1)² is flat at 0.1, ⅓ and ⅔; one ulp more slope rises")
  func threeTouchingRoots() throws {
    // f = −L·∫₀ᵗ (3s − 1)²(3s − 2)²(10s − 1)² ds + 10¹² with L = lcm of the denominators, so every
    // coefficient is an integer below 2⁵³ (exact in a double); f(0) is arbitrary.
    let flat = [-243_000.0, 623_700, -630_882, 320_355, -86_590, 12_180, -840, 1e12]
    #expect(
      try Polynomial(coefficients: flat).monotonicity()
        == .nonIncreasing(flatPoints: [
          FlatPoint(t: 0.1, isExact: false), FlatPoint(t: 1.0 / 3.0, isExact: false),
          FlatPoint(t: 2.0 / 3.0, isExact: false),
        ]))
    var bumped = flat
    bumped[6] = (-840.0).nextUp
    guard case .notMonotone(let rising, _) = try Polynomial(coefficients: bumped).monotonicity() else {
      Issue.record("one ulp more slope must rise at the smallest flat point")
      return
    }
    #expect(rising.isVerified)
    #expect(abs(rising.t - 0.1) < 1e-6)
    #expect(try Polynomial(coefficients: bumped).exactSlope(at: rising.t) > 0)
  }
}
