// The inverse's and root finder's compensated residuals, built on ErrorFree
// (ErrorFreeTransformations.swift): fma-free, so they stay inline on a plain x86-64 build.

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
    var sum = c0
    var correction = 0.0
    compensatedHornerStep(&sum, &correction, x, c1)
    compensatedHornerStep(&sum, &correction, x, c2)
    compensatedHornerStep(&sum, &correction, x, c3)
    return (sum, correction)
  }
}

extension Cubic {
  /// f(t) − level evaluated by compensated Horner: accurate to about
  /// u·|f(t) − level| + γ²₆·(|a|t³ + |b|t² + |c|t + |d|), so its sign is reliable
  /// except within ~1e-31 of a root. No clamping.
  @inlinable
  func compensatedResidual(at t: Double, level: Double) -> Double {
    let (hi, lo) = ErrorFree.compensatedHorner(a, b, c, d, at: t)
    let (difference, error) = ErrorFree.twoSum(hi, -level)
    return difference + (error + lo)
  }

  /// f″(t) = 6a·t + 2b.
  @inlinable
  func curvature(at t: Double) -> Double {
    6 * a * t + 2 * b
  }
}
