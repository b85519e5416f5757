// The level and inverse of a polynomial of any degree (CurveKit fits degrees 1…10), on its
// coefficients highest power first. `Polynomial` calls these kernels, and generated files for
// curves of degree 4 or more embed this text verbatim (see CubicInverseKernel.swift), so both
// compute the same operations in the same order.

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// The level at `normalizedElapsed` clamped to [0, 1] (the clamp of
  /// ``clampedHorner(_:_:_:_:_:)``), by Horner's rule on `coefficients`, highest power first:
  /// r ← c₀, then r ← r·t + cᵢ. For four coefficients that is the cubic's operations exactly.
  @inlinable
  static func clampedHorner(_ coefficients: [Double], _ normalizedElapsed: Double) -> Double {
    let atLeastZero = 0.0 > normalizedElapsed ? 0.0 : normalizedElapsed
    let t = atLeastZero < 1.0 ? atLeastZero : 1.0
    var result = coefficients[0]
    for index in 1..<coefficients.count {
      result = result * t + coefficients[index]
    }
    return result
  }

  /// The article's bisection (``bisection(_:_:_:_:_:iterations:)``) on a polynomial of any
  /// degree: clamp the level, return 0 for a level ≥ 0.999999 and 1 for one ≤ 0.000001, then
  /// halve [0, 1] `iterations` times comparing ``clampedHorner(_:_:)`` with the level.
  @inlinable
  static func bisection(_ coefficients: [Double], _ targetLevel: Double, iterations: Int) -> Double {
    let clampedLevel = max(0.0, min(1.0, targetLevel))
    if clampedLevel >= 0.999_999 { return 0.0 }
    if clampedLevel <= 0.000_001 { return 1.0 }
    var lower = 0.0
    var upper = 1.0
    var remaining = iterations
    while remaining > 0 {
      let mid = (lower + upper) * 0.5
      if clampedHorner(coefficients, mid) > clampedLevel {
        lower = mid
      } else {
        upper = mid
      }
      remaining -= 1
    }
    return (lower + upper) * 0.5
  }

  /// f(t) − level by compensated Horner (twice the working precision) for any degree n:
  /// |result − (f(t) − level)| ≤ u·|f(t) − level| + γ₂ₙ²·(Σ|cᵢ|tⁱ + |level|) for t ∈ [0, 1].
  @inlinable
  static func residual(_ coefficients: [Double], at t: Double, level: Double) -> Double {
    var sum = coefficients[0]
    var correction = 0.0
    for index in 1..<coefficients.count {
      compensatedHornerStep(&sum, &correction, t, coefficients[index])
    }
    let (difference, error) = twoSum(sum, -level)
    return difference + (error + correction)
  }

  /// f(t) and f′(t) by plain Horner, and Σ|cᵢ|tⁱ (the scale of their rounding errors), for t ≥ 0.
  @inlinable
  static func valueAndSlope(_ coefficients: [Double], at t: Double) -> (value: Double, slope: Double, scale: Double) {
    var value = coefficients[0]
    var slope = 0.0
    var scale = abs(value)
    for index in 1..<coefficients.count {
      slope = slope * t + value
      value = value * t + coefficients[index]
      scale = scale * t + abs(coefficients[index])
    }
    return (value, slope, scale)
  }

  /// Where a level sits relative to f(0) and f(1) for a polynomial: f(0) is the constant
  /// coefficient; f(1) − level is the plain sum when its sign is certain, else the compensated
  /// residual. The orientation comes from the ends, as in ``bracket(_:_:_:_:level:)``.
  @inlinable
  static func bracket(_ coefficients: [Double], level: Double) -> Bracket {
    if level.isNaN { return .answer(.nan) }
    let count = coefficients.count
    let startValue = coefficients[count - 1]
    var sum = 0.0
    var magnitude = abs(level)
    var rise = 0.0
    for index in 0..<count {
      sum += coefficients[index]
      magnitude += abs(coefficients[index])
      if index < count - 1 { rise += coefficients[index] }
    }
    let plainAtOne = sum - level
    let noise = Double(2 * count) * 0x1p-53 * magnitude
    let atOne = abs(plainAtOne) > noise ? plainAtOne : residual(coefficients, at: 1, level: level)
    let increasing = (atOne + level) - startValue > 0 || (rise > 0 && atOne + level == startValue)
    if increasing {
      if level <= startValue { return .answer(0) }
      if atOne <= 0 { return .answer(1) }
      return .interior(orientation: 1, residualAtOne: atOne)
    } else {
      if level >= startValue { return .answer(0) }
      if atOne >= 0 { return .answer(1) }
      return .interior(orientation: -1, residualAtOne: atOne)
    }
  }

  /// The t ∈ [0, 1] with f(t) = level for a polynomial of any degree, at full precision:
  /// safeguarded Newton–bisection (a step that would leave the bracket with a sign change
  /// becomes a halving) from the chord, first on plain Horner residuals while they are far
  /// above their rounding error, then on compensated residuals until a step no longer moves t
  /// or the bracket holds no double inside; finally t or a neighbour, whichever has the
  /// smaller compensated residual.
  ///
  /// Error on a monotone curve, where |f′(t)| is not small: ≤ ½ ulp(t) + γ₂ₙ²·S/|f′(t)|, with
  /// S = Σ|cᵢ| + |level| (≤ 1e-15 for the curves CurveKit fits). Where f − level ≈ k·(t − t*)ᵐ
  /// (a flat end, m = 2, or a flat inflection, m = 3) the compensated residual's own error
  /// ε ≤ γ₂ₙ²·S bounds it by about (ε/|k|)^(1/m) instead.
  /// Cost: typically 3–8 plain steps and 1–3 compensated ones of O(n) each.
  @inlinable
  static func newton(_ coefficients: [Double], level: Double) -> Double {
    let orientation: Double
    let residualAtOne: Double
    switch bracket(coefficients, level: level) {
    case .answer(let t): return t
    case .interior(let sign, let atOne): (orientation, residualAtOne) = (sign, atOne)
    }
    let startGap = coefficients[coefficients.count - 1] - level
    let chord = startGap / (startGap - residualAtOne)
    var lower = 0.0
    var upper = 1.0
    var t = chord > 0 && chord < 1 ? chord : 0.5
    // Phase 1: plain Horner while the residual is far above its rounding error.
    let noise = Double(2 * coefficients.count) * 0x1p-53
    for _ in 0..<newtonMaximumIterations {
      let (value, slope, scale) = valueAndSlope(coefficients, at: t)
      let signed = orientation * (value - level)
      if abs(signed) <= noise * (scale + abs(level)) { break }
      if signed < 0 { lower = t } else { upper = t }
      guard let next = guardedStep(t, signed / (orientation * slope), lower, upper), next != t else { break }
      t = next
    }
    // Phase 2: compensated residuals, to the last bit.
    for _ in 0..<newtonMaximumIterations {
      let value = orientation * residual(coefficients, at: t, level: level)
      if value == 0 { return t }
      if value < 0 { lower = t } else { upper = t }
      if lower.nextUp >= upper { break }
      let step = value / (orientation * valueAndSlope(coefficients, at: t).slope)
      if t - step == t { break }
      guard let next = guardedStep(t, step, lower, upper) else { break }
      t = next
    }
    // The double nearest the root: t or a neighbour, by the smallest compensated residual.
    var best = (t: t, residual: abs(residual(coefficients, at: t, level: level)))
    for candidate in [t.nextDown, t.nextUp, lower, upper] where candidate >= 0 && candidate <= 1 {
      let candidateResidual = abs(residual(coefficients, at: candidate, level: level))
      if candidateResidual < best.residual { best = (candidate, candidateResidual) }
    }
    return best.t
  }
  // curvekit:embed-end
}
