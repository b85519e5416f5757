import CurveCore

// The first solve of the WebAssembly build (Embedded Swift has no LAPACK): the same four
// entry points as LAPACK.swift, in plain Swift, compiled only under Embedded.
//
// Why the final bits still match the native build: no fit returns these solutions as they
// are. `CorrectRounding` (MomentSums → KKTSystem → ExactLeastSquares) takes any starting
// point and returns the exact optimum rounded to nearest, so the coefficients do not depend
// on which QR produced the start. The condition number comes from the exact-sum system too
// (`KKTSystem.dataCondition`), never from this factor. What is read from the factorization
// itself is the rank (a full-rank check with a large margin: `LeastSquaresFitter.rankTolerance`)
// and the pivots. The pivoting here is dgeqp3's rule (largest remaining column norm, first on
// ties) and the reflectors are dlarfg's (β = −sign(α)·‖x‖), so R agrees with LAPACK's to
// rounding. The rank rule is simpler than dgelsy's incremental condition estimate (a
// diagonal entry of R within rcond of the first), which agrees wherever the margin is
// large. `Web/check-cli.mjs` compares every fit command's bytes with the native build's.
#if hasFeature(Embedded)
  /// Fortran INTEGER, kept so the callers' conversions read the same in both builds.
  typealias LAPACKInteger = Int32

  /// Householder QR in plain Swift behind LAPACK's names (see the file comment).
  enum LAPACK {
    /// The result of ``gelsy(_:rhs:rcond:)``; the same fields as the native build's.
    struct PivotedSolution: Sendable {
      /// The least-squares solution (length `columns`); empty when none was asked for.
      var solution: [Double]
      /// The effective rank.
      var rank: Int
      /// Column permutation, 0-based.
      var pivots: [Int]
      /// The leading k × k upper triangle, k = min(rows, columns).
      var r: ColumnMajorMatrix
    }

    /// The block size LAPACK.swift sizes workspaces with; here only the streaming reducer
    /// reads it, to size its own scratch.
    static let blockSize = 64

    /// The largest workspace, in doubles (unused here; kept for the callers).
    static let workspaceCap = 1 << 22

    /// `value` as a Fortran INTEGER, or a typed error naming the routine and argument.
    static func integer(_ value: Int, _ routine: String, _ argument: String) throws(FitError) -> LAPACKInteger {
      guard let converted = LAPACKInteger(exactly: value) else {
        throw .tooLargeForLAPACK(routine: routine, argument: argument, value: value)
      }
      return converted
    }

    /// Householder QR in place of an `rows × columns` block with leading dimension `ld`:
    /// R above the diagonal, the reflectors' tails below, `tau` their scales. With
    /// `pivoting`, column k is swapped with the remaining column of largest norm first.
    private static func householder(
      _ a: inout [Double], rows: Int, columns: Int, ld: Int, tau: inout [Double], pivots: inout [Int], pivoting: Bool
    ) {
      let size = min(rows, columns)
      for k in 0..<size {
        if pivoting {
          var best = k
          var bestNorm = -1.0
          for j in k..<columns {
            var sum = 0.0
            for i in k..<rows { sum += a[i + j * ld] * a[i + j * ld] }
            if sum > bestNorm { (best, bestNorm) = (j, sum) }
          }
          if best != k {
            for i in 0..<rows { a.swapAt(i + k * ld, i + best * ld) }
            pivots.swapAt(k, best)
          }
        }
        // dlarfg: H = I − τ·v·vᵀ with v₀ = 1, H·x = β·e₀, β = −sign(α)·‖x‖.
        let alpha = a[k + k * ld]
        var scale = 0.0
        for i in (k + 1)..<max(k + 1, rows) { scale = max(scale, abs(a[i + k * ld])) }
        guard scale > 0 else {
          tau[k] = 0
          continue
        }
        var tail = 0.0
        for i in (k + 1)..<rows {
          let scaled = a[i + k * ld] / scale
          tail += scaled * scaled
        }
        let ratio = alpha / scale
        let norm = scale * (ratio * ratio + tail).squareRoot()
        let beta = alpha >= 0 ? -norm : norm
        tau[k] = (beta - alpha) / beta
        let factor = 1 / (alpha - beta)
        for i in (k + 1)..<rows { a[i + k * ld] *= factor }
        a[k + k * ld] = beta
        for j in (k + 1)..<columns {
          var dot = a[k + j * ld]
          for i in (k + 1)..<rows { dot += a[i + k * ld] * a[i + j * ld] }
          dot *= tau[k]
          a[k + j * ld] -= dot
          for i in (k + 1)..<rows { a[i + j * ld] -= dot * a[i + k * ld] }
        }
      }
    }

    /// Qᵀ·b for the reflectors `householder` left in `a`.
    private static func applyTransposedQ(
      _ a: [Double], rows: Int, size: Int, ld: Int, tau: [Double], to b: inout [Double]
    ) {
      for k in 0..<size where tau[k] != 0 {
        var dot = b[k]
        for i in (k + 1)..<rows { dot += a[i + k * ld] * b[i] }
        dot *= tau[k]
        b[k] -= dot
        for i in (k + 1)..<rows { b[i] -= dot * a[i + k * ld] }
      }
    }

    /// The upper triangle of the leading `size × size` block.
    private static func triangle(_ a: [Double], size: Int, ld: Int) -> ColumnMajorMatrix {
      var r = ColumnMajorMatrix(rows: size, columns: size)
      for column in 0..<size {
        for row in 0...column { r[row, column] = a[row + column * ld] }
      }
      return r
    }

    /// Back substitution R·x = y on the leading `count` rows and columns.
    private static func solveUpper(_ r: ColumnMajorMatrix, _ y: [Double], count: Int) -> [Double] {
      var x = Array(repeating: 0.0, count: count)
      for row in stride(from: count - 1, through: 0, by: -1) {
        var sum = y[row]
        for column in (row + 1)..<count { sum -= r[row, column] * x[column] }
        x[row] = sum / r[row, row]
      }
      return x
    }

    /// Least squares min ‖b − A·x‖ by QR with column pivoting (dgelsy's method); the rank is
    /// the number of leading diagonal entries of R within `1/rcond` of the first in size.
    static func gelsy(_ a: ColumnMajorMatrix, rhs: [Double], rcond: Double) throws(FitError) -> PivotedSolution {
      var factorization = try pivotedQR(a)
      let size = min(a.rows, a.columns)
      var rank = 0
      let first = size > 0 ? abs(factorization.r[0, 0]) : 0
      while rank < size, first > 0, abs(factorization.r[rank, rank]) > rcond * first { rank += 1 }
      factorization.rank = rank
      guard !rhs.isEmpty else { return factorization }
      var matrix = a.elements
      var tau = Array(repeating: 0.0, count: max(1, size))
      var pivots = Array(0..<a.columns)
      householder(&matrix, rows: a.rows, columns: a.columns, ld: a.rows, tau: &tau, pivots: &pivots, pivoting: true)
      var b = Array(rhs.prefix(a.rows))
      applyTransposedQ(matrix, rows: a.rows, size: size, ld: a.rows, tau: tau, to: &b)
      let basic = solveUpper(factorization.r, b, count: rank)
      var solution = Array(repeating: 0.0, count: a.columns)
      for (k, value) in basic.enumerated() { solution[pivots[k]] = value }
      factorization.solution = solution
      return factorization
    }

    /// Equality-constrained least squares min ‖c − A·x‖ subject to B·x = d, by the
    /// null-space method: Bᵀ = Q·[R; 0], x = Q·[y₁; y₂] with Rᵀ·y₁ = d and y₂ the least-squares
    /// solution of (A·Q₂)·y₂ = c − (A·Q₁)·y₁.
    static func gglse(
      a: ColumnMajorMatrix, c: [Double], b: ColumnMajorMatrix, d: [Double]
    ) throws(FitError) -> [Double] {
      let (n, p, m) = (a.columns, b.rows, a.rows)
      guard p <= n, n <= m + p else { throw .lapack(routine: "dgglse", info: -1) }
      var bt = b.transposed.elements  // n × p
      var tau = Array(repeating: 0.0, count: max(1, p))
      var unused = Array(0..<max(1, p))
      if p > 0 { householder(&bt, rows: n, columns: p, ld: n, tau: &tau, pivots: &unused, pivoting: false) }
      // y₁ from Rᵀ·y₁ = d (forward substitution).
      var y = Array(repeating: 0.0, count: n)
      for row in 0..<p {
        var sum = d[row]
        for column in 0..<row { sum -= bt[column + row * n] * y[column] }
        guard bt[row + row * n] != 0 else { throw .lapack(routine: "dgglse", info: 1) }
        y[row] = sum / bt[row + row * n]
      }
      // A·Q: apply the reflectors to each row of A from the right (Q = H₀·H₁·…).
      var aq = a
      for row in 0..<m {
        var vector = (0..<n).map { a[row, $0] }
        for k in 0..<p where tau[k] != 0 {
          var dot = vector[k]
          for i in (k + 1)..<n { dot += bt[i + k * n] * vector[i] }
          dot *= tau[k]
          vector[k] -= dot
          for i in (k + 1)..<n { vector[i] -= dot * bt[i + k * n] }
        }
        for column in 0..<n { aq[row, column] = vector[column] }
      }
      if n > p {
        var reduced = ColumnMajorMatrix(rows: m, columns: n - p)
        var target = c
        for row in 0..<m {
          var known = 0.0
          for column in 0..<p { known += aq[row, column] * y[column] }
          target[row] -= known
          for column in p..<n { reduced[row, column - p] = aq[row, column] }
        }
        let free = try gelsy(reduced, rhs: target, rcond: 0)
        guard free.rank == n - p else { throw .lapack(routine: "dgglse", info: 2) }
        for k in 0..<(n - p) { y[p + k] = free.solution[k] }
      }
      // x = Q·y: the reflectors in reverse order.
      for k in stride(from: p - 1, through: 0, by: -1) where tau[k] != 0 {
        var dot = y[k]
        for i in (k + 1)..<n { dot += bt[i + k * n] * y[i] }
        dot *= tau[k]
        y[k] -= dot
        for i in (k + 1)..<n { y[i] -= dot * bt[i + k * n] }
      }
      return y
    }

    /// QR with column pivoting, A·P = Q·R (dgeqp3's rule): rank `min(rows, columns)`, no solution.
    static func pivotedQR(_ a: ColumnMajorMatrix) throws(FitError) -> PivotedSolution {
      let size = min(a.rows, a.columns)
      var matrix = a.elements
      var tau = Array(repeating: 0.0, count: max(1, size))
      var pivots = Array(0..<a.columns)
      householder(&matrix, rows: a.rows, columns: a.columns, ld: a.rows, tau: &tau, pivots: &pivots, pivoting: true)
      return PivotedSolution(solution: [], rank: size, pivots: pivots, r: triangle(matrix, size: size, ld: a.rows))
    }

    /// Householder QR in place, A = Q·R (dgeqrf's layout: R on and above the diagonal).
    static func geqrf(
      _ a: inout [Double], rows: Int, columns: Int, leadingDimension: Int, tau: inout [Double], work: inout [Double]
    ) throws(FitError) {
      guard rows > 0, columns > 0 else { return }
      guard leadingDimension >= rows, a.count >= leadingDimension * columns, tau.count >= min(rows, columns),
        work.count >= columns
      else { throw .lapack(routine: "dgeqrf", info: -1) }
      var pivots = Array(0..<columns)
      householder(&a, rows: rows, columns: columns, ld: leadingDimension, tau: &tau, pivots: &pivots, pivoting: false)
    }
  }
#endif
