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

/// A designer's milestone: a level the curve must stay above until a time, or below from a
/// time on. For a non-increasing curve each is exactly a condition at one point (f(t) ≥ level
/// or f(t) ≤ level), which is how the fitters treat them: as inequality constraints.
public enum Milestone: Sendable, Hashable {
  /// Stay at or above `level` until `until`: f(s) ≥ level for every s ≤ until.
  case atLeast(level: Double, until: Double)
  /// Be at or below `level` from `from` on: f(s) ≤ level for every s ≥ from.
  case atMost(level: Double, from: Double)

  /// The time the milestone is decided at.
  public var t: Double {
    switch self {
    case .atLeast(_, let until): return until
    case .atMost(_, let from): return from
    }
  }

  /// The level bound.
  public var level: Double {
    switch self {
    case .atLeast(let level, _), .atMost(let level, _): return level
    }
  }

  /// How far a non-increasing `polynomial` clears the milestone at ``t``: f(t) − level for
  /// `atLeast`, level − f(t) for `atMost`. Non-negative when it holds; 0 when it is active.
  /// - Complexity: O(degree) (one Horner evaluation).
  public func margin(of polynomial: Polynomial) -> Double {
    let value = polynomial.value(at: t)
    switch self {
    case .atLeast: return value - level
    case .atMost: return level - value
    }
  }

  /// The one milestone tolerance: a milestone holds when its margin is at least
  /// −10⁻¹²·max(1, |level|), and is active (the curve passes through its bound) when
  /// |margin| is at most that. Fitting, reports and the studio all use this rule.
  public static let relativeTolerance = 1e-12

  /// The slack ``holds(for:)`` allows: ``relativeTolerance``·max(1, |level|).
  public var tolerance: Double { Self.relativeTolerance * max(1, abs(level)) }

  /// True when `polynomial` meets the milestone, within ``tolerance``.
  /// - Complexity: O(degree).
  public func holds(for polynomial: Polynomial) -> Bool { margin(of: polynomial) >= -tolerance }

  /// True when the milestone holds with equality (|margin| ≤ ``tolerance``).
  /// - Complexity: O(degree).
  public func isActive(for polynomial: Polynomial) -> Bool { abs(margin(of: polynomial)) <= tolerance }

  /// The same milestone with its time and level mapped (unit conversions).
  public func mapped(time: (Double) -> Double, level: (Double) -> Double) -> Milestone {
    switch self {
    case .atLeast(let bound, let until): return .atLeast(level: level(bound), until: time(until))
    case .atMost(let bound, let from): return .atMost(level: level(bound), from: time(from))
    }
  }
}

extension Milestone: CustomStringConvertible {
  /// `atLeast L until T` or `atMost L from T`, in normalized units and shortest round-trip
  /// form (the CLI's `--at-least T:L` / `--at-most T:L` read the same pair).
  public var description: String {
    switch self {
    case .atLeast(let level, let until): return "at least \(level) until t = \(until)"
    case .atMost(let level, let from): return "at most \(level) from t = \(from)"
    }
  }
}
