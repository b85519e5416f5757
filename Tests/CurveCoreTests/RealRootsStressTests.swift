import CurveCore
import CurveKitTestSupport
import Testing

@Suite("Real roots under random coefficient exponents up to ±150 (ratios up to 1e300)")
struct RealRootsStressTests {
  /// A random double with a random sign and a decimal exponent in −range…range, or 0.
  /// (At ±300 the roots can span more than 2¹⁰⁰⁰, beyond what one scaling can hold; see
  /// ``Cubic/realRootsWithMultiplicity()``.)
  static func coefficient(_ random: inout SeededRandomNumberGenerator, range: Int) -> Double {
    if random.next() % 8 == 0 { return 0 }
    let exponent = Int(random.next() % UInt64(2 * range + 1)) - range
    let sign: Double = random.next() % 2 == 0 ? 1 : -1
    return sign * (1 + random.nextUnitDouble()) * pow10(exponent)
  }

  static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }

  @Test(
    "every simple root has a residual within 16u·Σ|cᵢ||x|ⁱ + |p′(x)|·ulp(x) (Float80)", arguments: [0, 20, 100, 150])
  func backwardErrors(range: Int) throws {
    var random = SeededRandomNumberGenerator(seed: 300 + UInt64(range))
    var checked = 0
    for _ in 0..<3_000 {
      let cubic = Cubic(
        a: Self.coefficient(&random, range: range), b: Self.coefficient(&random, range: range),
        c: Self.coefficient(&random, range: range), d: Self.coefficient(&random, range: range))
      guard cubic.coefficients.contains(where: { $0 != 0 }) else { continue }
      let roots = try cubic.realRootsWithMultiplicity()
      #expect(roots.map(\.multiplicity).reduce(0, +) <= 3)
      #expect(roots.allSatisfy { $0.value.isFinite })
      #expect(roots.map(\.value) == roots.map(\.value).sorted())
      for root in roots where root.multiplicity == 1 {
        let x = Float80(root.value)
        let (a, b, c, d) = (Float80(cubic.a), Float80(cubic.b), Float80(cubic.c), Float80(cubic.d))
        let value = ((a * x + b) * x + c) * x + d
        let slope = (3 * a * x + 2 * b) * x + c
        let magnitude = ((abs(a) * abs(x) + abs(b)) * abs(x) + abs(c)) * abs(x) + abs(d)
        let allowed = 16 * 0x1p-53 * magnitude + abs(slope) * Float80(root.value.ulp) * 2
        #expect(abs(value) <= allowed, "\(cubic): root \(root.value), residual \(value), allowed \(allowed)")
        checked += 1
      }
    }
    print("real roots stress | exponent range ±\(range) | \(checked) simple roots checked")
  }
}
