/// Why a ``CubicInverseTable`` cannot be built for a cubic.
public enum CubicInverseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A coefficient is NaN or infinite.
  case nonFiniteCoefficient(Cubic)
  /// f(0) = f(1): the curve has no level range to invert.
  case noLevelRange(Cubic)
  /// The slope changes sign inside [0, 1]; `witness` is a t where f′ has the wrong sign.
  case notMonotone(Cubic, witness: Double, slope: Double)

  /// One line naming the cubic and why it cannot be inverted.
  public var description: String {
    switch self {
    case .nonFiniteCoefficient(let cubic):
      return "cubic \(cubic) has a coefficient that is not a finite number"
    case .noLevelRange(let cubic):
      return "cubic \(cubic) has f(0) = f(1), so no level range to invert"
    case .notMonotone(let cubic, let witness, let slope):
      return "cubic \(cubic) is not monotone on [0, 1]: f′(\(witness)) = \(slope)"
    }
  }
}

extension Cubic {
  /// Nil when the exact ``monotonicity()`` verdict is monotone (flat points allowed);
  /// otherwise a witness whose slope sign opposes the overall direction f(1) − f(0).
  func monotonicityWitness() -> (t: Double, slope: Double)? {
    guard case .notMonotone(let rising, let falling) = monotonicity() else { return nil }
    let witness = (a + b) + c >= 0 ? falling : rising
    return (witness.t, witness.slope)
  }
}
