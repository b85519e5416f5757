extension Cubic {
  /// The iteration cap of each phase of ``normalizedElapsedByNewton(forLevel:)``. On a
  /// monotone curve it is never reached (3–8 steps in practice); on pathological input the
  /// best iterate so far is returned.
  public static let newtonMaximumIterations = 200

  /// The inverse by safeguarded Newton–bisection: the t ∈ [0, 1] with f(t) = level.
  ///
  /// The bracket [lower, upper] with a sign change is always kept; a Newton step that
  /// would leave it (or is not finite) is replaced by the bracket midpoint, so there is
  /// never an unguarded step. It starts from the root of the quadratic Taylor polynomial
  /// about the nearer endpoint (a square root at a flat end), takes guarded Halley steps with
  /// plain Horner residuals while they are well above their rounding error (moving the bracket only on
  /// certain signs), then finishes with compensated residuals (twice the working
  /// precision). That last phase is what reaches full precision at flat ends, where plain
  /// residuals stop near 1e-8; it ends when a step no longer moves t, or when the step is
  /// so small that quadratic convergence makes the next iterate final.
  ///
  /// Error on a monotone curve: |t − t_ref| ≤ 1 ulp(t) + 2⁻⁵⁸ (measured maxima on the
  /// article curves ≤ 5.6e-17, i.e. correctly rounded or within a hair of it). See
  /// ``Cubic/normalizedElapsed(forLevel:method:)`` for the clamping and NaN conventions.
  /// - Complexity: typically 2–4 plain Halley steps and 1–2 compensated Newton ones (≈ 60 flops
  ///   each); at most ``newtonMaximumIterations`` of each.
  public func normalizedElapsedByNewton(forLevel level: Double) -> Double {
    let orientation: Double
    let residualAtOne: Double
    switch inverseBracket(forLevel: level) {
    case .answer(let t): return t
    case .interior(let sign, let atOne): (orientation, residualAtOne) = (sign, atOne)
    }
    var lower = 0.0
    var upper = 1.0
    var t = inverseSeed(forLevel: level, residualAtOne: residualAtOne)
    if !(t > lower && t < upper) { t = 0.5 }
    // Phase 1: cheap Horner residuals while they are far above their rounding error; the
    // bracket only moves where the residual's sign is certain.
    let noise = 4 * 0x1p-53
    for _ in 0..<Cubic.newtonMaximumIterations {
      let residual = orientation * ((((a * t + b) * t + c) * t + d) - level)
      let magnitude = ((abs(a) * t + abs(b)) * t + abs(c)) * t + abs(d) + abs(level)
      if abs(residual) <= noise * magnitude { break }
      if residual < 0 { lower = t } else { upper = t }
      // Halley's step (cubic convergence), guarded like Newton's.
      let slopeHere = orientation * slope(at: t)
      let step = residual * slopeHere / (slopeHere * slopeHere - 0.5 * residual * orientation * curvature(at: t))
      guard let next = guardedStep(t, step.isFinite ? step : residual / slopeHere, lower, upper), next != t else { break }
      t = next
    }
    // Phase 2: compensated residuals (twice the working precision) to the last bit.
    var best = (t: t, residual: Double.infinity)
    for _ in 0..<Cubic.newtonMaximumIterations {
      let residual = orientation * compensatedResidual(at: t, level: level)
      if abs(residual) < best.residual { best = (t, abs(residual)) }
      if residual == 0 { return t }
      if residual < 0 { lower = t } else { upper = t }
      let slopeHere = slope(at: t)
      let next = t - residual / (orientation * slopeHere)
      if next == t {
        // A slope with few correct bits (near a flat point) can stop one ulp short.
        let slopeNoise = noise * (((3 * abs(a)) * t + 2 * abs(b)) * t + abs(c))
        guard abs(slopeHere) < 0x1p20 * slopeNoise else { return t }
        return nearerNeighbour(t, residual: residual, orientation: orientation, level: level)
      }
      // Quadratic convergence: when step²·|f″/(2f′)| is far below an ulp, next is final.
      let slopeNoise = noise * (((3 * abs(a)) * t + 2 * abs(b)) * t + abs(c))
      let change = next - t
      if abs(slopeHere) >= 0x1p20 * slopeNoise && next >= lower && next <= upper
        && change * change * abs(curvature(at: t)) <= 0x1p-60 * abs(slopeHere) * max(abs(next), 0x1p-60)
      {
        return next
      }
      guard let step = guardedStep(t, residual / (orientation * slopeHere), lower, upper) else { break }
      t = step
    }
    // The bracket has collapsed to adjacent doubles: return the one nearer the root.
    let lowerResidual = abs(compensatedResidual(at: lower, level: level))
    if lowerResidual < best.residual { best = (lower, lowerResidual) }
    let upperResidual = abs(compensatedResidual(at: upper, level: level))
    if upperResidual < best.residual { best = (upper, upperResidual) }
    return best.t
  }

  /// t − step when that stays in [lower, upper], else the bracket's midpoint; nil when the
  /// bracket holds no double strictly inside.
  @inlinable
  func guardedStep(_ t: Double, _ step: Double, _ lower: Double, _ upper: Double) -> Double? {
    let next = t - step
    if next >= lower && next <= upper { return next }
    let mid = lower + (upper - lower) * 0.5
    return mid > lower && mid < upper ? mid : nil
  }

  /// At convergence the Newton step is below half an ulp, but at a flat point an
  /// inaccurate slope can stop one ulp short: keep t or take its neighbour towards the
  /// root, whichever has the smaller compensated residual (when the root lies between).
  @inlinable
  func nearerNeighbour(_ t: Double, residual: Double, orientation: Double, level: Double) -> Double {
    let neighbour = residual > 0 ? t.nextDown : t.nextUp
    guard neighbour >= 0 && neighbour <= 1 else { return t }
    let other = orientation * compensatedResidual(at: neighbour, level: level)
    let straddles = other == 0 || (other > 0) != (residual > 0)
    return straddles && abs(other) < abs(residual) ? neighbour : t
  }
}
