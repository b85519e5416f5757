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
      let verdict = MonotoneSlopeCheck.check(report.polynomial, minSlope: minSlope)
      let exact = report.polynomial.monotonicity()
      if policy == .require {
        // minSlope 0: CurveCore's exact verdict decides; otherwise the proved slope bound.
        if minSlope == 0, !exact.isDecreasing {
          let witness = Self.risingWitness(exact, polynomial: report.polynomial)
          throw .notMonotone(t: witness.t, slope: witness.slope, minSlope: 0, coefficients: report.coefficients)
        }
        if minSlope > 0, case .fails(let t, let slope) = verdict {
          throw .notMonotone(t: t, slope: slope, minSlope: minSlope, coefficients: report.coefficients)
        }
      }
      return PolicyFitResult(
        policy: policy, minSlope: minSlope, report: report, monotone: nil, verdict: verdict, monotonicity: exact)
    }
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
    try fitProblem.fit(policy: monotonic, minSlope: minSlope ?? 0)
  }
}
