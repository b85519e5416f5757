/// The best straight line through a polynomial on an interval, in the minimax (Chebyshev)
/// sense: the line ℓ minimizing max |ℓ(t) − p(t)| over t ∈ [t₀, t₁]. The estimate that
/// ``Polynomial/linearSegments(maxError:maximumCount:)`` then certifies with `RampResidualBound`.
///
/// Method: the discrete minimax line of p sampled at 65 equally spaced points, refined twice by
/// adding the continuous extrema of the residual near the sampled ones (golden-section search
/// between the neighbouring samples). For a slope b, the best intercept leaves the error
/// w(b)/2, with w(b) = max(p(tᵢ) − b·tᵢ) − min(p(tᵢ) − b·tᵢ); w is convex and piecewise
/// linear, so a golden-section search over b finds its minimum. The result is an estimate only
/// (its error is typically within 1e-12 of the exact minimax error); nothing relies on it being
/// optimal: the bound that is reported is certified separately.
/// - Complexity: about 2 000 evaluations of p and 30 000 flops, independent of the degree.
package enum MinimaxLine {
  /// Sample points per interval (64 subintervals).
  static let sampleCount = 65
  /// Golden-section iterations over the slope (the bracket shrinks by 0.618 each time).
  static let slopeIterations = 90
  /// Golden-section iterations for one residual extremum between neighbouring samples.
  static let extremumIterations = 48

  /// The line's values at `start` and `end` and the estimated minimax error (level units).
  package static func fit(_ polynomial: Polynomial, from start: Double, to end: Double)
    -> (startLevel: Double, endLevel: Double, error: Double)
  {
    let width = end - start
    var times = (0..<sampleCount).map { start + width * Double($0) / Double(sampleCount - 1) }
    times[sampleCount - 1] = end
    var values = times.map { polynomial.compensatedValue(at: $0).value }
    var line = discreteLine(times: times, values: values, origin: start)
    for _ in 0..<2 {
      let extra = refinedExtrema(polynomial, times: times, values: values, origin: start, line: line)
      guard !extra.isEmpty else { break }
      for t in extra {
        times.append(t)
        values.append(polynomial.compensatedValue(at: t).value)
      }
      line = discreteLine(times: times, values: values, origin: start)
    }
    return (line.intercept, line.intercept + line.slope * width, line.error)
  }

  /// The discrete minimax line ℓ(t) = intercept + slope·(t − origin) through the points.
  static func discreteLine(times: [Double], values: [Double], origin: Double)
    -> (intercept: Double, slope: Double, error: Double)
  {
    let order = times.indices.sorted { times[$0] < times[$1] }
    var low = Double.infinity
    var high = -Double.infinity
    for (i, j) in zip(order, order.dropFirst()) where times[j] > times[i] {
      let slope = (values[j] - values[i]) / (times[j] - times[i])
      low = min(low, slope)
      high = max(high, slope)
    }
    guard low <= high else { return (values.first ?? 0, 0, 0) }
    func spread(_ slope: Double) -> (low: Double, high: Double) {
      var lowest = Double.infinity
      var highest = -Double.infinity
      for (t, y) in zip(times, values) {
        let g = y - slope * (t - origin)
        lowest = min(lowest, g)
        highest = max(highest, g)
      }
      return (lowest, highest)
    }
    let ratio = 0.6180339887498949
    var (a, b) = (low, high)
    var x1 = b - ratio * (b - a)
    var x2 = a + ratio * (b - a)
    var w1 = spread(x1).high - spread(x1).low
    var w2 = spread(x2).high - spread(x2).low
    for _ in 0..<slopeIterations where b - a > 0 {
      if w1 <= w2 {
        (b, x2, w2) = (x2, x1, w1)
        x1 = b - ratio * (b - a)
        let s = spread(x1)
        w1 = s.high - s.low
      } else {
        (a, x1, w1) = (x1, x2, w2)
        x2 = a + ratio * (b - a)
        let s = spread(x2)
        w2 = s.high - s.low
      }
    }
    let slope = w1 <= w2 ? x1 : x2
    let s = spread(slope)
    return ((s.high + s.low) / 2, slope, (s.high - s.low) / 2)
  }

  /// For each sample where the residual p − ℓ has a local extremum of at least half the
  /// error, the continuous extremum between its neighbours (golden-section search).
  static func refinedExtrema(
    _ polynomial: Polynomial, times: [Double], values: [Double], origin: Double,
    line: (intercept: Double, slope: Double, error: Double)
  ) -> [Double] {
    let order = times.indices.sorted { times[$0] < times[$1] }
    func residual(_ t: Double) -> Double {
      polynomial.compensatedValue(at: t).value - (line.intercept + line.slope * (t - origin))
    }
    var result: [Double] = []
    for k in order.indices.dropFirst().dropLast() {
      let (left, middle, right) = (order[k - 1], order[k], order[k + 1])
      let r = values[middle] - (line.intercept + line.slope * (times[middle] - origin))
      guard abs(r) >= line.error / 2 else { continue }
      let sign = r >= 0 ? 1.0 : -1.0
      let neighbours = [left, right].map { sign * (values[$0] - (line.intercept + line.slope * (times[$0] - origin))) }
      guard sign * r >= neighbours[0], sign * r >= neighbours[1] else { continue }
      result.append(maximize({ sign * residual($0) }, from: times[left], to: times[right]))
    }
    return result
  }

  /// A local maximum of `g` on [a, b] by golden-section search.
  static func maximize(_ g: (Double) -> Double, from start: Double, to end: Double) -> Double {
    let ratio = 0.6180339887498949
    var (a, b) = (start, end)
    var x1 = b - ratio * (b - a)
    var x2 = a + ratio * (b - a)
    var (g1, g2) = (g(x1), g(x2))
    for _ in 0..<extremumIterations {
      if g1 >= g2 {
        (b, x2, g2) = (x2, x1, g1)
        x1 = b - ratio * (b - a)
        g1 = g(x1)
      } else {
        (a, x1, g1) = (x1, x2, g2)
        x2 = a + ratio * (b - a)
        g2 = g(x2)
      }
    }
    return g1 >= g2 ? x1 : x2
  }
}
