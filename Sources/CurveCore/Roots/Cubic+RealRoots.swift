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
  /// The real roots of a·x³ + b·x² + c·x + d = 0 over the whole real line, ascending, each
  /// repeated by its multiplicity (a double root appears twice), in a fixed-size result that
  /// allocates nothing.
  ///
  /// Works for any finite coefficients: leading zeros reduce the degree (quadratic, linear;
  /// a non-zero constant has no roots; exact zero roots are factored out), and coefficient
  /// ranges up to 1e±300 neither overflow nor underflow, as long as the roots themselves
  /// span less than about 2¹⁰⁰⁰; roots beyond the double range are omitted.
  ///
  /// Method, in two paths:
  /// - *Fast path* (a cubic with a, d ≠ 0 and coefficients within 2⁶⁰ of each other, whose
  ///   root count the rounding errors cannot change): Viète's trigonometric form (one `acos`,
  ///   one `cos`) or Cardano's (one `cbrt`), then a Newton step with a compensated residual
  ///   per root. A root is accepted only when the step certifies full precision (the next
  ///   step would move it by less than 2⁻⁶³ relative); three roots must also be apart.
  /// - *Careful path* (everything else: multiple and close roots, near-quadratic cubics,
  ///   degenerate and extreme inputs): the coefficients are scaled by a power of two and
  ///   x = 2ᵏ·y substituted (both exact); the critical points (stable quadratic formula on
  ///   f′ with an error-free discriminant) cut the line into monotone pieces, each piece with
  ///   a sign change holds one simple root, found by safeguarded Newton–bisection with
  ///   compensated residuals. A critical point where the compensated |p| is within its error
  ///   bound (128·2⁻¹⁰⁶·Σ|cᵢ||x|ⁱ) of zero is a double root; a zero discriminant of f′ with
  ///   such a value at the inflection, or two such critical points, a triple root.
  ///
  /// Error bound: a simple root x̂ satisfies |x̂ − x| ≤ 2u·Σ|cᵢ||x|ⁱ / |p′(x)| + 1 ulp(x)
  /// (u = 2⁻⁵³; beyond 2¹⁰⁰ in the scaled variable add 2 ulp from forming 1/x), i.e. it is
  /// correct to about half an ulp unless the root is ill-conditioned (0.5 ulp measured on
  /// the 208 hard cases). The number of real roots is exact unless the polynomial is within
  /// about 2⁻⁹⁹ relatively (in its coefficients) of one with a multiple root: a reported
  /// double or triple root is an exact multiple root of such a neighbour, and the given
  /// polynomial's roots lie within about (m!·2⁻⁹⁹·Σ|cᵢ||x|ⁱ / |p⁽ᵐ⁾(x)|)^(1/m) of it.
  /// - Throws: ``RealRootsError/nonFiniteCoefficient(index:value:)`` for NaN or infinity,
  ///   ``RealRootsError/everyNumberIsARoot`` for the zero polynomial.
  /// - Complexity: O(1), no heap allocation. The fast path costs one `acos` + `cos` or one
  ///   `cbrt` and about 60 flops per root; the careful path typically 2–6 Newton steps per
  ///   root (up to ~100 when the roots span many orders of magnitude or nearly coincide).
  public func realRoots() throws(RealRootsError) -> RealRoots {
    // The fast path answers only for finite coefficients, so they are checked after it.
    let fast = RealRootSolver.fastRootsAnyScale(a, b, c, d)
    if fast.count >= 0 { return fast }
    // x − x is 0 for every finite x and NaN otherwise: one test for all four.
    guard ((a - a) + (b - b)) + ((c - c) + (d - d)) == 0 else { throw nonFiniteCoefficientError }
    guard a != 0 || b != 0 || c != 0 || d != 0 else { throw .everyNumberIsARoot }
    return RealRootSolver.carefulRoots(a, b, c, d)
  }

  /// The error naming the first non-finite coefficient.
  private var nonFiniteCoefficientError: RealRootsError {
    if !a.isFinite { return .nonFiniteCoefficient(index: 0, value: a) }
    if !b.isFinite { return .nonFiniteCoefficient(index: 1, value: b) }
    if !c.isFinite { return .nonFiniteCoefficient(index: 2, value: c) }
    return .nonFiniteCoefficient(index: 3, value: d)
  }

  /// The real roots ascending, each listed once with its multiplicity (1, 2 or 3): the
  /// runs of equal values in ``realRoots()``. See there for the method, error bound and
  /// errors.
  /// - Complexity: O(1); allocates the returned array.
  public func realRootsWithMultiplicity() throws(RealRootsError) -> [RealRoot] {
    var merged: [RealRoot] = []
    for root in try realRoots() {
      if let last = merged.last, last.value == root {
        merged[merged.count - 1].multiplicity += 1
      } else {
        merged.append(RealRoot(value: root, multiplicity: 1))
      }
    }
    return merged
  }
}
