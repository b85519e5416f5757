@_spi(CurveKitTooling) import CurveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Decimal numbers parsed straight from bytes, for the readers that see millions of them
/// (stdin streams, data files, JSON specs): no `String` per number.
package enum DecimalText {
  /// The longest text ``value(_:_:_:)`` hands to `strtod` (longer text gets nil).
  package static let libraryLimit = 63

  /// The double of `bytes[start..<end]` (non-empty) when it is a plain decimal
  /// (`[+-]digits[.digits][(e|E)[+-]digits]`, or `.digits…`, nothing else: no spaces, no
  /// `inf`/`nan`/hex) that is finite and neither overflows nor underflows; nil otherwise,
  /// and the caller's general parser decides. Where it returns a value, it is the one
  /// `Double(String)` gives for the same text: the correctly rounded double (round to
  /// nearest, ties to even), as the C library's `strtod` gives.
  ///
  /// Short decimals (≤ 18 significant digits, value N·10^e with |e| ≤ 22: the shortest
  /// round-trip form of every double from 10⁻⁵ to 10¹⁶) are converted by
  /// ``shortDecimal(_:_:_:)`` without `strtod`; the rest, up to ``libraryLimit`` bytes, by `strtod`.
  ///
  /// O(end − start), no allocation.
  package static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
    guard start < end else { return nil }
    if let value = shortDecimal(bytes, start, end) { return value }
    return libraryDecimal(bytes, start, end)
  }

  /// `strtod` on `bytes[start..<end]` when it holds only digits, signs, points and `e`/`E`
  /// (nothing a locale or a special spelling can change) and is fully consumed, finite, and
  /// neither overflowed nor underflowed; else nil.
  private static func libraryDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
    let count = end - start
    guard count <= libraryLimit else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: libraryLimit + 1) { text -> Double? in
      for index in 0..<count {
        let byte = bytes[start + index]
        let plain =
          (byte &- 0x30) < 10 || byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x65 || byte == 0x45
        guard plain else { return nil }
        text[index] = CChar(bitPattern: byte)
      }
      text[count] = 0
      guard let base = text.baseAddress else { return nil }
      var stop: UnsafeMutablePointer<CChar>?
      errno = 0
      let value = strtod(base, &stop)
      guard stop == base + count, errno != ERANGE, value.isFinite else { return nil }
      return value
    }
  }

  /// 10⁰ … 10²², all exact doubles.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The correctly rounded double of `bytes[start..<end]` when it is `[+-]digits[.digits][(e|E)[+-]digits]`
  /// (or `.digits…`) with N ≤ 18 significant digits and value N·10^e, |e| ≤ 22; nil for
  /// anything else, or when the rounding cannot be certified (then `strtod` decides).
  ///
  /// - N < 2⁵³: Clinger's fast path, N and 10^|e| are exact doubles, so N·10^e or N / 10^-e
  ///   is one correctly rounded operation.
  /// - 2⁵³ ≤ N < 10¹⁸ (16–18 digits), e < 0: q = N / 10^-e refined once by its residual,
  ///   then certified: the residual R = N − q·10^-e is formed from N = nh + nl (exact) and
  ///   q·10^-e = ph + pl (Dekker's exact product); nh − ph is exact (Sterbenz) and the two
  ///   remaining additions err by ≤ 2⁻⁴⁹·h, where h = 10^-e·ulp(q)/2 (exact) is the
  ///   half-gap to q's neighbours. q is returned only when |R| < h·(1 − 2⁻⁴⁰), i.e. the
  ///   exact quotient is strictly nearer q than either neighbour (no tie); q a power of
  ///   two (unequal gaps) is left to `strtod`.
  ///
  /// O(length), no allocation.
  private static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
    var index = start
    let negative = bytes[index] == 0x2D
    if negative || bytes[index] == 0x2B { index += 1 }
    var digits: UInt64 = 0
    var significant = 0
    var scale = 0
    var sawDigit = false
    while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
      sawDigit = true
      if digits != 0 || digit != 0 {
        significant += 1
        digits = digits &* 10 &+ UInt64(digit)
      }
      index += 1
    }
    if index < end && bytes[index] == 0x2E {
      index += 1
      while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
        sawDigit = true
        if digits != 0 || digit != 0 {
          significant += 1
          digits = digits &* 10 &+ UInt64(digit)
        }
        scale -= 1
        index += 1
      }
    }
    // Beyond 18 digits `digits` may have wrapped; it is not used then.
    guard sawDigit, significant <= 18 else { return nil }
    if index < end && (bytes[index] == 0x65 || bytes[index] == 0x45) {
      index += 1
      let negativeExponent = index < end && bytes[index] == 0x2D
      if index < end && (negativeExponent || bytes[index] == 0x2B) { index += 1 }
      var exponent = 0
      var sawExponentDigit = false
      while index < end, case let digit = bytes[index] &- 0x30, digit < 10 {
        sawExponentDigit = true
        if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
        index += 1
      }
      guard sawExponentDigit else { return nil }
      scale += negativeExponent ? -exponent : exponent
    }
    guard index == end else { return nil }
    if digits == 0 { return negative ? -0.0 : 0.0 }
    guard scale >= -22 && scale <= 22 else { return nil }
    let power = powersOfTen[abs(scale)]
    var value: Double
    if digits < 1 << 53 {
      value = scale >= 0 ? Double(digits) * power : Double(digits) / power
    } else {
      guard scale < 0 else { return nil }
      guard let quotient = certifiedQuotient(digits, power) else { return nil }
      value = quotient
    }
    return negative ? -value : value
  }

  /// The correctly rounded N / p for 2⁵³ ≤ N < 10¹⁸ and p = 10^k (k ≤ 22), or nil when the
  /// residual test cannot certify it (see ``shortDecimal(_:_:_:)``).
  private static func certifiedQuotient(_ digits: UInt64, _ power: Double) -> Double? {
    let high = Double(digits)
    let low = Double(Int64(bitPattern: digits) &- Int64(high))
    // N − q·p, with q·p exact by Dekker's product (CurveCore's one TwoProduct, no fma).
    func residual(_ quotient: Double) -> Double {
      let (product, error) = ErrorFreeArithmetic.twoProduct(quotient, power)
      return (high - product) + (low - error)
    }
    var quotient = high / power
    quotient += residual(quotient) / power
    guard quotient.significandBitPattern != 0 else { return nil }
    let halfGap = power * quotient.ulp * 0.5
    guard abs(residual(quotient)) < halfGap * (1 - 0x1p-40) else { return nil }
    return quotient
  }

}
