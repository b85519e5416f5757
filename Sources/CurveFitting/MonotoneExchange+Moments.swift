@_spi(CurveKitTooling) import CurveCore

// The exchange method's reduced problem from streamed data: the power sums of MomentSums
// (double-double, fixed order) turned into the Gram matrix of the shifted Chebyshev basis,
// factored by Cholesky. Nothing here depends on the number of points, the CPU or BLAS.

extension MonotoneExchange {
  /// The reduced problem of streamed data from its power sums.
  ///
  /// In the shifted Chebyshev basis Tₐ(2t − 1) = Σⱼ Mₐⱼtʲ (integer Mₐⱼ), the normal equations
  /// are G·c = h with Gₐᵦ = Σⱼₖ Mₐⱼ·Mᵦₖ·Sⱼ₊ₖ and hₐ = Σⱼ Mₐⱼ·Tⱼ. Both are summed in
  /// double-double from the sums and rounded once, so the cancellation between the basis's
  /// large integer coefficients (up to 2²¹ at degree 10) costs about 2⁻¹⁰⁰·2⁴² of the sums,
  /// far below the rounding of G itself. Then G = RᵀR (Cholesky) and r = R⁻ᵀh, so that
  /// ‖R·c − r‖² equals the objective up to a constant; `floor` (the objective's exact value
  /// at the optimum without inequalities, which callers take from the sums) is that constant.
  /// The Chebyshev Gram matrix is well conditioned for data spread over [0, 1] (κ(G) ≈ 10²
  /// at degree 10), so forming it costs little of the accuracy a QR of the data would keep.
  /// - Throws: ``MonotoneFitError/fit(_:)`` with ``FitError/rankDeficient(rank:parameters:undeterminedPowers:)``
  ///   when G is not positive definite in double precision, or as ``init(degree:minSlope:constraints:milestones:data:rhs:floor:)``.
  /// - Complexity: O(n⁴) for the Gram matrix of degree n (about 15 000 double-double
  ///   operations at degree 10), O(n³) for the factor.
  init(moments: Moments, constraints: [FitConstraint], minSlope: Double, floor: Double) throws(MonotoneFitError) {
    let n = moments.degree
    let size = n + 1
    let basis = ShiftedChebyshev.monomialRows
    // Pₐₘ = Σⱼ Mₐⱼ·Sⱼ₊ₘ, then Gₐᵦ = Σₖ Mᵦₖ·Pₐₖ; hₐ = Σⱼ Mₐⱼ·Tⱼ.
    var partial = Array(repeating: Array(repeating: DoubleDouble(0), count: size), count: size)
    var rhsSums = Array(repeating: DoubleDouble(0), count: size)
    for a in 0..<size {
      for (j, entry) in basis[a].enumerated() where entry != 0 {
        for m in 0..<size { partial[a][m] = partial[a][m] + moments.powers[j + m] * entry }
        rhsSums[a] = rhsSums[a] + moments.cross[j] * entry
      }
    }
    var gram = Array(repeating: Array(repeating: 0.0, count: size), count: size)
    for a in 0..<size {
      for b in a..<size {
        var sum = DoubleDouble(0)
        for (k, entry) in basis[b].enumerated() where entry != 0 { sum = sum + partial[a][k] * entry }
        gram[a][b] = sum.value
        gram[b][a] = sum.value
      }
    }
    let (factor, rank) = Self.cholesky(gram)
    guard rank == size else { throw .fit(.rankDeficient(rank: rank, parameters: size, undeterminedPowers: [])) }
    // r = R⁻ᵀh by forward substitution.
    var rhs = rhsSums.map(\.value)
    for i in 0..<size {
      for k in 0..<i { rhs[i] -= factor[k][i] * rhs[k] }
      rhs[i] /= factor[i][i]
    }
    guard rhs.allSatisfy(\.isFinite) else { throw .fit(.nonFiniteResult(quantity: "the streamed monotone problem")) }
    try self.init(
      degree: n, minSlope: minSlope, constraints: constraints, milestones: [], data: factor, rhs: rhs,
      floor: { _ in floor })
  }

  /// The upper-triangular R with RᵀR = `gram`, and the number of pivots found positive (above
  /// 10⁻²⁶ of the largest diagonal entry: the square of the exchange's own rank test); R is
  /// complete only when that is the size.
  static func cholesky(_ gram: [[Double]]) -> (factor: [[Double]], rank: Int) {
    let size = gram.count
    let largest = gram.indices.map { gram[$0][$0] }.max() ?? 0
    var r = Array(repeating: Array(repeating: 0.0, count: size), count: size)
    guard largest.isFinite, largest > 0 else { return (r, 0) }
    for i in 0..<size {
      var pivot = gram[i][i]
      for k in 0..<i { pivot -= r[k][i] * r[k][i] }
      guard pivot > 1e-26 * largest else { return (r, i) }
      r[i][i] = pivot.squareRoot()
      for j in (i + 1)..<size {
        var sum = gram[i][j]
        for k in 0..<i { sum -= r[k][i] * r[k][j] }
        r[i][j] = sum / r[i][i]
      }
    }
    return (r, size)
  }
}
