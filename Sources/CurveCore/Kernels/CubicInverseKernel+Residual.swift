// Compensated residuals, slopes, the end-point bracket and the starting guess shared by the
// iterative inverse kernels. Embedded verbatim in generated code (see CubicInverseKernel.swift).

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// Knuth's TwoSum: x + y = sum + error exactly (6 flops, no branch).
  @inlinable @inline(__always)
  static func twoSum(_ x: Double, _ y: Double) -> (sum: Double, error: Double) {
    let sum = x + y
    let yVirtual = sum - x
    let xVirtual = sum - yVirtual
    return (sum, (x - xVirtual) + (y - yVirtual))
  }

  /// Veltkamp's split of x into hi + lo with at most 26 significant bits each.
  @inlinable @inline(__always)
  static func split(_ x: Double) -> (hi: Double, lo: Double) {
    let scaled = 134_217_729.0 * x
    let hi = scaled - (scaled - x)
    return (hi, x - hi)
  }

  /// Dekker's TwoProduct: x·y = product + error exactly when nothing overflows or
  /// underflows (17 flops, no fma, so it stays inline on any x86-64 build).
  @inlinable @inline(__always)
  static func twoProduct(_ x: Double, _ y: Double) -> (product: Double, error: Double) {
    let product = x * y
    let (xHi, xLo) = split(x)
    let (yHi, yLo) = split(y)
    return (product, xLo * yLo - (((product - xHi * yHi) - xLo * yHi) - xHi * yLo))
  }

  /// One compensated Horner step: `sum ← sum·x + coefficient` error-free, its rounding
  /// errors folded into `correction ← correction·x + errors`.
  @inlinable @inline(__always)
  static func compensatedHornerStep(
    _ sum: inout Double, _ correction: inout Double, _ x: Double, _ coefficient: Double
  ) {
    let (product, productError) = twoProduct(sum, x)
    let (next, sumError) = twoSum(product, coefficient)
    sum = next
    correction = correction * x + (productError + sumError)
  }

  /// c0·x³ + c1·x² + c2·x + c3 as an unevaluated sum hi + lo (compensated Horner,
  /// Graillat–Langlois–Louvet), as accurate as Horner in twice the working precision:
  /// |hi + lo − p(x)| ≤ γ²₆·Σ|cᵢ||x|ⁱ.
  @inlinable
  static func compensatedHorner(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, at x: Double)
    -> (hi: Double, lo: Double)
  {
    var sum = c0
    var correction = 0.0
    compensatedHornerStep(&sum, &correction, x, c1)
    compensatedHornerStep(&sum, &correction, x, c2)
    compensatedHornerStep(&sum, &correction, x, c3)
    return (sum, correction)
  }

  /// f(t) − level by compensated Horner; its sign is reliable except within ~1e-31 of a root.
  @inlinable
  static func residual(_ a: Double, _ b: Double, _ c: Double, _ d: Double, at t: Double, level: Double) -> Double {
    let (hi, lo) = compensatedHorner(a, b, c, d, at: t)
    let (difference, error) = twoSum(hi, -level)
    return difference + (error + lo)
  }

  /// f′(t) = (3a·t + 2b)·t + c.
  @inlinable @inline(__always)
  static func slope(_ a: Double, _ b: Double, _ c: Double, at t: Double) -> Double {
    (3 * a * t + 2 * b) * t + c
  }

  /// f″(t) = 6a·t + 2b.
  @inlinable @inline(__always)
  static func curvature(_ a: Double, _ b: Double, at t: Double) -> Double {
    6 * a * t + 2 * b
  }

  /// Where a level sits relative to f(0) and f(1).
  @frozen @usableFromInline
  enum Bracket {
    /// The clamped answer is this endpoint (or NaN for a NaN level).
    case answer(Double)
    /// The root is inside (0, 1); orientation·(f(t) − level) increases through it, and
    /// `residualAtOne` is f(1) − level.
    case interior(orientation: Double, residualAtOne: Double)
  }

  /// Classifies `level` against f(0) = d and f(1); f(1) − level is the plain sum when its
  /// sign is certain, else the compensated residual.
  @inlinable
  static func bracket(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double) -> Bracket {
    if level.isNaN { return .answer(.nan) }
    let plainAtOne = (((a + b) + c) + d) - level
    let noise = 4 * 0x1p-53 * (abs(a) + abs(b) + abs(c) + abs(d) + abs(level))
    let atOne = abs(plainAtOne) > noise ? plainAtOne : residual(a, b, c, d, at: 1, level: level)
    let startValue = d
    // Orientation from the ends: f(1) − f(0) = a + b + c.
    let increasing = (atOne + level) - startValue > 0 || (a + b + c > 0 && atOne + level == startValue)
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

  /// A starting point: the root of the quadratic Taylor polynomial about the endpoint whose
  /// value is nearer the level (a good seed at flat ends too), or the chord.
  @inlinable
  static func seed(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double, residualAtOne: Double) -> Double {
    let startValue = d
    let endValue = ((a + b) + c) + d
    let chord = (startValue - level) / (startValue - endValue)
    let fraction = chord.isFinite ? max(0, min(1, chord)) : 0.5
    if fraction <= 0.5 {
      // f(t) − level ≈ (d − level) + c·t + b·t²
      if let t = smallestNonNegativeRoot(b, c, startValue - level), t <= 1 { return t }
    } else {
      // with s = 1 − t: f − level ≈ (f(1) − level) − f′(1)·s + (3a + b)·s²
      if let s = smallestNonNegativeRoot(3 * a + b, -slope(a, b, c, at: 1), residualAtOne), s <= 1 { return 1 - s }
    }
    return fraction
  }

  /// The smallest root ≥ 0 of q·x² + l·x + k, computed without cancellation, or nil.
  @inlinable
  static func smallestNonNegativeRoot(_ q: Double, _ l: Double, _ k: Double) -> Double? {
    if k == 0 { return 0 }
    if q == 0 {
      let x = -k / l
      return x.isFinite && x >= 0 ? x : nil
    }
    let discriminant = l * l - 4 * q * k
    guard discriminant >= 0 else { return nil }
    let root = discriminant.squareRoot()
    let big = -0.5 * (l + (l >= 0 ? root : -root))
    let first = big / q
    let second = big != 0 ? k / big : Double.nan
    var best = Double.infinity
    if first.isFinite && first >= 0 { best = first }
    if second.isFinite && second >= 0 && second < best { best = second }
    return best.isFinite ? best : nil
  }
  // curvekit:embed-end
}
