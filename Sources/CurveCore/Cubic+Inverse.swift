extension Cubic {
  /// The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`.
  ///
  /// The reference answer is the exact root of f(t) = level for the cubic with these
  /// exact double coefficients and this exact double level, clamped to [0, 1]: a level
  /// at or beyond f(0) gives 0 and one at or beyond f(1) gives 1. The curve should be
  /// monotone on [0, 1] (either direction); on a non-monotone curve every method but
  /// `bisection` still returns a root in [0, 1] when f(0) and f(1) bracket the level,
  /// but not necessarily the first one. A NaN level returns NaN (except `bisection`,
  /// which keeps the article's clamping and returns 0).
  ///
  /// See ``InverseMethod`` for each method's accuracy and cost; for many levels on one
  /// curve build a ``CubicInverseTable`` once instead.
  /// - Parameters:
  ///   - level: the wanted level.
  ///   - method: the strategy, `.auto` (full precision, currently `newton`) by default.
  public func normalizedElapsed(forLevel level: Double, method: InverseMethod = .auto) -> Double {
    switch method {
    case .auto, .newton:
      return normalizedElapsedByNewton(forLevel: level)
    case .bisection:
      return normalizedElapsedByBisection(forLevel: level)
    case .cardano:
      return normalizedElapsedByCardano(forLevel: level)
    case .table:
      guard let table = try? CubicInverseTable(self) else {
        return normalizedElapsedByNewton(forLevel: level)
      }
      return table.normalizedElapsed(forLevel: level)
    }
  }
}

/// Where a level sits relative to the curve's values at the ends of [0, 1].
@usableFromInline
enum InverseBracket: Sendable {
  /// The clamped answer is this endpoint (or NaN for a NaN level).
  case answer(Double)
  /// The root is inside (0, 1); `orientation` is +1 when f(0) < f(1) and −1 otherwise,
  /// so orientation·(f(t) − level) increases through the root; `residualAtOne` is the
  /// compensated f(1) − level.
  case interior(orientation: Double, residualAtOne: Double)
}

extension Cubic {
  /// Classifies `level` against f(0) = d and the exact f(1) = a + b + c + d.
  ///
  /// The comparison with f(1) uses a compensated residual, so it agrees with exact
  /// arithmetic except within ~1e-31 of f(1).
  @inlinable
  func inverseBracket(forLevel level: Double) -> InverseBracket {
    if level.isNaN { return .answer(.nan) }
    // f(1) − level: the plain sum when its sign is certain, else the compensated one.
    let plainAtOne = (((a + b) + c) + d) - level
    let noise = 4 * 0x1p-53 * (abs(a) + abs(b) + abs(c) + abs(d) + abs(level))
    let atOne = abs(plainAtOne) > noise ? plainAtOne : compensatedResidual(at: 1, level: level)
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

  /// A starting point for the iterative inverse: the root of the quadratic Taylor
  /// polynomial about the endpoint whose value is nearer the level (its square-root
  /// behaviour makes it a good seed at flat ends too), or the chord when that fails.
  @inlinable
  func inverseSeed(forLevel level: Double, residualAtOne: Double) -> Double {
    let startValue = d
    let endValue = ((a + b) + c) + d
    let chord = (startValue - level) / (startValue - endValue)
    let fraction = chord.isFinite ? max(0, min(1, chord)) : 0.5
    if fraction <= 0.5 {
      // f(t) − level ≈ (d − level) + c·t + b·t²
      if let t = Cubic.smallestNonNegativeRoot(b, c, startValue - level), t <= 1 { return t }
    } else {
      // with s = 1 − t: f − level ≈ (f(1) − level) − f′(1)·s + (3a + b)·s²
      if let s = Cubic.smallestNonNegativeRoot(3 * a + b, -slope(at: 1), residualAtOne), s <= 1 { return 1 - s }
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
}
