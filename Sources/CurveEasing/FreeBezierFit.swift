import CurveCore

/// The best-fitting free cubic Bézier easing for the progress g = 1 − f of a curve of any
/// degree (`curvekit export --bezier fit`): time handles free in [0, 1], for targets that want
/// the `cubic-bezier()` form of a curve no Bézier reproduces exactly (degree 4 to 10), with a
/// certified distance.
///
/// **Fit.** Nelder–Mead on (x1, y1, x2, y2), x clamped to [0, 1], minimizing the largest
/// progress distance on 257 parameters, from the Hermite guess (x1, x2 = ⅓, ⅔, the end slopes)
/// and restarted from its own best; deterministic.
///
/// **Certificate.** With x1, x2 ∈ [0, 1] the Bézier's time X(s) runs monotonically over [0, 1],
/// so the progress distance at time X(s) is |h(s)| with h(s) = Y(s) − g(X(s)), a polynomial of
/// degree ≤ 3·deg f. h is built exactly in dyadic rationals from the double handles and
/// coefficients, and max |h| on [0, 1] is bounded by branch and bound on exact Taylor
/// expansions (|h(c + u)| ≤ Σ |h⁽ᵏ⁾(c)/k!|·rᵏ on |u| ≤ r), refined until the bound is within
/// 2⁻⁸ of the largest value seen: ``certifiedDistance`` is an upper bound with no rounding
/// left out, ``measuredDistance`` a value attained.
public struct FreeBezierFit: Sendable, Hashable {
  /// The fitted easing.
  public let easing: CubicBezierEasing
  /// An upper bound on max over t ∈ [0, 1] of |easing(t) − (1 − f(t))|, in progress units.
  public let certifiedDistance: Double
  /// |easing − (1 − f)| at a point where it is largest among those the certificate examined.
  public let measuredDistance: Double

  /// The fit for the progress of `level` (f(0) = 1 and f(1) = 0 within rounding, any degree ≤ 10).
  /// - Throws: ``EasingError`` when the fitted handles do not form an easing.
  /// - Complexity: about 2 000 evaluations of the objective, then the exact certificate
  ///   (milliseconds to a second for degree 10).
  public init(progressOf level: Polynomial) throws(EasingError) {
    let progress = level.coefficients.map { -$0 }
    var g = progress
    g[g.count - 1] += 1
    func value(_ t: Double) -> Double { g.reduce(0) { $0 * t + $1 } }
    func slope(_ t: Double) -> Double {
      var (v, d) = (0.0, 0.0)
      for c in g {
        d = d * t + v
        v = v * t + c
      }
      return d
    }
    let start = [1.0 / 3, slope(0) / 3, 2.0 / 3, 1 - slope(1) / 3]
    var best = NelderMead.minimize(start) { Self.distance(Self.clamped($0), g: value) }
    best = NelderMead.minimize(best) { Self.distance(Self.clamped($0), g: value) }
    let handles = Self.clamped(best)
    easing = try CubicBezierEasing(x1: handles[0], y1: handles[1], x2: handles[2], y2: handles[3])
    let bound = ExactDistanceBound(easing: easing, progress: g)
    certifiedDistance = bound.upper
    measuredDistance = bound.attained
  }

  /// The handles with the times clamped to [0, 1].
  static func clamped(_ p: [Double]) -> [Double] {
    [min(1, max(0, p[0])), p[1], min(1, max(0, p[2])), p[3]]
  }

  /// The largest |Y(s) − g(X(s))| on 257 parameters s, in doubles (the fit's objective).
  static func distance(_ p: [Double], g: (Double) -> Double) -> Double {
    var worst = 0.0
    for index in 0...256 {
      let s = Double(index) / 256
      let r = 1 - s
      let x = 3 * r * r * s * p[0] + 3 * r * s * s * p[2] + s * s * s
      let y = 3 * r * r * s * p[1] + 3 * r * s * s * p[3] + s * s * s
      worst = max(worst, abs(y - g(x)))
    }
    return worst
  }
}

/// A small deterministic Nelder–Mead minimizer.
enum NelderMead {
  /// The best point found from `start` (initial steps of 5 % of each coordinate, at least 0.02).
  static func minimize(_ start: [Double], iterations: Int = 600, objective: ([Double]) -> Double) -> [Double] {
    let n = start.count
    var simplex = [start]
    for index in 0..<n {
      var point = start
      point[index] += max(0.02, abs(point[index]) * 0.05)
      simplex.append(point)
    }
    var values = simplex.map(objective)
    for _ in 0..<iterations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      let centroid = (0..<n).map { coordinate in simplex.dropLast().reduce(0) { $0 + $1[coordinate] } / Double(n) }
      func along(_ factor: Double) -> [Double] {
        (0..<n).map { centroid[$0] + factor * (simplex[n][$0] - centroid[$0]) }
      }
      let reflected = along(-1)
      let reflectedValue = objective(reflected)
      if reflectedValue < values[0] {
        let expanded = along(-2)
        let expandedValue = objective(expanded)
        (simplex[n], values[n]) =
          expandedValue < reflectedValue ? (expanded, expandedValue) : (reflected, reflectedValue)
      } else if reflectedValue < values[n - 1] {
        (simplex[n], values[n]) = (reflected, reflectedValue)
      } else {
        let contracted = along(0.5)
        let contractedValue = objective(contracted)
        if contractedValue < values[n] {
          (simplex[n], values[n]) = (contracted, contractedValue)
        } else {
          for index in 1...n {
            simplex[index] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[index][$0] - simplex[0][$0]) }
            values[index] = objective(simplex[index])
          }
        }
      }
    }
    return simplex[values.indices.min { values[$0] < values[$1] } ?? 0]
  }
}
