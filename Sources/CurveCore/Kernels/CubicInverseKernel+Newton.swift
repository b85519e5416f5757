// Safeguarded Newton–bisection with compensated residuals. Embedded verbatim in generated
// code (see CubicInverseKernel.swift).

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// The iteration cap of each phase of ``newton(_:_:_:_:level:)``; never reached on a
  /// monotone curve (3–8 steps in practice).
  @inlinable @inline(__always)
  static var newtonMaximumIterations: Int { 200 }

  /// The t ∈ [0, 1] with f(t) = level by safeguarded Newton–bisection: the bracket with a
  /// sign change is always kept and a step that would leave it becomes a halving. Phase 1
  /// takes guarded Halley steps on plain Horner residuals while they are far above their
  /// rounding error; phase 2 finishes with compensated residuals (twice the working
  /// precision), which reaches full precision at flat ends too, and stops when a step no
  /// longer moves t or quadratic convergence makes the next iterate final.
  /// Error on a monotone curve: ≤ 1 ulp(t) + 2⁻⁵⁸.
  @inlinable
  static func newton(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double) -> Double {
    let orientation: Double
    let residualAtOne: Double
    switch bracket(a, b, c, d, level: level) {
    case .answer(let t): return t
    case .interior(let sign, let atOne): (orientation, residualAtOne) = (sign, atOne)
    }
    var lower = 0.0
    var upper = 1.0
    var t = seed(a, b, c, d, level: level, residualAtOne: residualAtOne)
    if !(t > lower && t < upper) { t = 0.5 }
    // Phase 1: cheap Horner residuals while they are far above their rounding error; the
    // bracket only moves where the residual's sign is certain.
    let noise = 4 * 0x1p-53
    for _ in 0..<newtonMaximumIterations {
      let value = orientation * ((((a * t + b) * t + c) * t + d) - level)
      let magnitude = ((abs(a) * t + abs(b)) * t + abs(c)) * t + abs(d) + abs(level)
      if abs(value) <= noise * magnitude { break }
      if value < 0 { lower = t } else { upper = t }
      // Halley's step (cubic convergence), guarded like Newton's.
      let slopeHere = orientation * slope(a, b, c, at: t)
      let step = value * slopeHere / (slopeHere * slopeHere - 0.5 * value * orientation * curvature(a, b, at: t))
      guard let next = guardedStep(t, step.isFinite ? step : value / slopeHere, lower, upper), next != t else { break }
      t = next
    }
    // Phase 2: compensated residuals (twice the working precision) to the last bit.
    var best = (t: t, residual: Double.infinity)
    for _ in 0..<newtonMaximumIterations {
      let value = orientation * residual(a, b, c, d, at: t, level: level)
      if abs(value) < best.residual { best = (t, abs(value)) }
      if value == 0 { return t }
      if value < 0 { lower = t } else { upper = t }
      let slopeHere = slope(a, b, c, at: t)
      let next = t - value / (orientation * slopeHere)
      if next == t {
        // A slope with few correct bits (near a flat point) can stop one ulp short.
        let slopeNoise = noise * (((3 * abs(a)) * t + 2 * abs(b)) * t + abs(c))
        guard abs(slopeHere) < 0x1p20 * slopeNoise else { return t }
        return nearerNeighbour(a, b, c, d, t, residual: value, orientation: orientation, level: level)
      }
      // Quadratic convergence: when step²·|f″/(2f′)| is far below an ulp, next is final.
      let slopeNoise = noise * (((3 * abs(a)) * t + 2 * abs(b)) * t + abs(c))
      let change = next - t
      if abs(slopeHere) >= 0x1p20 * slopeNoise && next >= lower && next <= upper
        && change * change * abs(curvature(a, b, at: t)) <= 0x1p-60 * abs(slopeHere) * max(abs(next), 0x1p-60)
      {
        return next
      }
      guard let step = guardedStep(t, value / (orientation * slopeHere), lower, upper) else { break }
      t = step
    }
    // The bracket has collapsed to adjacent doubles: return the one nearer the root.
    let lowerResidual = abs(residual(a, b, c, d, at: lower, level: level))
    if lowerResidual < best.residual { best = (lower, lowerResidual) }
    let upperResidual = abs(residual(a, b, c, d, at: upper, level: level))
    if upperResidual < best.residual { best = (upper, upperResidual) }
    return best.t
  }

  /// t − step when that stays in [lower, upper], else the bracket's midpoint; nil when the
  /// bracket holds no double strictly inside.
  @inlinable
  static func guardedStep(_ t: Double, _ step: Double, _ lower: Double, _ upper: Double) -> Double? {
    let next = t - step
    if next >= lower && next <= upper { return next }
    let mid = lower + (upper - lower) * 0.5
    return mid > lower && mid < upper ? mid : nil
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
