import CurveCore

/// One observation (t, y): a normalized time and the level wanted there.
public struct DataPoint: Sendable, Hashable {
  /// The abscissa (normalized elapsed time for a depletion curve).
  public var t: Double
  /// The observed or desired value at `t`.
  public var y: Double

  /// Creates the point (t, y).
  public init(t: Double, y: Double) {
    self.t = t
    self.y = y
  }
}

/// A linear equality constraint on the fitted polynomial.
public enum FitConstraint: Sendable, Hashable {
  /// f(t) = value.
  case value(at: Double, equals: Double)
  /// f′(t) = slope.
  case slope(at: Double, equals: Double)

  /// The depletion curve's defaults, f(0) = 1 and f(1) = 0, used when a spec says nothing.
  public static let depletionEndpoints: [FitConstraint] = [.value(at: 0, equals: 1), .value(at: 1, equals: 0)]

  /// The abscissa the constraint applies at.
  public var t: Double {
    switch self {
    case .value(let t, _), .slope(let t, _): return t
    }
  }
}

extension FitConstraint: CustomStringConvertible {
  /// `value@T=V` or `slope@T=S`, the CLI's `--constraint` syntax.
  public var description: String {
    switch self {
    case .value(let t, let v): return "value@\(t)=\(v)"
    case .slope(let t, let s): return "slope@\(t)=\(s)"
    }
  }
}

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

  /// Creates a problem. Defaults: a cubic under the depletion endpoints f(0)=1, f(1)=0.
  public init(
    points: [DataPoint],
    weights: [Double]? = nil,
    degree: Int = 3,
    constraints: [FitConstraint] = FitConstraint.depletionEndpoints
  ) {
    self.points = points
    self.weights = weights
    self.degree = degree
    self.constraints = constraints
  }
}
