import CurveKitTestSupport
import Testing

@testable import CurveCore

/// The internal exact integer and dyadic types against native 64-bit and Float80 arithmetic.
@Suite("Exact arithmetic")
struct ExactArithmeticTests {
  /// The exact integer of a 64-bit value.
  private func exact(_ value: Int64) -> ExactInteger { ExactInteger(Int(value)) }

  @Test("add, subtract, multiply and compare agree with Int64 (products checked in 128 bits)")
  func ringOperations() {
    var random = SeededRandomNumberGenerator(seed: 47)
    for _ in 0..<5_000 {
      let x = Int64(bitPattern: random.next()) >> Int64(random.next() % 40)
      let y = Int64(bitPattern: random.next()) >> Int64(random.next() % 40)
      let (sum, sumOverflow) = x.addingReportingOverflow(y)
      if !sumOverflow { #expect(exact(x) + exact(y) == exact(sum)) }
      let (difference, differenceOverflow) = x.subtractingReportingOverflow(y)
      if !differenceOverflow { #expect(exact(x) - exact(y) == exact(difference)) }
      #expect((exact(x) < exact(y)) == (x < y))
      let product = x.multipliedFullWidth(by: y)
      // high·2⁶⁴ + low, rebuilt exactly.
      let rebuilt =
        ExactInteger(Int(product.high)).shiftedLeft(64)
        + ExactInteger(Int(product.low >> 32)).shiftedLeft(32) + ExactInteger(Int(product.low & 0xFFFF_FFFF))
      #expect(exact(x) * exact(y) == rebuilt)
    }
  }

  @Test("a double's 53-bit significand is exact through the 64-bit initializer (no Int of 32 bits on the path)")
  func wideSignificands() {
    // 1 − 2⁻⁵³ is the odd significand 2⁵³ − 1 times 2⁻⁵³: two limbs, 0xFFFF_FFFF and 0x1F_FFFF.
    let almostOne = DyadicRational(1.0.nextDown)
    #expect(almostOne.mantissa.limbs == [0xFFFF_FFFF, 0x1F_FFFF])
    #expect(almostOne.exponent == -53)
    #expect(almostOne.doubleValue == 1.0.nextDown)
    #expect(ExactInteger(Int64(1) << 62).limbs == [0, 0x4000_0000])
    #expect(ExactInteger(Int64.min).limbs == [0, 0x8000_0000] && ExactInteger(Int64.min).isNegative)
    var random = SeededRandomNumberGenerator(seed: 59)
    for _ in 0..<2_000 {
      let value = Double(bitPattern: random.next() & 0xBFFF_FFFF_FFFF_FFFF)  // finite, |x| < 2
      guard value != 0 else { continue }
      let exact = DyadicRational(value)
      #expect(exact.doubleValue == value)
      #expect(exact.mantissa.bitWidth <= 53 && exact.isExactlyRepresentable)
    }
  }

  @Test("gcd, exact quotient and shifts")
  func division() {
    var random = SeededRandomNumberGenerator(seed: 53)
    for _ in 0..<2_000 {
      let g = Int64(random.next() % 1_000_000) + 1
      let p = Int64(random.next() % 1_000_000) + 1
      let q = Int64(random.next() % 1_000_000) + 1
      var (a, b) = (p, q)
      while b != 0 { (a, b) = (b, a % b) }
      // gcd(g·p, g·q) = g·gcd(p, q), with the values lifted far beyond 64 bits.
      let lift = ExactInteger(1).shiftedLeft(150) + ExactInteger(7)
      let left = exact(g * p) * lift
      let right = exact(g * q) * lift
      #expect(ExactInteger.gcd(left, -right) == exact(g * a) * lift)
      #expect(ExactInteger.exactQuotient(-left, lift) == exact(-g * p))
      #expect(ExactInteger.exactQuotient(left + ExactInteger(1), lift) == nil, "not exact")
      #expect(left.shiftedLeft(77).shiftedRight(77) == left)
    }
    #expect(ExactInteger.exactQuotient(ExactInteger(6), .zero) == nil)
  }

  @Test("dyadic values of doubles are exact, and rounding back is to nearest even")
  func dyadicRoundTrip() {
    var random = SeededRandomNumberGenerator(seed: 59)
    let specials: [Double] = [
      0, -0.0, 1, -1, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      0.1, 1.0 / 3.0, -.ulpOfOne,
    ]
    let randoms = (0..<2_000).map { _ in
      Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 2_046 + 1) << 52)
    }
    for value in specials + randoms {
      #expect(DyadicRational(value).doubleValue == value)
      #expect(DyadicRational(value).isExactlyRepresentable)
    }
    // Sums and products of doubles, rounded once, match Float80 where Float80 is itself exact.
    for _ in 0..<2_000 {
      let x = Double(Int32(truncatingIfNeeded: random.next())) * 0x1p-20
      let y = random.nextUnitDouble()
      #expect((DyadicRational(x) * DyadicRational(y)).doubleValue == Double(Float80(x) * Float80(y)))
      #expect((DyadicRational(x) + DyadicRational(y)).doubleValue == x + y)
    }
    // 1 + 2⁻⁵³ is a tie: rounds to even (1); 1 + 2⁻⁵³ + 2⁻¹⁰⁰ rounds up.
    let tie = DyadicRational(1) + DyadicRational(0x1p-53)
    #expect(tie.doubleValue == 1)
    #expect(!tie.isExactlyRepresentable)
    #expect((tie + DyadicRational(0x1p-100)).doubleValue == 1.0.nextUp)
  }

  @Test("Sturm root counts and square-free parts on a polynomial with repeated roots")
  func sturm() {
    // (2t − 1)²(4t − 1)(t − 3) = 16t⁴ − 68t³ + 61t² − 19t + 3 … built by multiplication.
    func times(_ p: [Int], _ q: [Int]) -> [Int] {
      var r = [Int](repeating: 0, count: p.count + q.count - 1)
      for (i, a) in p.enumerated() { for (j, b) in q.enumerated() { r[i + j] += a * b } }
      return r
    }
    let ascending = times(times(times([-1, 2], [-1, 2]), [-1, 4]), [-3, 1])
    let p = ExactPolynomial(ascending.map(ExactInteger.init))
    let common = ExactPolynomial.gcd(p, p.derivative())
    #expect(common.degree == 1)
    let squareFree = p.primitivePart().exactQuotient(dividingBy: common)
    #expect(squareFree?.degree == 3)
    guard let squareFree else { return }
    let sturm = SturmSequence(squareFree: squareFree)
    #expect(sturm.rootCount(above: DyadicRational(0), upTo: DyadicRational(1)) == 2)
    #expect(sturm.rootCount(above: DyadicRational(0), upTo: DyadicRational(0.5)) == 2, "(a, b] includes b")
    #expect(sturm.rootCount(above: DyadicRational(0.25), upTo: DyadicRational(0.5)) == 1, "(a, b] excludes a")
    #expect(sturm.rootCount(above: DyadicRational(-10), upTo: DyadicRational(10)) == 3)
  }
}
