/// Whether a polynomial is a depletion curve: non-increasing on [0, 1], starting at 1 and
/// ending at 0 within a tolerance.
///
/// The endpoint values are exact: f(0) is the constant coefficient and f(1) = Σ cᵢ is summed
/// in exact arithmetic and rounded once, so the deviations are those of the stored
/// coefficients, not of any evaluation scheme.
public struct DepletionCheck: Sendable, Hashable {
  /// The default endpoint tolerance: 4 ulps of 1 (≈ 8.9e-16). The article's production
  /// curve has f(1) = 4.16e-17 (0.19 ulp) exactly.
  public static let defaultTolerance = 4 * Double.ulpOfOne

  /// The exact monotonicity verdict on [0, 1].
  public var verdict: MonotonicityVerdict
  /// f(0), exact.
  public var startLevel: Double
  /// f(1), the exact sum of the coefficients rounded once to the nearest double.
  public var endLevel: Double
  /// |f(0) − 1|, computed exactly and rounded once.
  public var startDeviation: Double
  /// |f(1)|.
  public var endDeviation: Double
  /// The largest accepted deviation at either end, relative to ``endScale`` at t = 1.
  public var tolerance: Double
  /// max(1, Σ|cᵢ|): the size of the terms summed at t = 1. Correctly rounded coefficients of
  /// size s can only meet f(1) = 0 to about s·2⁻⁵³, so f(1) is accepted within
  /// ``tolerance``·``endScale``.
  public var endScale: Double

  /// True when the curve is non-increasing on [0, 1] (strictly, or with isolated flat points)
  /// and both endpoint deviations are within ``tolerance``.
  public var isDepletionCurve: Bool {
    verdict.isDecreasing && startsFull && endsEmpty
  }

  /// True when f(0) = 1 within ``tolerance``.
  public var startsFull: Bool { startDeviation <= tolerance }
  /// True when f(1) = 0 within ``tolerance``·``endScale``.
  public var endsEmpty: Bool { endDeviation <= tolerance * endScale }

  /// Creates a check result from its parts.
  public init(
    verdict: MonotonicityVerdict, startLevel: Double, endLevel: Double,
    startDeviation: Double, endDeviation: Double, tolerance: Double, endScale: Double = 1
  ) {
    self.verdict = verdict
    self.startLevel = startLevel
    self.endLevel = endLevel
    self.startDeviation = startDeviation
    self.endDeviation = endDeviation
    self.tolerance = tolerance
    self.endScale = max(1, endScale)
  }
}

extension Polynomial {
  /// Checks that this polynomial is a depletion curve: the exact ``monotonicity()`` verdict,
  /// plus f(0) = 1 within `tolerance` (``DepletionCheck/defaultTolerance`` by default) and
  /// f(1) = 0 within `tolerance`·max(1, Σ|cᵢ|).
  /// - Parameters:
  ///   - tolerance: the largest accepted |f(0) − 1| and |f(1)|.
  ///   - verdict: this polynomial's ``monotonicity()`` when the caller already has it (a
  ///     resolved curve decides it once); computed here when nil.
  /// - Complexity: that of ``monotonicity()`` when `verdict` is nil, else O(degree).
  public func depletionCheck(
    tolerance: Double = DepletionCheck.defaultTolerance, verdict: MonotonicityVerdict? = nil
  ) -> DepletionCheck {
    let exact = coefficients.map(DyadicRational.init)
    let start = exact.last ?? .zero
    let end = exact.reduce(DyadicRational.zero, +)
    let startDeviation = start - DyadicRational(1)
    return DepletionCheck(
      verdict: verdict ?? monotonicity(), startLevel: start.doubleValue, endLevel: end.doubleValue,
      startDeviation: abs(startDeviation.doubleValue), endDeviation: abs(end.doubleValue), tolerance: tolerance,
      endScale: coefficients.reduce(0) { $0 + abs($1) })
  }
}

extension Cubic {
  /// ``Polynomial/depletionCheck(tolerance:verdict:)`` for this cubic.
  public func depletionCheck(tolerance: Double = DepletionCheck.defaultTolerance) -> DepletionCheck {
    polynomial.depletionCheck(tolerance: tolerance)
  }
}
