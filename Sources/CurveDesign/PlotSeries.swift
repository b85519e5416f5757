import CurveCore
import CurveFitting
import CurvePipeline

/// One curve in a plot: the polynomial, its control points and its fit diagnostics.
///
/// Everything but the name is derived together at initialization, so it is read-only.
public struct PlotSeries: Sendable {
  /// The name shown in the legend.
  public var name: String
  /// Where the curve came from (a file name), shown next to ``name`` in the legend and the
  /// title when set; the CLI sets it for curves that share a name, so they can be told apart.
  public var source: String?
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
  /// The designer's milestones (normalized), drawn as guide lines.
  public var milestones: [Milestone] = []

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

  /// Creates a series from a resolved curve: its fit's residuals and statistics (or, for
  /// given coefficients, none), and the exact verdict the resolver decided. The spec's
  /// `minSlope`, when set, becomes the flat threshold, so the slope panel marks where it is
  /// violated.
  /// - Parameters:
  ///   - name: the legend's name (default: the curve's name, else its source).
  ///   - source: where it came from, shown next to the name (see ``source``).
  public init(_ curve: FittedCurve, name: String? = nil, source: String? = nil) {
    self.name = name ?? curve.name ?? curve.displayName
    self.source = source
    polynomial = curve.polynomial
    points = curve.points
    let report = curve.report
    residuals = report?.residuals ?? []
    rmse = report?.rmse ?? 0
    maxAbsResidual = report?.maxAbsResidual ?? 0
    rSquared = report?.rSquared
    slope = curve.slopeProfile
    verdict = curve.verdict
    milestones = curve.milestones
  }
}

extension Milestone {
  /// True for ``atLeast(level:until:)``.
  var isAtLeastBound: Bool {
    if case .atLeast = self { return true }
    return false
  }
}
