import CurveCore

/// The R factor of a tall matrix [A | b], accumulated one row at a time by Givens rotations.
///
/// After rows a₁…aₘ (each with its right-hand side) have been added, R is the
/// (n+1)×(n+1) upper-triangular factor of the m×(n+1) matrix, so that for every x
/// ‖A·x − b‖² = ‖R₁₁·x − r‖² + ρ² with R = [[R₁₁, r], [0, ρ]]. Memory is O(n²) whatever m is;
/// this is how CurveKit fits files too large to hold (sequential QR, backward stable like
/// Householder QR: the computed R is exact for a matrix within O(n·u)·‖[A|b]‖ per row).
///
/// - Complexity: O(n²) per row.
struct StreamingQR: Sendable {
  /// The number of unknowns n (columns of A).
  let columns: Int
  /// Row-major (n+1)×(n+1) storage; only the upper triangle is used.
  private(set) var factor: [Double]
  /// The number of rows added.
  private(set) var rowCount = 0

  /// An empty accumulator for `columns` unknowns.
  init(columns: Int) {
    self.columns = columns
    factor = Array(repeating: 0, count: (columns + 1) * (columns + 1))
  }

  /// R[i][j] (0-based, j ≥ i; column n is the right-hand side).
  subscript(row: Int, column: Int) -> Double { factor[row * (columns + 1) + column] }

  /// Rotates the row `[a | b]` (length n+1, overwritten as scratch) into R.
  mutating func add(_ row: inout [Double]) {
    let width = columns + 1
    rowCount += 1
    factor.withUnsafeMutableBufferPointer { r in
      row.withUnsafeMutableBufferPointer { v in
        for j in 0..<width {
          let b = v[j]
          if b == 0 { continue }
          let a = r[j * width + j]
          let scale = max(abs(a), abs(b))
          let (sa, sb) = (a / scale, b / scale)
          let length = scale * (sa * sa + sb * sb).squareRoot()
          let (c, s) = (a / length, b / length)
          r[j * width + j] = length
          var k = j + 1
          while k < width {
            let rk = r[j * width + k]
            let vk = v[k]
            r[j * width + k] = c * rk + s * vk
            v[k] = c * vk - s * rk
            k += 1
          }
        }
      }
    }
  }

  /// Solves R₁₁·x = r by back substitution; nil if a diagonal entry is zero or the result
  /// is not finite.
  func solve() -> [Double]? {
    var x = Array(repeating: 0.0, count: columns)
    for i in stride(from: columns - 1, through: 0, by: -1) {
      var sum = self[i, columns]
      for j in (i + 1)..<columns { sum -= self[i, j] * x[j] }
      let diagonal = self[i, i]
      guard diagonal != 0 else { return nil }
      x[i] = sum / diagonal
      guard x[i].isFinite else { return nil }
    }
    return x
  }

  /// ρ², the residual sum of squares of the least-squares solution.
  var residualSumOfSquares: Double { self[columns, columns] * self[columns, columns] }
}
