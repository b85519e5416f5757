import CurveCore

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
  /// R is singular or the inverse overflows).
  static func conditionBound(upperTriangle r: ColumnMajorMatrix) -> Double {
    conditionNumbers(upperTriangle: r).frobenius
  }

  /// κ_F(R) = ‖R‖_F·‖R⁻¹‖_F and κ₁(R) = ‖R‖₁·‖R⁻¹‖₁ for a square upper-triangular R, both
  /// infinity when R is singular or its inverse overflows.
  ///
  /// R⁻¹ is formed column by column by back substitution (R is at most 11 × 11 here), on R
  /// divided by its largest entry so that no square overflows. Triangular inverses are
  /// usually far more accurate than the O(κ·2⁻⁵³) worst case; either way the figures serve
  /// as a diagnostic and a threshold test six orders of magnitude away from the decision.
  /// - Complexity: O(n³) for n × n, no allocation beyond one column.
  static func conditionNumbers(upperTriangle r: ColumnMajorMatrix) -> (frobenius: Double, oneNorm: Double) {
    let n = r.columns
    let largest = r.elements.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else { return (.infinity, .infinity) }
    var normSquared = 0.0
    var inverseNormSquared = 0.0
    var oneNorm = 0.0
    var inverseOneNorm = 0.0
    var column = Array(repeating: 0.0, count: n)
    for j in 0..<n {
      // Column j of largest·R⁻¹: R·x = largest·eⱼ.
      var columnSum = 0.0
      for row in 0...j {
        let entry = r[row, j] / largest
        normSquared += entry * entry
        columnSum += abs(entry)
      }
      oneNorm = max(oneNorm, columnSum)
      guard r[j, j] != 0 else { return (.infinity, .infinity) }
      column[j] = largest / r[j, j]
      for row in stride(from: j - 1, through: 0, by: -1) {
        var sum = 0.0
        for k in (row + 1)...j { sum += r[row, k] * column[k] }
        column[row] = -sum / r[row, row]
      }
      var inverseColumnSum = 0.0
      for row in 0...j {
        inverseNormSquared += column[row] * column[row]
        inverseColumnSum += abs(column[row])
      }
      inverseOneNorm = max(inverseOneNorm, inverseColumnSum)
    }
    let frobenius = (normSquared * inverseNormSquared).squareRoot()
    let one = oneNorm * inverseOneNorm
    return (frobenius.isFinite ? frobenius : .infinity, one.isFinite ? one : .infinity)
  }
}
