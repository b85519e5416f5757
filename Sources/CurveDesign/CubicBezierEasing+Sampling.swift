extension CubicBezierEasing {
  /// The most iterations ``parameter(forTime:)`` takes; bisection alone needs at most 64
  /// halvings of [0, 1] to reach adjacent doubles, so this bound is never the binding one.
  public static let maximumSolverIterations = 200

  /// x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³, by Horner's rule on its power form.
  @inlinable
  public func time(atParameter s: Double) -> Double {
    Self.coordinate(s, c1: x1, c2: x2)
  }

  /// y(s) = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³, by Horner's rule on its power form.
  @inlinable
  public func progress(atParameter s: Double) -> Double {
    Self.coordinate(s, c1: y1, c2: y2)
  }

  /// The Bézier parameter s with x(s) = t, for t clamped to [0, 1].
  ///
  /// Safeguarded Newton–bisection on the bracket [0, 1]: x is non-decreasing there
  /// (its Bernstein controls 0, x1, x2, 1 are), so the bracket [lo, hi] with
  /// x(lo) ≤ t ≤ x(hi) always contains the answer. A Newton step is taken when it stays
  /// strictly inside the bracket, otherwise the bracket is halved. The loop stops when
  /// x(s) = t exactly, when the bracket holds no double strictly inside, or when Newton
  /// stops moving.
  ///
  /// Error bound: the returned s is within one ulp of a parameter whose computed x is
  /// the closest achievable to t; |x(s) − t| ≤ about 4u·(1 + 3x1 + 3x2).
  /// - Complexity: quadratic convergence; typically 3–6 iterations, at most 64 halvings.
  public func parameter(forTime t: Double) -> Double {
    let target = t.isNaN ? 0 : max(0, min(1, t))
    if target == 0 || target == 1 { return target }
    var lo = 0.0
    var hi = 1.0
    var s = target
    for _ in 0..<Self.maximumSolverIterations {
      let error = time(atParameter: s) - target
      if error == 0 { return s }
      if error < 0 { lo = s } else { hi = s }
      let midpoint = lo + (hi - lo) / 2
      if midpoint <= lo || midpoint >= hi { break }
      let slope = Self.coordinateSlope(s, c1: x1, c2: x2)
      let newton = s - error / slope
      let next = (slope > 0 && newton > lo && newton < hi) ? newton : midpoint
      if next == s { break }
      s = next
    }
    // Of the bracket ends and the last iterate, return the one whose x is closest to t.
    return [s, lo, hi].min(by: { abs(time(atParameter: $0) - target) < abs(time(atParameter: $1) - target) }) ?? s
  }

  /// The easing's progress at time t ∈ [0, 1]: y(s) where x(s) = t.
  ///
  /// Error bound: |computed − exact| ≤ |y′(s)/x′(s)|·|x(s) − t| + 4u·(1 + 3|y1| + 3|y2|).
  public func progress(atTime t: Double) -> Double {
    progress(atParameter: parameter(forTime: t))
  }

  /// The depletion level 1 − progress at time t ∈ [0, 1].
  public func level(atTime t: Double) -> Double {
    1 - progress(atTime: t)
  }

  /// One coordinate of a Bézier with controls 0, c1, c2, 1, in power form:
  /// (((1 + 3c1 − 3c2)·s + 3(c2 − 2c1))·s + 3c1)·s.
  @usableFromInline
  static func coordinate(_ s: Double, c1: Double, c2: Double) -> Double {
    let cubic = 1 + 3 * (c1 - c2)
    let quadratic = 3 * (c2 - 2 * c1)
    let linear = 3 * c1
    return ((cubic * s + quadratic) * s + linear) * s
  }

  /// The derivative of ``coordinate(_:c1:c2:)`` with respect to s.
  @usableFromInline
  static func coordinateSlope(_ s: Double, c1: Double, c2: Double) -> Double {
    let cubic = 1 + 3 * (c1 - c2)
    let quadratic = 3 * (c2 - 2 * c1)
    return (3 * cubic * s + 2 * quadratic) * s + 3 * c1
  }
}
