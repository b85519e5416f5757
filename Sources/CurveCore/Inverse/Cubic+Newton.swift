extension Cubic {
  /// The iteration cap of each phase of ``normalizedElapsedByNewton(forLevel:)``. On a
  /// monotone curve it is never reached (3–8 steps in practice); on pathological input the
  /// best iterate so far is returned.
  public static let newtonMaximumIterations = CubicInverseKernel.newtonMaximumIterations

  /// The inverse by safeguarded Newton–bisection: the t ∈ [0, 1] with f(t) = level.
  ///
  /// The bracket [lower, upper] with a sign change is always kept; a Newton step that
  /// would leave it (or is not finite) is replaced by the bracket midpoint, so there is
  /// never an unguarded step. It starts from the root of the quadratic Taylor polynomial
  /// about the nearer endpoint (a square root at a flat end), takes guarded Halley steps with
  /// plain Horner residuals while they are well above their rounding error (moving the bracket only on
  /// certain signs), then finishes with compensated residuals (twice the working
  /// precision). That last phase is what reaches full precision at flat ends, where plain
  /// residuals stop near 1e-8; it ends when a step no longer moves t, or when the step is
  /// so small that quadratic convergence makes the next iterate final.
  ///
  /// Error on a monotone curve: |t − t_ref| ≤ 1 ulp(t) + 2⁻⁵⁸ (measured maxima on the
  /// article curves ≤ 5.6e-17, i.e. correctly rounded or within a hair of it). See
  /// ``Cubic/normalizedElapsed(forLevel:method:)`` for the clamping and NaN conventions.
  /// - Complexity: typically 2–4 plain Halley steps and 1–2 compensated Newton ones (≈ 60 flops
  ///   each); at most ``newtonMaximumIterations`` of each.
  ///
  /// The computation is `CubicInverseKernel.newton`, the text generated code embeds.
  public func normalizedElapsedByNewton(forLevel level: Double) -> Double {
    CubicInverseKernel.newton(a, b, c, d, level: level)
  }
}
