import CurveCore
import CurveFitting
import CurveSpec

extension CodegenCurve {
  /// The curve of a spec, fitted under its `monotonic` policy and `minSlope` (`require`:
  /// the least-squares fit, refused when it rises; `enforce`: the exact monotone optimum;
  /// `ignore`: the least-squares fit as is), with its fit summary and exact monotonicity
  /// verdict. Degrees 1 and 2 are padded to a cubic with zero leading coefficients.
  /// - Parameter allowNonMonotone: fit `require` specs like `ignore` (the verdict is still
  ///   reported in the header).
  /// - Throws: ``CodegenError/unsupportedDegree(_:)`` above degree 3,
  ///   ``CodegenError/notMonotone(source:reason:)`` for a `require` fit that rises,
  ///   ``CodegenError/fitFailed(source:reason:)`` when the fitter refuses the spec.
  public static func fitted(from spec: CurveSpec, allowNonMonotone: Bool = false) throws(CodegenError) -> CodegenCurve {
    guard spec.degree <= 3 else { throw .unsupportedDegree(spec.degree) }
    let source = FileText.displayName(of: spec.sourceName)
    let policy: MonotonicPolicy = allowNonMonotone && spec.monotonic == .require ? .ignore : spec.monotonic
    let result: PolicyFitResult
    do {
      result = try spec.fitProblem.fit(policy: policy, minSlope: spec.minSlope ?? 0)
    } catch {
      if case .notMonotone = error { throw .notMonotone(source: source, reason: error.description) }
      throw .fitFailed(source: source, reason: error.description)
    }
    let report = result.report
    let cubic: Cubic
    do {
      cubic = try Cubic(report.polynomial)
    } catch {
      throw .unsupportedDegree(report.polynomial.degree)
    }
    var curve = CodegenCurve(
      cubic: cubic, curveName: spec.name, sourceName: source,
      fit: FitSummary(
        pointCount: spec.points.count, rmse: report.rmse, maxAbsResidual: report.maxAbsResidual,
        policy: spec.monotonic.rawValue),
      monotonicity: "", durationDays: spec.durationDays)
    curve.applyVerdict()
    return curve
  }

  /// The curve with `coefficients` (highest power first, at most four; fewer are padded
  /// with leading zeros), described as coming from `--coefficients`.
  /// - Throws: ``CodegenError/unsupportedDegree(_:)`` for more than four coefficients,
  ///   ``CodegenError/nonFiniteValue(_:)`` for NaN or infinity.
  public static func direct(coefficients: [Double], sourceName: String = "--coefficients") throws(CodegenError)
    -> CodegenCurve
  {
    guard !coefficients.isEmpty, coefficients.count <= 4 else { throw .unsupportedDegree(coefficients.count - 1) }
    if let index = coefficients.firstIndex(where: { !$0.isFinite }) {
      throw .nonFiniteValue("coefficient \(index + 1)")
    }
    let padded = Array(repeating: 0.0, count: 4 - coefficients.count) + coefficients
    var curve = CodegenCurve(
      cubic: Cubic(a: padded[0], b: padded[1], c: padded[2], d: padded[3]), sourceName: sourceName,
      monotonicity: "")
    curve.applyVerdict()
    return curve
  }

  /// Fills ``monotonicity`` and ``nonMonotoneWitness`` from CurveCore's exact verdict
  /// (decided in exact arithmetic on the double coefficients). Increasing curves are
  /// monotone too; a constant curve has no inverse and counts as not monotone.
  mutating func applyVerdict() {
    let verdict = cubic.monotonicity()
    monotonicity = "\(verdict) (exact verdict on [0, 1])"
    switch verdict {
    case .strictlyDecreasing, .nonIncreasing, .strictlyIncreasing, .nonDecreasing:
      nonMonotoneWitness = nil
    case .constant:
      nonMonotoneWitness = "f′ = 0 everywhere, so no level has a unique time"
    case .notMonotone(let rising, let falling):
      let wrong = verdictDirection(rising: rising, falling: falling)
      nonMonotoneWitness = "f′(\(wrong.t)) = \(wrong.slope)"
    }
  }

  /// The witness against the curve's overall direction f(1) − f(0): the rising one for a
  /// curve that falls overall, the falling one otherwise.
  func verdictDirection(rising: MonotonicityWitness, falling: MonotonicityWitness) -> MonotonicityWitness {
    (cubic.a + cubic.b + cubic.c) <= 0 ? rising : falling
  }
}
