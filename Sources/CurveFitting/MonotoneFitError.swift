import CurveCore

/// Why ``MonotoneFitter`` could not return a monotone fit.
///
/// Every case names the offending input so the CLI can print ``description`` as its
/// single `error:` line.
public enum MonotoneFitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The underlying least-squares problem is invalid (no points, bad weights, …).
  case fit(FitError)
  /// The problem lacks the value constraint f(t) = v at t = 0 or t = 1 that fixes the
  /// curve's endpoints (enforcement works on curves with fixed end levels).
  case missingEndpointConstraint(t: Double)
  /// The fixed end levels do not fall: f(0) = `start` ≤ f(1) = `end`.
  case endpointsNotDecreasing(start: Double, end: Double)
  /// The minimum slope magnitude is negative or not finite.
  case invalidMinSlope(Double)
  /// f′ ≤ −minSlope on [0, 1] is impossible: the average slope is only −(f(0) − f(1)).
  case minSlopeTooSteep(minSlope: Double, maximum: Double)
  /// The equality constraints leave no curve with f′ ≤ −minSlope on [0, 1].
  case infeasible(constraints: [FitConstraint], minSlope: Double)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .fit(let error):
      return error.description
    case .missingEndpointConstraint(let t):
      return "monotone enforcement needs a value constraint at t = \(t) (the depletion defaults "
        + "f(0)=1, f(1)=0 provide both)"
    case .endpointsNotDecreasing(let start, let end):
      return "monotone enforcement needs f(0) > f(1), but the constraints give f(0) = \(start), f(1) = \(end)"
    case .invalidMinSlope(let value):
      return "minSlope \(value) is not a finite number ≥ 0"
    case .minSlopeTooSteep(let minSlope, let maximum):
      return "minSlope \(minSlope) cannot hold on [0, 1]: the curve falls by only \(maximum) over the interval, "
        + "so minSlope must be at most \(maximum)"
    case .infeasible(let constraints, let minSlope):
      let list = constraints.map({ $0.description }).joined(separator: ", ")
      let slope = minSlope > 0 ? "f′ ≤ -\(minSlope)" : "f′ ≤ 0"
      return "no polynomial satisfies \(list) and \(slope) on [0, 1]; relax a constraint or the minimum slope"
    }
  }
}
