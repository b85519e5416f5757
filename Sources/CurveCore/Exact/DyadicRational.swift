/// An exact dyadic rational m·2ᵉ (m an ``ExactInteger``). Every finite `Double` is one,
/// and sums, differences and products of dyadic rationals are again dyadic, so
/// polynomial values at double points are computed with no rounding at all.
///
/// Internal: used for exact sign decisions in monotonicity and for correctly rounded
/// Bernstein coefficients. Cost grows with the spread of exponents involved (a double
/// spans at most 2 098 bits).
package struct DyadicRational: Sendable, Hashable {
  /// The integer m.
  package private(set) var mantissa: ExactInteger
  /// The power of two e.
  package private(set) var exponent: Int

  package static let zero = DyadicRational(mantissa: .zero, exponent: 0)

  package init(mantissa: ExactInteger, exponent: Int) {
    if mantissa.isZero {
      (self.mantissa, self.exponent) = (.zero, 0)
    } else {
      let twos = mantissa.trailingZeroBitCount
      (self.mantissa, self.exponent) = (mantissa.shiftedRight(twos), exponent + twos)
    }
  }

  /// The exact value of a finite double (NaN and infinities map to zero; callers validate).
  package init(_ value: Double) {
    guard value.isFinite, value != 0 else {
      self = .zero
      return
    }
    // The 53-bit significand stays in 64-bit integers: `Int` is 32 bits on wasm32 and arm64_32.
    let bits: UInt64 = value.bitPattern
    let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
    let fraction: UInt64 = bits & ((1 << 52) - 1)
    let significand: UInt64 = biased == 0 ? fraction : fraction | (1 << 52)
    let integer = ExactInteger(Int64(significand))
    self.init(mantissa: value < 0 ? -integer : integer, exponent: (biased == 0 ? 1 : biased) - 1075)
  }

  /// The exact integer n.
  package init(_ value: Int) { self.init(mantissa: ExactInteger(value), exponent: 0) }

  package var signum: Int { mantissa.signum }
  package var isZero: Bool { mantissa.isZero }

  /// The nearest double (round to nearest even in the normal range).
  package var doubleValue: Double { mantissa.doubleValue(scaledBy: exponent) }

  /// True when the value is exactly a finite double.
  package var isExactlyRepresentable: Bool {
    let rounded = doubleValue
    return rounded.isFinite && DyadicRational(rounded) == self
  }

  package static prefix func - (x: DyadicRational) -> DyadicRational {
    DyadicRational(mantissa: -x.mantissa, exponent: x.exponent)
  }

  package static func + (x: DyadicRational, y: DyadicRational) -> DyadicRational {
    if x.isZero { return y }
    if y.isZero { return x }
    let low = min(x.exponent, y.exponent)
    return DyadicRational(
      mantissa: x.mantissa.shiftedLeft(x.exponent - low) + y.mantissa.shiftedLeft(y.exponent - low),
      exponent: low
    )
  }

  package static func - (x: DyadicRational, y: DyadicRational) -> DyadicRational { x + (-y) }

  package static func * (x: DyadicRational, y: DyadicRational) -> DyadicRational {
    DyadicRational(mantissa: x.mantissa * y.mantissa, exponent: x.exponent + y.exponent)
  }

  /// x·2ᵏ, exact.
  package func scaled(byPowerOfTwo power: Int) -> DyadicRational {
    DyadicRational(mantissa: mantissa, exponent: exponent + power)
  }

  /// The exact midpoint (x + y)/2.
  package static func midpoint(_ x: DyadicRational, _ y: DyadicRational) -> DyadicRational {
    (x + y).scaled(byPowerOfTwo: -1)
  }

  /// The value of the polynomial with these coefficients (highest power first) at `t`, exactly.
  package static func evaluate(_ coefficients: [DyadicRational], at t: DyadicRational) -> DyadicRational {
    var result = DyadicRational.zero
    for coefficient in coefficients { result = result * t + coefficient }
    return result
  }
}

extension DyadicRational: Comparable {
  package static func < (x: DyadicRational, y: DyadicRational) -> Bool { (x - y).signum < 0 }
}
