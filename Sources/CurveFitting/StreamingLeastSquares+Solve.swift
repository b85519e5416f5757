@_spi(CurveKitTooling) import CurveCore

extension StreamingLeastSquares {
  /// The R factor with unit-norm columns: R·D⁻¹, with D the column norms (taken over the
  /// data, which R preserves, and the constraint rows, as ``ScaledDesign`` does).
  struct ScaledFactor {
    var matrix: ColumnMajorMatrix
    var rhs: [Double]
    var scales: [Double]
    var constraintRows: [[Double]]
    var targets: [Double]
    /// Ascending monomial coefficients in t = toMonomial·a for scaled coefficients a.
    var toMonomial: ColumnMajorMatrix
    /// ρ², the part of the residual sum of squares no coefficient vector can reduce.
    var residualSumOfSquares: Double
  }

  func scaledFactor() throws(FitError) -> ScaledFactor {
    let qr = self.qr.triangle
    let n = degree + 1
    var rows: [[Double]] = []
    var targets: [Double] = []
    for constraint in constraints {
      let (row, target) =
        switch constraint {
        case .value(let t, let value): (basis.valueRow(at: t), value)
        case .slope(let t, let slope): (basis.slopeRow(at: t), slope)
        }
      let size = row.map(abs).max() ?? 0
      guard size > 0, size.isFinite else { throw .nonFiniteResult(quantity: "a constraint row") }
      rows.append(row.map { $0 / size })
      targets.append(target / size)
    }
    var matrix = ColumnMajorMatrix(rows: n, columns: n)
    var scales: [Double] = []
    for column in 0..<n {
      let data = (0...column).map { qr[$0, column] }
      let norm = ScaledDesign.euclideanNorm(data + rows.map { $0[column] })
      let scale = norm > 0 && norm.isFinite ? norm : 1
      scales.append(scale)
      for row in 0...column { matrix[row, column] = qr[row, column] / scale }
    }
    var toMonomial = basis.toMonomial
    for column in 0..<n {
      for row in 0..<n { toMonomial[row, column] /= scales[column] }
    }
    guard matrix.isFinite, toMonomial.isFinite else { throw .nonFiniteResult(quantity: "the streamed factor") }
    return ScaledFactor(
      matrix: matrix, rhs: (0..<n).map { qr[$0, n] }, scales: scales, constraintRows: rows, targets: targets,
      toMonomial: toMonomial, residualSumOfSquares: qr.residualSumOfSquares)
  }

  /// Solves the accumulated problem.
  ///
  /// The returned report has no per-point residuals (``FitReport/residuals`` is empty) and
  /// ``FitReport/maxAbsResidual`` is NaN until a second pass over the data completes it
  /// (``StreamingResidualPass``, ``complete(_:with:)``). Until then RSS = ‖R·a − r‖² + ρ²
  /// (relative error about m·2⁻⁵³ for m points).
  /// - Throws: ``FitError``: no points, too few distinct abscissas, dependent constraints,
  ///   rank deficiency, overflow, LAPACK failures.
  /// - Complexity: O(n³), independent of the number of points.
  public func solve() throws(FitError) -> FitReport {
    guard count > 0 else { throw .noPoints }
    let n = degree + 1
    guard distinct.count >= distinctNeeded else {
      throw .tooFewDistinctPoints(
        distinct: distinct.count, pinned: 0, freeParameters: distinctNeeded, degree: degree,
        constraints: constraints.count)
    }
    let factor = try scaledFactor()
    let scaled: [Double]
    let factorization: LAPACK.PivotedSolution
    var standardErrorFactors: [Double]?
    if constraints.isEmpty {
      factorization = try LAPACK.gelsy(factor.matrix, rhs: factor.rhs, rcond: LeastSquaresFitter.rankTolerance)
      try LeastSquaresFitter.checkFullRank(factorization, parameters: n)
      scaled = factorization.solution
      standardErrorFactors = TriangularFactor(factorization).rowNorms(of: factor.toMonomial)
    } else {
      var b = ColumnMajorMatrix(rows: factor.constraintRows.count, columns: n)
      for (row, values) in factor.constraintRows.enumerated() {
        for column in 0..<n { b[row, column] = values[column] / factor.scales[column] }
      }
      let independence = try LAPACK.gelsy(b.transposed, rhs: [], rcond: LeastSquaresFitter.rankTolerance)
      if independence.rank < b.rows {
        let dependent = independence.pivots[independence.rank...].sorted().map { constraints[$0] }
        throw .dependentConstraints(dependent: dependent, degree: degree)
      }
      var stacked = ColumnMajorMatrix(rows: n + b.rows, columns: n)
      for column in 0..<n {
        for row in 0..<n { stacked[row, column] = factor.matrix[row, column] }
        for row in 0..<b.rows { stacked[n + row, column] = b[row, column] }
      }
      factorization = try LAPACK.gelsy(stacked, rhs: [], rcond: LeastSquaresFitter.rankTolerance)
      try LeastSquaresFitter.checkFullRank(factorization, parameters: n)
      scaled = try LAPACK.gglse(a: factor.matrix, c: factor.rhs, b: b, d: factor.targets)
    }
    let lapackCondition = try LeastSquaresFitter.conditionNumber(factorization)
    let candidate = multiply(factor.toMonomial, scaled)
    guard candidate.allSatisfy({ $0.isFinite }) else { throw .nonFiniteResult(quantity: "a coefficient") }
    let sums = moments.finished()
    let solution = CorrectRounding.solve(
      moments: sums, constraints: constraints, candidate: candidate,
      undecided: { CorrectRounding.fixedOrder(moments: sums, constraints: constraints).map { ($0, .fixedOrder) } })
    let ascending = solution?.ascending ?? candidate
    let rounding = solution?.rounding ?? .solverDependent
    if constraints.isEmpty, let factors = solution?.standardErrorFactors { standardErrorFactors = factors }
    let condition = solution?.condition ?? FitReport.machineIndependent(lapackCondition, digits: 3)
    let rss = sums.residualSumOfSquares(ascending: ascending)
    return try FitReport(
      streamedFrom: self, ascending: ascending, rss: rss, rank: factorization.rank, conditionNumber: condition,
      standardErrorFactors: standardErrorFactors, rounding: rounding)
  }

  /// `report` with the exact optimum's coefficients, rounded to nearest, from a second read of
  /// the same data (`pass`), when the first read could not certify them; `report` itself when
  /// it is already correctly rounded or the pass saw different data.
  public func correctlyRounded(_ report: FitReport, with pass: ExactPass) -> FitReport {
    guard !report.rounding.isCorrectlyRounded, pass.count == count,
      let (ascending, rounding) = ExactLeastSquares.correctlyRounded(pass.sums, constraints: constraints),
      let polynomial = try? Polynomial(coefficients: ascending.reversed())
    else { return report }
    return report.replacing(
      polynomial: polynomial, rss: moments.finished().residualSumOfSquares(ascending: ascending), rounding: rounding)
  }

  /// A second read of streamed data in exact arithmetic (see ``correctlyRounded(_:with:)``).
  public struct ExactPass: Sendable {
    var sums: ExactMomentSums
    /// Points seen.
    public private(set) var count = 0

    /// A pass for a fit of `degree`.
    public init(degree: Int) { sums = ExactMomentSums(degree: degree) }

    /// Adds the next point, in the order of the first read.
    public mutating func add(_ point: DataPoint, weight: Double = 1) {
      sums.add(t: point.t, y: point.y, weight: weight)
      count += 1
    }
  }
}

extension FitReport {
  /// The report of a streamed fit (no per-point residuals; max |residual| unknown: NaN).
  init(
    streamedFrom fit: StreamingLeastSquares, ascending: [Double], rss: Double, rank: Int, conditionNumber: Double,
    standardErrorFactors: [Double]?, rounding: CoefficientRounding
  ) throws(FitError) {
    guard ascending.allSatisfy({ $0.isFinite }), let polynomial = try? Polynomial(coefficients: ascending.reversed())
    else {
      throw .nonFiniteResult(quantity: "a coefficient")
    }
    guard rss.isFinite else { throw .nonFiniteResult(quantity: "the residual sum of squares") }
    let dof = fit.count - (fit.degree + 1 - fit.constraints.count)
    let s = dof > 0 ? (rss / Double(dof)).squareRoot() : nil
    self.init(
      polynomial: polynomial, degree: fit.degree, residuals: [], rss: rss, rmse: (rss / Double(fit.count)).squareRoot(),
      maxAbsResidual: .nan, maxAbsResidualIndex: -1, maxAbsResidualT: .nan,
      rSquared: fit.spread > 0 && fit.spread.isFinite ? 1 - rss / fit.spread : nil, rank: rank,
      conditionNumber: conditionNumber, constraints: fit.constraints,
      constraintResiduals: fit.constraints.map { Self.constraintResidual($0, ascending: ascending) },
      degreesOfFreedom: dof, residualStandardDeviation: s,
      standardErrors: s.flatMap { s in standardErrorFactors.map { $0.reversed().map { s * $0 } } },
      isWeighted: fit.isWeighted, rounding: rounding)
  }

  /// This report with another polynomial, RSS and rounding (RMSE, R² and the residual SD
  /// follow the RSS; per-point residuals are dropped).
  func replacing(polynomial: Polynomial, rss: Double, rounding: CoefficientRounding) -> FitReport {
    let s = degreesOfFreedom > 0 ? (rss / Double(degreesOfFreedom)).squareRoot() : nil
    let ratio = residualStandardDeviation.flatMap { old in s.map { old > 0 ? $0 / old : 1 } } ?? 1
    let scale = self.rss > 0 ? rss / self.rss : 1
    return FitReport(
      polynomial: polynomial, degree: degree, residuals: [], rss: rss, rmse: rmse * scale.squareRoot(),
      maxAbsResidual: maxAbsResidual, maxAbsResidualIndex: maxAbsResidualIndex, maxAbsResidualT: maxAbsResidualT,
      rSquared: rSquared.map { 1 - (1 - $0) * scale }, rank: rank, conditionNumber: conditionNumber,
      constraints: constraints,
      constraintResiduals: constraints.map { Self.constraintResidual($0, ascending: polynomial.ascendingCoefficients) },
      degreesOfFreedom: degreesOfFreedom, residualStandardDeviation: s,
      standardErrors: standardErrors.map { $0.map { $0 * ratio } }, isWeighted: isWeighted, rounding: rounding)
  }

  /// f(t₀) − v or f′(t₀) − s in double-double.
  static func constraintResidual(_ constraint: FitConstraint, ascending: [Double]) -> Double {
    switch constraint {
    case .value(let t, let value):
      return (DoubleDouble.horner(ascending: ascending, at: t) - value).value
    case .slope(let t, let slope):
      let derivative = ascending.enumerated().dropFirst().map { Double($0.offset) * $0.element }
      return (DoubleDouble.horner(ascending: derivative, at: t) - slope).value
    }
  }

  /// y − f(t) in double-double, rounded once.
  public func residual(of point: DataPoint) -> Double {
    (DoubleDouble(point.y) + -DoubleDouble.horner(ascending: polynomial.ascendingCoefficients, at: point.t)).value
  }
}

/// The second pass over streamed data: the residuals of the solved polynomial, summed in
/// input order exactly as ``FitReport`` does for in-memory fits, and the largest |residual|.
public struct StreamingResidualPass: Sendable {
  let ascending: [Double]
  /// Σ (wᵢ·rᵢ)² so far.
  public private(set) var rss = 0.0
  /// The largest |rᵢ| so far, its 0-based index and t (−1 and NaN before any point).
  public private(set) var maxAbsResidual = -1.0, maxIndex = -1, maxT = Double.nan
  /// The number of points seen.
  public private(set) var count = 0

  /// A pass for the polynomial of `report`.
  public init(_ report: FitReport) { ascending = report.polynomial.ascendingCoefficients }

  /// Adds the next point (in the same order as the first pass).
  public mutating func add(_ point: DataPoint, weight: Double = 1) {
    let residual = (DoubleDouble(point.y) + -DoubleDouble.horner(ascending: ascending, at: point.t)).value
    let weighted = weight * residual
    rss += weighted * weighted
    if abs(residual) > maxAbsResidual { (maxAbsResidual, maxIndex, maxT) = (abs(residual), count, point.t) }
    count += 1
  }
}

extension StreamingLeastSquares {
  /// `report` with RSS, RMSE, R², residual SD and standard errors recomputed from the
  /// residual pass (more accurate than the factor's ρ²) and its largest |residual|.
  /// Returns `report` unchanged when the pass saw a different number of points.
  public func complete(_ report: FitReport, with pass: StreamingResidualPass) -> FitReport {
    guard pass.count == count, count > 0, pass.rss.isFinite else { return report }
    let rss = pass.rss
    let s = report.degreesOfFreedom > 0 ? (rss / Double(report.degreesOfFreedom)).squareRoot() : nil
    let ratio = report.residualStandardDeviation.flatMap { old in s.map { old > 0 ? $0 / old : 1 } } ?? 1
    return FitReport(
      polynomial: report.polynomial, degree: report.degree, residuals: [], rss: rss,
      rmse: (rss / Double(count)).squareRoot(), maxAbsResidual: pass.maxAbsResidual, maxAbsResidualIndex: pass.maxIndex,
      maxAbsResidualT: pass.maxT, rSquared: spread > 0 && spread.isFinite ? 1 - rss / spread : nil, rank: report.rank,
      conditionNumber: report.conditionNumber, constraints: report.constraints,
      constraintResiduals: report.constraintResiduals, degreesOfFreedom: report.degreesOfFreedom,
      residualStandardDeviation: s, standardErrors: report.standardErrors.map { $0.map { $0 * ratio } },
      isWeighted: report.isWeighted, rounding: report.rounding)
  }
}
