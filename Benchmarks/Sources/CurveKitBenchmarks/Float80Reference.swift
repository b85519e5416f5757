import BenchmarkHarness
import CurveCore

/// Wider-precision references (x87 Float80, 64-bit significand) for the accuracy checks.
///
/// Both references expand the cubic about the nearer end of [0, 1]: about 0 it is the
/// plain polynomial, about 1 it is q(s) = f(1 − s) with s = 1 − t exact, so the rounding
/// error stays proportional to the terms that vary near that end. That keeps the
/// reference sharp where f(t) → 0 at t = 1 and at a flat end (f′(1) = 0, ``ArticleCurve/steepStart``),
/// where an unshifted Float80 evaluation would only give t to ≈ 1e-10.
/// The shifted coefficients are sums of the double coefficients; for coefficients that
/// span fewer than 11 binary orders of magnitude (all of the article's curves) these sums
/// are exact in the 64-bit significand.
struct Float80Cubic {
  let a: Float80
  let b: Float80
  let c: Float80
  let d: Float80
  /// f(1 − s) = d1 + c1·s + b1·s² + a1·s³.
  let a1: Float80
  let b1: Float80
  let c1: Float80
  let d1: Float80

  init(_ cubic: Cubic) {
    a = Float80(cubic.a)
    b = Float80(cubic.b)
    c = Float80(cubic.c)
    d = Float80(cubic.d)
    a1 = -a
    b1 = 3 * a + b
    c1 = -(3 * a + 2 * b + c)
    d1 = ((a + b) + c) + d
  }

  /// f(t) − level, expanded about the nearer end, the level subtracted from the constant first.
  func residual(at t: Float80, level: Float80) -> Float80 {
    if t <= 0.5 {
      return ((a * t + b) * t + c) * t + (d - level)
    }
    let s = 1 - t
    return ((a1 * s + b1) * s + c1) * s + (d1 - level)
  }

  /// f(t) to about 2⁻⁶³·S.
  func value(at t: Double) -> Float80 {
    residual(at: Float80(t), level: 0)
  }

  /// S(t) = |a|t³ + |b|t² + |c||t| + |d|, the scale of the a-priori error bounds.
  func scale(at t: Double) -> Float80 {
    let x = Float80(abs(t))
    return ((abs(a) * x + abs(b)) * x + abs(c)) * x + abs(d)
  }

  /// The exact root t ∈ [0, 1] of f(t) = level, clamped as ``Cubic/normalizedElapsed(forLevel:method:)``
  /// documents (a level at or beyond f(0) gives 0, at or beyond f(1) gives 1), found by
  /// bisection to adjacent Float80 values.
  func inverse(level: Double) -> Float80 {
    if level.isNaN { return .nan }
    let x = Float80(level)
    let decreasing = d1 < d
    if decreasing ? x >= d : x <= d { return 0 }
    if decreasing ? x <= d1 : x >= d1 { return 1 }
    var lower: Float80 = 0
    var upper: Float80 = 1
    for _ in 0..<400 {
      let mid = (lower + upper) / 2
      if mid <= lower || mid >= upper { break }
      let r = residual(at: mid, level: x)
      if r == 0 { return mid }
      if (r > 0) == decreasing { lower = mid } else { upper = mid }
    }
    return (lower + upper) / 2
  }
}

/// The inputs every accuracy check uses, fixed by seed.
enum AccuracyInputs {
  /// t values: uniform in [0, 1], plus both ends exactly.
  static func times(count: Int, seed: UInt64) -> [Double] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    return [0, 1] + (0..<max(0, count - 2)).map { _ in generator.nextUnitDouble() }
  }

  /// Levels for the inverse: 90 % uniform over the curve's level range, 5 % log-uniformly
  /// close (1e-18 to 1e-2) to each end, where flat ends and early returns live.
  static func levels(for cubic: Cubic, count: Int, seed: UInt64) -> [Double] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    let start = cubic.d
    let end = ((cubic.a + cubic.b) + cubic.c) + cubic.d
    let lower = min(start, end)
    let upper = max(start, end)
    let nearEnd = count / 20
    var levels: [Double] = []
    levels.reserveCapacity(count)
    for _ in 0..<nearEnd { levels.append(lower + generator.nextLogUniform(in: 1e-18, 1e-2) * (upper - lower)) }
    for _ in 0..<nearEnd { levels.append(upper - generator.nextLogUniform(in: 1e-18, 1e-2) * (upper - lower)) }
    while levels.count < count { levels.append(generator.nextDouble(in: lower, upper)) }
    return levels
  }
}
