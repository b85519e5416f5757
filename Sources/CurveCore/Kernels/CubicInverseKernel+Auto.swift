// The one-off full-precision inverse (`auto`): a seed, ONE compensated residual, then plain
// steps on the cubic expanded exactly about the seed. Embedded verbatim in generated code
// (see CubicInverseKernel.swift).

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// The t ∈ [0, 1] with f(t) = level at full precision, for one call on any curve.
  ///
  /// 0. A straight line (a = b = 0) is solved by one division: (level − d)/c.
  /// 1. A seed t₀ chosen per curve (``oneOffSeed(_:_:_:_:level:residualAtOne:)``): the
  ///    inverse cubic Hermite interpolant in the level (from f(0), f(1), f′(0), f′(1)) when
  ///    the Bernstein coefficients of f′ show |f′| ≥ 0.4·|f(1) − f(0)| on [0, 1]; the
  ///    Hermite interpolant in √level at an exactly flat end; otherwise the quadratic
  ///    Taylor root about the nearer end (a square root at a flat end).
  /// 2. r₀ = f(t₀) − level by compensated Horner (twice the working precision), once.
  /// 3. f(t₀ + δ) − level = r₀ + f′(t₀)·δ + (f″(t₀)/2)·δ² + a·δ³ exactly; solved in plain
  ///    arithmetic by its series reversion to fourth order (one Halley step more after a
  ///    Taylor seed), then one Newton step. Its coefficients' rounding errors
  ///    only move δ by about ε·|δ|·Σ|f′ terms|/|f′|, so plain steps reach full precision
  ///    wherever the seed is close, flat ends included.
  /// 4. The result t₀ + δ is accepted when the last Newton step s is final
  ///    (s²·|f″/2| ≤ 2⁻⁵⁵·|f′|, |s| ≤ 2⁻²⁶) and the coefficient errors are small
  ///    (|δ|·Σ|f′ terms| ≤ |f′|/4, so they move t by at most γ₅/4 ≈ 1.4e-16); else the
  ///    call falls back to ``newton(_:_:_:_:level:)``.
  ///
  /// Error when accepted: ≤ ½ ulp(t) + 1.4e-16 + 2.8e-17 + the residual's own ≈ ε²-level
  /// error over |f′| (measured ≤ 5.8e-17 on the article curves, ≤ 8.4e-17 on 50 random ones);
  /// otherwise `newton`'s bound (1 ulp(t) + 2⁻⁵⁸). Cost: one compensated residual (≈ 60
  /// flops), one division on the path after it (two after a Taylor seed) and about 60 other
  /// flops; no loop, no allocation.
  @inlinable
  static func oneOffInverse(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double) -> Double {
    let residualAtOne: Double
    switch bracket(a, b, c, d, level: level) {
    case .answer(let t): return t
    case .interior(_, let atOne): residualAtOne = atOne
    }
    if a == 0 && b == 0 {
      // A straight line: two roundings, |t − t_ref| ≤ 2u·t ≤ 2.3e-16.
      let t = (level - d) / c
      return t > 0 ? (t < 1 ? t : 1.0) : 0.0
    }
    let (seedValue, isHermite) = oneOffSeed(a, b, c, d, level: level, residualAtOne: residualAtOne)
    // t0: the seed clamped to [0, 1] and rounded to 26 significant bits, which makes every
    // product by t0 in the compensated residual cheaper (see shortCompensatedResidual).
    let t0 = split(seedValue > 0 ? (seedValue < 1 ? seedValue : 1.0) : 0.0).hi
    // The exact expansion about t0: r(δ) = r0 + δ·(s1 + δ·(s2 + δ·a)).
    let r0 = shortCompensatedResidual(a, b, c, d, at: t0, level: level)
    let s1 = slope(a, b, c, at: t0)
    let s2 = 3 * a * t0 + b
    // r(δ) = 0 ⇔ δ + p·δ² + q·δ³ = u with u = −r0/s1, p = s2/s1, q = a/s1; its series
    // reversion to u⁴ (no division on the path from r0: 1/s1 is ready before r0):
    // δ = u − p·u² + (2p² − q)·u³ + 5p(q − p²)·u⁴, error ≈ 14·|p·u|⁵/|p|.
    let inverseSlope = 1 / s1
    let p = s2 * inverseSlope
    let q = a * inverseSlope
    let third = 2 * p * p - q
    let fourth = 5 * p * (q - p * p)
    let u = -(r0 * inverseSlope)
    let uSquared = u * u
    var delta = u + uSquared * ((third * u - p) + uSquared * fourth)
    if !isHermite {
      // The Taylor seed is coarser (|p·u| up to ≈ 0.1): one Halley step more.
      let value = r0 + delta * (s1 + delta * (s2 + delta * a))
      let derivative = s1 + delta * (2 * s2 + 3 * a * delta)
      let halfCurvature = s2 + 3 * a * delta
      delta -= value == 0 ? 0 : value * derivative / (derivative * derivative - value * halfCurvature)
    }
    let value = r0 + delta * (s1 + delta * (s2 + delta * a))
    let derivative = s1 + delta * (2 * s2 + 3 * a * delta)
    let step = value == 0 ? 0 : value / derivative
    delta -= step
    let t = t0 + delta
    let halfCurvature = abs(s2 + 3 * a * delta)
    let slopeTerms = ((3 * abs(a)) * t0 + 2 * abs(b)) * t0 + abs(c)
    let final = step * step * halfCurvature <= 0x1p-55 * abs(derivative) && abs(step) <= 0x1p-26
    let sharp = abs(delta) * slopeTerms <= 0.25 * abs(derivative)
    if final && sharp && t >= 0 && t <= 1 { return t }
    return newton(a, b, c, d, level: level)
  }

  /// Dekker's TwoProduct when `short` has at most 26 significant bits: x·short =
  /// product + error exactly (no overflow or underflow), with only x split (9 flops).
  @inlinable @inline(__always)
  static func twoProduct(_ x: Double, short: Double) -> (product: Double, error: Double) {
    let product = x * short
    let (xHi, xLo) = split(x)
    return (product, (xHi * short - product) + xLo * short)
  }

  /// ``compensatedHornerStep(_:_:_:_:)`` for an `x` with at most 26 significant bits.
  @inlinable @inline(__always)
  static func shortCompensatedHornerStep(
    _ sum: inout Double, _ correction: inout Double, _ x: Double, _ coefficient: Double
  ) {
    let (product, productError) = twoProduct(sum, short: x)
    let (next, sumError) = twoSum(product, coefficient)
    sum = next
    correction = correction * x + (productError + sumError)
  }

  /// f(t) − level by compensated Horner of a·t³ + b·t² + c·t + (d − level), with d − level
  /// split exactly (TwoSum) so the subtraction is off the dependency chain, for a `t` with
  /// at most 26 significant bits (cheaper products). As accurate as
  /// ``residual(_:_:_:_:at:level:)``: u·|r| + γ₆²·(|a|t³ + |b|t² + |c|t + |d − level|).
  @inlinable
  static func shortCompensatedResidual(_ a: Double, _ b: Double, _ c: Double, _ d: Double, at t: Double, level: Double)
    -> Double
  {
    // d − level exactly, off the dependency chain, as the constant term.
    let (offset, offsetError) = twoSum(d, -level)
    var sum = a
    var correction = 0.0
    shortCompensatedHornerStep(&sum, &correction, t, b)
    shortCompensatedHornerStep(&sum, &correction, t, c)
    shortCompensatedHornerStep(&sum, &correction, t, offset)
    return sum + (correction + offsetError)
  }

  /// The starting point of ``oneOffInverse(_:_:_:_:level:)`` and whether it is close
  /// enough (|p·u| ≲ 1e-2) for the series and one Newton step alone:
  /// - the inverse cubic Hermite interpolant in the level when |f′| is bounded away from 0
  ///   on [0, 1] (checked on the Bernstein coefficients c, c + b, 3a + 2b + c of f′);
  /// - at an exactly flat end (f′(1) = 0 or f′(0) = 0, f″ there of the right sign) with the
  ///   other two Bernstein coefficients steep, the cubic Hermite interpolant in
  ///   w = √(level fraction from the flat end), where t is smooth: its slope at w = 0 is
  ///   √(|f(1) − f(0)| / |f″/2|) (``flatEndSeed(_:_:_:_:level:residualAtOne:)``);
  /// - else the Taylor-root seed (one Halley step more).
  @inlinable
  static func oneOffSeed(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double, residualAtOne: Double)
    -> (t: Double, isHermite: Bool)
  {
    let rise = ((a + b) + c)
    let endSlope = (3 * a + 2 * b) + c
    let middle = c + b
    let floor = 0.4 * abs(rise)
    let steep =
      c * rise > 0 && middle * rise > 0 && endSlope * rise > 0
      && abs(c) >= floor && abs(middle) >= floor && abs(endSlope) >= floor
    guard steep else {
      let high = 1.2 * abs(rise)
      let flatEnd =
        endSlope == 0 && (3 * a + b) * rise < 0 && c * rise > 0 && middle * rise > 0
        && abs(c) >= high && abs(middle) >= high
      let flatStart =
        c == 0 && b * rise > 0 && endSlope * rise > 0 && middle * rise > 0
        && abs(endSlope) >= high && abs(middle) >= high
      guard flatEnd || flatStart else {
        return (taylorSeed(a, b, c, d, level: level, residualAtOne: residualAtOne), false)
      }
      return (flatEndSeed(a, b, c, d, level: level, residualAtOne: residualAtOne), true)
    }
    // y ∈ (0, 1) is the level's fraction of the way from f(0) to f(1); t(y) is matched in
    // value and slope (rise / f′) at both ends.
    let y = (level - d) * (1 / rise)
    let startSlope = rise / c
    let finalSlope = rise / endSlope
    let rest = 1 - y
    return (y * y * (3 - 2 * y) + y * rest * (startSlope * rest - finalSlope * y), true)
  }

  /// The seed for a curve with one exactly flat end (f′ = 0 there, checked by the caller):
  /// with w² the level's fraction of the way back from the flat end, the distance from that
  /// end is a smooth function of w, interpolated by the cubic Hermite polynomial with
  /// slope √(|f(1) − f(0)| / |f″/2|) at w = 0 and 2·|f(1) − f(0)| / |f′| at the other end.
  @inlinable @inline(__always)
  static func flatEndSeed(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double, residualAtOne: Double)
    -> Double
  {
    let rise = ((a + b) + c)
    let endSlope = (3 * a + 2 * b) + c
    let flatAtOne = endSlope == 0
    // Distance from the flat end x ∈ [0, 1] as a function of w ∈ [0, 1].
    let fraction = flatAtOne ? residualAtOne / rise : (level - d) / rise
    let w = max(0, min(1, fraction)).squareRoot()
    let halfCurvature = flatAtOne ? 3 * a + b : b
    let startSlope = (abs(rise) / abs(halfCurvature)).squareRoot()
    let finalSlope = 2 * abs(rise) / abs(flatAtOne ? c : endSlope)
    let rest = 1 - w
    let x = w * w * (3 - 2 * w) + w * rest * (startSlope * rest - finalSlope * w)
    return flatAtOne ? 1 - x : x
  }

  /// The root of the quadratic Taylor polynomial about the end whose level is nearer
  /// (f(0) = d, or f(1)), without branches: about 0, k + l·x + q·x² with k = d − level,
  /// l = f′(0), q = b; about 1 (x = 1 − t), k = f(1) − level, l = −f′(1), q = 3a + b.
  /// On a monotone curve k and l have opposite signs, so the root nearest 0 is
  /// 2|k| / (|l| + √(l² − 4qk)), a square root of |k|/q at a flat end (l = 0), with no
  /// cancellation. A negative discriminant is taken as 0 (the seed only needs to be close).
  @inlinable @inline(__always)
  static func taylorSeed(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double, residualAtOne: Double)
    -> Double
  {
    let startOffset = d - level
    let startRoot = max(0, c * c - 4 * b * startOffset).squareRoot()
    let fromStart = 2 * abs(startOffset) / (abs(c) + startRoot)
    let endSlope = (3 * a + 2 * b) + c
    let endRoot = max(0, endSlope * endSlope - 4 * (3 * a + b) * residualAtOne).squareRoot()
    let fromEnd = 2 * abs(residualAtOne) / (abs(endSlope) + endRoot)
    return abs(startOffset) <= abs(residualAtOne) ? fromStart : 1 - fromEnd
  }
  // curvekit:embed-end
}
