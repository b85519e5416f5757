// The root finder's and table builder's compensated Horner: the inverse kernel's own
// (CubicInverseKernel+Residual.swift), so the library and generated code evaluate
// residuals with the same operations.

extension ErrorFree {
  /// The value of the polynomial with `coefficients` (highest power first) at x, as an
  /// unevaluated sum hi + lo (compensated Horner, Graillat–Langlois–Louvet 2005).
  ///
  /// Error: |hi + lo − p(x)| ≤ γ²₂ₙ · Σ|cᵢ||x|ⁱ (n the degree), i.e. as accurate as Horner
  /// in twice the working precision.
  @inlinable
  static func compensatedHorner(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, at x: Double)
    -> (hi: Double, lo: Double)
  {
    CubicInverseKernel.compensatedHorner(c0, c1, c2, c3, at: x)
  }
}
