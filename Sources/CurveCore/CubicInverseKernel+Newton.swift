// Safeguarded Newton–bisection with compensated residuals. Embedded verbatim in generated
// code (see CubicInverseKernel.swift).

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// The iteration cap of ``newton(_:_:_:_:level:)``; halvings replace any step that would
  /// leave the bracket, so 64 + 1074 steps would always suffice and 3–8 are typical.
  @inlinable @inline(__always)
  static var newtonMaximumIterations: Int { 200 }

  /// The t ∈ [0, 1] with f(t) = level by safeguarded Newton–bisection: the bracket with a
  /// sign change is always kept, a step that would leave it becomes a halving, residuals
  /// are compensated, and a final check picks the nearer of two adjacent doubles.
  /// Error on a monotone curve: ≤ 1 ulp(t) + 2⁻⁵⁸.
  @inlinable
  static func newton(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double) -> Double {
    let orientation: Double
    switch bracket(a, b, c, d, level: level) {
    case .answer(let t): return t
    case .interior(let sign): orientation = sign
    }
    var lower = 0.0
    var upper = 1.0
    var t = seed(a, b, c, d, level: level)
    if !(t > lower && t < upper) { t = 0.5 }
    var best = t
    var bestResidual = Double.infinity
    for _ in 0..<newtonMaximumIterations {
      let value = orientation * residual(a, b, c, d, at: t, level: level)
      if abs(value) < bestResidual {
        best = t
        bestResidual = abs(value)
      }
      if value == 0 { return t }
      if value < 0 { lower = t } else { upper = t }
      let next = t - value / (orientation * slope(a, b, c, at: t))
      if next == t { return nearerNeighbour(a, b, c, d, t, residual: value, orientation: orientation, level: level) }
      if next >= lower && next <= upper {
        t = next
      } else {
        let mid = lower + (upper - lower) * 0.5
        if !(mid > lower && mid < upper) { break }
        t = mid
      }
    }
    // The bracket has collapsed to adjacent doubles: return the one nearer the root.
    let lowerResidual = abs(residual(a, b, c, d, at: lower, level: level))
    if lowerResidual < bestResidual {
      best = lower
      bestResidual = lowerResidual
    }
    let upperResidual = abs(residual(a, b, c, d, at: upper, level: level))
    if upperResidual < bestResidual {
      best = upper
      bestResidual = upperResidual
    }
    return best
  }

  /// At convergence the Newton step is below half an ulp, but at a flat point an
  /// inaccurate slope can stop one ulp short: keep t or take its neighbour towards the
  /// root, whichever has the smaller compensated residual (when the root lies between).
  @inlinable
  static func nearerNeighbour(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double, residual value: Double, orientation: Double,
    level: Double
  ) -> Double {
    let neighbour = value > 0 ? t.nextDown : t.nextUp
    guard neighbour >= 0 && neighbour <= 1 else { return t }
    let other = orientation * residual(a, b, c, d, at: neighbour, level: level)
    let straddles = other == 0 || (other > 0) != (value > 0)
    return straddles && abs(other) < abs(value) ? neighbour : t
  }
  // curvekit:embed-end
}
