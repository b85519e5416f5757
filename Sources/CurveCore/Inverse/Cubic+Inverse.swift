extension Cubic {
  /// The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`.
  ///
  /// The reference answer is the exact root of f(t) = level for the cubic with these
  /// exact double coefficients and this exact double level, clamped to [0, 1]: a level
  /// at or beyond f(0) gives 0 and one at or beyond f(1) gives 1. The curve should be
  /// monotone on [0, 1] (either direction); on a non-monotone curve every method but
  /// `bisection` still returns a root in [0, 1] when f(0) and f(1) bracket the level,
  /// but not necessarily the first one. A NaN level returns NaN (except `bisection`,
  /// which keeps the article's clamping and returns 0).
  ///
  /// See ``InverseMethod`` for each method's accuracy and cost; for many levels on one
  /// curve build a ``CubicInverseTable`` once instead.
  /// - Parameters:
  ///   - level: the wanted level.
  ///   - method: the strategy, `.auto` (full precision: one compensated residual at a
  ///     close seed, then plain steps; `newton` where those are not final) by default.
  @inlinable
  public func normalizedElapsed(forLevel level: Double, method: InverseMethod = .auto) -> Double {
    switch method {
    case .auto:
      return CubicInverseKernel.oneOffInverse(a, b, c, d, level: level)
    case .newton:
      return normalizedElapsedByNewton(forLevel: level)
    case .bisection:
      return normalizedElapsedByBisection(forLevel: level)
    case .cardano:
      return normalizedElapsedByCardano(forLevel: level)
    case .table:
      // The precomputed table and nothing else: no silent substitute when it cannot be built.
      guard let table = try? CubicInverseTable(self) else { return .nan }
      return table.normalizedElapsed(forLevel: level)
    }
  }
}
