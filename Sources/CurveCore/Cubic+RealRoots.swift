/// A real root of a polynomial and how many times it is repeated.
public struct RealRoot: Sendable, Hashable, CustomStringConvertible {
  /// The root.
  public var value: Double
  /// Its multiplicity: 1 (simple), 2 (double) or 3 (triple).
  public var multiplicity: Int

  /// Creates a root with a multiplicity.
  public init(value: Double, multiplicity: Int) {
    self.value = value
    self.multiplicity = multiplicity
  }

  /// `value` in shortest round-trip form, then `×multiplicity` when above 1.
  public var description: String { multiplicity > 1 ? "\(value)×\(multiplicity)" : "\(value)" }
}

/// Why the real roots of a cubic cannot be listed.
public enum RealRootsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A coefficient is NaN or infinite. `index` counts from the highest power (0 = a).
  case nonFiniteCoefficient(index: Int, value: Double)
  /// Every coefficient is zero, so every real number is a root.
  case everyNumberIsARoot

  /// One line naming the offending coefficients.
  public var description: String {
    switch self {
    case .nonFiniteCoefficient(let index, let value):
      return "coefficient \(index) (highest power first) is \(value), not a finite number"
    case .everyNumberIsARoot:
      return "the coefficients 0,0,0,0 describe the zero polynomial: every real number is a root"
    }
  }
}

extension Cubic {
  /// The real roots of a·x³ + b·x² + c·x + d = 0 over the whole real line, ascending,
  /// each listed once with its multiplicity.
  ///
  /// Works for any finite coefficients: leading zeros reduce the degree (quadratic,
  /// linear; a non-zero constant has no roots; exact zero roots are factored out), the
  /// coefficients are scaled by a power of two and x = 2ᵏ·y is substituted with k chosen so
  /// the coefficients' exponents spread least (both exact), and evaluation switches to the
  /// reversed polynomial in 1/y beyond |y| = 2¹⁰⁰. So coefficient ranges up to 1e±300
  /// neither overflow nor underflow, as long as the roots themselves span less than about
  /// 2¹⁰⁰⁰; roots beyond the double range are omitted.
  ///
  /// Method: the critical points (stable quadratic formula on f′) cut the line into
  /// monotone pieces; each piece with a sign change holds one simple root, found by
  /// safeguarded Newton–bisection with compensated residuals, seeded by the closed form.
  /// A critical point where |p| is within 8u·Σ|cᵢ||x|ⁱ of zero is a double root; two
  /// such points (or a zero discriminant of f′ with such a value at the inflection) make
  /// a triple root at the inflection −b/(3a).
  ///
  /// Error bound: a simple root x̂ satisfies |x̂ − x| ≤ 2u·Σ|cᵢ||x|ⁱ / |p′(x)| + 1 ulp(x)
  /// (u = 2⁻⁵³; beyond 2¹⁰⁰ add 2 ulp from forming 1/x), i.e. it is correct to about an ulp
  /// unless the root is ill-conditioned. A reported double or triple root is an exact
  /// multiple root of a polynomial whose coefficients differ from the given ones by at
  /// most about 8u relatively; the given polynomial's roots then lie within about
  /// (m!·8u·Σ|cᵢ||x|ⁱ / |p⁽ᵐ⁾(x)|)^(1/m) of it (≈ 1e-8 for m = 2, ≈ 1e-5 for m = 3,
  /// relative) and may be a close complex pair.
  /// - Throws: ``RealRootsError/nonFiniteCoefficient(index:value:)`` for NaN or infinity,
  ///   ``RealRootsError/everyNumberIsARoot`` for the zero polynomial.
  /// - Complexity: O(1); typically 2–6 Newton steps per root (up to ~100 when the roots
  ///   span many orders of magnitude and the closed-form seed fails).
  public func realRootsWithMultiplicity() throws(RealRootsError) -> [RealRoot] {
    let coefficients = [a, b, c, d]
    if let bad = coefficients.firstIndex(where: { !$0.isFinite }) {
      throw .nonFiniteCoefficient(index: bad, value: coefficients[bad])
    }
    guard coefficients.contains(where: { $0 != 0 }) else { throw .everyNumberIsARoot }
    return RealRootSolver.roots(of: coefficients)
  }

  /// The real roots ascending, each repeated by its multiplicity (a double root appears
  /// twice). See ``realRootsWithMultiplicity()`` for the method, error bound and errors.
  public func realRoots() throws(RealRootsError) -> [Double] {
    try realRootsWithMultiplicity().flatMap { Array(repeating: $0.value, count: $0.multiplicity) }
  }
}
