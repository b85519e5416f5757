import CurveCore

/// Weighted polynomial least squares, with or without linear equality constraints.
///
/// The fit minimizes Σ (wᵢ·(yᵢ − f(tᵢ)))² over polynomials f of the problem's degree,
/// subject to the constraints. **The returned coefficients are the exact optimum of that
/// problem (the doubles given, taken exactly) rounded to the nearest double, ties to even**:
/// LAPACK computes the first solution and ``CorrectRounding`` makes the answer independent
/// of it, so every CPU and every LAPACK build returns the same bits. It works in the centred, scaled variable
/// u = (t − centre)/scale (see ``ScaledMonomialBasis``) with unit-norm columns and maps the
/// result back to monomial coefficients in t, highest power first.
///
/// - Unconstrained: QR with column pivoting (LAPACK `dgelsy`; of the design's triangular
///   reduction when there are many points), then iterative refinement
///   of the augmented system with residuals in double-double, so the coefficients are
///   accurate to about the problem's own sensitivity (NIST StRD Filip: LRE ≥ 13).
/// - Constrained: LAPACK `dgglse` (generalized RQ), after checking that the constraints
///   are independent and that data and constraints determine every coefficient (pivoted
///   QR; `dgelsy`'s rank decision when the answer is not clear-cut). With many points the
///   data are first reduced to a triangle, so they are factorized once.
public enum LeastSquaresFitter {
  /// Relative threshold below which the pivoted QR of the scaled design treats a column as
  /// dependent (LAPACK's RCOND). The scaled design of a sound degree-10 fit has a
  /// condition number near 10³–10⁵; 10¹² means the points cannot separate the powers.
  public static let rankTolerance = 1e-12

  /// Fits `problem`.
  ///
  /// - Returns: the coefficients (highest power first) and diagnostics.
  /// - Throws: ``FitError``: invalid input (see ``FitProblem/validate()``), dependent
  ///   constraints, rank deficiency, overflow, or a LAPACK failure. Never traps.
  /// - Complexity: O(m·n²) for m points and n = degree + 1 coefficients, O(m·n) memory.
  public static func fit(_ problem: FitProblem) throws(FitError) -> FitReport {
    try fit(problem, cheapFallback: nil)
  }

  /// ``fit(_:)``, with `cheapFallback` (when given) answering in place of exact rational
  /// arithmetic where the certified bound cannot decide a coefficient:
  /// ``CorrectRounding/fixedOrder(moments:constraints:)`` first, then `cheapFallback()`, both
  /// the same on every machine (``CoefficientRounding/fixedOrder``). Exact arithmetic costs up
  /// to seconds at degree 8–10; the high-degree monotone fit, which only reports the
  /// unconstrained fit's RMSE, passes its own fixed-order solution here.
  static func fit(_ problem: FitProblem, cheapFallback: (() -> [Double]?)?) throws(FitError) -> FitReport {
    try problem.validate()
    let basis = ScaledMonomialBasis(problem: problem)
    let first =
      problem.constraints.isEmpty
      ? try fitUnconstrained(problem, basis: basis) : try fitConstrained(problem, basis: basis)
    guard first.ascending.allSatisfy({ $0.isFinite }) else { throw .nonFiniteResult(quantity: "a coefficient") }
    let moments = MomentSums(problem: problem).finished()
    guard
      let solution = CorrectRounding.solve(
        moments: moments, constraints: problem.constraints, candidate: first.ascending,
        undecided: {
          guard let cheapFallback else {
            return ExactLeastSquares.fallback(problem, moments: moments, candidate: first.ascending)
          }
          let ascending =
            CorrectRounding.fixedOrder(moments: moments, constraints: problem.constraints) ?? cheapFallback()
          return ascending.map { ($0, .fixedOrder) }
        })
    else {
      throw .rankDeficient(rank: problem.parameterCount - 1, parameters: problem.parameterCount, undeterminedPowers: [])
    }
    // The diagnostics come from the same exact-sum system, so they too are the same on every
    // machine (LAPACK's factor only where that system is too ill-conditioned for double).
    var condition = solution.condition
    var standardErrorFactors = problem.constraints.isEmpty ? solution.standardErrorFactors : nil
    if condition == nil || (problem.constraints.isEmpty && standardErrorFactors == nil) {
      let fallback = try first.fallbackDiagnostics()
      condition = condition ?? fallback.condition
      standardErrorFactors = standardErrorFactors ?? fallback.standardErrorFactors
    }
    return try FitReport(
      problem: problem, ascending: solution.ascending, rank: first.rank, conditionNumber: condition ?? .infinity,
      standardErrorFactors: standardErrorFactors, rounding: solution.rounding)
  }

  /// LAPACK's solution, before ``CorrectRounding`` makes it the rounded exact optimum.
  struct FirstSolution {
    var ascending: [Double]
    /// The rank-revealing factorization (of the stacked design and constraints when constrained).
    var factorization: LAPACK.PivotedSolution
    /// The scaled basis's map to monomials, for standard errors; nil for constrained fits.
    var toMonomial: ColumnMajorMatrix?

    var rank: Int { factorization.rank }

    /// LAPACK's diagnostics, computed only where the exact-sum system cannot give them.
    func fallbackDiagnostics() throws(FitError) -> (condition: Double, standardErrorFactors: [Double]?) {
      let condition = FitReport.machineIndependent(try conditionNumber(factorization), digits: 3)
      return (condition, toMonomial.map { TriangularFactor(factorization).rowNorms(of: $0) })
    }
  }

  /// The constrained path: independence of the constraints, rank of [A; B], then `dgglse`.
  ///
  /// With many points the design is first reduced to its (n + 1)-row triangular factor
  /// (``ScaledDesign/init(reducing:basis:extraRows:)``), which poses the same problem, so
  /// the rank check and `dgglse` factorize n + p rows instead of m + p: the data are
  /// factorized once.
  static func fitConstrained(_ problem: FitProblem, basis: ScaledMonomialBasis) throws(FitError) -> FirstSolution {
    let n = basis.count
    // Constraint rows in u, each normalized to unit max-norm with its target.
    var constraintRows: [[Double]] = []
    var targets: [Double] = []
    constraintRows.reserveCapacity(problem.constraints.count)
    targets.reserveCapacity(problem.constraints.count)
    for constraint in problem.constraints {
      let row: [Double]
      let target: Double
      switch constraint {
      case .value(let t, let value): (row, target) = (basis.valueRow(at: t), value)
      case .slope(let t, let slope): (row, target) = (basis.slopeRow(at: t), slope)
      }
      let size = row.reduce(0) { max($0, abs($1)) }
      guard size > 0, size.isFinite else { throw .nonFiniteResult(quantity: "a constraint row") }
      constraintRows.append(row.map { $0 / size })
      targets.append(target / size)
    }
    let design = try ScaledDesign(reducing: problem, basis: basis, extraRows: constraintRows)

    var b = ColumnMajorMatrix(rows: constraintRows.count, columns: n)
    for (row, values) in constraintRows.enumerated() {
      for column in 0..<n { b[row, column] = values[column] / design.columnScales[column] }
    }
    try checkIndependent(b, constraints: problem.constraints, degree: problem.degree)

    let rows = design.matrix.rows
    var stacked = ColumnMajorMatrix(rows: rows + b.rows, columns: n)
    for column in 0..<n {
      for row in 0..<rows { stacked[row, column] = design.matrix[row, column] }
      for row in 0..<b.rows { stacked[rows + row, column] = b[row, column] }
    }
    let factorization = try fullRankFactorization(stacked)
    try checkFullRank(factorization, parameters: n)
    let alpha = try LAPACK.gglse(a: design.matrix, c: design.rhs, b: b, d: targets)
    return FirstSolution(ascending: design.monomialCoefficients(alpha), factorization: factorization, toMonomial: nil)
  }

  /// Throws ``FitError/dependentConstraints(dependent:degree:)`` when the rows of `b`
  /// (constraints in the scaled basis) are numerically dependent, naming the constraints
  /// the pivoted QR of Bᵀ could not use.
  private static func checkIndependent(_ b: ColumnMajorMatrix, constraints: [FitConstraint], degree: Int)
    throws(FitError)
  {
    // One value constraint, or two at well-separated t (the depletion endpoints, the common
    // case), are independent outright: two rows (1, t, t², …) are far from parallel unless
    // t ≈ s, and validation has ruled out more constraints than coefficients.
    if constraints.count <= 2, case .value(let t, _) = constraints[0] {
      if constraints.count == 1 { return }
      if case .value(let s, _) = constraints[1], abs(t - s) >= 0x1p-20 * max(1, abs(t), abs(s)) { return }
    }
    let factorization = try fullRankFactorization(b.transposed)
    guard factorization.rank < b.rows else { return }
    let dependent = factorization.pivots[factorization.rank...].sorted().map { constraints[$0] }
    throw .dependentConstraints(dependent: dependent, degree: degree)
  }

  /// Throws ``FitError/rankDeficient(rank:parameters:undeterminedPowers:)`` unless the
  /// pivoted QR found full column rank; the columns it left last are the powers reported.
  static func checkFullRank(_ factorization: LAPACK.PivotedSolution, parameters: Int) throws(FitError) {
    guard factorization.rank < parameters else { return }
    let powers = factorization.pivots[factorization.rank...].sorted()
    throw .rankDeficient(rank: factorization.rank, parameters: parameters, undeterminedPowers: powers)
  }

  /// κ₁(R) = ‖R‖₁·‖R⁻¹‖₁ of the R factor, computed exactly from R⁻¹ (R is at most
  /// 11 × 11; LAPACK `dtrcon` would only estimate it, from below, at several times the cost
  /// of a small fit). Infinity when R is singular.
  static func conditionNumber(_ factorization: LAPACK.PivotedSolution) throws(FitError) -> Double {
    conditionNumbers(upperTriangle: factorization.r).oneNorm
  }
}
