/// A certified upper bound on the distance between a straight ramp and a polynomial on an
/// interval: U ≥ max |R(t) − p(t)| over t ∈ [t₀, t₁] ⊆ [0, 1], where R is the exact straight
/// line through (t₀, y₀) and (t₁, y₁) (real arithmetic, the ramp a widget animates).
///
/// Method (branch and bound on a second-order Taylor bound, in plain doubles, so other
/// languages can port it): on a piece [a, b] with midpoint c and half-width h, for the residual
/// r = R − p (a polynomial with r″ = −p″),
///
///     |r(t)| ≤ |r(c)| + |r′(c)|·h + M₂·h²/2,   M₂ = Σₖ k(k−1)|cₖ|·bᵏ⁻² ≥ max |p″| on [a, b],
///
/// with every rounding of the computed r(c), r′(c) and M₂ bounded: p(c) by compensated Horner
/// and its rigorous error bound (``Polynomial/compensatedValue(at:)``), R(c) within
/// 8u·(|y₀| + |y₁| + |R(c)|), p′(c) within (2n + 2)u·Σ k|cₖ|cᵏ⁻¹ (u = 2⁻⁵³, n the degree), and the
/// sum inflated by 8u. A piece whose bound is at most the target is done; a piece whose
/// computed |r(c)| exceeds the target by more than its rounding error proves the target
/// unreachable; any other piece is halved. The bound returned is the largest bound of the
/// pieces, so it is rigorous for the exact polynomial with these double coefficients.
/// - Complexity: O(log(1/slack)) pieces near each extremum of r whose value is within `slack`
///   of the target, O(√(M₂/target)) elsewhere; at most ``pieceLimit`` pieces, O(n) flops each.
package enum RampResidualBound {
  /// The outcome of one certification.
  package enum Outcome: Sendable, Hashable {
    /// max |R − p| ≤ bound ≤ the target.
    case within(bound: Double)
    /// |R(t) − p(t)| > the target at this t (certified).
    case exceeds(at: Double)
    /// Neither could be shown within the piece limit or the resolution of doubles.
    case undecided
  }

  /// The most pieces one certification examines.
  static let pieceLimit = 20_000
  /// The unit roundoff of Double.
  static let u = 0x1p-53

  /// Decides whether max |R − p| on [start, end] is at most `target`, with R the ramp from
  /// `startLevel` at `start` to `endLevel` at `end`.
  package static func certify(
    _ polynomial: Polynomial, from start: Double, to end: Double, startLevel: Double, endLevel: Double,
    target: Double
  ) -> Outcome {
    guard start < end, target.isFinite, target >= 0, startLevel.isFinite, endLevel.isFinite else {
      return .undecided
    }
    let ramp = Ramp(start: start, end: end, startLevel: startLevel, endLevel: endLevel)
    let derivative = polynomial.derivative()
    let n = Double(polynomial.degree)
    var pieces = [(start, end)]
    var bound = 0.0
    var examined = 0
    while let (a, b) = pieces.popLast() {
      examined += 1
      guard examined <= pieceLimit else { return .undecided }
      let c = a + (b - a) / 2
      let h = max(c - a, b - c).nextUp
      let p = polynomial.compensatedValue(at: c)
      let (rampValue, rampError) = ramp.value(at: c)
      let r = rampValue - p.value
      let valueError = (rampError + p.errorBound + u * abs(r)) * (1 + 4 * u)
      if abs(r) - valueError > target { return .exceeds(at: c) }
      let slope = ramp.slope
      let dp = derivative.value(at: c)
      let dpError = (2 * n + 2) * u * magnitude(of: polynomial, order: 1, at: c) * (1 + 16 * u)
      let slopeBound = (abs(slope - dp) + dpError + 4 * u * abs(slope)) * (1 + 4 * u)
      let curvature = magnitude(of: polynomial, order: 2, at: b) * (1 + (3 * n + 3) * u)
      let total = (abs(r) + valueError + slopeBound * h + curvature * h * h / 2) * (1 + 8 * u)
      if total <= target {
        bound = max(bound, total)
        continue
      }
      guard c > a, c < b else { return .undecided }
      pieces.append((a, c))
      pieces.append((c, b))
    }
    return .within(bound: bound)
  }

  /// Σₖ k!/(k − order)!·|cₖ|·xᵏ⁻ᵒʳᵈᵉʳ for x ≥ 0: a bound on |p⁽ᵒʳᵈᵉʳ⁾| on [0, x], and the
  /// magnitude sum of the derivative's Horner evaluation at x (computed with relative error
  /// below (3n + 3)u, all terms being non-negative).
  static func magnitude(of polynomial: Polynomial, order: Int, at x: Double) -> Double {
    let ascending = polynomial.ascendingCoefficients
    guard ascending.count > order else { return 0 }
    var result = 0.0
    for k in stride(from: ascending.count - 1, through: order, by: -1) {
      var factor = 1.0
      for j in 0..<order { factor *= Double(k - j) }
      result = result * abs(x) + factor * abs(ascending[k])
    }
    return result
  }

  /// The ramp through (start, startLevel) and (end, endLevel), evaluated in doubles with a
  /// bound on the error against the exact line.
  struct Ramp {
    let start: Double
    let startLevel: Double
    let endLevel: Double
    /// (endLevel − startLevel)/(end − start), rounded.
    let slope: Double

    init(start: Double, end: Double, startLevel: Double, endLevel: Double) {
      self.start = start
      self.startLevel = startLevel
      self.endLevel = endLevel
      slope = (endLevel - startLevel) / (end - start)
    }

    /// The value at t ∈ [start, end] and a bound on its error: each of the five roundings
    /// (difference of levels, of times twice, the quotient, the product) and the sum moves the
    /// result by at most u times a quantity below |startLevel| + |endLevel| + |value|.
    func value(at t: Double) -> (value: Double, error: Double) {
      let value = startLevel + slope * (t - start)
      return (value, 8 * RampResidualBound.u * (abs(startLevel) + abs(endLevel) + abs(value)))
    }
  }
}
