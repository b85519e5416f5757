/// An unevaluated sum `high + low` of two doubles carrying about 106 significant bits.
///
/// Used only where the fitter needs residuals more accurate than the working precision
/// (iterative refinement and the reported residuals). Built on error-free transformations:
/// Knuth's TwoSum and an FMA-based TwoProduct, so it needs no Foundation and no Float80.
/// Relative error of each operation: at most about 4·2⁻¹⁰⁶ (Joldes, Muller, Popescu 2017).
struct DoubleDouble: Sendable, Hashable {
  /// The leading part, the value rounded to double.
  var high: Double
  /// The trailing part, |low| ≤ ulp(high)/2.
  var low: Double

  /// The exact double `value`.
  init(_ value: Double) {
    high = value
    low = 0
  }

  /// Normalizes `high + low` so that `high` is the rounded sum.
  init(high: Double, low: Double) {
    let sum = high + low
    self.high = sum
    self.low = low - (sum - high)
  }

  /// The value rounded to the nearest double.
  var value: Double { high + low }

  /// The exact sum a + b as a double-double (Knuth's TwoSum).
  static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
    let sum = a + b
    let bVirtual = sum - a
    let error = (a - (sum - bVirtual)) + (b - bVirtual)
    return DoubleDouble(rawHigh: sum, rawLow: error)
  }

  /// The exact product a·b as a double-double (one FMA).
  static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
    let product = a * b
    return DoubleDouble(rawHigh: product, rawLow: (-product).addingProduct(a, b))
  }

  /// Stores the parts as given (the caller guarantees they are normalized).
  private init(rawHigh: Double, rawLow: Double) {
    high = rawHigh
    low = rawLow
  }

  /// self + other.
  static func + (lhs: DoubleDouble, rhs: DoubleDouble) -> DoubleDouble {
    let sum = twoSum(lhs.high, rhs.high)
    let tail = twoSum(lhs.low, rhs.low)
    let first = DoubleDouble(high: sum.high, low: sum.low + tail.high)
    return DoubleDouble(high: first.high, low: first.low + tail.low)
  }

  /// self + a double.
  static func + (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
    let sum = twoSum(lhs.high, rhs)
    return DoubleDouble(high: sum.high, low: sum.low + lhs.low)
  }

  /// self − a double.
  static func - (lhs: DoubleDouble, rhs: Double) -> DoubleDouble { lhs + (-rhs) }

  /// The negation.
  static prefix func - (operand: DoubleDouble) -> DoubleDouble {
    DoubleDouble(rawHigh: -operand.high, rawLow: -operand.low)
  }

  /// self × a double.
  static func * (lhs: DoubleDouble, rhs: Double) -> DoubleDouble {
    let product = twoProduct(lhs.high, rhs)
    return DoubleDouble(high: product.high, low: product.low + lhs.low * rhs)
  }
}

extension DoubleDouble {
  /// p(t) for ascending coefficients `c₀, c₁, …` by Horner's rule in double-double.
  ///
  /// `t` and the coefficients are taken as exact doubles; the result is accurate to about
  /// 2⁻¹⁰⁰·Σ|cᵢ||t|ⁱ, far below double rounding for the sizes the fitter handles.
  /// - Complexity: O(coefficient count).
  static func horner(ascending coefficients: [Double], at t: Double) -> DoubleDouble {
    var result = DoubleDouble(0)
    for coefficient in coefficients.reversed() {
      result = result * t + coefficient
    }
    return result
  }
}
