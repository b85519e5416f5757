extension Cubic {
  /// The iteration count of the originating article's bisection (`maxIterations`).
  public static let articleBisectionIterations = 32

  /// The article's inverse, reproduced bit for bit: the t in [0, 1] at which the curve
  /// reaches `targetLevel`, found by bisection.
  ///
  /// The algorithm, exactly as published:
  /// 1. clamp the level to [0, 1] (`max(0, min(1, level))`, so NaN becomes 1);
  /// 2. a level ≥ 0.999999 returns 0 and a level ≤ 0.000001 returns 1;
  /// 3. `iterations` times: `mid = (lower + upper) * 0.5`; if `level(forNormalizedElapsed: mid)`
  ///    is greater than the level, `lower = mid`, else `upper = mid`;
  /// 4. return `(lower + upper) * 0.5`.
  ///
  /// It assumes a curve decreasing from 1 to 0. Every midpoint is an exact dyadic
  /// k/2ⁿ, so the result only depends on the comparisons.
  ///
  /// Error (32 iterations): |t − t_ref| ≤ 2⁻³³ ≈ 1.16e-10 plus the level-evaluation error
  /// divided by |f′|, except for the early returns: near a flat end they return the
  /// endpoint for every level within 1e-6 of it; on ``ArticleCurve/steepStart``
  /// (f′(1) = 0) that is an error of up to 8.17e-4 in t (√(1e-6/1.5)·(1 + …)); at a
  /// non-flat end it is 1e-6/|f′|.
  ///
  /// - Parameters:
  ///   - targetLevel: the wanted level.
  ///   - iterations: the number of halvings, ``articleBisectionIterations`` by default.
  /// - Complexity: `iterations` Horner evaluations. The computation is
  ///   `CubicInverseKernel.bisection`, the text generated code embeds.
  @inlinable
  public func normalizedElapsedByBisection(
    forLevel targetLevel: Double,
    iterations: Int = Cubic.articleBisectionIterations
  ) -> Double {
    CubicInverseKernel.bisection(a, b, c, d, targetLevel, iterations: iterations)
  }
}
