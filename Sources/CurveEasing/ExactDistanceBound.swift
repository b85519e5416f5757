import CurveCore

/// A rigorous bound on the largest progress distance between a Bézier easing and a polynomial
/// progress g, computed in exact dyadic arithmetic (see ``FreeBezierFit``). Package: the studio's
/// easing import certifies the curve it fits with it.
package struct ExactDistanceBound {
  /// An upper bound on max |h| over [0, 1], rounded up to a double.
  package var upper: Double
  /// The largest |h| at the points examined, rounded to the nearest double.
  package var attained: Double

  /// The bound for h(s) = Y(s) − g(X(s)), g's coefficients highest power first.
  package init(easing: CubicBezierEasing, progress g: [Double]) {
    self.init(residual: Self.residual(easing: easing, progress: g))
  }

  /// The bound for h(s) = Y(s) − g(X(s)) on s ∈ [0, 1], with X and Y given exactly (lowest power
  /// first): a straight piece of a CSS `linear()` is X(s) = a + (b − a)·s, Y(s) = p + (q − p)·s.
  package init(time x: [DyadicRational], output y: [DyadicRational], progress g: [Double]) {
    self.init(residual: Self.residual(time: x, output: y, progress: g))
  }

  /// The bound on max |h| over [0, 1] for h given exactly, lowest power first.
  init(residual h: [DyadicRational]) {
    var attained = DyadicRational.zero
    var upper = DyadicRational.zero
    // Pieces as (center, radius), radius a power of two.
    var pieces: [(center: DyadicRational, radius: DyadicRational)] = [(DyadicRational(0.5), DyadicRational(0.5))]
    for depth in 0...16 {
      var bounds: [(piece: (center: DyadicRational, radius: DyadicRational), bound: DyadicRational)] = []
      for piece in pieces {
        let taylor = Self.shifted(h, to: piece.center)
        attained = max(attained, Self.magnitude(taylor[0]))
        var bound = DyadicRational.zero
        var power = DyadicRational(1)
        for coefficient in taylor {
          bound = bound + Self.magnitude(coefficient) * power
          power = power * piece.radius
        }
        bounds.append((piece, bound))
      }
      // Keep refining only the pieces whose bound exceeds what was attained by 2⁻⁸.
      let threshold = attained + attained.scaled(byPowerOfTwo: -8) + DyadicRational(0x1p-60)
      pieces = []
      for (piece, bound) in bounds {
        // Past 16 halvings, or 1 024 open pieces (a residual at the rounding level everywhere),
        // a piece's bound is taken as it is: still an upper bound, only less tight.
        if bound <= threshold || depth == 16 || bounds.count > 1_024 {
          upper = max(upper, bound)
        } else {
          let half = piece.radius.scaled(byPowerOfTwo: -1)
          pieces += [(piece.center - half, half), (piece.center + half, half)]
        }
      }
      if pieces.isEmpty { break }
    }
    let rounded = upper.doubleValue
    self.upper = DyadicRational(rounded) < upper ? rounded.nextUp : rounded
    self.attained = attained.doubleValue
  }

  static func magnitude(_ x: DyadicRational) -> DyadicRational { x.signum < 0 ? -x : x }

  /// h's coefficients, lowest power first, exactly: Y(s) − Σ gₖ·X(s)ᵏ.
  static func residual(easing: CubicBezierEasing, progress g: [Double]) -> [DyadicRational] {
    func bezier(_ first: Double, _ second: Double) -> [DyadicRational] {
      // 3·p1·s(1 − s)² + 3·p2·s²(1 − s) + s³, lowest power first.
      let (p1, p2) = (DyadicRational(first), DyadicRational(second))
      let three = DyadicRational(3)
      return [.zero, three * p1, three * p2 - DyadicRational(6) * p1, three * p1 - three * p2 + DyadicRational(1)]
    }
    return residual(time: bezier(easing.x1, easing.x2), output: bezier(easing.y1, easing.y2), progress: g)
  }

  /// h's coefficients, lowest power first, exactly: Y(s) − Σ gₖ·X(s)ᵏ.
  static func residual(time x: [DyadicRational], output y: [DyadicRational], progress g: [Double]) -> [DyadicRational] {
    var h = y
    // g(X) by Horner on polynomials: r ← r·X + gₖ.
    var composed: [DyadicRational] = [.zero]
    for coefficient in g {
      composed = multiply(composed, x)
      composed[0] = composed[0] + DyadicRational(coefficient)
    }
    if composed.count > h.count { h += Array(repeating: .zero, count: composed.count - h.count) }
    for index in composed.indices { h[index] = h[index] - composed[index] }
    return h
  }

  static func multiply(_ p: [DyadicRational], _ q: [DyadicRational]) -> [DyadicRational] {
    var product = Array(repeating: DyadicRational.zero, count: p.count + q.count - 1)
    for (i, a) in p.enumerated() where !a.isZero {
      for (j, b) in q.enumerated() where !b.isZero { product[i + j] = product[i + j] + a * b }
    }
    return product
  }

  /// The Taylor coefficients of p about c (p(c + u) = Σ qₖ·uᵏ), lowest first, exactly:
  /// repeated synthetic division by (s − c).
  static func shifted(_ p: [DyadicRational], to c: DyadicRational) -> [DyadicRational] {
    var coefficients = p
    let n = coefficients.count
    for k in 0..<n {
      for index in stride(from: n - 2, through: k, by: -1) {
        coefficients[index] = coefficients[index] + c * coefficients[index + 1]
      }
    }
    return coefficients
  }
}
