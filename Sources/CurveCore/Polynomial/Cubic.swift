/// The depletion cubic f(t) = a·t³ + b·t² + c·t + d, with the article's field names.
///
/// A depletion curve has f(0) = 1, f(1) = 0 and is non-increasing on [0, 1]; this type
/// does not enforce that (see the monotonicity check), so it can also describe any cubic.
@frozen
public struct Cubic: Sendable, Hashable {
  /// The t³ coefficient.
  public var a: Double
  /// The t² coefficient.
  public var b: Double
  /// The t coefficient.
  public var c: Double
  /// The constant term, the level at t = 0.
  public var d: Double

  /// Creates the cubic a·t³ + b·t² + c·t + d.
  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }

  /// Creates a cubic from a polynomial of degree at most three, padding missing
  /// high-order coefficients with zero.
  /// - Throws: ``CurveCoreError/notACubic(degree:)`` for a higher degree.
  public init(_ polynomial: Polynomial) throws(CurveCoreError) {
    try self.init(coefficients: polynomial.coefficients)
  }

  /// Creates a cubic from one to four coefficients, highest power first; fewer than four are
  /// padded with leading zeros (`[c, d]` is the line c·t + d).
  /// - Throws: ``CurveCoreError/noCoefficients`` for an empty list,
  ///   ``CurveCoreError/notACubic(degree:)`` for more than four,
  ///   ``CurveCoreError/nonFiniteCoefficient(index:value:)`` for NaN or infinity.
  public init(coefficients: [Double]) throws(CurveCoreError) {
    guard !coefficients.isEmpty else { throw .noCoefficients }
    guard coefficients.count <= 4 else { throw .notACubic(degree: coefficients.count - 1) }
    if let bad = coefficients.firstIndex(where: { !$0.isFinite }) {
      throw .nonFiniteCoefficient(index: bad, value: coefficients[bad])
    }
    let padded = Array(repeating: 0.0, count: 4 - coefficients.count) + coefficients
    self.init(a: padded[0], b: padded[1], c: padded[2], d: padded[3])
  }

  /// The coefficients highest power first: `[a, b, c, d]`.
  public var coefficients: [Double] { [a, b, c, d] }

  /// The same curve as a general ``Polynomial`` (degree 3, leading zeros kept).
  public var polynomial: Polynomial { Polynomial(validated: coefficients) }

  /// True when every coefficient is finite.
  @inlinable
  public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite }

  /// The article's level function: clamps `normalizedElapsed` to [0, 1], then evaluates
  /// `((a·t + b)·t + c)·t + d` by Horner's rule with separate multiply and add.
  ///
  /// This exact operation sequence is the contract the generated code reproduces bit
  /// for bit. A NaN input clamps to 1 (Swift's `min(1, .nan)` is 1), so it yields f(1).
  /// The clamp is the article's `max(0, min(1, t))`, written as
  /// ``clampedNormalizedElapsed(_:)`` so it vectorizes (bit-identical for every input,
  /// −0.0 and NaN included).
  ///
  /// Error bound: at most γ₆·(|a|t³ + |b|t² + |c|t + |d|) from the exact value,
  /// with γ₆ ≈ 6.7e-16; for the article's curves that is below 1.4e-15.
  @inlinable
  public func level(forNormalizedElapsed normalizedElapsed: Double) -> Double {
    let t = Self.clampedNormalizedElapsed(normalizedElapsed)
    return ((a * t + b) * t + c) * t + d
  }
}

extension Cubic: CustomStringConvertible {
  /// `a,b,c,d` in shortest round-trip form, the format `--coefficients` accepts.
  public var description: String { "\(a),\(b),\(c),\(d)" }
}
