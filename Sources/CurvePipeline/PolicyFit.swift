import CurveCore
import CurveFitting
import CurveSpec

/// Why a spec-level fit failed: the problem is invalid, enforcement is impossible, or the
/// curve is not monotone under `require`.
public enum CurveFitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The least-squares problem is invalid.
  case fit(FitError)
  /// `enforce` could not be applied.
  case monotone(MonotoneFitError)
  /// `require`: the fitted curve has f′(t) = `slope` > −minSlope at `t`.
  case notMonotone(t: Double, slope: Double, minSlope: Double, coefficients: [Double])
  /// Milestones under `ignore`: only a monotone curve makes each a condition at one point.
  case milestonesNeedMonotonicity
  /// An error about the curve of the spec or data file `source` (its file name), worded in
  /// `context`'s units and words (``message(in:)``).
  indirect case located(CurveFitError, source: String, context: FitFailureContext = .normalized)

  /// True when the milestones cannot hold together with the endpoints (and monotonicity).
  public var isMilestoneInfeasibility: Bool {
    switch underlying {
    case .fit(.milestonesInfeasible), .monotone(.fit(.milestonesInfeasible)): return true
    default: return false
    }
  }

  /// The error without its location.
  public var underlying: CurveFitError {
    if case .located(let inner, _, _) = self { return inner.underlying }
    return self
  }

  /// The same error, saying which file it is about and worded in `context` (a located error
  /// keeps its location).
  public func located(in source: String, context: FitFailureContext = .normalized) -> CurveFitError {
    if case .located = self { return self }
    return .located(self, source: source, context: context)
  }

  /// One line naming the problem; for ``notMonotone(t:slope:minSlope:coefficients:)`` the witness.
  public var description: String {
    switch self {
    case .fit(let error): return error.description
    case .monotone(let error): return error.description
    case .notMonotone(let t, let slope, let minSlope, let coefficients):
      let bound = minSlope > 0 ? "f′ ≤ -\(minSlope)" : "non-increasing"
      // The one advice (in the spec's words: this error names no front end's flags).
      let advice = CurveRequest.Vocabulary.spec.monotoneAdvice(degree: coefficients.count - 1)
      return "the fitted curve is not \(bound) on [0, 1]: \(MonotonicityWitness.text(t: t, slope: slope)) "
        + "(coefficients \(coefficients.map { $0.description }.joined(separator: ","))); \(advice)"
    case .milestonesNeedMonotonicity:
      return "milestones need \"monotonic\": \"require\" or \"enforce\"; only a monotone curve makes each "
        + "milestone a condition at one point"
    case .located(let inner, let source, let context):
      return "\(inner.message(in: context)) (\(source))"
    }
  }
}

/// A fit under a ``MonotonicPolicy``: the curve produced and the evidence about it.
public struct PolicyFitResult: Sendable, Hashable {
  /// The policy applied.
  public let policy: MonotonicPolicy
  /// The minimum slope magnitude s (0 when none): the curve must have f′ ≤ −s.
  public let minSlope: Double
  /// The curve produced: the ordinary fit (`require`, `ignore`) or the monotone optimum (`enforce`).
  public let report: FitReport
  /// The monotone fit's details under `enforce`.
  public let monotone: MonotoneFitReport?
  /// ``MonotoneSlopeCheck`` on the produced curve (computed for every policy).
  public let verdict: MonotoneSlopeCheck.Verdict
  /// CurveCore's exact monotonicity verdict on [0, 1] for the produced curve.
  public let monotonicity: MonotonicityVerdict
  /// Under `require`: the ``CurveFitError/notMonotone(t:slope:minSlope:coefficients:)`` the
  /// produced curve earns (with the witness), or nil when it complies. Under `enforce`: the
  /// same, in the rare case where rounding leaves the optimum rising by an ulp at a pinned
  /// flat point. Always nil under `ignore`.
  public let violation: CurveFitError?
}

extension FitProblem {
  /// Fits the problem under `policy`.
  ///
  /// Milestones are inequality constraints of the fit (``LeastSquaresFitter/fitWithMilestones(_:)``
  /// under `require`, half-planes of ``MonotoneFitter`` under `enforce`) and are refused under
  /// `ignore`.
  ///
  /// - `require`: the ordinary fit, then a proof that f′ ≤ −minSlope on [0, 1]; a curve
  ///   that provably violates it is returned with ``PolicyFitResult/violation`` set to
  ///   ``CurveFitError/notMonotone(t:slope:minSlope:coefficients:)`` and the witness (the
  ///   decision is exact at every degree), so the caller can still report the fit.
  /// - `enforce`: ``MonotoneFitter/fit(_:minSlope:)``, the constrained optimum (exact for degree ≤ 3; within 10⁻⁹ of it, with a certificate, above).
  /// - `ignore`: the ordinary fit; the verdict is still reported.
  /// - Throws: ``CurveFitError``.
  public func fit(policy: MonotonicPolicy, minSlope: Double = 0) throws(CurveFitError) -> PolicyFitResult {
    guard minSlope.isFinite, minSlope >= 0 else { throw .monotone(.invalidMinSlope(minSlope)) }
    switch policy {
    case .enforce:
      let monotone: MonotoneFitReport
      do { monotone = try MonotoneFitter.fit(self, minSlope: minSlope) } catch {
        if case .fit(let inner) = error { throw .fit(inner) }
        throw .monotone(error)
      }
      return PolicyFitResult.enforced(monotone, minSlope: minSlope)
    case .require, .ignore:
      if policy == .ignore, !milestones.isEmpty { throw .milestonesNeedMonotonicity }
      let report: FitReport
      do {
        report = milestones.isEmpty ? try LeastSquaresFitter.fit(self) : try LeastSquaresFitter.fitWithMilestones(self)
      } catch {
        throw .fit(error)
      }
      return PolicyFitResult.checked(report, policy: policy, minSlope: minSlope)
    }
  }
}

extension StreamingLeastSquares {
  /// Fits the streamed data under `policy`, as ``FitProblem/fit(policy:minSlope:)`` does
  /// (enforce: ``MonotoneFitter/fit(streamed:minSlope:)``, degree 1…10).
  /// - Throws: ``CurveFitError``.
  public func fit(policy: MonotonicPolicy, minSlope: Double = 0) throws(CurveFitError) -> PolicyFitResult {
    guard minSlope.isFinite, minSlope >= 0 else { throw .monotone(.invalidMinSlope(minSlope)) }
    if policy == .enforce {
      let monotone: MonotoneFitReport
      do { monotone = try MonotoneFitter.fit(streamed: self, minSlope: minSlope) } catch {
        if case .fit(let inner) = error { throw .fit(inner) }
        throw .monotone(error)
      }
      return PolicyFitResult.enforced(monotone, minSlope: minSlope)
    }
    let report: FitReport
    do { report = try solve() } catch { throw .fit(error) }
    return PolicyFitResult.checked(report, policy: policy, minSlope: minSlope)
  }
}

extension PolicyFitResult {
  /// The result for an ordinary fit under `require` or `ignore`: the verdicts, and for
  /// `require` a ``CurveFitError/notMonotone(t:slope:minSlope:coefficients:)`` violation when
  /// the curve provably breaks f′ ≤ −minSlope (minSlope 0: CurveCore's exact verdict decides).
  static func checked(_ report: FitReport, policy: MonotonicPolicy, minSlope: Double) -> PolicyFitResult {
    let verdict = MonotoneSlopeCheck.check(report.polynomial, minSlope: minSlope)
    let exact = report.polynomial.monotonicity()
    var violation: CurveFitError?
    if policy == .require {
      if minSlope == 0, !exact.isDecreasing {
        // The one rising-witness rule; a constant curve never rises, so its witness is the
        // midpoint with its (zero) slope.
        let witness = exact.risingWitness(of: report.polynomial)
        violation = .notMonotone(
          t: witness?.t ?? 0.5, slope: witness?.slope ?? 0, minSlope: 0, coefficients: report.coefficients)
      }
      if minSlope > 0, case .fails(let t, let slope) = verdict {
        violation = .notMonotone(t: t, slope: slope, minSlope: minSlope, coefficients: report.coefficients)
      }
    }
    return PolicyFitResult(
      policy: policy, minSlope: minSlope, report: report, monotone: nil, verdict: verdict, monotonicity: exact,
      violation: violation)
  }

  /// The result of an `enforce` fit. The monotone optimum is non-increasing by construction, but
  /// an equality constraint can pin it to the boundary (f′ = 0 at an interior t), where the
  /// rounded coefficients may rise by an ulp: CurveCore's exact verdict then decides, and such
  /// a curve is reported as a violation rather than shipped as monotone.
  static func enforced(_ monotone: MonotoneFitReport, minSlope: Double) -> PolicyFitResult {
    let exact = monotone.fit.polynomial.monotonicity()
    var violation: CurveFitError?
    if !exact.isDecreasing {
      let witness = exact.risingWitness(of: monotone.fit.polynomial)
      violation = .notMonotone(
        t: witness?.t ?? 0.5, slope: witness?.slope ?? 0, minSlope: 0, coefficients: monotone.fit.coefficients)
    }
    return PolicyFitResult(
      policy: .enforce, minSlope: minSlope, report: monotone.fit, monotone: monotone, verdict: monotone.verdict,
      monotonicity: exact, violation: violation)
  }

  /// The same result with the curve's report replaced (same polynomial), e.g. completed by
  /// a second pass over streamed data.
  public func replacingReport(_ report: FitReport) -> PolicyFitResult {
    PolicyFitResult(
      policy: policy, minSlope: minSlope, report: report, monotone: monotone?.replacingFit(report), verdict: verdict,
      monotonicity: monotonicity, violation: violation)
  }
}
