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
  /// The rows of `matrix` are no longer the points: use this only where the design enters
  /// through factorizations (the constrained solve), not per point.
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
  private static func triangularFactor(
    problem: FitProblem, basis: ScaledMonomialBasis
  ) throws(FitError) -> (matrix: ColumnMajorMatrix, rhs: [Double])? {
    let n = basis.count
    let width = n + 1
    let block = reductionBlockRows
    let height = width + block
    // Column-major, leading dimension `height`: rows 0..<width hold R, the rest one block.
    var buffer = Array(repeating: 0.0, count: height * width)
    var tau = Array(repeating: 0.0, count: width)
    var work = Array(repeating: 0.0, count: width * LAPACK.blockSize)
    let points = problem.points
    let weights = problem.weights
    var start = 0
    while start < points.count {
      let end = min(points.count, start + block)
      var finite = true
      buffer.withUnsafeMutableBufferPointer { storage in
        for index in start..<end {
          let row = width + index - start
          let point = points[index]
          let weight = weights?[index] ?? 1
          let u = basis.u(point.t)
          var entry = weight
          for column in 0..<n {
            storage[row + column * height] = entry
            entry *= u
          }
          let y = weight * point.y
          storage[row + n * height] = y
          finite = finite && entry.isFinite && y.isFinite
        }
      }
      guard finite else { return nil }
      try LAPACK.geqrf(
        &buffer, rows: width + end - start, columns: width, leadingDimension: height, tau: &tau, work: &work)
      // Keep R; clear the reflectors below its diagonal.
      for column in 0..<width {
        for row in (column + 1)..<width { buffer[row + column * height] = 0 }
      }
      start = end
    }
    var matrix = ColumnMajorMatrix(rows: width, columns: n)
    for column in 0..<n {
      for row in 0...column { matrix[row, column] = buffer[row + column * height] }
    }
    let rhs = (0..<width).map { buffer[$0 + n * height] }
    guard matrix.isFinite, rhs.allSatisfy(\.isFinite) else { return nil }
    return (matrix, rhs)
  }
}
