// The fast path of the real-root solver: the closed form for a cubic whose root count is
// certain and whose roots are well separated, then one compensated Newton step per root,
// accepted only when an a-posteriori bound says the step has reached full precision.

extension RealRootSolver {
  /// u = 2⁻⁵³, the unit roundoff.
  static let unitRoundoff = 0x1p-53
  /// Smallest non-zero coefficient the fast path takes, relative to the largest (2⁻⁶⁰).
  static let fastWindow = 0x1p-60
  /// The range of the largest |coefficient| the fast path takes as it is: within it and
  /// the window, nothing in the closed form or the compensated residual can overflow or
  /// underflow, so every operation is exact under scaling by powers of two.
  static let fastRange: ClosedRange<Double> = 0x1p-100...0x1p100

  /// The roots by the fast path, trying the coefficients as given and then scaled by a power
  /// of two into ``fastRange`` (exact), or ``RealRoots/unsolved`` when the careful path is
  /// needed, which is also the answer for a NaN or infinite coefficient (so the caller checks
  /// finiteness only off the fast path).
  @inline(__always)
  static func fastRootsAnyScale(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> RealRoots {
    // Plain comparisons (Swift.max without its NaN handling): `largest` may drop a NaN, but
    // `total` keeps it (and an infinity), so only finite coefficients pass either test.
    let ab = abs(a) > abs(b) ? abs(a) : abs(b)
    let cd = abs(c) > abs(d) ? abs(c) : abs(d)
    let largest = ab > cd ? ab : cd
    let total = (abs(a) + abs(b)) + (abs(c) + abs(d))
    if largest >= fastRange.lowerBound && total <= fastRange.upperBound {
      return fastRoots(a, b, c, d, largest: largest)
    }
    // An infinite coefficient makes `largest` infinite; a NaN makes `total` NaN (finite
    // coefficients whose sum overflows are scaled like the others).
    guard largest.isNormal, !total.isNaN else { return .unsolved }
    // 2⁻ᵉ for the exponent e of `largest` (normal, so e ∈ −1022…1023 and 2⁻ᵉ is finite).
    let unit = Double(sign: .plus, exponent: -largest.exponent, significand: 1)
    return fastRoots(a * unit, b * unit, c * unit, d * unit, largest: largest * unit)
  }

  /// The roots of a·x³ + b·x² + c·x + d by the closed form and one compensated Newton step
  /// per root, or ``RealRoots/unsolved`` when the careful path is needed: a = 0 or d = 0, coefficients more than
  /// 2⁶⁰ apart, a root count the rounding errors leave uncertain (a double root within
  /// reach), or a root whose Newton step does not certify full precision (close roots).
  ///
  /// Certification, for each root x₁ = x₀ − s with s = p(x₀)/p′(x₀) (p by compensated
  /// Horner): the next Newton error |p″|·s²/(2|p′|) is at most 2⁻⁶³·|x₁| and the error of s
  /// from the plainly evaluated slope, |s|·4u·Σ(i·|cᵢ||x|ⁱ⁻¹)/|p′|, is too; up to three steps
  /// are taken. With three roots they must also be ordered and apart by 2⁻³⁰ relative, so no
  /// two steps converged to the same root. Every operation is exact under scaling the
  /// coefficients by 2ᵏ within ``fastRange``, so the result is too. Cost: three divisions
  /// and three square roots (three roots) or two divisions, a square root and a cube root
  /// without libm (one root), and about 50 flops per root; no allocation.
  @inline(__always)
  static func fastRoots(_ a: Double, _ b: Double, _ c: Double, _ d: Double, largest: Double) -> RealRoots {
    // The smallest |coefficient| but a zero b or c, from selects and minima (one branch).
    let absB = b == 0 ? largest : abs(b)
    let absC = c == 0 ? largest : abs(c)
    let ad = abs(a) < abs(d) ? abs(a) : abs(d)
    let bc = absB < absC ? absB : absC
    guard (ad < bc ? ad : bc) >= fastWindow * largest else { return .unsolved }
    // Q = b² − 3ac and H = b³ − 4.5abc + 13.5a²d (27a³ times the monic cubic's Q and R):
    // three real roots iff H² < Q³. Their rounding errors are below eQ and eH, so the count
    // is certain when the inequality holds (or fails) for every Q, H within those bounds.
    let u = unitRoundoff
    let bb = b * b
    let ac = a * c
    let q = bb - 3 * ac
    let h = (b * bb - ac * (4.5 * b)) + (a * a) * (13.5 * d)
    let absAC = abs(ac)
    let errorQ = 4 * u * (bb + 3 * absAC)
    let errorH = 8 * u * (abs(b) * (bb + 4.5 * absAC) + 13.5 * ((a * a) * abs(d)))
    let absH = abs(h)
    let inflate = 1 + 0x1p-40
    let qLow = q - errorQ
    let qHigh = q + errorQ
    let hHigh = absH + errorH
    let hLow = absH - errorH
    let scale = -1 / (3 * a)
    // qLow ≤ 0 fails the first test (errorH > 0, as a, d ≠ 0); hLow ≤ 0 fails the second
    // unless qHigh < 0, where the count is one whatever H is.
    if qLow * qLow * qLow > inflate * (hHigh * hHigh) {
      return threeSeparatedRoots(a, b, c, d, q: q, h: h, scale: scale)
    }
    let positiveQHigh = qHigh > 0 ? qHigh : 0
    if hLow > 0 && hLow * hLow > inflate * (positiveQHigh * positiveQHigh * positiveQHigh) || qHigh < 0 {
      return oneRoot(a, b, c, d, q: q, h: h, scale: scale)
    }
    return .unsolved
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Viète's trigonometric form, x = −(b + 2·sign(a)·√Q·cos((θ + 2πk)/3))/(3a) with
  /// cos θ = sign(a)·H/Q^(3/2), then the certified polish; `scale` is −1/(3a).
  ///
  /// cos(θ/3) and sin(θ/3) come from polynomials in s = √((1 + cos θ)/2) (no `acos`, no
  /// `cos`): see ``trisectionCosine(_:)``.
  static func threeSeparatedRoots(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, q: Double, h: Double, scale: Double
  ) -> RealRoots {
    let rootQ = a < 0 ? -q.squareRoot() : q.squareRoot()
    let ratio = max(-1, min(1, h / (q * rootQ)))
    let s = (0.5 + 0.5 * ratio).squareRoot()
    let cosine = trisectionCosine(s)
    let sine = (0.5 - 0.5 * ratio).squareRoot() * trisectionSineFactor(s)
    let halfRootThree = 0.866_025_403_784_438_6
    let twoRootQ = 2 * rootQ
    // The largest cosine, cos(θ/3) ∈ [½, 1], gives the smallest root (for either sign of a).
    let low = (b + twoRootQ * cosine) * scale
    let middle = (b + twoRootQ * (halfRootThree * sine - 0.5 * cosine)) * scale
    let high = (b - twoRootQ * (halfRootThree * sine + 0.5 * cosine)) * scale
    // One compensated Newton step each, the three in SIMD lanes (RealRootSolver+Lanes.swift).
    // With three real roots, p″/(2p′) at a root is Σⱼ 1/(xᵢ − xⱼ) over the other two, so the
    // next step's error is at most 2sᵢ²/δᵢ (δᵢ the distance to the nearest other root): that
    // replaces the curvature in the certificate.
    let (next, step, slopeOK) = newtonSteps(a, b, c, d, from: Lanes(low, middle, high, high))
    let x0: Double = next[0]
    let x1: Double = next[1]
    let x2: Double = next[2]
    let s0: Double = step[0]
    let s1: Double = step[1]
    let s2: Double = step[2]
    let slopesOK: Bool = slopeOK[0] && slopeOK[1] && slopeOK[2]
    let gap01 = x1 - x0
    let gap12 = x2 - x1
    let apart = 0x1p-30
    let certified =
      slopesOK && gap01 > apart * (abs(x0) + abs(x1))
      && gap12 > apart * (abs(x1) + abs(x2)) && 2 * (s0 * s0) <= 0x1p-63 * abs(x0) * gap01
      && 2 * (s1 * s1) <= 0x1p-63 * abs(x1) * min(gap01, gap12) && 2 * (s2 * s2) <= 0x1p-63 * abs(x2) * gap12
    if certified { return RealRoots(sorted: x0, x1, x2, count: 3) }
    guard let y0 = certifiedNewton(a, b, c, d, from: x0),
      let y1 = certifiedNewton(a, b, c, d, from: x1),
      let y2 = certifiedNewton(a, b, c, d, from: x2)
    else { return .unsolved }
    guard y1 - y0 > apart * (abs(y0) + abs(y1)), y2 - y1 > apart * (abs(y1) + abs(y2)) else { return .unsolved }
    return RealRoots(sorted: y0, y1, y2, count: 3)
  }

  /// cos(θ/3) for cos θ = 2s² − 1, s ∈ [0, 1], to 1.7e-12: the Chebyshev interpolant of
  /// degree 12 of cos(⅔·acos s), which is analytic on [0, 1] (it is even in acos s), in
  /// Estrin's scheme. Generated by scripts/generate-trisection-polynomials.py.
  @inline(__always)
  static func trisectionCosine(_ s: Double) -> Double {
    let s2 = s * s
    let s4 = s2 * s2
    let low =
      ((0.5000000000016087 + 0.5773502686301293 * s) + s2 * (-0.11111107867777349 + 0.05345761410699888 * s))
      + s4
      * ((-0.03291285169052665 + 0.022803221217822252 * s) + s2 * (-0.016761106908991557 + 0.012354481369499957 * s))
    let high =
      ((-0.008449524950452786 + 0.004856484126394903 * s) + s2 * (-0.0020898224941806437 + 0.0005776528130871901 * s))
      + s4 * -7.533754479651227e-05
    return low + (s4 * s4) * high
  }

  /// sin(θ/3)/sin(θ/2) for cos θ = 2s² − 1, s ∈ [0, 1], to 2.2e-11: the Chebyshev
  /// interpolant of degree 12 of sin(⅔·acos s)/sin(acos s), analytic on [0, 1]; so
  /// sin(θ/3) = √((1 − cos θ)/2) times it. Generated with ``trisectionCosine(_:)``.
  @inline(__always)
  static func trisectionSineFactor(_ s: Double) -> Double {
    let s2 = s * s
    let s4 = s2 * s2
    let low =
      ((0.8660254037628754 - 0.33333332581056524 * s) + s2 * (0.24056217461757973 - 0.19752078370310014 * s))
      + s4 * ((0.17139023568269487 - 0.15274290962773474 * s) + s2 * (0.1361043789923958 - 0.11583207518746698 * s))
    let high =
      ((0.08764605483834215 - 0.053879986257708214 * s) + s2 * (0.02422048885084024 - 0.006888823246921087 * s))
      + s4 * 0.0009158337708798551
    return low + (s4 * s4) * high
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Cardano's form without cancellation: T = ∛(|H| + √(H² − Q³)),
  /// x = −(b + sign(H)·(T + Q/T))/(3a), with T = z·r² and Q/T = Q·r from r = z^(−1/3);
  /// then the certified polish; `scale` is −1/(3a).
  static func oneRoot(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, q: Double, h: Double, scale: Double
  ) -> RealRoots {
    let z = abs(h) + (h * h - q * q * q).squareRoot()
    let r = reciprocalCubeRoot(z)
    // (b ± y)·scale with y = r·(z·r + q), the factor r·scale formed beside z·r + q.
    let factor = r * (h < 0 ? -scale : scale)
    let seed = b * scale + factor * (z * r + q)
    guard let x = certifiedNewton(a, b, c, d, from: seed) else { return .unsolved }
    return RealRoots(sorted: x, .nan, .nan, count: 1)
  }

  /// z^(−1/3) for a normal z > 0 to 9.1e-12 relative, with no division and no libm: the
  /// exponent divided by −3 in the bits (|1 − z·r₀³| ≤ 0.1025), then r₀·P(1 − z·r₀³), P the
  /// degree-7 Chebyshev interpolant of (1 − e)^(−1/3) on |e| ≤ 0.1025 (Estrin's scheme;
  /// generated with ``trisectionCosine(_:)``). Exact under scaling z by 8ᵏ.
  @inline(__always)
  static func reciprocalCubeRoot(_ z: Double) -> Double {
    let r0 = Double(bitPattern: 0x553e_e95b_5500_0000 &- z.bitPattern / 3)
    let e = 1 - z * (r0 * r0 * r0)
    let e2 = e * e
    let p01 = 0.9999999999910596 + 0.3333333332959977 * e
    let p23 = 0.22222224942064128 + 0.17283955348725988 * e
    let p45 = 0.14402000548532992 + 0.12481235810911792 * e
    let p67 = 0.1129173519626909 + 0.10243418025003505 * e
    return r0 * ((p01 + e2 * p23) + (e2 * e2) * (p45 + e2 * p67))
  }

  /// Up to three Newton steps with compensated residuals from `seed`, returning the first
  /// iterate whose step certifies full precision (see ``fastRoots(_:_:_:_:largest:)``), or nil.
  @inline(__always)
  static func certifiedNewton(_ a: Double, _ b: Double, _ c: Double, _ d: Double, from seed: Double) -> Double? {
    let absA = abs(a)
    let absB = abs(b)
    var x = seed
    for _ in 0..<3 {
      let slope = (3 * a * x + 2 * b) * x + c
      let inverseSlope = 1 / slope  // formed while the compensated residual is evaluated
      let (hi, lo) = CubicInverseKernel.compensatedHorner(a, b, c, d, at: x)
      let step = (hi + lo) * inverseSlope
      let next = x - step
      // |p″| ≤ 2·(3|a||x| + |b|) and the slope's error bound 4u·((3|a||x| + 2|b|)·|x| + |c|),
      // in one test: |s|·(|p″|·|s| + 2⁻⁵⁰·Σ) ≤ 2⁻⁶²·|p′|·|x₁| implies both bounds above.
      let absX = abs(x)
      let t = 3 * absA * absX
      let absStep = abs(step)
      let slopeMagnitude = (t + 2 * absB) * absX + abs(c)
      if absStep * (2 * (t + absB) * absStep + 0x1p-50 * slopeMagnitude) <= 0x1p-62 * abs(slope) * abs(next) {
        return next
      }
      x = next
    }
    return nil
  }
}
