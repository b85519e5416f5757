extension Cubic {
  /// The iteration cap of ``normalizedElapsedByNewton(forLevel:)``; a bracket halving
  /// is taken whenever a Newton step would leave the bracket, so 64 + 1074 steps would
  /// always suffice, and in practice 3–8 are used.
  public static let newtonMaximumIterations = 200

  /// The inverse by safeguarded Newton–bisection: the t ∈ [0, 1] with f(t) = level.
  ///
  /// The bracket [lower, upper] with a sign change is always kept; a Newton step that
  /// would leave it (or is not finite) is replaced by the bracket midpoint, so there is
  /// never an unguarded step. Residuals f(t) − level are compensated (twice the working
  /// precision), which is what lets it reach full precision at flat ends, where plain
  /// residuals stop near 1e-8. It starts from the quadratic Taylor root about the nearer
  /// endpoint, and stops when a step no longer moves t.
  ///
  /// Error on a monotone curve: |t − t_ref| ≤ 1 ulp(t) + 2⁻⁵⁸ (measured maxima on the
  /// article curves ≤ 1.2e-16). See ``Cubic/normalizedElapsed(forLevel:method:)`` for the
  /// clamping and NaN conventions.
  /// - Complexity: typically 3–8 iterations, each one compensated Horner (≈ 70 flops).
  public func normalizedElapsedByNewton(forLevel level: Double) -> Double {
    let orientation: Double
    switch inverseBracket(forLevel: level) {
    case .answer(let t): return t
    case .interior(let sign): orientation = sign
    }
    var lower = 0.0
    var upper = 1.0
    var t = inverseSeed(forLevel: level)
    if !(t > lower && t < upper) { t = 0.5 }
    var best = t
    var bestResidual = Double.infinity
    for _ in 0..<Cubic.newtonMaximumIterations {
      let residual = orientation * compensatedResidual(at: t, level: level)
      if abs(residual) < bestResidual {
        best = t
        bestResidual = abs(residual)
      }
      if residual == 0 { return t }
      if residual < 0 { lower = t } else { upper = t }
      let next = t - residual / (orientation * slope(at: t))
      if next == t { return nearerNeighbour(t, residual: residual, orientation: orientation, level: level) }
      if next >= lower && next <= upper {
        t = next
      } else {
        let mid = lower + (upper - lower) * 0.5
        if !(mid > lower && mid < upper) { break }
        t = mid
      }
    }
    // The bracket has collapsed to adjacent doubles: return the one nearer the root.
    for end in [lower, upper] where abs(compensatedResidual(at: end, level: level)) < bestResidual {
      best = end
      bestResidual = abs(compensatedResidual(at: end, level: level))
    }
    return best
  }

  /// At convergence the Newton step is below half an ulp, but at a flat point an
  /// inaccurate slope can stop one ulp short: keep t or take its neighbour towards the
  /// root, whichever has the smaller compensated residual (when the root lies between).
  @inlinable
  func nearerNeighbour(_ t: Double, residual: Double, orientation: Double, level: Double) -> Double {
    let neighbour = residual > 0 ? t.nextDown : t.nextUp
    guard neighbour >= 0 && neighbour <= 1 else { return t }
    let other = orientation * compensatedResidual(at: neighbour, level: level)
    let straddles = other == 0 || (other > 0) != (residual > 0)
    return straddles && abs(other) < abs(residual) ? neighbour : t
  }
}
