extension CubicBezierEasing {
  /// The most iterations ``parameter(forTime:)`` takes. Each step either halves the
  /// bracket or is a Newton step inside it, so this is a backstop, not a working limit.
  public static let maximumSolverIterations = 200

  /// x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³.
  ///
  /// Evaluated in Bernstein form (every term is non-negative, so the relative error is
  /// at most about 6u), except when ``isPolynomialInTime``: then the power form
  /// ((1 + 3(x1 − x2))·s + 3(x2 − 2x1))·s + 3x1)·s has coefficients that round to
  /// exactly 0, 0 and 1, and x(s) = s holds bit for bit.
  @inlinable
  public func time(atParameter s: Double) -> Double {
    isPolynomialInTime ? s : Self.bernstein(s, c1: x1, c2: x2)
  }

  /// y(s) = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³, in Bernstein form.
  ///
  /// Error bound: about 6u·(3(1−s)²s·|y1| + 3(1−s)s²·|y2| + s³).
  @inlinable
  public func progress(atParameter s: Double) -> Double {
    Self.bernstein(s, c1: y1, c2: y2)
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
  /// Error bound: the loop ends with adjacent doubles bracketing t (or x(s) = t), so
  /// |x(s) − t| ≤ x′(s)·ulp(s) + 6u·x(s), about 9u at worst for x′ ≤ 3.
  /// - Complexity: quadratic convergence where x′(s) > 0, typically 3–6 iterations;
  ///   linear (like bisection) near a flat end x′ = 0; never more than
  ///   ``maximumSolverIterations`` evaluations.
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
      let slope = Self.bernsteinSlope(s, c1: x1, c2: x2)
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

  /// One coordinate of a Bézier with controls 0, c1, c2, 1, in Bernstein form:
  /// 3(1−s)s·((1−s)·c1 + s·c2) + s³.
  @usableFromInline
  static func bernstein(_ s: Double, c1: Double, c2: Double) -> Double {
    let r = 1 - s
    return 3 * r * s * (r * c1 + s * c2) + s * s * s
  }

  /// The derivative of ``bernstein(_:c1:c2:)`` with respect to s:
  /// 3(1−s)²·c1 + 6(1−s)s·(c2 − c1) + 3s²·(1 − c2).
  @usableFromInline
  static func bernsteinSlope(_ s: Double, c1: Double, c2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * c1 + 6 * r * s * (c2 - c1) + 3 * s * s * (1 - c2)
  }
}
