import CurveCore
import CurveKitTestSupport
import Testing

/// The compiled golden files against the library, bit for bit: `level` against
/// `Cubic.level(forNormalizedElapsed:)` and `normalizedElapsed` against the library's
/// inverse for the same method, on dense grids including 0, 1, out-of-range values, NaN
/// and the flat end of the steep-start curve.
@Suite("Generated code: bit-identical to CurveCore")
struct EquivalenceTests {
  /// t values: a dyadic grid of 2¹⁶ + 1 points on [0, 1], 20 000 seeded random points,
  /// points just inside both ends, and values outside [0, 1].
  static let times: [Double] = {
    var values = (0...65_536).map { Double($0) / 65_536 }
    var random = SeededRandomNumberGenerator(seed: 0x6E6)
    for _ in 0..<20_000 { values.append(random.nextUnitDouble()) }
    for k in 1...60 {
      let tiny = Double(sign: .plus, exponent: -k, significand: 1)
      values += [tiny, 1 - tiny, -tiny, 1 + tiny]
    }
    values += [-0.0, -1, 2, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1.nextDown]
    return values
  }()

  /// Levels covering [min(f(0), f(1)) − 0.05, max(…) + 0.05] densely, the exact end
  /// values and their neighbours, levels approaching the ends (a flat end's square-root
  /// region), seeded random levels, and NaN.
  static func levels(for polynomial: Polynomial) -> [Double] {
    let start = polynomial.level(forNormalizedElapsed: 0)
    let end = polynomial.level(forNormalizedElapsed: 1)
    let low = min(start, end) - 0.05
    let high = max(start, end) + 0.05
    var values = (0...40_000).map { low + (high - low) * Double($0) / 40_000 }
    for edge in [start, end, 0, 1] {
      values += [edge, edge.nextUp, edge.nextDown]
      for k in 1...52 {
        let offset = Double(sign: .plus, exponent: -k, significand: 1)
        values += [edge + offset, edge - offset]
      }
    }
    var random = SeededRandomNumberGenerator(seed: 0x1E7E1)
    for _ in 0..<20_000 { values.append(low + (high - low) * random.nextUnitDouble()) }
    values += [.nan, .infinity, -.infinity, 0.999_999, 0.000_001, 0.999_999.nextUp, 0.000_001.nextDown]
    return values
  }

  @Test("every golden curve is checked")
  func everyGoldenIsChecked() {
    #expect(GeneratedCurve.all.count == GeneratedCurve.goldenCurveCount)
  }

  @Test("level(forNormalizedElapsed:) is bit-identical to Cubic's or Polynomial's level", arguments: GeneratedCurve.all)
  func level(_ curve: GeneratedCurve) {
    var mismatches = 0
    var first: Double?
    for t in Self.times {
      let generated = curve.level(t)
      let library = curve.libraryLevel(t)
      if generated.bitPattern != library.bitPattern {
        mismatches += 1
        if first == nil { first = t }
      }
    }
    #expect(
      mismatches == 0, "\(curve.name): \(mismatches) of \(Self.times.count) differ, first at t = \(first ?? .nan)")
  }

  @Test("normalizedElapsed(forLevel:) is bit-identical to the library's inverse", arguments: GeneratedCurve.all)
  func inverse(_ curve: GeneratedCurve) {
    let levels = Self.levels(for: curve.polynomial)
    var mismatches = 0
    var first: Double?
    for level in levels {
      let generated = curve.inverse(level)
      let library = curve.libraryInverse(level)
      if generated.bitPattern != library.bitPattern {
        mismatches += 1
        if first == nil { first = level }
      }
    }
    #expect(mismatches == 0, "\(curve.name): \(mismatches) of \(levels.count) differ, first at level \(first ?? .nan)")
  }

  @Test("the generated bisection is the article's algorithm, re-derived here")
  func articleBisection() {
    for type in [DepletionBisection.self, ArticleSteepStartBisection.self] as [any GeneratedCurveType.Type] {
      let cubic = Cubic(a: type.a, b: type.b, c: type.c, d: type.d)
      for level in Self.levels(for: cubic.polynomial) {
        // The article's listing, written out independently of the kernel.
        let clampedLevel = max(0.0, min(1.0, level))
        var expected: Double
        if clampedLevel >= 0.999_999 {
          expected = 0
        } else if clampedLevel <= 0.000_001 {
          expected = 1
        } else {
          var lower = 0.0
          var upper = 1.0
          for _ in 0..<32 {
            let mid = (lower + upper) * 0.5
            if cubic.level(forNormalizedElapsed: mid) > clampedLevel { lower = mid } else { upper = mid }
          }
          expected = (lower + upper) * 0.5
        }
        #expect(type.normalizedElapsed(forLevel: level).bitPattern == expected.bitPattern, "level \(level)")
      }
    }
  }
}
