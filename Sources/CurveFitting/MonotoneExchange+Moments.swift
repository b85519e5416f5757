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
  /// large integer coefficients (Σⱼ|Mₐⱼ| ≈ 2²⁴·⁵ at degree 10) amplifies the sums' own error
  /// (≤ 2⁻⁹⁴·⁷ of their size, typically about 2⁻¹⁰⁰) by at most 2⁴⁹: G is good to 2⁻⁴⁶ of
  /// S₀ in the worst case and about 2⁻⁵¹ typically, a few ulps. Then G = RᵀR (Cholesky) and
  /// r = R⁻ᵀh, so that ‖R·c − r‖² equals the objective up to a constant; `floor` (the
  /// objective's exact value at the optimum without inequalities, which callers take from the
  /// sums) is that constant. The Chebyshev Gram matrix is well conditioned for data spread
  /// over [0, 1] (κ(G) ≈ 10² at degree 10), so forming it costs little of the accuracy a QR
  /// of the data would keep; the optimality certificate is then exact for this model of the
  /// objective, which differs from the sums' own value by about 2⁻⁴⁶·Σwᵢ²yᵢ² at most.
  ///
  /// A pivot of the factorization at or below 2⁻⁴⁰ of G's largest diagonal entry (κ(G) > 10¹²,
  /// so within G's error of zero) is taken as exactly zero, with its row of R: data that leave a
  /// direction undetermined (too few distinct t, or t clustered far from part of [0, 1]) are
  /// then fitted only if the equality constraints determine it, which the reduced factor's rank
  /// test decides, as in memory.
  /// - Throws: ``MonotoneFitError/fit(_:)`` with ``FitError/rankDeficient(rank:parameters:undeterminedPowers:)``
  ///   when G is zero or not finite, or as ``init(degree:minSlope:constraints:milestones:data:rhs:floor:)``
  ///   (a direction neither the data nor the constraints determine).
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
    guard gram.allSatisfy({ $0.allSatisfy({ $0.isFinite }) }), rhsSums.allSatisfy({ $0.value.isFinite }) else {
      throw .fit(.nonFiniteResult(quantity: "the streamed monotone problem"))
    }
    let factor = Self.cholesky(gram)
    guard factor.contains(where: { $0.contains { $0 != 0 } }) else {
      throw .fit(.rankDeficient(rank: 0, parameters: size, undeterminedPowers: []))
    }
    // r = R⁻ᵀh by forward substitution (0 where the row of R is 0: h has no part there).
    var rhs = rhsSums.map({ $0.value })
    for i in 0..<size {
      guard factor[i][i] != 0 else {
        rhs[i] = 0
        continue
      }
      for k in 0..<i { rhs[i] -= factor[k][i] * rhs[k] }
      rhs[i] /= factor[i][i]
    }
    guard rhs.allSatisfy({ $0.isFinite }) else {
      throw .fit(.nonFiniteResult(quantity: "the streamed monotone problem"))
    }
    try self.init(
      degree: n, minSlope: minSlope, constraints: constraints, milestones: [], data: factor, rhs: rhs,
      floor: { _ in floor })
  }

  /// The upper-triangular R with RᵀR = `gram` (symmetric positive semidefinite): a pivot at
  /// or below 2⁻⁴⁰ of the largest diagonal entry is taken as zero, and its row of R with it.
  static func cholesky(_ gram: [[Double]]) -> [[Double]] {
    let size = gram.count
    let largest = gram.indices.map { gram[$0][$0] }.max() ?? 0
    var r = Array(repeating: Array(repeating: 0.0, count: size), count: size)
    guard largest.isFinite, largest > 0 else { return r }
    for i in 0..<size {
      var pivot = gram[i][i]
      for k in 0..<i { pivot -= r[k][i] * r[k][i] }
      guard pivot > 0x1p-40 * largest else { continue }
      r[i][i] = pivot.squareRoot()
      for j in (i + 1)..<size {
        var sum = gram[i][j]
        for k in 0..<i { sum -= r[k][i] * r[k][j] }
        r[i][j] = sum / r[i][i]
      }
    }
    return r
  }
}
