/// The optional polish step applied to the closed-form root.
public enum CardanoPolish: String, Sendable, Hashable, CaseIterable {
  /// The raw closed-form root.
  case none
  /// One Newton step with a compensated residual.
  case newton
  /// One Halley step with a compensated residual (cubically convergent).
  case halley
}

extension Cubic {
  /// The inverse by the closed form: the t ∈ [0, 1] with f(t) = level.
  ///
  /// Solves a·t³ + b·t² + c·t + (d − level) = 0 by Viète's trigonometric form (three real
  /// roots), the hyperbolic sinh form (one real root, Q < 0) or Cardano's form with the
  /// larger-magnitude cube root u and v = −p/(3u) (one real root, Q > 0), with separate
  /// near-quadratic (|a| < 2⁻²⁰·max(|b|, |c|)) and linear paths, and candidates for both
  /// members of a near-double root. The candidate in [0, 1] with the smallest
  /// compensated residual is chosen, then polished once and clamped.
  ///
  /// Error: with the default Halley polish, ≤ 2 ulp where |f′| is not small (measured
  /// maxima in the "Accuracy" and "Choosing an inverse" articles); near a flat end the closed form is only good to about √ε and
  /// a single polish step does not always recover full precision, which is why `auto`
  /// does not use this method. Clamping and NaN conventions as in
  /// ``Cubic/normalizedElapsed(forLevel:method:)``.
  /// - Parameters:
  ///   - level: the wanted level.
  ///   - polish: the single refinement step, `.halley` by default.
  /// - Complexity: O(1): one cbrt or acos plus up to three cos, then one compensated
  ///   residual per candidate and per polish step.
  /// The computation is `CubicInverseKernel.cardano`, the text generated code embeds.
  public func normalizedElapsedByCardano(forLevel level: Double, polish: CardanoPolish = .halley) -> Double {
    let kernelPolish: CubicInverseKernel.Polish
    switch polish {
    case .none: kernelPolish = .none
    case .newton: kernelPolish = .newton
    case .halley: kernelPolish = .halley
    }
    return CubicInverseKernel.cardano(a, b, c, d, level: level, polish: kernelPolish)
  }
}
