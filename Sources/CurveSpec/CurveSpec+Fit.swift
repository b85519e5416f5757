import CurveCore
import CurveFitting

/// Why a spec-level fit failed: the problem is invalid, enforcement is impossible, or the
/// curve is not monotone under `require`.
public enum CurveFitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The least-squares problem is invalid.
  case fit(FitError)
  /// `enforce` could not be applied.
  case monotone(MonotoneFitError)
  /// `require`: the fitted curve has f′(t) = `slope` > −minSlope at `t`.
  case notMonotone(t: Double, slope: Double, minSlope: Double, coefficients: [Double])
  /// An error about the curve of the spec or data file `source` (its file name).
  indirect case located(CurveFitError, source: String)

  /// The error without its location.
  public var underlying: CurveFitError {
    if case .located(let inner, _) = self { return inner.underlying }
    return self
  }

  /// The same error, saying which file it is about (a located error keeps its location).
  public func located(in source: String) -> CurveFitError {
    if case .located = self { return self }
    return .located(self, source: source)
  }

  /// One line naming the problem; for ``notMonotone(t:slope:minSlope:coefficients:)`` the witness.
  public var description: String {
    switch self {
    case .fit(let error): return error.description
    case .monotone(let error): return error.description
    case .notMonotone(let t, let slope, let minSlope, let coefficients):
      let bound = minSlope > 0 ? "f′ ≤ -\(minSlope)" : "non-increasing"
      return "the fitted curve is not \(bound) on [0, 1]: f′(\(t)) = \(slope) "
        + "(coefficients \(coefficients.map(\.description).joined(separator: ","))); "
        + "use \"monotonic\": \"enforce\" (--monotonic enforce) for the best monotone curve"
    case .located(let inner, let source):
      return "\(inner.description) (\(source))"
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
}

extension FitProblem {
  /// Fits the problem under `policy`.
  ///
  /// - `require`: the ordinary fit, then a proof that f′ ≤ −minSlope on [0, 1]; a curve
  ///   that provably violates it throws ``CurveFitError/notMonotone(t:slope:minSlope:coefficients:)``
  ///   with the witness (a curve within rounding of the bound passes).
  /// - `enforce`: ``MonotoneFitter/fit(_:minSlope:)``, the exact constrained optimum (degree ≤ 3).
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
      return PolicyFitResult(
        policy: policy, minSlope: minSlope, report: monotone.fit, monotone: monotone, verdict: monotone.verdict,
        monotonicity: monotone.fit.polynomial.monotonicity())
    case .require, .ignore:
      let report: FitReport
      do { report = try LeastSquaresFitter.fit(self) } catch { throw .fit(error) }
      return try PolicyFitResult.checked(report, policy: policy, minSlope: minSlope)
    }
  }
}

extension StreamingLeastSquares {
  /// Fits the streamed data under `policy`, as ``FitProblem/fit(policy:minSlope:)`` does
  /// (enforce: ``MonotoneFitter/fit(streamed:minSlope:)``, degree 3).
  /// - Throws: ``CurveFitError``.
  public func fit(policy: MonotonicPolicy, minSlope: Double = 0) throws(CurveFitError) -> PolicyFitResult {
    guard minSlope.isFinite, minSlope >= 0 else { throw .monotone(.invalidMinSlope(minSlope)) }
    if policy == .enforce {
      let monotone: MonotoneFitReport
      do { monotone = try MonotoneFitter.fit(streamed: self, minSlope: minSlope) } catch {
        if case .fit(let inner) = error { throw .fit(inner) }
        throw .monotone(error)
      }
      return PolicyFitResult(
        policy: policy, minSlope: minSlope, report: monotone.fit, monotone: monotone, verdict: monotone.verdict,
        monotonicity: monotone.fit.polynomial.monotonicity())
    }
    let report: FitReport
    do { report = try solve() } catch { throw .fit(error) }
    return try PolicyFitResult.checked(report, policy: policy, minSlope: minSlope)
  }
}

extension PolicyFitResult {
  /// The result for an ordinary fit under `require` or `ignore`: the verdicts, and for
  /// `require` a ``CurveFitError/notMonotone(t:slope:minSlope:coefficients:)`` when the curve
  /// provably violates f′ ≤ −minSlope (minSlope 0: CurveCore's exact verdict decides).
  static func checked(_ report: FitReport, policy: MonotonicPolicy, minSlope: Double) throws(CurveFitError)
    -> PolicyFitResult
  {
    let verdict = MonotoneSlopeCheck.check(report.polynomial, minSlope: minSlope)
    let exact = report.polynomial.monotonicity()
    if policy == .require {
      if minSlope == 0, !exact.isDecreasing {
        let witness = FitProblem.risingWitness(exact, polynomial: report.polynomial)
        throw .notMonotone(t: witness.t, slope: witness.slope, minSlope: 0, coefficients: report.coefficients)
      }
      if minSlope > 0, case .fails(let t, let slope) = verdict {
        throw .notMonotone(t: t, slope: slope, minSlope: minSlope, coefficients: report.coefficients)
      }
    }
    return PolicyFitResult(
      policy: policy, minSlope: minSlope, report: report, monotone: nil, verdict: verdict, monotonicity: exact)
  }

  /// The same result with the curve's report replaced (same polynomial), e.g. completed by
  /// a second pass over streamed data.
  public func replacingReport(_ report: FitReport) -> PolicyFitResult {
    PolicyFitResult(
      policy: policy, minSlope: minSlope, report: report, monotone: monotone?.replacingFit(report), verdict: verdict,
      monotonicity: monotonicity)
  }
}

extension FitProblem {
  /// Where a curve that is not decreasing rises (or, for a constant curve, t = ½).
  static func risingWitness(_ verdict: MonotonicityVerdict, polynomial: Polynomial) -> (t: Double, slope: Double) {
    switch verdict {
    case .notMonotone(let rising, _): return (rising.t, rising.slope)
    default: return (0.5, polynomial.derivative().value(at: 0.5))
    }
  }
}

extension CurveSpec {
  /// Fits the spec under its own `monotonic` policy and `minSlope`.
  /// - Throws: ``CurveFitError``.
  public func fit() throws(CurveFitError) -> PolicyFitResult {
    do { return try fitProblem.fit(policy: monotonic, minSlope: minSlope ?? 0) } catch {
      throw error.located(in: FileText.displayName(of: sourceName))
    }
  }
}

extension CurveSpec {
  /// The curve this spec describes, for commands that show or ship it (check, export,
  /// generate): the exact monotone optimum under `"monotonic": "enforce"`, else the ordinary
  /// least-squares fit. `require` is not applied here: such callers report the verdict
  /// themselves (or, like `fit`, use ``fit()``).
  /// - Throws: ``CurveFitError`` (`.fit` or `.monotone`).
  public func fittedReport() throws(CurveFitError) -> FitReport {
    do {
      return try fitProblem.fit(policy: monotonic == .enforce ? .enforce : .ignore, minSlope: minSlope ?? 0).report
    } catch {
      throw error.located(in: FileText.displayName(of: sourceName))
    }
  }
}
