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
  /// are compensated. Error on a monotone curve: ≤ 1 ulp(t) + 2⁻⁵⁸.
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
      if next == t { return t }
      if next > lower && next < upper {
        t = next
      } else {
        let mid = lower + (upper - lower) * 0.5
        if !(mid > lower && mid < upper) { break }
        t = mid
      }
    }
    return best
  }
  // curvekit:embed-end
}
