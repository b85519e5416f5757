import CurveCore

/// The R of a full-rank pivoted QR, A·P = Q·R, and the solves the fitter needs from it.
///
/// R is at most 11 × 11 here, so these are plain loops; no LAPACK call is involved.
struct TriangularFactor: Sendable {
  /// The `n × n` upper-triangular factor.
  let r: ColumnMajorMatrix
  /// Column `k` of A·P is column `pivots[k]` of A (0-based).
  let pivots: [Int]

  /// R and P from a full-rank ``LAPACK/gelsy(_:rhs:rcond:)`` result (rank = columns, so
  /// R is square and nonsingular).
  init(_ factorization: LAPACK.PivotedSolution) {
    r = factorization.r
    pivots = factorization.pivots
  }

  private var size: Int { r.columns }

  /// R⁻¹, upper triangular, by back substitution column by column.
  /// - Complexity: O(n³).
  var inverse: ColumnMajorMatrix {
    let n = size
    var result = ColumnMajorMatrix(rows: n, columns: n)
    for column in 0..<n {
      result[column, column] = 1 / r[column, column]
      for row in stride(from: column - 1, through: 0, by: -1) {
        var sum = 0.0
        for k in (row + 1)...column { sum += r[row, k] * result[k, column] }
        result[row, column] = -sum / r[row, row]
      }
    }
    return result
  }

  /// √diag(T·(AᵀA)⁻¹·Tᵀ) = the row norms of T·P·R⁻¹: the standard-error factors of the
  /// coefficients b = T·α. Computed from R⁻¹, never from the normal equations, so the
  /// relative error is O(κ(R)·2⁻⁵³) rather than O(κ²).
  /// - Complexity: O(n³).
  func rowNorms(of transform: ColumnMajorMatrix) -> [Double] {
    let n = size
    let rInverse = inverse
    return (0..<transform.rows).map { row in
      var entries: [Double] = []
      for column in 0..<n {
        var sum = 0.0
        for k in 0...column { sum += transform[row, pivots[k]] * rInverse[k, column] }
        entries.append(sum)
      }
      return ScaledDesign.euclideanNorm(entries)
    }
  }
}
