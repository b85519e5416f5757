import CurveCore

/// How a fit's coefficients relate to the exact optimum of the stated problem.
public enum CoefficientRounding: String, Sendable, Hashable, Codable {
  /// Each coefficient is the exact optimum rounded to the nearest double (ties to even),
  /// decided by a certified error bound.
  case certified
  /// Each coefficient is the exact optimum rounded to the nearest double (ties to even),
  /// decided in exact rational arithmetic because the bound could not decide it.
  case exact
  /// Not certified as the rounded exact optimum, but computed from the data in a fixed order
  /// without BLAS, so the same on every machine: streamed data that cannot be read twice in
  /// the rare case the bound cannot decide (the nearest doubles to a double-double solution
  /// of the exact-sum system), and monotone `enforce` optima on the curved boundary of the
  /// monotone region (algebraic, not rational).
  case fixedOrder

  /// LAPACK's solution as computed on this machine: streamed data from a pipe too
  /// ill-conditioned (degree 9–10 in the monomial basis) for the double-double certificate,
  /// which only exact arithmetic over a second read could decide. Its last bits may differ
  /// between machines.
  case solverDependent

  /// True for ``certified`` and ``exact``.
  public var isCorrectlyRounded: Bool { self == .certified || self == .exact }
}

/// The correctly rounded coefficients of a least-squares problem, whatever LAPACK computed.
///
/// The stated problem is exact: the points, weights and constraints as the doubles given,
/// the objective Σ (wᵢ(yᵢ − f(tᵢ)))², the equality constraints in t. Its optimum b* solves the
/// KKT system
///
///     [ G  Cᵀ ] [ b ]   [ h ]
///     [ C  0  ] [ λ ] = [ d ]      Gⱼₖ = Σ wᵢ²tᵢʲ⁺ᵏ, hₖ = Σ wᵢ²yᵢtᵢᵏ, C the constraint rows,
///
/// whose entries are exact rationals. LAPACK's first solution is refined on that system
/// (residuals in double-double from ``MomentSums``, corrections from an approximate inverse
/// X of the equilibrated matrix), and the result is certified: with F = I − X·K bounded
/// rigorously (‖F‖∞ ≤ η < ½) and r the residual with its error bound,
/// |b* − b̂| ≤ |X|(|r̂| + δr) + |F|·𝟙·‖X‖(|r̂| + δr)/(1 − η) componentwise. A coefficient is
/// decided when that interval holds no midpoint between doubles. Undecided coefficients go
/// to ``ExactLeastSquares`` (exact rationals) when the data can be read again.
enum CorrectRounding {
  /// Refinement rounds before giving up on the bound.
  static let maximumIterations = 8

  /// The problem's correctly rounded coefficients (ascending), from `candidate` (LAPACK's).
  /// - Returns: the coefficients and how they were decided; nil only when even exact
  ///   arithmetic finds the KKT matrix singular (the caller keeps its rank diagnostics).
  static func coefficients(of problem: FitProblem, moments: Moments, candidate: [Double]) -> (
    ascending: [Double], rounding: CoefficientRounding
  )? {
    if let decided = certified(moments: moments, constraints: problem.constraints, candidate: candidate) {
      return (decided, .certified)
    }
    return ExactLeastSquares.roundedOptimum(problem).map { ($0, .exact) }
  }

  /// The certified rounding from the moments, or nil when the bound cannot decide every
  /// coefficient (or does not hold: values out of range).
  static func certified(moments: Moments, constraints: [FitConstraint], candidate: [Double]) -> [Double]? {
    guard moments.isBounded else { return nil }
    var system = KKTSystem(moments: moments, constraints: constraints)
    guard system.equilibrate(), let inverse = system.approximateInverse() else { return nil }
    guard let eta = system.contraction(of: inverse) else { return nil }
    var z = system.start(from: candidate)
    for _ in 0..<maximumIterations {
      let (residual, residualBound) = system.residual(at: z)
      let bounds = system.errorBounds(inverse: inverse, eta: eta, residual: residual, residualBound: residualBound)
      if let rounded = system.decide(z, bounds: bounds) { return rounded }
      let correction = inverse.multiply(residual.map(\.value))
      for index in z.indices { z[index] = z[index] + correction[index] }
    }
    return nil
  }

  /// The normal matrix G = VᵀW²V of the data, from the exact-sum system in a fixed order
  /// (the same on every machine): √((G⁻¹)ₖₖ) for k = 0…d (ascending), the factors of the
  /// standard errors, and √κ₁ of G equilibrated by powers of two, the condition number of
  /// the column-scaled monomial design. Nil when G is too ill-conditioned for the
  /// approximate inverse (degree 9–10 on clustered data).
  static func normalMatrix(moments: Moments) -> (standardErrorFactors: [Double], condition: Double)? {
    guard moments.isBounded else { return nil }
    var system = KKTSystem(moments: moments, constraints: [])
    guard system.equilibrate(), let inverse = system.approximateInverse(), system.contraction(of: inverse) != nil
    else { return nil }
    let diagonal = system.inverseDiagonal(inverse: inverse, iterations: 3)
    guard diagonal.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
    let condition = (system.oneNorm() * inverse.oneNorm()).squareRoot()
    return (diagonal.map { $0.squareRoot() }, condition)
  }

  /// The nearest doubles to a double-double solution of the exact-sum KKT system, computed
  /// from zero in a fixed order (LAPACK's solution plays no part), or nil when the system is
  /// too ill-conditioned for the approximate inverse.
  static func fixedOrder(moments: Moments, constraints: [FitConstraint]) -> [Double]? {
    guard moments.isBounded else { return nil }
    var system = KKTSystem(moments: moments, constraints: constraints)
    guard system.equilibrate(), let inverse = system.approximateInverse(), system.contraction(of: inverse) != nil
    else { return nil }
    var z = system.start(from: [])
    for _ in 0..<maximumIterations {
      let correction = inverse.multiply(system.residual(at: z).residual.map(\.value))
      for index in z.indices { z[index] = z[index] + correction[index] }
    }
    return system.nearest(z)
  }

  /// The nearest double to the unscaled dd value `value` when no value within `bound` of it
  /// rounds differently; nil otherwise (a midpoint between doubles lies within the bound).
  static func decidedRounding(_ value: DoubleDouble, bound: Double) -> Double? {
    let nearest = value.high + value.low
    guard nearest.isFinite, bound.isFinite else { return nil }
    // value − nearest, exact: high − nearest is exact (Sterbenz), and twoSum adds low.
    let offset = DoubleDouble.twoSum(value.high - nearest, value.low).value
    let halfDown = (nearest - nearest.nextDown) / 2
    let halfUp = (nearest.nextUp - nearest) / 2
    let needed = bound * (1 + 0x1p-30) + 0x1p-1074
    let gapDown = (halfDown + offset) * (1 - 0x1p-50)
    let gapUp = (halfUp - offset) * (1 - 0x1p-50)
    return gapDown > needed && gapUp > needed ? nearest : nil
  }
}
