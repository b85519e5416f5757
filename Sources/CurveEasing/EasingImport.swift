import CurveCore

/// Turning a CSS easing into a depletion curve: the samples to fit, and the measure of how
/// far a fitted curve strays from the easing (the fit itself is the curve resolver's).
public enum EasingImport {
  /// The number of sample intervals on [0, 1] used for the fit.
  public static let defaultSampleCount = 64
  /// The number of intervals of the grid the deviation is measured on.
  public static let deviationGridCount = 4096

  /// The depletion level 1 − easing(t) at t = k/count for k = 1 … count − 1.
  ///
  /// The endpoints are left out: the fit's constraints f(0) = 1, f(1) = 0 fix them.
  /// - Complexity: O(count) solves of x(s) = t, each a few Newton steps.
  public static func samples(of easing: CubicBezierEasing, count: Int = defaultSampleCount) -> [DataPoint] {
    guard count >= 2 else { return [] }
    return (1..<count).map { k in
      let t = Double(k) / Double(count)
      return DataPoint(t: t, y: easing.level(atTime: t))
    }
  }

  /// max |f(t) − (1 − easing(t))| over t = k/gridCount, k = 0 … gridCount.
  ///
  /// A grid maximum: the true maximum over [0, 1] exceeds it by at most
  /// max|e′|/(2·gridCount) for the error function e.
  public static func maxDeviation(
    of polynomial: Polynomial, from easing: CubicBezierEasing, gridCount: Int = deviationGridCount
  ) -> (value: Double, t: Double) {
    var worst = (value: 0.0, t: 0.0)
    let count = max(1, gridCount)
    for k in 0...count {
      let t = Double(k) / Double(count)
      let deviation = abs(polynomial.value(at: t) - easing.level(atTime: t))
      if deviation > worst.value { worst = (deviation, t) }
    }
    return worst
  }
}
