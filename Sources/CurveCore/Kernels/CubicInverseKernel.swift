/// The inverse kernels of the depletion cubic: plain static functions of the coefficients
/// (and, for the table, its precomputed data) and the level.
///
/// `Cubic`'s inverse methods and ``CubicInverseTable`` call these kernels, and CurveCodegen
/// copies the text between the `curvekit:embed-begin` and `curvekit:embed-end` markers of
/// every `CubicInverseKernel*.swift` file verbatim into generated Swift files, so generated
/// code and the library compute the same operations in the same order: bit-identical
/// results. A test in CurveCodegenTests checks that the embedded copies equal these files.
///
/// Rules for the embedded text (it must compile inside any app target, on its own):
/// - only the standard library and libm (`cbrt`, `acos`, `cos`, `sinh`, `asinh`);
/// - refer only to `CubicInverseKernel` members and to parameters, never to `Cubic` or
///   other CurveCore types;
/// - no Foundation, no global state, no `fatalError` or force unwraps.
@usableFromInline
enum CubicInverseKernel {}

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// The article's level function on raw coefficients: clamps `normalizedElapsed` to
  /// [0, 1], then evaluates ((a·t + b)·t + c)·t + d by Horner's rule.
  ///
  /// The clamp is the article's `max(0, min(1, t))`, written so it vectorizes (`minpd` and
  /// a compare-and-mask): bit-identical for every input, since `0 > t ? 0 : t` keeps NaN
  /// and −0.0 and `m < 1 ? m : 1` then sends NaN to 1.
  @inlinable @inline(__always)
  static func clampedHorner(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ normalizedElapsed: Double) -> Double {
    let atLeastZero = 0.0 > normalizedElapsed ? 0.0 : normalizedElapsed
    let t = atLeastZero < 1.0 ? atLeastZero : 1.0
    return ((a * t + b) * t + c) * t + d
  }

  /// The originating article's bisection, reproduced bit for bit: clamp the level, return
  /// 0 for a level ≥ 0.999999 and 1 for a level ≤ 0.000001, then halve [0, 1]
  /// `iterations` times and return the midpoint of the last bracket.
  @inlinable
  static func bisection(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ targetLevel: Double, iterations: Int
  ) -> Double {
    let clampedLevel = max(0.0, min(1.0, targetLevel))
    if clampedLevel >= 0.999_999 { return 0.0 }
    if clampedLevel <= 0.000_001 { return 1.0 }
    var lower = 0.0
    var upper = 1.0
    var remaining = iterations
    while remaining > 0 {
      let mid = (lower + upper) * 0.5
      if clampedHorner(a, b, c, d, mid) > clampedLevel {
        lower = mid
      } else {
        upper = mid
      }
      remaining -= 1
    }
    return (lower + upper) * 0.5
  }
  // curvekit:embed-end
}
