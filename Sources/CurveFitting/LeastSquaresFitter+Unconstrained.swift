@_spi(CurveKitTooling) import CurveCore

extension LeastSquaresFitter {
  /// The unconstrained path: `dgelsy` on the scaled design, the first solution that
  /// ``CorrectRounding`` then refines on the exact problem and rounds.
  ///
  /// With many points `dgelsy` factorizes the design's triangular reduction (the same
  /// problem, see ``ScaledDesign/init(reducing:basis:extraRows:)``). Its coefficients α have
  /// the accuracy of a backward-stable QR in the scaled basis; mapping them to monomials in t
  /// can amplify that error by the conditioning of the monomial basis, which the refinement
  /// on the exact-sum system removes (it converges from any start the certificate accepts).
  static func fitUnconstrained(_ problem: FitProblem, basis: ScaledMonomialBasis) throws(FitError) -> FirstSolution {
    let n = basis.count
    let design = try ScaledDesign(reducing: problem, basis: basis, extraRows: [])
    let factorization = try LAPACK.gelsy(design.matrix, rhs: design.rhs, rcond: rankTolerance)
    try checkFullRank(factorization, parameters: n)
    let coefficients = design.monomialCoefficients(factorization.solution)
    guard coefficients.allSatisfy({ $0.isFinite }) else { throw .nonFiniteResult(quantity: "a coefficient") }
    return FirstSolution(ascending: coefficients, factorization: factorization, toMonomial: design.toMonomial)
  }
}
