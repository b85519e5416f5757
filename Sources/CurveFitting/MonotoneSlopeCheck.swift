@_spi(CurveKitTooling) import CurveCore

/// The one decision whether a polynomial satisfies f′(t) ≤ −s on all of [0, 1]: always
/// ``Verdict/holds`` or ``Verdict/fails(t:slope:)``, exact about the double coefficients.
///
/// Fast bounds decide almost every curve; whatever they leave within rounding of the bound
/// is decided in exact arithmetic, so no caller ever meets an "undecided" answer. For a
/// cubic the derivative g(t) = f′(t) + s is a quadratic; in the Bernstein basis on [0, 1],
/// g = q₀(1−t)² + 2q₁t(1−t) + q₂t² with q₀ = c + s, q₁ = c + b + s, q₂ = 3a + 2b + c + s
/// for f = at³ + bt² + ct + d, and g ≤ 0 on [0, 1] exactly when q₀ ≤ 0, q₂ ≤ 0 and
/// (q₁ ≤ 0 or q₁² ≤ q₀q₂). Every quantity is computed with a running rounding-error bound,
/// so ``Verdict/holds`` and ``Verdict/fails(t:slope:)`` are proofs about the double
/// coefficients. Curves within a few ulps of the boundary are decided in exact arithmetic.
/// Higher degrees use Bernstein subdivision with the same bounds, then CurveCore's exact
/// `Polynomial.slopeExceedance(negativeOf:)` (a Sturm sequence of f′ + s) when a touch point
/// is within rounding.
///
/// - Complexity: O(1) for degree ≤ 3; a few dozen subdivision cells at higher degree, and
///   about a millisecond (degree 10) when the exact decision is needed.
public enum MonotoneSlopeCheck {
  /// The outcome of ``check(_:minSlope:)``.
  public enum Verdict: Sendable, Hashable {
    /// f′ ≤ −s holds on [0, 1] (proved).
    case holds
    /// f′ > −s somewhere on [0, 1] (proved); `t` is a point of that region and `slope` is
    /// f′(t). At `t` itself f′(t) > −s is proved too, except when the region is narrower
    /// than the spacing of doubles (the exact decision's unverified witness).
    case fails(t: Double, slope: Double)
  }

  /// Decides f′(t) ≤ −`minSlope` on [0, 1].
  ///
  /// Degree ≤ 3 uses the closed form above; higher degrees use Bernstein subdivision of
  /// f′ + s with the same error bounds, and the exact decision where it stops short.
  public static func check(_ polynomial: Polynomial, minSlope: Double = 0) -> Verdict {
    guard let cubic = try? Cubic(polynomial) else {
      if let verdict = checkBySubdivision(polynomial, minSlope: minSlope) { return verdict }
      guard let witness = polynomial.slopeExceedance(negativeOf: minSlope) else { return .holds }
      return .fails(t: witness.t, slope: witness.slope)
    }
    let (c, b, a) = (Bounded(cubic.c), Bounded(cubic.b), Bounded(cubic.a))
    let s = Bounded(minSlope)
    let q0 = c + s
    let q1 = c + b + s
    let q2 = a * 3 + b * 2 + c + s
    let proved =
      q0.upper <= 0 && q2.upper <= 0
      && (q1.upper <= 0 || q1.upper * q1.upper * (1 + 8 * Bounded.unit) <= q0.upper.magnitude * q2.upper.magnitude)
    if proved { return .holds }
    // Not proved: find the largest slope among t = 0, t = 1 and the vertex.
    var candidates: [Double] = [0, 1]
    let quadratic = 3 * cubic.a
    if quadratic < 0 {
      let vertex = -(2 * cubic.b) / (2 * quadratic)
      if vertex > 0 && vertex < 1 { candidates.append(vertex) }
    }
    var best = (t: 0.0, value: Bounded(-Double.infinity))
    for t in candidates {
      let value = slopeBound(a: a, b: b, c: c, at: t) + s
      if value.value > best.value.value { best = (t, value) }
    }
    let slope = best.value.value - minSlope
    if best.value.lower > 0 { return .fails(t: best.t, slope: slope) }
    // Within rounding of the boundary: decide the same inequalities in exact arithmetic.
    return Self.holdsExactly(cubic, minSlope: minSlope) ? .holds : .fails(t: best.t, slope: slope)
  }

  /// The Bernstein conditions above in exact dyadic arithmetic on the double coefficients:
  /// q₀ ≤ 0, q₂ ≤ 0 and (q₁ ≤ 0 or q₁² ≤ q₀q₂). Used only when the bounded check cannot
  /// decide.
  static func holdsExactly(_ cubic: Cubic, minSlope: Double) -> Bool {
    let (a, b, c) = (DyadicRational(cubic.a), DyadicRational(cubic.b), DyadicRational(cubic.c))
    let s = DyadicRational(minSlope)
    let q0 = c + s
    let q1 = c + b + s
    let q2 = a * DyadicRational(3) + b * DyadicRational(2) + c + s
    guard q0.signum <= 0, q2.signum <= 0 else { return false }
    return q1.signum <= 0 || (q0 * q2 - q1 * q1).signum >= 0
  }

  /// f′(t) = (3a·t + 2b)·t + c with its rounding-error bound.
  static func slopeBound(a: Bounded, b: Bounded, c: Bounded, at t: Double) -> Bounded {
    let tt = Bounded(t)
    return (a * 3 * tt + b * 2) * tt + c
  }
}

/// A double with a bound on its distance from the exact value it stands for:
/// |exact − value| ≤ error. Each operation adds the rounding of its own result.
struct Bounded {
  /// The unit roundoff of Double, 2⁻⁵³.
  static let unit = Double.ulpOfOne / 2
  /// The computed value.
  var value: Double
  /// A bound on |exact − value|.
  var error: Double

  /// An exact double.
  init(_ value: Double) {
    self.value = value
    error = 0
  }

  /// `value` with error bound `error`, inflated slightly so that the rounding of the bound
  /// itself is covered (an exact zero bound stays zero).
  init(value: Double, error: Double) {
    self.value = value
    self.error = error * (1 + 4 * Bounded.unit)
  }

  /// value + error: an upper bound on the exact value.
  var upper: Double { value + error * (1 + 2 * Bounded.unit) }
  /// value − error: a lower bound on the exact value.
  var lower: Double { value - error * (1 + 2 * Bounded.unit) }

  /// A sum: doubles add without underflow loss, so |sum|·u bounds the rounding.
  static func + (lhs: Bounded, rhs: Bounded) -> Bounded {
    let sum = lhs.value + rhs.value
    return Bounded(value: sum, error: lhs.error + rhs.error + sum.magnitude * unit)
  }

  static func * (lhs: Bounded, rhs: Bounded) -> Bounded {
    let product = lhs.value * rhs.value
    let propagated = lhs.value.magnitude * rhs.error + rhs.value.magnitude * lhs.error + lhs.error * rhs.error
    // Below the normal range the rounding is absolute (at most half the smallest subnormal);
    // a zero operand makes the product exactly zero.
    let exactZero = lhs.value == 0 || rhs.value == 0
    let underflow = product.magnitude < Double.leastNormalMagnitude && !exactZero ? Double.leastNonzeroMagnitude : 0
    return Bounded(value: product, error: propagated + product.magnitude * unit + underflow)
  }

  static func * (lhs: Bounded, rhs: Double) -> Bounded { lhs * Bounded(rhs) }
}
