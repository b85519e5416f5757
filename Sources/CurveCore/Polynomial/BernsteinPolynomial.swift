/// A polynomial on [0, 1] in the Bernstein basis: p(t) = Σₖ bₖ·C(n, k)·tᵏ(1 − t)ⁿ⁻ᵏ.
///
/// The control values bₖ bound the curve: min bₖ ≤ p(t) ≤ max bₖ on [0, 1] (convex hull
/// property), b₀ = p(0) and bₙ = p(1). Conversions from and to the monomial form are done in
/// exact arithmetic and rounded at the end, so they add at most about one ulp per value.
public struct BernsteinPolynomial: Sendable, Hashable {
  /// The control values b₀ … bₙ (lowest index at t = 0). Never empty, all finite.
  public let controlValues: [Double]

  /// The degree n.
  public var degree: Int { controlValues.count - 1 }

  /// Creates a Bernstein polynomial from control values b₀ … bₙ.
  /// - Throws: ``CurveCoreError`` when the list is empty, too long or not finite.
  public init(controlValues: [Double]) throws(CurveCoreError) {
    // Same validation as the monomial form (the order does not matter for it).
    _ = try Polynomial(coefficients: controlValues)
    self.controlValues = controlValues
  }

  private init(validated controlValues: [Double]) {
    self.controlValues = controlValues
  }

  /// The Bernstein form of `polynomial` on [0, 1], with the same (formal) degree.
  ///
  /// bₖ = Σᵢ≤ₖ C(k, i)/C(n, i)·aᵢ is computed as (Σᵢ C(n − i, k − i)·aᵢ)/C(n, k): the sum in
  /// exact arithmetic, rounded once, then one division, so each bₖ is within 1 ulp of exact.
  /// - Complexity: O(n²) exact operations.
  public init(_ polynomial: Polynomial) {
    let ascending = polynomial.ascendingCoefficients.map(DyadicRational.init)
    let n = polynomial.degree
    controlValues = (0...n).map { k in
      var sum = DyadicRational.zero
      for i in 0...k { sum = sum + DyadicRational(Binomial.value(n - i, k - i)) * ascending[i] }
      return sum.doubleValue / Double(Binomial.value(n, k))
    }
  }

  /// The monomial form, highest power first: aᵢ = C(n, i)·Σₖ≤ᵢ (−1)ⁱ⁻ᵏ·C(i, k)·bₖ, each
  /// summed exactly and rounded once (correctly rounded).
  /// - Complexity: O(n²) exact operations.
  public var polynomial: Polynomial {
    let exact = controlValues.map(DyadicRational.init)
    let n = degree
    let ascending = (0...n).map { i in
      var sum = DyadicRational.zero
      for k in 0...i {
        let weight = DyadicRational(Binomial.value(n, i) * Binomial.value(i, k))
        sum = (i - k) % 2 == 0 ? sum + weight * exact[k] : sum - weight * exact[k]
      }
      return sum.doubleValue
    }
    return Polynomial(validated: ascending.reversed())
  }

  /// The derivative in Bernstein form: degree n − 1 with control values n·(bₖ₊₁ − bₖ)
  /// (each exact before one rounding). The derivative of a constant is the constant 0.
  public func derivative() -> BernsteinPolynomial {
    guard degree > 0 else { return BernsteinPolynomial(validated: [0]) }
    let scale = DyadicRational(degree)
    return BernsteinPolynomial(
      validated: (0..<degree).map { k in
        (scale * (DyadicRational(controlValues[k + 1]) - DyadicRational(controlValues[k]))).doubleValue
      })
  }

  /// The value at `t` by de Casteljau's algorithm (no clamping): numerically stable on
  /// [0, 1], error at most γ₃ₙ·max|bₖ| there.
  /// - Complexity: O(n²) flops.
  public func value(at t: Double) -> Double {
    var points = controlValues
    for level in stride(from: degree, to: 0, by: -1) {
      for index in 0..<level {
        points[index] = points[index] * (1 - t) + points[index + 1] * t
      }
    }
    return points[0]
  }

  /// Bounds on p over [0, 1] from the convex hull property: `min bₖ ... max bₖ`.
  public var rangeBound: ClosedRange<Double> {
    (controlValues.min() ?? 0)...(controlValues.max() ?? 0)
  }
}

extension Polynomial {
  /// This polynomial's Bernstein form on [0, 1]; see ``BernsteinPolynomial/init(_:)``.
  public var bernstein: BernsteinPolynomial { BernsteinPolynomial(self) }
}

/// Exact binomial coefficients for degrees up to ``Polynomial/maximumDegree`` (and beyond).
enum Binomial {
  static func value(_ n: Int, _ k: Int) -> Int {
    guard k >= 0, k <= n else { return 0 }
    var result = 1
    for step in 0..<min(k, n - k) { result = result * (n - step) / (step + 1) }
    return result
  }
}
