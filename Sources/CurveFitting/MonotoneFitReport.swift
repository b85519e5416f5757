import CurveCore

/// The result of ``MonotoneFitter/fit(_:minSlope:)``.
public struct MonotoneFitReport: Sendable, Hashable {
  /// The monotone optimum and its diagnostics (residuals, RSS, RMSE, …).
  public let fit: FitReport
  /// The ordinary least-squares fit of the same problem, without the monotonicity constraint.
  public let unconstrained: FitReport
  /// The minimum slope magnitude s that was enforced (f′ ≤ −s).
  public let minSlope: Double
  /// True when the ordinary fit already satisfied f′ ≤ −s; then ``fit`` is that fit.
  public let wasAlreadyMonotone: Bool
  /// The inequality constraints active at the optimum (empty when none is).
  public let activeConstraints: [MonotoneActiveConstraint]
  /// The optimality certificate.
  public let kkt: MonotoneKKT
  /// ``MonotoneSlopeCheck`` on the returned coefficients (``MonotoneSlopeCheck/Verdict/holds``
  /// except in pathological cases the fitter could not move off the boundary).
  public let verdict: MonotoneSlopeCheck.Verdict

  /// The minimized objective Σ (wᵢ(yᵢ − f(tᵢ)))².
  public var objective: Double { fit.rss }
  /// How much the RMSE rose over the unconstrained fit (≥ 0 up to rounding).
  public var rmseRise: Double { fit.rmse - unconstrained.rmse }
  /// The RMSE rise relative to the unconstrained RMSE (nil when that is 0).
  public var relativeRMSERise: Double? { unconstrained.rmse > 0 ? rmseRise / unconstrained.rmse : nil }
}

/// An inequality constraint that holds with equality at the monotone optimum.
public enum MonotoneActiveConstraint: Sendable, Hashable, CustomStringConvertible {
  /// f′(0) = −s: the start is as flat as allowed.
  case startSlope(minSlope: Double)
  /// f′(1) = −s: the end is as flat as allowed.
  case endSlope(minSlope: Double)
  /// f′ touches −s at the interior point `t` (its maximum): for s = 0 the curve is flat there.
  case interiorTouch(t: Double, minSlope: Double)
  /// A designer's milestone holds with equality: the curve passes exactly through its bound.
  case milestone(Milestone)

  /// Describes the active boundary piece for the curve `polynomial`.
  init(piece: MonotonePlaneProblem.Piece, polynomial: Polynomial, minSlope: Double) {
    switch piece {
    case .start: self = .startSlope(minSlope: minSlope)
    case .end: self = .endSlope(minSlope: minSlope)
    case .arc:
      // f′ + s has a double zero where f″ = 0: t = −b/(3a).
      let c = polynomial.coefficients
      let t = c.count == 4 && c[0] != 0 ? min(1, max(0, -c[1] / (3 * c[0]))) : 0.5
      self = .interiorTouch(t: t, minSlope: minSlope)
    }
  }

  /// For example `f′(0) = 0`, `f′(1) = -0.05` or `flat at t≈0.8312`.
  public var description: String {
    func bound(_ s: Double) -> String { s == 0 ? "0" : "-\(s)" }
    switch self {
    case .startSlope(let s): return "f′(0) = \(bound(s))"
    case .endSlope(let s): return "f′(1) = \(bound(s))"
    case .interiorTouch(let t, let s):
      return s == 0 ? "flat at t≈\(t)" : "f′ = \(bound(s)) at t≈\(t)"
    case .milestone(let milestone):
      return "milestone \(milestone)"
    }
  }
}

extension MonotoneFitReport {
  /// The same report with ``fit`` replaced, e.g. by a streamed fit completed by its second
  /// pass (``StreamingLeastSquares/complete(_:with:)``).
  public func replacingFit(_ report: FitReport) -> MonotoneFitReport {
    MonotoneFitReport(
      fit: report, unconstrained: wasAlreadyMonotone ? report : unconstrained, minSlope: minSlope,
      wasAlreadyMonotone: wasAlreadyMonotone, activeConstraints: activeConstraints, kkt: kkt, verdict: verdict)
  }
}
