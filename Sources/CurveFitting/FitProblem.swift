import CurveCore

/// A least-squares problem: points, optional weights, a degree and equality constraints.
///
/// Weights multiply the residual, as numpy.polyfit's `w` does: the fit minimizes
/// Σ (wᵢ·(yᵢ − f(tᵢ)))², so wᵢ = 1/σᵢ for known standard deviations σᵢ.
public struct FitProblem: Sendable, Hashable {
  /// The smallest degree CurveKit fits.
  public static let minimumDegree = 1
  /// The largest degree CurveKit fits.
  public static let maximumDegree = Polynomial.maximumDegree

  /// The observations.
  public var points: [DataPoint]
  /// Positive per-point weights, or nil for unit weights.
  public var weights: [Double]?
  /// The polynomial degree, 1…10.
  public var degree: Int
  /// Equality constraints; empty for an unconstrained fit.
  public var constraints: [FitConstraint]
  /// Inequality milestones (f(t) ≥ level or f(t) ≤ level at one point each, exact for a
  /// non-increasing curve). ``LeastSquaresFitter/fit(_:)`` ignores them;
  /// ``LeastSquaresFitter/fitWithMilestones(_:)`` and ``MonotoneFitter`` honour them.
  public var milestones: [Milestone]

  /// Creates a problem. Defaults: a cubic under the depletion endpoints f(0)=1, f(1)=0.
  public init(
    points: [DataPoint],
    weights: [Double]? = nil,
    degree: Int = 3,
    constraints: [FitConstraint] = FitConstraint.depletionEndpoints,
    milestones: [Milestone] = []
  ) {
    self.points = points
    self.weights = weights
    self.degree = degree
    self.constraints = constraints
    self.milestones = milestones
  }
}
