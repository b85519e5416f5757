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
      return "cubic \(cubic) is not monotone on [0, 1]: \(MonotonicityWitness.text(t: witness, slope: slope))"
    }
  }
}

extension Cubic {
  /// The witness a refusal names: for a curve that is not monotone, where it rises (the one
  /// rule, ``MonotonicityVerdict/risingWitness(of:)``); nil for a monotone curve (flat
  /// points allowed).
  func monotonicityWitness() -> (t: Double, slope: Double)? {
    let verdict = monotonicity()
    guard case .notMonotone = verdict, let rising = verdict.risingWitness(of: polynomial) else { return nil }
    return (rising.t, rising.slope)
  }
}
