// The data a curve is asked to meet: observed points and conditions at a time t. These
// are plain values shared by the spec format, the fitter and the design tools, so they live
// in CurveCore (no Foundation, no LAPACK); the fitting itself is CurveFitting's.

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
