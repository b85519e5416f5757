extension LeastSquaresFitter {
  /// The largest ‖R‖_F·‖R⁻¹‖_F for which ``fullRankFactorization(_:)`` accepts the
  /// pivoted QR without `dgelsy`'s rank decision: six orders of magnitude inside
  /// 1 / ``rankTolerance``.
  static let clearlyFullRankBound = 1e-6 / rankTolerance

  /// The pivoted QR of `a` (rows ≥ columns) with its effective rank, as
  /// `LAPACK.gelsy(a, rhs: [], rcond: rankTolerance)` returns it, at the cost of `dgeqp3`
  /// alone when the answer is clear.
  ///
  /// `dgelsy` is `dgeqp3` followed by a rank decision: it keeps k columns while its
  /// incremental estimate of κ₂ of the leading k × k block of R stays below 1/rcond. That
  /// estimate never exceeds κ₂(R) (it bounds σ_max from below and σ_min from above, and
  /// leading blocks are no worse conditioned than R), and κ₂(R) ≤ ‖R‖_F·‖R⁻¹‖_F. So when
  /// that bound is at most ``clearlyFullRankBound``, `dgelsy` would report full rank with the
  /// same R and pivots, and this returns them. Otherwise (nearly or truly rank deficient,
  /// the error paths) it calls `dgelsy` itself, so every decision and every message is
  /// `dgelsy`'s.
  /// - Complexity: O(m·n²), plus O(n³) for the bound.
  static func fullRankFactorization(_ a: ColumnMajorMatrix) throws(FitError) -> LAPACK.PivotedSolution {
    if a.rows >= a.columns, a.columns > 0 {
      let factorization = try LAPACK.pivotedQR(a)
      if conditionBound(upperTriangle: factorization.r) <= clearlyFullRankBound {
        return factorization
      }
    }
    return try LAPACK.gelsy(a, rhs: [], rcond: rankTolerance)
  }

  /// ‖R‖_F·‖R⁻¹‖_F, an upper bound on κ₂(R) for a square upper-triangular R (infinity when
  /// R is singular or the inverse overflows). R⁻¹ comes from back substitution; its
  /// rounding error is relative O(n·κ·2⁻⁵³), negligible at the bounds this is compared with.
  /// - Complexity: O(n³) for n × n.
  static func conditionBound(upperTriangle r: ColumnMajorMatrix) -> Double {
    let n = r.columns
    var normSquared = 0.0
    var inverseNormSquared = 0.0
    var column = Array(repeating: 0.0, count: n)
    let largest = r.elements.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else { return .infinity }
    for j in 0..<n {
      // Column j of R⁻¹ (scaled by `largest` to keep the squares in range): R·x = largest·eⱼ.
      for row in 0...j {
        let entry = r[row, j] / largest
        normSquared += entry * entry
      }
      guard r[j, j] != 0 else { return .infinity }
      column[j] = largest / r[j, j]
      for row in stride(from: j - 1, through: 0, by: -1) {
        var sum = 0.0
        for k in (row + 1)...j { sum += r[row, k] * column[k] }
        column[row] = -sum / r[row, row]
      }
      for row in 0...j { inverseNormSquared += column[row] * column[row] }
    }
    let bound = (normSquared * inverseNormSquared).squareRoot()
    return bound.isFinite ? bound : .infinity
  }
}
