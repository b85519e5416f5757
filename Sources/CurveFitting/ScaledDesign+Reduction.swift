import CurveCore

extension ScaledDesign {
  /// Above this many points per coefficient, ``init(reducing:basis:extraRows:)`` replaces
  /// the design by its triangular factor; below it, the design is small enough to use as is.
  static let reductionRatio = 4

  /// Rows of data factorized per `dgeqrf` call by the reduction: the block stays in cache.
  static let reductionBlockRows = 1024

  /// A design with the same least-squares problem as `problem`'s, reduced to at most
  /// n + 1 rows when the problem has many points.
  ///
  /// For m > ``reductionRatio``·n points, the weighted data [W·V(u) | W·y] is reduced block
  /// by block to the upper-triangular R of its QR factorization ((n + 1) × (n + 1), built
  /// with LAPACK `dgeqrf` on R stacked over the next ``reductionBlockRows`` rows). Because
  /// Q is orthogonal, ‖W·y − W·V·x‖² = ‖r − R₀·x‖² + ρ², with R₀ the leading n columns,
  /// r the last column and ρ its last entry, so `matrix` = R₀·D⁻¹ (n + 1 rows) and `rhs` = r
  /// pose the same problem, and R₀ has the design's column norms, so the column scales D
  /// are the same as well. Every factorization of [A; B] that follows then works on n + p
  /// rows instead of m + p.
  ///
  /// The rows of `matrix` are no longer the points.
  /// - Throws: ``FitError/nonFiniteResult(quantity:)`` on overflow, LAPACK failures.
  /// - Complexity: O(m·n²) time, O(n²) memory beyond the points for large m.
  init(reducing problem: FitProblem, basis: ScaledMonomialBasis, extraRows: [[Double]]) throws(FitError) {
    let n = basis.count
    guard problem.points.count > Self.reductionRatio * n,
      let reduced = try Self.triangularFactor(problem: problem, basis: basis)
    else {
      try self.init(problem: problem, basis: basis, extraRows: extraRows)
      return
    }
    try self.init(unscaled: reduced.matrix, rhs: reduced.rhs, basis: basis, extraRows: extraRows)
  }

  /// The R factor of [W·V(u) | W·y], split into its first n columns (as an
  /// (n + 1) × n matrix) and its last column; nil when an entry is not finite (the
  /// caller then builds the full design, which reports the overflow precisely).
  ///
  /// Each block of rows is factorized on its own and the triangles are merged pairwise
  /// (a binary tree, like the carries of a counter), so each datum goes through
  /// O(log(m/block)) factorizations instead of m/block: the rounding error stays that of
  /// one Householder QR (a flat, block-after-block accumulation measured 10× worse at 10⁶
  /// points).
  private static func triangularFactor(
    problem: FitProblem, basis: ScaledMonomialBasis
  ) throws(FitError) -> (matrix: ColumnMajorMatrix, rhs: [Double])? {
    let n = basis.count
    let width = n + 1
    let block = reductionBlockRows
    var reducer = TriangleTree(width: width, height: block)
    let points = problem.points
    let weights = problem.weights
    var start = 0
    while start < points.count {
      let end = min(points.count, start + block)
      var finite = true
      reducer.block.withUnsafeMutableBufferPointer { storage in
        for index in start..<end {
          let row = index - start
          let point = points[index]
          let weight = weights?[index] ?? 1
          let u = basis.u(point.t)
          var entry = weight
          for column in 0..<n {
            storage[row + column * block] = entry
            entry *= u
          }
          let y = weight * point.y
          storage[row + n * block] = y
          finite = finite && weight.isFinite && entry.isFinite && y.isFinite
        }
      }
      guard finite else { return nil }
      try reducer.addBlock(rows: end - start)
      start = end
    }
    let r = try reducer.finish()
    var matrix = ColumnMajorMatrix(rows: width, columns: n)
    for column in 0..<n {
      for row in 0...column { matrix[row, column] = r[row + column * width] }
    }
    let rhs = (0..<width).map { r[$0 + n * width] }
    guard matrix.isFinite, rhs.allSatisfy({ $0.isFinite }) else { return nil }
    return (matrix, rhs)
  }
}

/// The R of a tall matrix given block by block: each block's R (LAPACK `dgeqrf`), merged
/// pairwise with the R of equal rank in a binary tree (TSQR), O(width²) memory per level.
private struct TriangleTree {
  /// The number of columns.
  let width: Int
  /// The rows of `block`, its leading dimension.
  let height: Int
  /// The caller fills the leading rows of this column-major `height × width` block.
  var block: [Double]
  /// levels[k]: the R (width × width, column-major) covering 2ᵏ blocks, if any.
  private var levels: [[Double]?] = []
  /// Scratch for two stacked triangles, leading dimension 2·width.
  private var pair: [Double]
  private var tau: [Double]
  private var work: [Double]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    block = Array(repeating: 0, count: height * width)
    pair = Array(repeating: 0, count: 2 * width * width)
    tau = Array(repeating: 0, count: width)
    work = Array(repeating: 0, count: width * LAPACK.blockSize)
  }

  /// Factorizes the first `rows` rows of `block` and carries its R up the tree.
  mutating func addBlock(rows: Int) throws(FitError) {
    try LAPACK.geqrf(&block, rows: rows, columns: width, leadingDimension: height, tau: &tau, work: &work)
    var carry = upperTriangle(of: block, rows: min(rows, width), leadingDimension: height)
    var level = 0
    while level < levels.count, let existing = levels[level] {
      carry = try merge(existing, carry)
      levels[level] = nil
      level += 1
    }
    if level == levels.count { levels.append(nil) }
    levels[level] = carry
  }

  /// The R of all the rows added (zero when none), width × width.
  mutating func finish() throws(FitError) -> [Double] {
    var result: [Double]?
    for level in levels.indices {
      guard let r = levels[level] else { continue }
      result = try result.map { (accumulated) throws(FitError) in try merge(r, accumulated) } ?? r
    }
    return result ?? Array(repeating: 0, count: width * width)
  }

  /// The R of [upper; lower] for two width × width triangles.
  private mutating func merge(_ upper: [Double], _ lower: [Double]) throws(FitError) -> [Double] {
    let ld = 2 * width
    for column in 0..<width {
      for row in 0..<width {
        pair[row + column * ld] = upper[row + column * width]
        pair[width + row + column * ld] = lower[row + column * width]
      }
    }
    try LAPACK.geqrf(&pair, rows: ld, columns: width, leadingDimension: ld, tau: &tau, work: &work)
    return upperTriangle(of: pair, rows: width, leadingDimension: ld)
  }

  /// The upper triangle of the leading `rows` rows, as a width × width matrix (zeros elsewhere).
  private func upperTriangle(of storage: [Double], rows: Int, leadingDimension: Int) -> [Double] {
    var r = Array(repeating: 0.0, count: width * width)
    for column in 0..<width {
      for row in 0..<min(column + 1, rows) { r[row + column * width] = storage[row + column * leadingDimension] }
    }
    return r
  }
}
