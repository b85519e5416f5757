@_spi(CurveKitTooling) import CurveCore

/// The result of ``LeastSquaresFitter/fit(_:)``: the polynomial and its diagnostics.
///
/// Weighted and unweighted quantities are kept apart:
/// - ``residuals``, ``maxAbsResidual`` are **unweighted**: yᵢ − f(tᵢ).
/// - ``rss``, ``rmse``, ``rSquared``, ``residualStandardDeviation`` and ``standardErrors``
///   use the **weighted** residuals wᵢ·(yᵢ − f(tᵢ)), the quantity the fit minimizes.
///   Without weights the two coincide.
public struct FitReport: Sendable, Hashable {
  /// The fitted polynomial in t, highest power first.
  public let polynomial: Polynomial
  /// The fitted degree (the problem's degree; leading coefficients may be zero).
  public let degree: Int
  /// yᵢ − f(tᵢ) at every point, in input order, unweighted. Each is computed with a
  /// compensated residual (as accurate as in twice the working precision) and rounded once,
  /// so it is the correctly rounded residual of the returned coefficients up to about
  /// 2⁻⁹⁷·Σ|cₖ||tᵢ|ᵏ.
  public let residuals: [Double]
  /// Σ (wᵢ·rᵢ)², the minimized objective (plain RSS without weights).
  public let rss: Double
  /// √(rss / m) for m points.
  public let rmse: Double
  /// maxᵢ |rᵢ| over the unweighted residuals.
  public let maxAbsResidual: Double
  /// The index of the first point where |rᵢ| is largest.
  public let maxAbsResidualIndex: Int
  /// The t of that point.
  public let maxAbsResidualT: Double
  /// 1 − rss / TSS with TSS = Σ wᵢ²(yᵢ − ȳ)², ȳ = Σ wᵢ²yᵢ / Σ wᵢ² (the weighted mean).
  ///
  /// nil when TSS = 0 (all y equal). For constrained fits the constant ȳ need not be
  /// feasible, so R² may be negative; it still compares the fit with the mean.
  public let rSquared: Double?
  /// The effective rank of the scaled design found by the rank-revealing factorization
  /// (for constrained fits: of the design stacked on the constraint rows). Always the
  /// number of coefficients when a report is returned; a deficient rank throws.
  public let rank: Int
  /// The condition number of the data, √κ₁(G) for the normal matrix G = VᵀW²V of the
  /// monomial design with its columns scaled by powers of two (≈ κ of the column-scaled
  /// design), from the exact-sum system in a fixed order, so it is the same on every machine.
  /// Where G is too ill-conditioned for that (degree 9–10 on clustered data), κ₁(R) of
  /// LAPACK's pivoted factor of the centred, scaled design, rounded to 3 significant digits.
  public let conditionNumber: Double
  /// The constraints the fit honoured, as given.
  public let constraints: [FitConstraint]
  /// f(t₀) − v or f′(t₀) − s for each constraint, in order, evaluated in double-double
  /// from the returned coefficients.
  public let constraintResiduals: [Double]
  /// The degrees of freedom of the residual: m − (degree + 1 − constraints).
  public let degreesOfFreedom: Int
  /// s = √(rss / degreesOfFreedom), NIST's residual standard deviation; nil when there
  /// are no degrees of freedom left.
  public let residualStandardDeviation: Double?
  /// For unconstrained fits, s·√diag((XᵀWX)⁻¹) in the same order as ``coefficients``
  /// (NIST's "standard deviation of estimate"); nil for constrained fits or when there are
  /// no degrees of freedom.
  public let standardErrors: [Double]?
  /// True when the problem carried weights.
  public let isWeighted: Bool

  /// The coefficients, highest power first.
  /// How the coefficients relate to the exact optimum of the stated problem: for every
  /// in-memory fit, the exact optimum rounded to the nearest double, ties to even
  /// (``CoefficientRounding/certified`` or ``CoefficientRounding/exact``), the same on every
  /// CPU and LAPACK build. See ``CoefficientRounding`` for streamed and monotone fits.
  public let rounding: CoefficientRounding

  public var coefficients: [Double] { polynomial.coefficients }
}

extension FitReport {
  /// Builds the report for the ascending monomial coefficients `ascending` of `problem`.
  ///
  /// - Parameter standardErrorFactors: √diag((XᵀWX)⁻¹) in ascending order, or nil.
  /// - Throws: ``FitError/nonFiniteResult(quantity:)`` when a coefficient or statistic overflowed.
  /// - Complexity: O(m·n) for m points and n coefficients.
  init(
    problem: FitProblem, ascending: [Double], rank: Int, conditionNumber: Double,
    standardErrorFactors: [Double]?, rounding: CoefficientRounding
  ) throws(FitError) {
    guard ascending.allSatisfy({ $0.isFinite }) else { throw .nonFiniteResult(quantity: "a coefficient") }
    do {
      polynomial = try Polynomial(coefficients: ascending.reversed())
    } catch {
      throw .nonFiniteResult(quantity: "a coefficient")
    }
    degree = problem.degree
    let points = problem.points
    var residuals: [Double] = []
    residuals.reserveCapacity(points.count)
    var rss = 0.0
    var maxIndex = 0
    var weightSum = 0.0
    var weightedMean = 0.0
    ascending.withUnsafeBufferPointer { coefficients in
      // y − p(t) with p by compensated Horner, then rounded once: four points at a time (the
      // same operations as the scalar code, lane by lane), then the rest.
      let whole = points.count - points.count % 4
      var start = 0
      while start < whole {
        let (p0, p1, p2, p3) = (points[start], points[start + 1], points[start + 2], points[start + 3])
        let lanes = LaneArithmetic.residual(
          ascending: coefficients, t: LaneArithmetic.Lanes(p0.t, p1.t, p2.t, p3.t),
          y: LaneArithmetic.Lanes(p0.y, p1.y, p2.y, p3.y))
        for lane in 0..<4 { residuals.append(lanes[lane]) }
        start += 4
      }
      for point in points[whole...] {
        residuals.append(ErrorFreeArithmetic.residual(ascending: coefficients, t: point.t, y: point.y))
      }
      for (index, point) in points.enumerated() {
        let residual = residuals[index]
        let weight = problem.weight(at: index)
        let weighted = weight * residual
        rss += weighted * weighted
        if abs(residual) > abs(residuals[maxIndex]) { maxIndex = index }
        weightSum += weight * weight
        weightedMean += weight * weight * point.y
      }
    }
    weightedMean /= weightSum
    var total = 0.0
    for (index, point) in points.enumerated() {
      let deviation = problem.weight(at: index) * (point.y - weightedMean)
      total += deviation * deviation
    }
    guard rss.isFinite else { throw .nonFiniteResult(quantity: "the residual sum of squares") }

    self.residuals = residuals
    self.rss = rss
    rmse = (rss / Double(points.count)).squareRoot()
    maxAbsResidualIndex = maxIndex
    maxAbsResidual = abs(residuals[maxIndex])
    maxAbsResidualT = points[maxIndex].t
    rSquared = total > 0 && total.isFinite ? 1 - rss / total : nil
    self.rank = rank
    self.conditionNumber = conditionNumber
    constraints = problem.constraints
    constraintResiduals = problem.constraints.map { Self.constraintResidual($0, ascending: ascending) }
    degreesOfFreedom = points.count - problem.freeParameterCount
    let s = degreesOfFreedom > 0 ? (rss / Double(degreesOfFreedom)).squareRoot() : nil
    residualStandardDeviation = s
    if let s, let standardErrorFactors {
      standardErrors = standardErrorFactors.reversed().map { s * $0 }
    } else {
      standardErrors = nil
    }
    isWeighted = problem.weights != nil
    self.rounding = rounding
  }
}

extension FitReport {
  /// `value` rounded to `digits` significant decimal digits, for the condition number (a
  /// diagnostic, read to a few digits). Where it comes from LAPACK's factor, whose last bits depend on the CPU and the
  /// LAPACK build; rounded like this they print the same on every machine (a difference of
  /// 10⁻¹³ relative changes the rounded value with a probability of about 10⁻¹⁰).
  static func machineIndependent(_ value: Double, digits: Int) -> Double {
    guard value.isFinite, value != 0 else { return value }
    let text = "\(value.magnitude)"
    // Scientific digits of the shortest representation: mantissa digits and exponent.
    var mantissa = ""
    var exponent = 0
    var seenPoint = false
    var leading = true
    var parts = text.split(separator: "e", maxSplits: 1)
    if parts.count == 2 { exponent = Int(parts[1]) ?? 0 }
    for character in parts.removeFirst() {
      if character == "." {
        seenPoint = true
        continue
      }
      if leading && character == "0" {
        if seenPoint { exponent -= 1 }
        continue
      }
      leading = false
      mantissa.append(character)
      if !seenPoint { exponent += 1 }
    }
    // value = 0.mantissa × 10^exponent; keep `digits` digits, rounding half up.
    guard mantissa.count > digits, var kept = Int(mantissa.prefix(digits)) else { return value }
    if let next = mantissa.dropFirst(digits).first, next >= "5" { kept += 1 }
    let rounded = Double("\(kept)e\(exponent - digits)") ?? value
    return value < 0 ? -rounded : rounded
  }
}
