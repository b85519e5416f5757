import CurveCore
import CurveFitting

/// The best depletion polynomial for a CSS easing, with its deviation.
public struct EasingFit: Sendable {
  /// The easing that was imported.
  public let easing: CubicBezierEasing
  /// The least-squares problem built from the samples of 1 − easing.
  public let problem: FitProblem
  /// The fitter's report on that problem.
  public let report: FitReport
  /// max |f(t) − (1 − easing(t))| over the dense check grid.
  public let maxDeviation: Double
  /// The grid time where ``maxDeviation`` occurs (the first, if several).
  public let maxDeviationTime: Double
}

/// Turning a CSS easing into a depletion curve: sample, fit, measure.
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

  /// Fits the best depletion polynomial (least squares on ``samples(of:count:)``, with
  /// f(0) = 1 and f(1) = 0) and measures its worst deviation on a dense grid.
  ///
  /// For an easing that came from ``CubicBezierEasing/init(progressOf:)`` the samples lie
  /// on a cubic, so a cubic fit recovers it and the deviation is at rounding level.
  /// - Parameters:
  ///   - easing: the easing to import.
  ///   - degree: the polynomial degree (3 for an exportable depletion cubic).
  ///   - sampleCount: the number of sample intervals.
  /// - Throws: ``FitError`` from the fitter (for example a degree out of range or too
  ///   few samples for it).
  public static func fit(
    _ easing: CubicBezierEasing, degree: Int = 3, sampleCount: Int = defaultSampleCount
  ) throws(FitError) -> EasingFit {
    let problem = FitProblem(points: samples(of: easing, count: sampleCount), degree: degree)
    let report = try LeastSquaresFitter.fit(problem)
    let deviation = maxDeviation(of: report.polynomial, from: easing)
    return EasingFit(
      easing: easing, problem: problem, report: report,
      maxDeviation: deviation.value, maxDeviationTime: deviation.t)
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
