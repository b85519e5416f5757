/// An unevaluated sum `high + low` of two doubles carrying about 106 significant bits.
///
/// Used where the fitter needs residuals more accurate than the working precision
/// (iterative refinement and the reported residuals). Built on CurveCore's one set of
/// error-free transformations, the inverse kernel's `twoSum` and `twoProduct` (Knuth,
/// Dekker; no FMA, so it stays inline on a generic x86-64 build), so it needs no Foundation
/// and no Float80.
/// Relative error of each operation: at most about 4·2⁻¹⁰⁶ (Joldes, Muller, Popescu 2017).
@_spi(CurveKitTooling)
public struct DoubleDouble: Sendable, Hashable {
  /// The leading part, the value rounded to double.
  public var high: Double
  /// The trailing part, |low| ≤ ulp(high)/2.
  public var low: Double

  /// The exact double `value`.
  @inlinable
  public init(_ value: Double) {
    high = value
    low = 0
  }

  /// Normalizes `high + low` so that `high` is the rounded sum.
  @inlinable
  public init(high: Double, low: Double) {
    let sum = high + low
    self.high = sum
    self.low = low - (sum - high)
  }

  /// The value rounded to the nearest double.
  @inlinable
  public var value: Double { high + low }

  /// The exact sum a + b as a double-double (Knuth's TwoSum).
  @inlinable
  public static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
    let (sum, error) = CubicInverseKernel.twoSum(a, b)
    return DoubleDouble(rawHigh: sum, rawLow: error)
  }

  /// The exact product a·b as a double-double (Dekker's TwoProduct; exact while a·b neither
  /// overflows nor underflows and |a|, |b| < 2⁹⁹⁵).
  @inlinable
  public static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
    let (product, error) = CubicInverseKernel.twoProduct(a, b)
    return DoubleDouble(rawHigh: product, rawLow: error)
  }

  /// Stores the parts as given (the caller guarantees they are normalized).
  @usableFromInline
  init(rawHigh: Double, rawLow: Double) {
    high = rawHigh
    low = rawLow
  }

  /// self + other.
  @inlinable
  public static func + (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
    let sum = twoSum(lhs.high, rhs.high)
    let tail = twoSum(lhs.low, rhs.low)
    let first = DoubleDouble(high: sum.high, low: sum.low + tail.high)
    return DoubleDouble(high: first.high, low: first.low + tail.low)
  }

  /// self + a double.
  @inlinable
  public static func + (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
    let sum = twoSum(lhs.high, rhs)
    return DoubleDouble(high: sum.high, low: sum.low + lhs.low)
  }

  /// self − a double.
  @inlinable
  public static func - (lhs: DoubleDouble, rhs: Double) -> DoubleDouble { lhs + (-rhs) }

  /// The negation.
  @inlinable
  public static prefix func - (operand: DoubleDouble) -> DoubleDouble {
    DoubleDouble(rawHigh: -operand.high, rawLow: -operand.low)
  }

  /// self × a double.
  @inlinable
  public static func * (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
    let product = twoProduct(lhs.high, rhs)
    return DoubleDouble(high: product.high, low: product.low + lhs.low * rhs)
  }
}

@_spi(CurveKitTooling)
extension DoubleDouble {
  /// self − other.
  @inlinable
  public static func - (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble { lhs + (-rhs) }

  /// self × other (Dekker's product of pairs): relative error at most 8·2⁻¹⁰⁶ while nothing
  /// overflows or underflows.
  @inlinable
  public static func * (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
    let product = twoProduct(lhs.high, rhs.high)
    return DoubleDouble(high: product.high, low: product.low + (lhs.high * rhs.low + lhs.low * rhs.high))
  }

  /// a + b with the trailing parts added plainly (the "sloppy" sum): about half the work of
  /// `+`, with an error of at most 4·2⁻¹⁰⁶·(|a| + |b|) rather than relative to the result, so
  /// for running sums whose bound is taken on the terms' magnitudes.
  @inlinable
  public static func sloppySum(_ a: DoubleDouble, _ b: DoubleDouble) -> DoubleDouble {
    let sum = twoSum(a.high, b.high)
    return DoubleDouble(high: sum.high, low: sum.low + (a.low + b.low))
  }

  /// self·2ᵏ, exact while the result neither overflows nor underflows.
  @inlinable
  public func scaled(byPowerOfTwo power: Int) -> DoubleDouble {
    let factor = Double(sign: .plus, exponent: power, significand: 1)
    return DoubleDouble(rawHigh: high * factor, rawLow: low * factor)
  }

  /// An upper bound of |self| as a double, at most 3 ulps above it (the sum of the parts'
  /// magnitudes, whose rounding (1 − 2⁻⁵³)·… the factor 1 + 2⁻⁵¹ more than covers). No branch.
  @inlinable
  public var magnitudeBound: Double { (abs(high) + abs(low)) * (1 + 0x1p-51) }

  /// p(t) for ascending coefficients `c₀, c₁, …` by Horner's rule in double-double.
  ///
  /// `t` and the coefficients are taken as exact doubles; the result is accurate to about
  /// 2⁻¹⁰⁰·Σ|cᵢ||t|ⁱ, far below double rounding for the sizes the fitter handles.
  /// - Complexity: O(coefficient count).
  @inlinable
  public static func horner(ascending coefficients: [Double], at t: Double) -> DoubleDouble {
    var result = DoubleDouble(0)
    for coefficient in coefficients.reversed() {
      result = result * t + coefficient
    }
    return result
  }
}
