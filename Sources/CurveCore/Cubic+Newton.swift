extension Cubic {
  /// The iteration cap of ``normalizedElapsedByNewton(forLevel:)``; a bracket halving
  /// is taken whenever a Newton step would leave the bracket, so 64 + 1074 steps would
  /// always suffice, and in practice 3–8 are used.
  public static let newtonMaximumIterations = CubicInverseKernel.newtonMaximumIterations

  /// The inverse by safeguarded Newton–bisection: the t ∈ [0, 1] with f(t) = level.
  ///
  /// The bracket [lower, upper] with a sign change is always kept; a Newton step that
  /// would leave it (or is not finite) is replaced by the bracket midpoint, so there is
  /// never an unguarded step. Residuals f(t) − level are compensated (twice the working
  /// precision), which is what lets it reach full precision at flat ends, where plain
  /// residuals stop near 1e-8. It starts from the quadratic Taylor root about the nearer
  /// endpoint, stops when a step no longer moves t, and then keeps t or its neighbour,
  /// whichever has the smaller compensated residual.
  ///
  /// Error on a monotone curve: |t − t_ref| ≤ 1 ulp(t) + 2⁻⁵⁸ (measured maxima on the
  /// article curves ≤ 1.2e-16). See ``Cubic/normalizedElapsed(forLevel:method:)`` for the
  /// clamping and NaN conventions.
  /// - Complexity: typically 3–8 iterations, each one compensated Horner (≈ 70 flops).
  /// The computation is ``CubicInverseKernel`` `newton`, the text generated code embeds.
  public func normalizedElapsedByNewton(forLevel level: Double) -> Double {
    CubicInverseKernel.newton(a, b, c, d, level: level)
  }
}
