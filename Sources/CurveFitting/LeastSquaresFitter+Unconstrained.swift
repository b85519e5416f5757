import CurveCore

extension LeastSquaresFitter {
  /// The most refinement steps taken; each costs O(m·n) double-double operations.
  static let maximumRefinementSteps = 8

  /// The unconstrained path: `dgelsy` on the scaled design, then refinement in t.
  ///
  /// With many points `dgelsy` factorizes the design's triangular reduction (the same
  /// problem, see ``ScaledDesign/init(reducing:basis:extraRows:)``); the refinement forms
  /// the design's rows from the points as it goes, exactly as the stored design would.
  ///
  /// `dgelsy` gives coefficients α with the accuracy of a backward-stable QR in the scaled
  /// basis, but mapping them to monomials in t (and rounding u = (t − c)/s) can amplify that
  /// error by the conditioning of the monomial basis, and a large residual adds a
  /// κ²·‖r‖ term. Björck's iterative refinement of the augmented system
  ///
  ///     [ I   X ] [ r ]   [ Wy ]
  ///     [ Xᵀ  0 ] [ b ] = [ 0  ]     (X = W·Vandermonde(t), b ascending in t)
  ///
  /// computes both residual equations in double-double with the exact t, and solves for
  /// the corrections with R from the scaled QR (corrected semi-normal equations). The
  /// iteration converges when κ(scaled design)²·2⁻⁵³ ≪ 1 and stops when a step no longer
  /// halves; on the NIST StRD polynomial sets every coefficient reaches an LRE ≥ 13.
  static func fitUnconstrained(_ problem: FitProblem, basis: ScaledMonomialBasis) throws(FitError) -> FitReport {
    let n = basis.count
    let design = try ScaledDesign(reducing: problem, basis: basis, extraRows: [])
    let factorization = try LAPACK.gelsy(design.matrix, rhs: design.rhs, rcond: rankTolerance)
    try checkFullRank(factorization, parameters: n)
    let condition = try conditionNumber(factorization)
    let factor = TriangularFactor(factorization)

    var coefficients = design.monomialCoefficients(factorization.solution)
    guard coefficients.allSatisfy(\.isFinite) else { throw .nonFiniteResult(quantity: "a coefficient") }
    var residual = weightedResiduals(problem, coefficients)
    var previousStep = Double.infinity
    let alphaSize = ScaledDesign.euclideanNorm(factorization.solution)
    for _ in 0..<maximumRefinementSteps {
      let f = zip(weightedResidualsExtended(problem, coefficients), residual).map { ($0 - $1).value }
      let g = normalEquationResiduals(problem, residual)
      // Aᵀ·δr = Tᵀ·g and δr + A·δα = f  ⇒  AᵀA·δα = Aᵀf − Tᵀg.
      let rhs = zip(design.transposedDesignTimes(f, problem, basis), multiplyTransposed(design.toMonomial, g)).map {
        $0 - $1
      }
      let deltaAlpha = factor.solveNormalEquations(rhs)
      let step = ScaledDesign.euclideanNorm(deltaAlpha)
      guard step.isFinite, step < previousStep / 2 else { break }
      let fitted = design.designTimes(deltaAlpha, problem, basis)
      for index in residual.indices { residual[index] += f[index] - fitted[index] }
      let deltaB = design.monomialCoefficients(deltaAlpha)
      for index in coefficients.indices { coefficients[index] += deltaB[index] }
      previousStep = step
      if step <= alphaSize * 0x1p-53 { break }
    }

    return try FitReport(
      problem: problem, ascending: coefficients, rank: factorization.rank, conditionNumber: condition,
      standardErrorFactors: factor.rowNorms(of: design.toMonomial)
    )
  }

  /// wᵢ·(yᵢ − p(tᵢ)) in double-double for ascending coefficients `coefficients`.
  private static func weightedResidualsExtended(_ problem: FitProblem, _ coefficients: [Double]) -> [DoubleDouble] {
    problem.points.enumerated().map { index, point in
      (DoubleDouble(point.y) + -DoubleDouble.horner(ascending: coefficients, at: point.t)) * problem.weight(at: index)
    }
  }

  /// wᵢ·(yᵢ − p(tᵢ)), each rounded once to double.
  private static func weightedResiduals(_ problem: FitProblem, _ coefficients: [Double]) -> [Double] {
    weightedResidualsExtended(problem, coefficients).map(\.value)
  }

  /// g = −Xᵀ·r with X = W·Vandermonde(t) (ascending powers), accumulated in double-double
  /// with exact powers of t, so the cancellation in Xᵀr (zero at the solution) is resolved.
  /// - Complexity: O(m·n).
  private static func normalEquationResiduals(_ problem: FitProblem, _ residual: [Double]) -> [Double] {
    let n = problem.parameterCount
    var sums = Array(repeating: DoubleDouble(0), count: n)
    for (index, point) in problem.points.enumerated() {
      var term = DoubleDouble.twoProduct(problem.weight(at: index), residual[index])
      for power in 0..<n {
        sums[power] = sums[power] + term
        term = term * point.t
      }
    }
    return sums.map { -$0.value }
  }
}
