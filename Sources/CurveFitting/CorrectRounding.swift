@_spi(CurveKitTooling) import CurveCore

/// How a fit's coefficients relate to the exact optimum of the stated problem.
public enum CoefficientRounding: String, Sendable, Hashable {
  /// Each coefficient is the exact optimum rounded to the nearest double (ties to even),
  /// decided by a certified error bound: the double-double one, or, where exact arithmetic
  /// would pass its work budget, the bound of a 256-bit exact solve.
  case certified
  /// Each coefficient is the exact optimum rounded to the nearest double (ties to even),
  /// decided in exact rational arithmetic because the bound could not decide it.
  case exact
  /// Each coefficient is within one ulp of the exact optimum: one of the two doubles around
  /// it, the nearest unless that would make the curve rise, decided by the exact monotonicity
  /// check. Computed in a fixed order without BLAS, so the same on every machine: monotone
  /// `enforce` optima on the curved boundary of the monotone region, which are algebraic,
  /// not rational (see `MonotoneFitter`).
  case faithful
  /// Not certified as the rounded exact optimum, but computed from the data in a fixed order
  /// without BLAS, so the same on every machine: streamed data that cannot be read twice in
  /// the rare case the bound cannot decide (the nearest doubles to a double-double solution
  /// of the exact-sum system), and the rare monotone `enforce` optimum whose exact refinement
  /// does not apply (those on a straight edge are the rounded optimum of their equality
  /// problem unless rounding makes a flat end rise by an ulp); every `enforce` optimum of
  /// degree 4…10 (within 10⁻⁹ of the optimum, rounded so f′ cannot rise); the
  /// unconstrained comparison in such a report where correct rounding would need exact
  /// arithmetic; and a fit whose exact arithmetic would pass its work budget (data spanning
  /// an extreme exponent range, such as a point at t = 10⁻³⁰⁰ at degree 6–10) and whose
  /// bounded-precision solve cannot prove its rounding (the exact optimum of the system with
  /// each equation truncated to 256 bits, see `ExactLeastSquares`): every fit finishes in
  /// bounded time.
  case fixedOrder

  /// LAPACK's solution as computed on this machine: streamed data from a pipe too
  /// ill-conditioned (degree 9–10 in the monomial basis) for the double-double certificate,
  /// which only exact arithmetic over a second read could decide; and, in memory, a fit past
  /// the exact work budget whose bounded-precision and double-double systems are both
  /// singular. Its last bits may differ between machines.
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

  /// A fit's coefficients and the diagnostics that come from the same exact-sum system.
  struct Solution {
    /// Ascending coefficients.
    var ascending: [Double]
    var rounding: CoefficientRounding
    /// √((G⁻¹)ₖₖ) for the normal matrix G = VᵀW²V, ascending; nil when G is too
    /// ill-conditioned for the approximate inverse (the caller then uses LAPACK's factor).
    var standardErrorFactors: [Double]?
    /// √κ₁ of G equilibrated by powers of two (≈ κ of the column-scaled design); nil as above.
    var condition: Double?
  }

  /// The correctly rounded coefficients (ascending) of the problem whose sums are `moments`,
  /// from `candidate` (LAPACK's), and the normal matrix's diagnostics, all in a fixed order.
  /// - Parameter undecided: the answer when the bound cannot decide (exact arithmetic for data
  ///   in memory or a file; a fixed-order solve for a pipe); nil when it has none.
  /// - Returns: nil only when `undecided` has no answer (for exact arithmetic: the KKT matrix
  ///   is exactly singular).
  static func solve(
    moments: Moments, constraints: [FitConstraint], candidate: [Double],
    undecided: () -> (ascending: [Double], rounding: CoefficientRounding)?
  ) -> Solution? {
    let prepared = PreparedSystem(moments: moments, constraints: constraints)
    let decided = prepared?.certified(from: candidate).map { ($0, CoefficientRounding.certified) }
    guard let (ascending, rounding) = decided ?? undecided() else { return nil }
    // The data block of the fit's system is the normal matrix G (for an unconstrained fit,
    // the whole system): its condition number, and unconstrained, the standard errors.
    let factors = constraints.isEmpty ? prepared?.standardErrorFactors() : nil
    return Solution(
      ascending: ascending, rounding: rounding, standardErrorFactors: factors,
      condition: prepared?.system.dataCondition(inverse: prepared?.inverse)
        ?? dataCondition(moments: moments, constraints: constraints))
  }

  /// √κ₁ of the equilibrated normal matrix where the system is too ill-conditioned for the
  /// certificate: the same figure as a certified fit's, from the same exact sums (never from
  /// LAPACK's factor, which differs between LAPACK builds and the WebAssembly build).
  static func dataCondition(moments: Moments, constraints: [FitConstraint]) -> Double? {
    var system = KKTSystem(moments: moments, constraints: constraints)
    guard system.equilibrate() else { return nil }
    return system.dataCondition()
  }

  /// The certified rounding from the moments, or nil when the bound cannot decide every
  /// coefficient (or does not hold: values out of range).
  static func certified(moments: Moments, constraints: [FitConstraint], candidate: [Double]) -> [Double]? {
    PreparedSystem(moments: moments, constraints: constraints)?.certified(from: candidate)
  }

  /// The nearest doubles to a double-double solution of the exact-sum KKT system, computed
  /// from zero in a fixed order (LAPACK's solution plays no part), or nil when the system is
  /// too ill-conditioned for the approximate inverse.
  static func fixedOrder(moments: Moments, constraints: [FitConstraint]) -> [Double]? {
    guard let prepared = PreparedSystem(moments: moments, constraints: constraints) else { return nil }
    var z = prepared.system.start(from: [])
    var values = Array(repeating: 0.0, count: prepared.system.size)
    var noBounds: [Double]? = nil
    for _ in 0..<maximumIterations {
      prepared.system.residual(at: z, values: &values, magnitudes: &noBounds)
      prepared.system.correct(&z, inverse: prepared.inverse, residual: values)
    }
    return prepared.system.nearest(z)
  }

  /// An equilibrated KKT system with its approximate inverse X and the rigorous bound on
  /// the rows of I − X·K (each < ½), or nothing when the sums' bound does not hold or the
  /// system is too ill-conditioned for X.
  struct PreparedSystem {
    let system: KKTSystem
    let inverse: DenseMatrix
    let eta: [Double]

    init?(moments: Moments, constraints: [FitConstraint]) {
      guard moments.isBounded else { return nil }
      var system = KKTSystem(moments: moments, constraints: constraints)
      guard system.equilibrate(), let inverse = system.approximateInverse(), let eta = system.contraction(of: inverse)
      else { return nil }
      (self.system, self.inverse, self.eta) = (system, inverse, eta)
    }

    /// Refines `candidate` and returns its certified rounding, or nil when the bound cannot
    /// decide every coefficient within ``CorrectRounding/maximumIterations`` rounds.
    func certified(from candidate: [Double]) -> [Double]? {
      var z = system.start(from: candidate)
      var values = Array(repeating: 0.0, count: system.size)
      var magnitudes: [Double]? = nil
      if system.size > system.n {
        // The multipliers start at zero, so no bound can decide before one correction.
        system.residual(at: z, values: &values, magnitudes: &magnitudes)
        system.correct(&z, inverse: inverse, residual: values)
      }
      magnitudes = values
      var bounds = values
      for _ in 0..<CorrectRounding.maximumIterations {
        system.residual(at: z, values: &values, magnitudes: &magnitudes)
        system.errorBounds(inverse: inverse, eta: eta, residualMagnitudes: magnitudes ?? [], into: &bounds)
        if let rounded = system.decide(z, bounds: bounds) { return rounded }
        system.correct(&z, inverse: inverse, residual: values)
      }
      return nil
    }

    /// For the normal matrix's system (no constraints): √((G⁻¹)ₖₖ), the standard-error
    /// factors; nil when a diagonal entry comes out negative.
    func standardErrorFactors() -> [Double]? {
      let diagonal = system.inverseDiagonal(inverse: inverse, iterations: 3)
      guard diagonal.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
      return diagonal.map { $0.squareRoot() }
    }
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
