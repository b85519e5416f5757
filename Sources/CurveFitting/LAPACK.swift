import CurveCore

// Native builds only: the WebAssembly build (Embedded Swift) takes the same names from
// LAPACK+Swift.swift, a plain-Swift first solve whose answers CorrectRounding rounds to the
// same bits.
#if !hasFeature(Embedded)

  // The only file in CurveKit that calls LAPACK.
  //
  // Every routine takes column-major storage (see ColumnMajorMatrix), Fortran INTEGERs
  // (converted here with overflow checks that throw), and reports failure through `info`,
  // which becomes FitError.lapack(routine:info:). Workspace sizes are the routines' own
  // optimal-size formulas evaluated with a generous block size (see `blockSize`), so no
  // lwork = -1 query call is needed.
  #if canImport(Accelerate)
    import Accelerate

    /// Fortran INTEGER as Accelerate declares it.
    typealias LAPACKInteger = __CLPK_integer
  #else
    import CLAPACK

    /// Fortran INTEGER in the LP64 reference LAPACK / OpenBLAS builds.
    typealias LAPACKInteger = Int32
  #endif

  /// Thin, throwing wrappers over the LAPACK routines the fitter uses.
  enum LAPACK {
    /// The result of ``gelsy(_:rhs:rcond:)``.
    struct PivotedSolution: Sendable {
      /// The minimum-norm least-squares solution (length `columns`).
      var solution: [Double]
      /// The effective rank found with the given `rcond`.
      var rank: Int
      /// Column permutation, 0-based: column `k` of A·P is column `pivots[k]` of A.
      var pivots: [Int]
      /// The leading k × k upper triangle of the overwritten matrix, k = min(rows, columns).
      /// When `rank == columns`, this is R in A·P = Q·R.
      var r: ColumnMajorMatrix
    }

    /// Least squares min ‖b − A·x‖ by QR with column pivoting (LAPACK `dgelsy`).
    ///
    /// - Parameters:
    ///   - a: the `m × n` design.
    ///   - rhs: the right-hand side, length `m`; empty when only the factorization is wanted.
    ///   - rcond: columns whose incremental condition estimate exceeds 1/rcond are treated
    ///     as dependent, which sets the effective rank.
    /// - Complexity: O(m·n²) time, O(m·n) memory.
    static func gelsy(_ a: ColumnMajorMatrix, rhs: [Double], rcond: Double) throws(FitError) -> PivotedSolution {
      let routine = "dgelsy"
      var m = try integer(a.rows, routine, "M")
      var n = try integer(a.columns, routine, "N")
      var nrhs: LAPACKInteger = 1
      var lda = try integer(max(1, a.rows), routine, "LDA")
      var ldb = try integer(max(1, a.rows, a.columns), routine, "LDB")
      var matrix = a.elements
      // An empty rhs asks for the factorization only; a right-hand side of ones keeps
      // LAPACK away from any special case for a zero right-hand side.
      var b = Array(repeating: rhs.isEmpty ? 1.0 : 0.0, count: Int(ldb))
      for index in 0..<min(rhs.count, a.rows) { b[index] = rhs[index] }
      var jpvt = [LAPACKInteger](repeating: 0, count: max(1, a.columns))
      var threshold = rcond
      var rank: LAPACKInteger = 0
      var info: LAPACKInteger = 0

      // dgelsy's LWKOPT with NB = blockSize: max(MN + 2N + NB(N + 1), 2MN + NB·NRHS, MN + max(2MN, N + 1, MN + NRHS)).
      let mn = min(a.rows, a.columns)
      let optimal = max(
        mn + 2 * a.columns + blockSize * (a.columns + 1), 2 * mn + blockSize, mn + max(2 * mn, a.columns + 1, mn + 1))
      var lwork = try workspaceSize(optimal, minimum: max(1, a.columns * 3 + 1), routine)
      withScratch(Int(lwork)) { work in
        dgelsy_(&m, &n, &nrhs, &matrix, &lda, &b, &ldb, &jpvt, &threshold, &rank, work, &lwork, &info)
      }
      try check(routine, info)

      let size = min(a.rows, a.columns)
      var r = ColumnMajorMatrix(rows: size, columns: size)
      for column in 0..<size {
        for row in 0...column { r[row, column] = matrix[row + column * a.rows] }
      }
      return PivotedSolution(
        solution: Array(b.prefix(a.columns)),
        rank: Int(rank),
        pivots: jpvt.prefix(a.columns).map { Int($0) - 1 },
        r: r
      )
    }

    /// Equality-constrained least squares min ‖c − A·x‖ subject to B·x = d (LAPACK `dgglse`).
    ///
    /// Requires p ≤ n ≤ m + p, rank(B) = p and rank([A; B]) = n; the caller checks these
    /// first (LAPACK only reports exact singularity, as info = 1 or 2).
    /// - Parameters:
    ///   - a: the `m × n` design; `c`: its right-hand side (length m).
    ///   - b: the `p × n` constraint matrix; `d`: its right-hand side (length p).
    /// - Returns: x, length n.
    /// - Complexity: O((m + p)·n²).
    static func gglse(
      a: ColumnMajorMatrix, c: [Double], b: ColumnMajorMatrix, d: [Double]
    ) throws(FitError) -> [Double] {
      let routine = "dgglse"
      var m = try integer(a.rows, routine, "M")
      var n = try integer(a.columns, routine, "N")
      var p = try integer(b.rows, routine, "P")
      var lda = try integer(max(1, a.rows), routine, "LDA")
      var ldb = try integer(max(1, b.rows), routine, "LDB")
      var aElements = a.rows == 0 ? [0.0] : a.elements
      var bElements = b.rows == 0 ? [0.0] : b.elements
      var cValues = c.isEmpty ? [0.0] : c
      var dValues = d.isEmpty ? [0.0] : d
      var x = Array(repeating: 0.0, count: max(1, a.columns))
      var info: LAPACKInteger = 0

      // dgglse's LWKOPT with NB = blockSize: P + MN + max(M, N)·NB.
      let optimal = b.rows + min(a.rows, a.columns) + max(a.rows, a.columns) * blockSize
      var lwork = try workspaceSize(optimal, minimum: max(1, a.rows + a.columns + b.rows), routine)
      withScratch(Int(lwork)) { work in
        dgglse_(&m, &n, &p, &aElements, &lda, &bElements, &ldb, &cValues, &dValues, &x, work, &lwork, &info)
      }
      try check(routine, info)
      return Array(x.prefix(a.columns))
    }

    /// QR with column pivoting, A·P = Q·R (LAPACK `dgeqp3`, the factorization `dgelsy`
    /// starts with): the same R and pivots as ``gelsy(_:rhs:rcond:)``, without its rank
    /// decision, so the returned `rank` is `min(rows, columns)` and `solution` is empty.
    /// - Complexity: O(m·n²).
    static func pivotedQR(_ a: ColumnMajorMatrix) throws(FitError) -> PivotedSolution {
      let routine = "dgeqp3"
      var m = try integer(a.rows, routine, "M")
      var n = try integer(a.columns, routine, "N")
      var lda = try integer(max(1, a.rows), routine, "LDA")
      var matrix = a.rows == 0 ? [0.0] : a.elements
      var jpvt = [LAPACKInteger](repeating: 0, count: max(1, a.columns))
      let size = min(a.rows, a.columns)
      // dgeqp3's LWKOPT: 2N + (N + 1)·NB; TAU needs min(M, N) more.
      var lwork = try workspaceSize(2 * a.columns + (a.columns + 1) * blockSize, minimum: 3 * a.columns + 1, routine)
      var info: LAPACKInteger = 0
      withScratch(Int(lwork) + max(1, size)) { scratch in
        dgeqp3_(&m, &n, &matrix, &lda, &jpvt, scratch.advanced(by: Int(lwork)), scratch, &lwork, &info)
      }
      try check(routine, info)
      var r = ColumnMajorMatrix(rows: size, columns: size)
      for column in 0..<size {
        for row in 0...column { r[row, column] = matrix[row + column * a.rows] }
      }
      return PivotedSolution(solution: [], rank: size, pivots: jpvt.prefix(a.columns).map { Int($0) - 1 }, r: r)
    }

    /// Householder QR in place, A = Q·R (LAPACK `dgeqrf`): on return the upper triangle of
    /// the leading `min(rows, columns)` rows of `a` holds R; the entries below it hold the
    /// reflectors, which the fitter discards.
    ///
    /// - Parameters:
    ///   - a: column-major storage with leading dimension `leadingDimension` ≥ `rows`;
    ///     only the leading `rows × columns` block is factorized.
    ///   - tau: scratch of at least `min(rows, columns)` doubles.
    ///   - work: scratch of at least `columns` doubles (`columns`·``blockSize`` is optimal).
    /// - Complexity: O(rows·columns²).
    static func geqrf(
      _ a: inout [Double], rows: Int, columns: Int, leadingDimension: Int, tau: inout [Double], work: inout [Double]
    ) throws(FitError) {
      let routine = "dgeqrf"
      guard rows > 0, columns > 0 else { return }
      var m = try integer(rows, routine, "M")
      var n = try integer(columns, routine, "N")
      var lda = try integer(leadingDimension, routine, "LDA")
      var lwork = try integer(work.count, routine, "LWORK")
      guard leadingDimension >= rows, a.count >= leadingDimension * columns, tau.count >= min(rows, columns),
        work.count >= columns
      else { throw .lapack(routine: routine, info: -1) }
      var info: LAPACKInteger = 0
      dgeqrf_(&m, &n, &a, &lda, &tau, &work, &lwork, &info)
      try check(routine, info)
    }

    // MARK: - Conversions

    /// `value` as a Fortran INTEGER, or a typed error naming the routine and argument.
    static func integer(_ value: Int, _ routine: String, _ argument: String) throws(FitError) -> LAPACKInteger {
      guard let converted = LAPACKInteger(exactly: value) else {
        throw .tooLargeForLAPACK(routine: routine, argument: argument, value: value)
      }
      return converted
    }

    /// The largest workspace used beyond the routine's minimum, in doubles (32 MiB).
    ///
    /// The optimal sizes grow with the block size times the row count
    /// (dgglse: about 32·m), which for 10⁶ points would be 256 MB; below the optimum the
    /// routines fall back to unblocked code with the same results.
    static let workspaceCap = 1 << 22

    /// The block size assumed when sizing workspaces: at least what `ilaenv` returns for the
    /// QR/RQ factorizations and their applications in reference LAPACK, OpenBLAS and
    /// Accelerate (32). A larger workspace than the optimum is harmless.
    static let blockSize = 64

    /// The workspace length to use: `optimal` capped at ``workspaceCap``, never below `minimum`.
    private static func workspaceSize(_ optimal: Int, minimum: Int, _ routine: String) throws(FitError) -> LAPACKInteger
    {
      try integer(max(minimum, min(optimal, workspaceCap)), routine, "LWORK")
    }

    /// Calls `body` with `count` doubles of scratch (uninitialized; LAPACK only writes its
    /// workspaces before reading them), on the stack when small, so no array is allocated.
    private static func withScratch(_ count: Int, _ body: (UnsafeMutablePointer<Double>) -> Void) {
      withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, count)) { buffer in
        if let base = buffer.baseAddress { body(base) }
      }
    }

    /// Throws ``FitError/lapack(routine:info:)`` unless `info` is 0.
    private static func check(_ routine: String, _ info: LAPACKInteger) throws(FitError) {
      guard info == 0 else { throw .lapack(routine: routine, info: Int(info)) }
    }
  }
#endif
