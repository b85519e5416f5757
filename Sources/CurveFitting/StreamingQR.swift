import CurveCore

/// The R factor of a tall matrix [A | b], accumulated one row at a time by Givens rotations.
///
/// After rows a₁…aₘ (each with its right-hand side) have been added, ``triangle`` is the
/// (n+1)×(n+1) upper-triangular factor R of the m×(n+1) matrix, so that for every x
/// ‖A·x − b‖² = ‖R₁₁·x − r‖² + ρ² with R = [[R₁₁, r], [0, ρ]]. Memory is O(n² log m)
/// whatever m is; this is how CurveKit fits files too large to hold.
///
/// Rows are rotated into a block factor of at most ``blockRows`` rows; full blocks are
/// merged pairwise, as a binary counter (the factor of 2ᵏ blocks merges with another of
/// 2ᵏ blocks), so each row passes through about √``blockRows`` + log₂(m / ``blockRows``)
/// rotation stages rather than m. Sequential Givens QR over one growing factor lets rounding
/// errors grow like √m·u (2.8e-11 relative at 10⁶ points, κ ≈ 10); the tree keeps the
/// computed R the exact factor of a matrix within O((√``blockRows`` + log m)·n·u)·‖[A|b]‖, as
/// for a Householder QR of the whole matrix.
///
/// - Complexity: O(n²) per row, plus O(n³) per merge: O(n³ / ``blockRows``) per row amortized.
struct StreamingQR: Sendable {
  /// Rows rotated into one block before it joins the tree.
  static let blockRows = 256

  /// The number of unknowns n (columns of A).
  let columns: Int
  /// Row-major (n+1)×(n+1) factor of the rows since the last full block; only the upper
  /// triangle is used.
  private var block: [Double]
  /// Rows in `block`.
  private var blockRowCount = 0
  /// `levels[k]`: the factor of 2ᵏ full blocks, or nil.
  private var levels: [[Double]?] = []
  /// The number of rows added.
  private(set) var rowCount = 0

  /// An empty accumulator for `columns` unknowns.
  init(columns: Int) {
    self.columns = columns
    block = Array(repeating: 0, count: (columns + 1) * (columns + 1))
  }

  /// Rotates the row `[a | b]` (length n+1, overwritten as scratch) into R.
  mutating func add(_ row: inout [Double]) {
    Self.rotate(&row, into: &block, width: columns + 1)
    rowCount += 1
    blockRowCount += 1
    if blockRowCount == Self.blockRows { pushBlock() }
  }

  /// The factor of every row added so far (merges the partial block and the tree).
  ///
  /// - Complexity: O(n³ log(m / ``blockRows``)); read it once.
  var triangle: UpperTriangle {
    var merged = block
    for case let factor? in levels { Self.merge(factor, into: &merged, width: columns + 1) }
    return UpperTriangle(columns: columns, storage: merged)
  }

  /// Moves the full block into the tree, merging equal-sized factors as a binary counter adds.
  private mutating func pushBlock() {
    let width = columns + 1
    var carry = block
    block = Array(repeating: 0, count: width * width)
    blockRowCount = 0
    var level = 0
    while level < levels.count, let factor = levels[level] {
      Self.merge(factor, into: &carry, width: width)
      levels[level] = nil
      level += 1
    }
    if level == levels.count { levels.append(carry) } else { levels[level] = carry }
  }

  /// Rotates the rows of the upper-triangular `factor` into `target`.
  private static func merge(_ factor: [Double], into target: inout [Double], width: Int) {
    var row = Array(repeating: 0.0, count: width)
    for i in 0..<width {
      for j in 0..<width { row[j] = j < i ? 0 : factor[i * width + j] }
      rotate(&row, into: &target, width: width)
    }
  }

  /// One Givens sweep: zeroes `row` against the upper-triangular `factor`.
  private static func rotate(_ row: inout [Double], into factor: inout [Double], width: Int) {
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
}

/// The (n+1)×(n+1) upper-triangular factor [[R₁₁, r], [0, ρ]] of a ``StreamingQR``.
struct UpperTriangle: Sendable {
  /// The number of unknowns n.
  let columns: Int
  /// Row-major (n+1)×(n+1) storage; only the upper triangle is used.
  let storage: [Double]

  /// R[i][j] (0-based, j ≥ i; column n is the right-hand side).
  subscript(row: Int, column: Int) -> Double { storage[row * (columns + 1) + column] }

  /// ρ², the residual sum of squares of the least-squares solution.
  var residualSumOfSquares: Double { self[columns, columns] * self[columns, columns] }
}
