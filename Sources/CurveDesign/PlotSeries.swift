import CurveCore
import CurveFitting
import CurveSpec

/// One curve in a plot: the polynomial, its control points and its fit diagnostics.
///
/// Everything but the name is derived together at initialization, so it is read-only.
public struct PlotSeries: Sendable {
  /// The name shown in the legend.
  public var name: String
  /// The curve f, highest power first.
  public let polynomial: Polynomial
  /// The control points (t, level) the curve was fitted to.
  public let points: [DataPoint]
  /// yᵢ − f(tᵢ) for each point, unweighted.
  public let residuals: [Double]
  /// The root-mean-square (weighted) residual of the fit.
  public let rmse: Double
  /// The largest |residual|.
  public let maxAbsResidual: Double
  /// The coefficient of determination, when defined.
  public let rSquared: Double?
  /// Where the slope is positive or nearly zero (drawn as bands).
  public let slope: SlopeProfile
  /// CurveCore's exact monotonicity verdict on [0, 1] (the legend's verdict).
  public let verdict: MonotonicityVerdict

  /// Creates a series from a polynomial and its points, computing the residuals.
  /// - Complexity: O(points) plus the slope scan and the exact verdict.
  /// - Parameter flatThreshold: see ``SlopeProfile/init(_:flatThreshold:)``.
  public init(
    name: String, polynomial: Polynomial, points: [DataPoint],
    flatThreshold: Double = SlopeProfile.defaultFlatThreshold
  ) {
    let residuals = points.map { $0.y - polynomial.value(at: $0.t) }
    let sumOfSquares = residuals.reduce(0) { $0 + $1 * $1 }
    self.name = name
    self.polynomial = polynomial
    self.points = points
    self.residuals = residuals
    rmse = residuals.isEmpty ? 0 : (sumOfSquares / Double(residuals.count)).squareRoot()
    maxAbsResidual = residuals.map(abs).max() ?? 0
    rSquared = nil
    slope = SlopeProfile(polynomial, flatThreshold: flatThreshold)
    verdict = polynomial.monotonicity()
  }

  /// Creates a series from a fitter report on `points`.
  public init(
    name: String, report: FitReport, points: [DataPoint],
    flatThreshold: Double = SlopeProfile.defaultFlatThreshold
  ) {
    self.name = name
    polynomial = report.polynomial
    self.points = points
    residuals = report.residuals
    rmse = report.rmse
    maxAbsResidual = report.maxAbsResidual
    rSquared = report.rSquared
    slope = SlopeProfile(report.polynomial, flatThreshold: flatThreshold)
    verdict = report.polynomial.monotonicity()
  }

  /// Fits `spec` by least squares and wraps the result. A spec's `minSlope`, when set,
  /// becomes the flat threshold, so the slope panel marks where it is violated.
  /// - Throws: ``FitError`` from the fitter.
  public init(spec: CurveSpec) throws(FitError) {
    let report = try LeastSquaresFitter.fit(spec.fitProblem)
    self.init(
      name: spec.name, report: report, points: spec.points,
      flatThreshold: spec.minSlope ?? SlopeProfile.defaultFlatThreshold)
  }
}
