/// A real polynomial of degree at most ``maximumDegree``, stored highest power first.
///
/// `Polynomial(coefficients: [a, b, c, d])` is a·t³ + b·t² + c·t + d, the order the
/// originating article uses and the order CurveKit uses everywhere (CLI, JSON, arrays).
/// This is the general form the fitter returns; ``Cubic`` is the fixed-size form for
/// the depletion curve itself.
public struct Polynomial: Sendable, Hashable {
  /// The highest degree CurveKit fits or checks (NIST's Filip model has degree 10).
  public static let maximumDegree = 10

  /// The coefficients, highest power first. Never empty, all finite.
  public let coefficients: [Double]

  /// Creates a polynomial from its coefficients, highest power first.
  ///
  /// Leading zeros are kept: `[0, 0, -1, 1]` is a cubic whose value is 1 − t.
  /// - Throws: ``CurveCoreError`` when the list is empty, longer than
  ///   `maximumDegree + 1`, or holds a NaN or infinity.
  public init(coefficients: [Double]) throws(CurveCoreError) {
    guard !coefficients.isEmpty else { throw .noCoefficients }
    guard coefficients.count <= Self.maximumDegree + 1 else {
      throw .degreeTooHigh(degree: coefficients.count - 1, maximum: Self.maximumDegree)
    }
    if let bad = coefficients.firstIndex(where: { !$0.isFinite }) {
      throw .nonFiniteCoefficient(index: bad, value: coefficients[bad])
    }
    self.coefficients = coefficients
  }

  /// Creates a polynomial from coefficients already known to be valid.
  @usableFromInline
  internal init(validated coefficients: [Double]) {
    self.coefficients = coefficients
  }

  /// The formal degree: the number of coefficients minus one, leading zeros included.
  @inlinable
  public var degree: Int { coefficients.count - 1 }

  /// The coefficients lowest power first (c₀, c₁, …), the order LAPACK and Bernstein
  /// conversions work in.
  public var ascendingCoefficients: [Double] { coefficients.reversed() }

  /// The value at `t` by Horner's rule, with no clamping.
  ///
  /// Error bound: |computed − exact| ≤ γ₂ₙ · Σ|cᵢ||t|ⁱ with γₖ = k·u/(1 − k·u), u = 2⁻⁵³.
  /// - Complexity: O(degree).
  @inlinable
  public func value(at t: Double) -> Double {
    var result = coefficients[0]
    for index in 1..<coefficients.count {
      result = result * t + coefficients[index]
    }
    return result
  }

  /// The first derivative, highest power first. The derivative of a constant is `[0]`.
  public func derivative() -> Polynomial {
    guard degree > 0 else { return Polynomial(validated: [0]) }
    var result: [Double] = []
    result.reserveCapacity(degree)
    for (index, coefficient) in coefficients.dropLast().enumerated() {
      result.append(coefficient * Double(degree - index))
    }
    return Polynomial(validated: result)
  }
}

extension Polynomial: CustomStringConvertible {
  /// The coefficients in shortest round-trip form, highest power first, comma separated.
  public var description: String {
    coefficients.map { "\($0)" }.joined(separator: ",")
  }
}
