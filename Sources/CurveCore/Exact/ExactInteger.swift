/// A small arbitrary-precision signed integer for exact sign decisions (sign and magnitude,
/// little-endian 32-bit limbs). Internal: it supports only what the exact monotonicity and
/// Bernstein code need (add, subtract, multiply, compare, shifts, gcd, exact division).
///
/// Costs are schoolbook: O(n·m) limb operations for a product, O(bits·n) for a gcd.
package struct ExactInteger: Sendable, Hashable {
  /// True for negative values; always false for zero.
  package private(set) var isNegative: Bool
  /// The magnitude, least significant limb first, with no high zero limbs (empty for zero).
  package private(set) var limbs: [UInt32]

  package static let zero = ExactInteger(isNegative: false, limbs: [])

  private init(isNegative: Bool, limbs: [UInt32]) {
    var trimmed = limbs
    while trimmed.last == 0 { trimmed.removeLast() }
    self.isNegative = trimmed.isEmpty ? false : isNegative
    self.limbs = trimmed
  }

  package init(_ value: Int) { self.init(Int64(value)) }

  /// The exact integer n, from 64 bits whatever the width of `Int` (a double's 53-bit
  /// significand does not fit a 32-bit `Int` on wasm32 or watchOS arm64_32).
  package init(_ value: Int64) {
    let magnitude: UInt64 = value.magnitude
    self.init(
      isNegative: value < 0,
      limbs: [UInt32(truncatingIfNeeded: magnitude), UInt32(truncatingIfNeeded: magnitude >> 32)])
  }

  package var isZero: Bool { limbs.isEmpty }
  /// −1, 0 or 1.
  package var signum: Int { isZero ? 0 : (isNegative ? -1 : 1) }
  package var magnitude: ExactInteger { ExactInteger(isNegative: false, limbs: limbs) }
  /// The number of significant bits of the magnitude (0 for zero).
  package var bitWidth: Int { limbs.isEmpty ? 0 : limbs.count * 32 - limbs[limbs.count - 1].leadingZeroBitCount }
  package var trailingZeroBitCount: Int {
    guard let index = limbs.firstIndex(where: { $0 != 0 }) else { return 0 }
    return index * 32 + limbs[index].trailingZeroBitCount
  }

  package static prefix func - (x: ExactInteger) -> ExactInteger {
    ExactInteger(isNegative: !x.isNegative, limbs: x.limbs)
  }

  package static func + (x: ExactInteger, y: ExactInteger) -> ExactInteger {
    if x.isNegative == y.isNegative {
      return ExactInteger(isNegative: x.isNegative, limbs: addMagnitudes(x.limbs, y.limbs))
    }
    switch compareMagnitudes(x.limbs, y.limbs) {
    case 0: return .zero
    case 1: return ExactInteger(isNegative: x.isNegative, limbs: subtractMagnitudes(x.limbs, y.limbs))
    default: return ExactInteger(isNegative: y.isNegative, limbs: subtractMagnitudes(y.limbs, x.limbs))
    }
  }

  package static func - (x: ExactInteger, y: ExactInteger) -> ExactInteger { x + (-y) }

  package static func * (x: ExactInteger, y: ExactInteger) -> ExactInteger {
    guard !x.isZero, !y.isZero else { return .zero }
    var product = [UInt32](repeating: 0, count: x.limbs.count + y.limbs.count)
    for (i, xi) in x.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, yj) in y.limbs.enumerated() {
        let sum = UInt64(xi) * UInt64(yj) + UInt64(product[i + j]) + carry
        product[i + j] = UInt32(truncatingIfNeeded: sum)
        carry = sum >> 32
      }
      product[i + y.limbs.count] = UInt32(carry)
    }
    return ExactInteger(isNegative: x.isNegative != y.isNegative, limbs: product)
  }

  /// x·2ⁿ for n ≥ 0.
  package func shiftedLeft(_ bits: Int) -> ExactInteger {
    guard bits > 0, !isZero else { return self }
    let (whole, part) = (bits / 32, bits % 32)
    var result = [UInt32](repeating: 0, count: whole) + limbs + [0]
    if part > 0 {
      for index in stride(from: result.count - 1, to: whole, by: -1) {
        result[index] = (result[index] << part) | (result[index - 1] >> (32 - part))
      }
      result[whole] <<= part
    }
    return ExactInteger(isNegative: isNegative, limbs: result)
  }

  /// The magnitude shifted right by n ≥ 0 bits (truncated), with the sign kept.
  package func shiftedRight(_ bits: Int) -> ExactInteger {
    guard bits > 0, !isZero else { return self }
    let (whole, part) = (bits / 32, bits % 32)
    guard whole < limbs.count else { return .zero }
    var result = Array(limbs[whole...])
    if part > 0 {
      for index in result.indices {
        let high = index + 1 < result.count ? result[index + 1] << (32 - part) : 0
        result[index] = (result[index] >> part) | high
      }
    }
    return ExactInteger(isNegative: isNegative, limbs: result)
  }

  /// The greatest common divisor of the magnitudes (binary gcd); gcd(0, 0) = 0.
  package static func gcd(_ x: ExactInteger, _ y: ExactInteger) -> ExactInteger {
    var u = x.magnitude
    var v = y.magnitude
    if u.isZero { return v }
    if v.isZero { return u }
    let shift = min(u.trailingZeroBitCount, v.trailingZeroBitCount)
    u = u.shiftedRight(u.trailingZeroBitCount)
    while !v.isZero {
      v = v.shiftedRight(v.trailingZeroBitCount)
      if compareMagnitudes(u.limbs, v.limbs) > 0 { swap(&u, &v) }
      v = v - u
    }
    return u.shiftedLeft(shift)
  }

  /// x / y when y divides x exactly (Jebelean's exact division); `nil` when y is zero or the
  /// division is not exact.
  package static func exactQuotient(_ x: ExactInteger, _ y: ExactInteger) -> ExactInteger? {
    guard !y.isZero else { return nil }
    if x.isZero { return .zero }
    let twos = y.trailingZeroBitCount
    guard x.trailingZeroBitCount >= twos else { return nil }
    var remainder = x.magnitude.shiftedRight(twos).limbs
    let divisor = y.magnitude.shiftedRight(twos).limbs
    // Inverse of the odd low limb modulo 2³² by Newton's iteration (5 steps double 1 → 32 bits).
    var inverse: UInt32 = divisor[0]
    for _ in 0..<5 { inverse = inverse &* (2 &- divisor[0] &* inverse) }
    var quotient = [UInt32](repeating: 0, count: max(remainder.count - divisor.count + 1, 1))
    for index in quotient.indices {
      let digit = remainder[index] &* inverse
      quotient[index] = digit
      guard digit != 0 else { continue }
      var borrow: Int64 = 0
      var carry: UInt64 = 0
      for position in index..<remainder.count {
        let offset = position - index
        let product = (offset < divisor.count ? UInt64(digit) * UInt64(divisor[offset]) : 0) + carry
        carry = product >> 32
        let difference = Int64(remainder[position]) - Int64(product & 0xFFFF_FFFF) + borrow
        remainder[position] = UInt32(truncatingIfNeeded: difference)
        borrow = difference < 0 ? -1 : 0
      }
      guard borrow == 0, carry == 0 else { return nil }
    }
    guard remainder.allSatisfy({ $0 == 0 }) else { return nil }
    return ExactInteger(isNegative: x.isNegative != y.isNegative, limbs: quotient)
  }

  /// The nearest `Double` to the value scaled by 2^`exponent` (round to nearest even,
  /// correct for results in the normal range; subnormal results may be rounded twice).
  package func doubleValue(scaledBy exponent: Int) -> Double {
    guard !isZero else { return 0 }
    let excess = max(bitWidth - 64, 0)
    let top = shiftedRight(excess).magnitude.limbs
    var word = UInt64(top[0]) | (top.count > 1 ? UInt64(top[1]) << 32 : 0)
    if excess > 0 && magnitude.trailingZeroBitCount < excess { word |= 1 }  // sticky bit
    let value = Double(sign: isNegative ? .minus : .plus, exponent: excess + exponent, significand: Double(word))
    return value
  }

  /// −1, 0 or 1 as the magnitudes compare.
  package static func compareMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> Int {
    if x.count != y.count { return x.count < y.count ? -1 : 1 }
    for index in x.indices.reversed() where x[index] != y[index] {
      return x[index] < y[index] ? -1 : 1
    }
    return 0
  }

  private static func addMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> [UInt32] {
    var result = [UInt32](repeating: 0, count: max(x.count, y.count) + 1)
    var carry: UInt64 = 0
    for index in 0..<(result.count - 1) {
      let sum = UInt64(index < x.count ? x[index] : 0) + UInt64(index < y.count ? y[index] : 0) + carry
      result[index] = UInt32(truncatingIfNeeded: sum)
      carry = sum >> 32
    }
    result[result.count - 1] = UInt32(carry)
    return result
  }

  /// x − y for magnitudes with x ≥ y.
  private static func subtractMagnitudes(_ x: [UInt32], _ y: [UInt32]) -> [UInt32] {
    var result = x
    var borrow: Int64 = 0
    for index in result.indices {
      let difference = Int64(x[index]) - Int64(index < y.count ? y[index] : 0) + borrow
      result[index] = UInt32(truncatingIfNeeded: difference)
      borrow = difference < 0 ? -1 : 0
    }
    return result
  }
}

extension ExactInteger: Comparable {
  package static func < (x: ExactInteger, y: ExactInteger) -> Bool { (x - y).isNegative }
}
