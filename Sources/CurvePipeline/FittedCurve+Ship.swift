import CurveCore
import CurveEasing
import CurveFitting
import CurveSpec

/// What a curve is turned into: each is refused or shipped by the same rule.
public enum Artefact: String, Sendable, Hashable, CaseIterable {
  /// A generated source file (`curvekit generate`, the plugins, the studio's code).
  case generate
  /// An easing (`curvekit export`, the studio's CSS and SwiftUI).
  case export
  /// A widget timeline (`curvekit timeline`).
  case timeline
  /// The verdict itself (`curvekit check`, `fit --json`, the studio's fit).
  case check
  /// The fit report (`curvekit fit`): its exit status is this rule's.
  case fit
}

extension FittedCurve {
  /// The one ship decision: every finding that refuses or qualifies `artefact` of this curve.
  ///
  /// The rule is the same for every artefact. A curve is refused (a diagnostic of severity
  /// ``Diagnostic/Severity/error``) when
  /// - it is not a depletion curve: f(0) or f(1) is off 1 or 0 by more than `tolerance`
  ///   (code ``Diagnostic/Code/notDepletion``);
  /// - it is not monotone on [0, 1] (``Diagnostic/Code/notMonotone``, with the exact witness),
  ///   or constant (``Diagnostic/Code/constant``);
  /// - it breaks its spec's policy: `require` with a minimum slope
  ///   (``Diagnostic/Code/minSlope``) or a milestone (``Diagnostic/Code/milestone``).
  ///
  /// The override for each (``Diagnostic/Override``) turns the error into a warning, and the
  /// artefact ships. The source can say so itself, as the resolver decided once and stored:
  /// endpoints not required (``endpointsRequired``: `"endpoints": false` or `--unconstrained`)
  /// for the endpoints, the policy `ignore` (``policy``: `"monotonic": "ignore"` or
  /// `--monotonic ignore`) for the shape. Notes never refuse: levels fitted a little outside
  /// [0, 1] (they are data).
  ///
  /// - Parameters:
  ///   - artefact: what is being made (the wording only; the rule is the same).
  ///   - overrides: the overrides the user gave.
  ///   - tolerance: the largest accepted |f(0) − 1| and |f(1)| (4 ulps of 1 by default).
  /// - Complexity: O(degree²) for the verdict's witness and O(points) for the notes.
  public func diagnostics(
    for artefact: Artefact, overrides: Set<Diagnostic.Override> = [],
    tolerance: Double = DepletionCheck.defaultTolerance
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    let depletionWaived = overrides.contains(.allowNonDepletion) || !endpointsRequired
    let shapeWaived = overrides.contains(.allowNonMonotone) || policy == .ignore
    func add(
      _ code: Diagnostic.Code, _ message: String, field: String?, witness: Diagnostic.Witness? = nil,
      override: Diagnostic.Override, waived: Bool
    ) {
      found.append(
        Diagnostic(
          severity: waived ? .warning : .error, code: code, message: "\(displayName): \(message)", field: field,
          witness: witness, override: override))
    }

    let check = polynomial.depletionCheck(tolerance: tolerance, verdict: verdict)
    if !check.startsFull || !check.endsEmpty {
      add(
        .notDepletion, depletionMessage(check), field: "endpoints", override: .allowNonDepletion,
        waived: depletionWaived)
    }
    switch verdict {
    case .notMonotone:
      let witness = risingWitness.map(Diagnostic.Witness.init)
      add(
        .notMonotone, risingMessage(for: artefact), field: "monotonic", witness: witness,
        override: .allowNonMonotone, waived: shapeWaived)
    case .constant:
      add(
        .constant, "the curve is constant, so no level has a unique time", field: "monotonic",
        override: .allowNonMonotone, waived: shapeWaived)
    default:
      if minSlope > 0, let fit, case .fails(let t, let slope) = fit.verdict {
        let bound =
          periodUnits.duration.map {
            "\(units.describe(levelDifference: minSlope / $0)) per \(periodUnits.timeUnit.singular)"
          }
          ?? "\(units.describe(levelDifference: minSlope)) per unit of t"
        // The rounded slope shows the excess unless it is below f′'s rounding (the exact check
        // found f′ above −s there, or between this double and the next).
        let shown = slope > -minSlope
        let detail: String
        if periodUnits.speaksInUnits {
          detail =
            shown
            ? "its slope there is \(periodUnits.describe(slope: slope))"
            : "its slope there is within rounding of the minimum"
        } else {
          detail =
            shown
            ? "\(MonotonicityWitness.text(t: t, slope: slope)) > -\(minSlope)"
            : "f′ exceeds -\(minSlope) there by less than its rounding"
        }
        add(
          .minSlope,
          "the curve falls slower than its minimum slope of \(bound) near \(units.describe(time: t)) (\(detail)); "
            + advice,
          field: "minSlope", witness: Diagnostic.Witness(MonotonicityWitness(t: t, slope: slope, isVerified: shown)),
          override: .allowNonMonotone, waived: shapeWaived)
      }
    }
    for (index, milestone) in milestones.enumerated() where !milestone.holds(for: polynomial) {
      let value = units.describe(level: polynomial.value(at: milestone.t))
      add(
        .milestone,
        "misses the milestone \(milestone.describe(in: units)): \(value) at \(units.describe(time: milestone.t))",
        field: "milestones[\(index)]", override: .allowNonMonotone, waived: shapeWaived)
    }
    if let note = outsideLevelsNote { found.append(note) }
    if let note = importDeviationNote { found.append(note) }
    return found
  }

  /// For an imported easing whose x-handles are not ⅓ and ⅔: how far the fitted cubic in t is
  /// from it, in percentage points (the largest distance on EasingImport's grid).
  var importDeviationNote: Diagnostic? {
    guard let easing, !easing.isPolynomialInTime else { return nil }
    let deviation = EasingImport.maxDeviation(of: polynomial, from: easing)
    let points = CurveUnits.rounded(deviation.value * 100, decimals: 2, trimmed: true)
    return Diagnostic(
      severity: .note, code: .importDeviation,
      message:
        "the cubic in t is within \(points) percentage points of \(easing.cssFunction) "
        + "(largest distance at t = \(CurveUnits.rounded(deviation.t, decimals: 3, trimmed: true)), "
        + "on \(EasingImport.deviationGridCount + 1) times); a polynomial in t is a Bézier only with x-handles ⅓ and ⅔")
  }

  /// "ends at 50.0 %, not empty (f(1) = 0.5, not 0); a depletion curve goes from full to empty".
  func depletionMessage(_ check: DepletionCheck) -> String {
    var parts: [String] = []
    // In units the level says it all; in fractions the exact value follows.
    let exact = !units.speaksInUnits
    if !check.startsFull {
      parts.append(
        "starts at \(units.describe(level: check.startLevel)), not full"
          + (exact ? " (f(0) = \(check.startLevel), not 1)" : ""))
    }
    if !check.endsEmpty {
      parts.append(
        "ends at \(units.describe(level: check.endLevel)), not empty"
          + (exact ? " (f(1) = \(check.endLevel), not 0)" : ""))
    }
    let direction = verdict.isIncreasing && verdict != .constant ? "; it rises instead of falling" : ""
    return "the curve " + parts.joined(separator: " and ") + direction + "; a depletion curve goes from full to empty"
  }

  /// Where and why the curve rises, in the designer's terms when it was fitted.
  func risingMessage(for artefact: Artefact) -> String {
    let what: String
    if fit != nil, let explanation = riseExplanation {
      what = "the curve \(explanation)"
    } else if let witness = risingWitness.map(Diagnostic.Witness.init) {
      what = "the curve rises near \(units.describe(time: witness.t)) (\(witnessText(witness, comparison: false)))"
    } else {
      what = "the curve rises and falls"
    }
    switch artefact {
    case .timeline: return what + "; its percentage can change back, so a timeline would miss changes"
    case .export: return what + "; the easing would move backwards there"
    case .generate, .check, .fit: return what
    }
  }

  /// A note when fitted levels lie outside [0, 1]: they are fitted as data.
  var outsideLevelsNote: Diagnostic? {
    let outside = points.filter { $0.y > 1 || $0.y < 0 }
    guard let highest = outside.map({ $0.y }).max(), let lowest = outside.map({ $0.y }).min() else { return nil }
    let extreme = highest > 1 ? highest : lowest
    let count = outside.count == 1 ? "1 point lies" : "\(outside.count) points lie"
    return Diagnostic(
      severity: .note, code: .levelOutsideRange,
      message:
        "\(displayName): \(count) a little \(highest > 1 ? "above full" : "below empty") "
        + "(up to \(units.describe(level: extreme))); fitted as measured data", field: "points")
  }
}

#if !hasFeature(Embedded)
  // The JSON forms (synthesized, so declared beside the types). Embedded Swift has no Codable.
  extension Artefact: Codable {}
#endif
