/// Why a ``CubicInverseTable`` cannot be built for a cubic.
public enum CubicInverseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A coefficient is NaN or infinite.
  case nonFiniteCoefficient(Cubic)
  /// f(0) = f(1): the curve has no level range to invert.
  case noLevelRange(Cubic)
  /// The slope changes sign inside [0, 1]; `witness` is a t where f′ has the wrong sign.
  case notMonotone(Cubic, witness: Double, slope: Double)

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
  /// Nil when f′ keeps one sign on [0, 1] (zeros allowed within 8 ulp of the slope's
  /// rounding error, so a flat point is accepted); otherwise a t and f′(t) with the sign
  /// opposite to f(1) − f(0). Uses f′ at 0, 1 and its vertex.
  func monotonicityWitness() -> (t: Double, slope: Double)? {
    let direction = ((a + b) + c) // f(1) − f(0)
    var points: [Double] = [0, 1]
    if a != 0 {
      let vertex = -b / (3 * a)
      if vertex > 0 && vertex < 1 { points.append(vertex) }
    }
    for t in points {
      let s = slope(at: t)
      let bound = 8 * 0x1p-53 * ((3 * abs(a) * t + 2 * abs(b)) * t + abs(c))
      if (direction > 0 && s < -bound) || (direction < 0 && s > bound) { return (t, s) }
    }
    return nil
  }
}
