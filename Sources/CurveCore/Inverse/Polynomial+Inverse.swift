/// The article's level and its inverse for a polynomial of any degree CurveKit fits (1…10).
extension Polynomial {
  /// The article's level function for any degree: clamps `normalizedElapsed` to [0, 1]
  /// (NaN clamps to 1), then evaluates by Horner's rule, r ← c₀, r ← r·t + cᵢ.
  ///
  /// For a cubic this is bit for bit ``Cubic/level(forNormalizedElapsed:)`` (leading zero
  /// coefficients included), and generated code for any degree runs the same operations.
  /// Error bound: γ₂ₙ·Σ|cᵢ|tⁱ, with γₖ = k·u/(1 − k·u), u = 2⁻⁵³.
  /// - Complexity: O(degree).
  @inlinable
  public func level(forNormalizedElapsed normalizedElapsed: Double) -> Double {
    CubicInverseKernel.clampedHorner(coefficients, normalizedElapsed)
  }

  /// The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`, for any degree.
  ///
  /// A polynomial of degree ≤ 3 is a ``Cubic``, and this is
  /// ``Cubic/normalizedElapsed(forLevel:method:)`` with the same method. For degree 4 to 10:
  /// - `.auto` and `.newton` are one solver, safeguarded Newton–bisection with compensated
  ///   residuals (`CubicInverseKernel.newton` on the coefficient array), then the nearest
  ///   double by residual. Error on a monotone curve: ≤ ½ ulp(t) + γ₂ₙ²·S/|f′(t)| with
  ///   S = Σ|cᵢ|tⁱ + |level|, so within 1e-15 wherever |f′| is not tiny. Where f′ vanishes, with
  ///   f − level ≈ k·(t − t*)ᵐ near the root t*, the residual's own error ε ≤ γ₂ₙ²·S limits it
  ///   to about (ε/|k|)^(1/m) + ½ ulp(t): ≈ 1e-15 at a flat end (m = 2) and ≈ 1e-10 at a flat
  ///   point of order m = 3, for |k| ≈ 1. Measured against a 60-digit mpmath fixture on seven
  ///   curves of degree 4 to 10 (`PolynomialInverseTests`): ≤ 5.6e-17 away from flat points;
  ///   at them ≤ 4.5e-16 (m = 2) and 6.4e-12 (the m = 3 ends of 1 − smootherstep, tiny levels).
  /// - `.bisection` is the article's bisection on this polynomial (32 halvings, the same early
  ///   returns), error ≈ 1.2e-10.
  /// - `.cardano` (a closed form for cubics) and `.table` (a ``CubicInverseTable``) do not
  ///   exist for higher degrees: they return NaN (see ``InverseMethod/isAvailable(forDegree:)``).
  ///
  /// Levels at or beyond f(0) give 0 and at or beyond f(1) give 1; a NaN level gives NaN
  /// (the article's bisection keeps its clamping and gives 0).
  /// - Complexity: degree ≤ 3 as for ``Cubic``; above, typically 5–10 Horner passes of O(n).
  public func normalizedElapsed(forLevel level: Double, method: InverseMethod = .auto) -> Double {
    if degree <= 3, let cubic = try? Cubic(self) { return cubic.normalizedElapsed(forLevel: level, method: method) }
    switch method {
    case .auto, .newton:
      return CubicInverseKernel.newton(coefficients, level: level)
    case .bisection:
      return CubicInverseKernel.bisection(coefficients, level, iterations: Cubic.articleBisectionIterations)
    case .cardano, .table:
      return .nan
    }
  }
}

extension InverseMethod {
  /// Whether the method exists for a curve of `degree`: every method up to degree 3; above
  /// it, `auto`, `newton` and `bisection` (`cardano` is a closed form for cubics and `table`
  /// a ``CubicInverseTable``).
  public func isAvailable(forDegree degree: Int) -> Bool {
    degree <= 3 || (self != .cardano && self != .table)
  }
}
