import CurveCore
import CurveEasing
import CurveFitting
import CurveSpec

/// The fit report, as text and as JSON: what `curvekit fit` prints and what the studio's
/// `POST /api/fit` returns, byte for byte the same for the same curve.
package enum FitReportRenderer {
  /// The whole `--json` object for a fitted curve: the fit's figures, `monotonic`, and
  /// `easing` / `streamed` where they apply. Nil for given coefficients (nothing was fitted).
  package static func json(_ curve: FittedCurve) -> JSONValue? {
    guard let result = curve.fit, let problem = curve.problem else { return nil }
    guard case .object(var members) = json(result.report, problem: problem, pointCount: curve.pointCount) else {
      return nil
    }
    if curve.isStreamed { members.append(("streamed", .bool(true))) }
    members.insert(("summary", .string(curve.summary)), at: 0)
    members.append(("monotonic", monotoneJSON(result)))
    members.append(("monotonicity", monotonicityJSON(curve)))
    if !curve.milestones.isEmpty { members.append(("milestones", milestonesJSON(curve))) }
    members.append(("slopeBands", slopeBandsJSON(curve)))
    members.append(("diagnostics", diagnosticsJSON(curve.diagnostics(for: .check))))
    if let easing = curve.easing {
      let deviation = EasingImport.maxDeviation(of: curve.polynomial, from: easing)
      members.append(
        (
          "easing",
          .object([
            ("css", .string(easing.cssFunction)), ("maxDeviation", .number(deviation.value)),
            ("maxDeviationT", .number(deviation.t)),
          ])
        ))
    }
    return .object(members)
  }

  /// The human-readable report of a fitted curve: the fit, the monotonicity section and,
  /// for an imported easing, its deviation. Nil for given coefficients.
  package static func text(_ curve: FittedCurve) -> String? {
    guard let result = curve.fit, let problem = curve.problem else { return nil }
    let report = result.report
    var text = curve.summary + "\n"
    let milestoneLines = curve.milestoneLines
    if !milestoneLines.isEmpty { text += "milestones: " + milestoneLines.joined(separator: "; ") + "\n" }
    if let rise = curve.riseExplanation { text += "problem: the curve \(rise)\n" }
    for note in curve.diagnostics(for: .check) where note.severity == .note { text += "\(note)\n" }
    text += "\nStatistics\n"
    text += humanReport(report, problem: problem, pointCount: curve.pointCount)
    if curve.isStreamed { text += "\nstreamed        \(curve.pointCount) points in bounded memory\n" }
    text += monotoneSummary(result)
    if let easing = curve.easing {
      let deviation = EasingImport.maxDeviation(of: curve.polynomial, from: easing)
      text += "\nimported easing  \(easing.cssFunction)\nmax deviation    \(deviation.value) at t = \(deviation.t)\n"
    }
    return text
  }

  /// The `--json` object: every figure of the report, shortest round-trip numbers.
  package static func json(_ report: FitReport, problem: FitProblem, pointCount: Int? = nil) -> JSONValue {
    let residualKnown = !report.maxAbsResidual.isNaN
    let constraints: [JSONValue] = zip(report.constraints, report.constraintResiduals).map { constraint, residual in
      switch constraint {
      case .value(let t, let value):
        return .object([("t", .number(t)), ("value", .number(value)), ("residual", .optionalNumber(residual))])
      case .slope(let t, let slope):
        return .object([("t", .number(t)), ("slope", .number(slope)), ("residual", .optionalNumber(residual))])
      }
    }
    return .object([
      ("degree", .integer(report.degree)),
      ("coefficients", .numbers(report.coefficients)),
      ("correctlyRounded", .bool(report.rounding.isCorrectlyRounded)),
      ("rounding", .string(report.rounding.rawValue)),
      ("points", .integer(pointCount ?? problem.points.count)),
      ("weighted", .bool(report.isWeighted)),
      ("rss", .optionalNumber(report.rss)),
      ("rmse", .optionalNumber(report.rmse)),
      // Streamed from standard input (read once), the largest residual is not known: null.
      ("maxAbsResidual", .optionalNumber(report.maxAbsResidual)),
      ("maxAbsResidualT", residualKnown ? .number(report.maxAbsResidualT) : .null),
      ("maxAbsResidualIndex", residualKnown ? .integer(report.maxAbsResidualIndex) : .null),
      ("rSquared", .optionalNumber(report.rSquared)),
      ("rank", .integer(report.rank)),
      ("conditionNumber", .optionalNumber(report.conditionNumber)),
      ("degreesOfFreedom", .integer(report.degreesOfFreedom)),
      ("residualStandardDeviation", .optionalNumber(report.residualStandardDeviation)),
      ("standardErrors", report.standardErrors.map(JSONValue.numbers) ?? .null),
      ("constraints", .array(constraints)),
    ])
  }

  /// The human-readable report: aligned label/value lines, shortest round-trip numbers.
  package static func humanReport(_ report: FitReport, problem: FitProblem, pointCount: Int? = nil) -> String {
    let kind =
      report.constraints.isEmpty
      ? "unconstrained"
      : report.constraints.map { $0.description }.joined(separator: ", ")
    var text = "Least-squares fit: degree \(report.degree), \(pointCount ?? problem.points.count) points"
    text += (report.isWeighted ? " (weighted)" : "") + ", \(kind)\n\n"

    var rows: [[String]] = [
      report.standardErrors == nil ? ["term", "coefficient"] : ["term", "coefficient", "std. error"]
    ]
    for (index, coefficient) in report.coefficients.enumerated() {
      let power = report.degree - index
      rows.append(
        [power == 0 ? "1" : power == 1 ? "t" : "t^\(power)", "\(coefficient)"]
          + (report.standardErrors.map { ["\($0[index])"] } ?? []))
    }
    text += table(rows)
    text += "\n" + roundingLine(report.rounding) + "\n"

    var summary: [[String]] = [
      ["RSS", "\(report.rss)" + (report.isWeighted ? " (weighted)" : "")],
      ["RMSE", "\(report.rmse)"],
      [
        "max |residual|",
        report.maxAbsResidual.isNaN
          ? "not computed (standard input is read once)"
          : "\(report.maxAbsResidual) at t = \(report.maxAbsResidualT) (point \(report.maxAbsResidualIndex + 1))",
      ],
      ["R²", report.rSquared.map { "\($0)" } ?? "undefined (all y equal)"],
      ["rank", "\(report.rank) of \(report.degree + 1)"],
      ["condition", "\(report.conditionNumber) (data, column-scaled)"],
      ["residual SD", report.residualStandardDeviation.map { "\($0)" } ?? "undefined (no degrees of freedom)"],
    ]
    for (constraint, residual) in zip(report.constraints, report.constraintResiduals) {
      summary.append(["\(constraint)", "residual \(residual)"])
    }
    text += "\n" + table(summary)
    return text
  }

  /// One line saying how the coefficients relate to the exact optimum.
  package static func roundingLine(_ rounding: CoefficientRounding) -> String {
    switch rounding {
    case .certified:
      return "Coefficients: the exact optimum, correctly rounded (certified bound), the same on every machine."
    case .exact:
      return "Coefficients: the exact optimum, correctly rounded (exact arithmetic), the same on every machine."
    case .faithful:
      return
        "Coefficients: the exact monotone optimum to within one ulp (nearest unless that rises), the same on every machine."
    case .fixedOrder:
      return
        "Coefficients: computed in a fixed order without BLAS, the same on every machine (not certified as correctly rounded)."
    case .solverDependent:
      return "Coefficients: LAPACK's solution; the last digits may differ between machines."
    }
  }

  /// One line for the exact verdict, e.g. `non-increasing, flat at t = 0.48`.
  package static func verdictText(_ result: PolicyFitResult) -> String {
    var text: String
    switch result.monotonicity {
    case .strictlyDecreasing: text = "strictly decreasing"
    case .nonIncreasing(let flats):
      text = "non-increasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .strictlyIncreasing: text = "strictly increasing"
    case .nonDecreasing(let flats):
      text = "non-decreasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .constant: text = "constant"
    case .notMonotone(let rising, _): text = "not monotone: \(rising) > 0"
    }
    if result.minSlope > 0 {
      switch result.verdict {
      case .holds: text += "; f′ ≤ -\(result.minSlope) holds"
      case .fails(let t, let slope):
        text += "; f′ ≤ -\(result.minSlope) fails: \(MonotonicityWitness.text(t: t, slope: slope))"
      }
    }
    return text
  }

  /// The human-readable monotonicity section.
  package static func monotoneSummary(_ result: PolicyFitResult) -> String {
    var rows: [[String]] = [
      ["monotonic", result.policy.rawValue + (result.minSlope > 0 ? " (min slope \(result.minSlope))" : "")]
    ]
    rows.append(["verdict", verdictText(result)])
    if let monotone = result.monotone {
      if monotone.wasAlreadyMonotone {
        rows.append(["active", "none: the least-squares fit already satisfies the constraint"])
      } else {
        rows.append(["active", monotone.activeConstraints.map { $0.description }.joined(separator: ", ")])
        // A relative rise only means something when the plain fit misses by something.
        let relative =
          monotone.relativeRMSERise.flatMap { rise in
            rise.isFinite && rise <= 100 ? " (\(CurveUnits.rounded(rise * 100, decimals: 2, trimmed: true)) %)" : nil
          } ?? ""
        rows.append([
          "RMSE rise", "\(monotone.rmseRise)\(relative) over unconstrained RMSE \(monotone.unconstrained.rmse)",
        ])
      }
      rows.append(["objective", "\(monotone.objective)"])
      rows.append([
        "KKT",
        "relative residual \(monotone.kkt.relativeResidual), multipliers "
          + (monotone.kkt.multipliers.isEmpty
            ? "none" : monotone.kkt.multipliers.map { $0.description }.joined(separator: ", ")),
      ])
      if let gap = monotone.kkt.optimalityGap, !monotone.wasAlreadyMonotone {
        rows.append(["optimality", "objective at most \(gap) above the optimum (duality bound)"])
      }
    }
    return "\n" + table(rows)
  }

  /// The `--json` member `monotonic`.
  package static func monotoneJSON(_ result: PolicyFitResult) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("policy", .string(result.policy.rawValue)),
      ("minSlope", .number(result.minSlope)),
      ("decreasing", .bool(result.monotonicity.isDecreasing)),
      ("verdict", .string(verdictText(result))),
      // Whether `enforce` can fit this degree: the studio offers "Use enforce" by this alone.
      ("enforceAvailable", .bool(MonotoneFitter.supportedDegrees.contains(result.report.degree))),
    ]
    if let monotone = result.monotone {
      members += [
        ("wasAlreadyMonotone", .bool(monotone.wasAlreadyMonotone)),
        ("active", .array(monotone.activeConstraints.map { .string($0.description) })),
        ("objective", .optionalNumber(monotone.objective)),
        ("unconstrainedRMSE", .optionalNumber(monotone.unconstrained.rmse)),
        ("rmseRise", .optionalNumber(monotone.rmseRise)),
        ("kktRelativeResidual", .optionalNumber(monotone.kkt.relativeResidual)),
        ("multipliers", .numbers(monotone.kkt.multipliers)),
        ("optimalityGap", monotone.kkt.optimalityGap.map { .number($0) } ?? .null),
      ]
    }
    return .object(members)
  }
  /// The exact verdict as data, spelled the same by `fit --json` and `check --json`:
  /// `{"verdict": "notMonotone", "witness": {"t": …, "slope": …, "verified": …}, "flatPoints": […],
  /// "rises": {"from": …, "to": …}}` (witness and rises null when the curve never rises).
  package static func monotonicityJSON(_ curve: FittedCurve) -> JSONValue {
    let witness: JSONValue =
      curve.risingWitness.map { w in
        .object([
          ("t", .number(w.t)), ("slope", .number(w.slope)), ("verified", .bool(w.isVerified)),
          ("text", .string(w.description)),
        ])
      } ?? .null
    let rises: JSONValue =
      curve.risingStretch().map { stretch in
        .object([("from", .number(stretch.from)), ("to", .number(stretch.to))])
      } ?? .null
    return .object([
      ("verdict", .string(verdictName(curve.verdict))),
      ("description", .string(curve.verdict.description)),
      ("witness", witness),
      ("rises", rises),
      (
        "flatPoints",
        .array(curve.verdict.flatPoints.map { .object([("t", .number($0.t)), ("exact", .bool($0.isExact))]) })
      ),
    ])
  }

  /// The curve's slope bands as data (``FittedCurve/slopeProfile``): `{"rising": [[from, to],
  /// …], "flat": [[from, to], …], "flatThreshold": s}` in normalized t. The rising bands hold
  /// the exact witness whenever the curve rises, so a page draws Swift's decision.
  package static func slopeBandsJSON(_ curve: FittedCurve) -> JSONValue {
    let profile = curve.slopeProfile
    func ranges(_ list: [ClosedRange<Double>]) -> JSONValue {
      .array(list.map { .numbers([$0.lowerBound, $0.upperBound]) })
    }
    return .object([
      ("rising", ranges(profile.risingIntervals)), ("flat", ranges(profile.flatIntervals)),
      ("flatThreshold", .number(profile.flatThreshold)),
    ])
  }

  /// The ship rule's findings as data, spelled the same by `fit --json`, `check --json` and
  /// the studio: `[{"severity", "code", "message", "field"?, "witness"?}]`.
  package static func diagnosticsJSON(_ diagnostics: [Diagnostic]) -> JSONValue {
    .array(
      diagnostics.map { diagnostic in
        var members: [(key: String, value: JSONValue)] = [
          ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code.rawValue)),
          ("message", .string(diagnostic.message)),
        ]
        if let field = diagnostic.field { members.append(("field", .string(field))) }
        if let witness = diagnostic.witness {
          members.append(
            (
              "witness",
              .object([
                ("t", .number(witness.t)), ("slope", .number(witness.slope)), ("verified", .bool(witness.verified)),
                ("text", .string(witness.description)),
              ])
            ))
        }
        if let override = diagnostic.override { members.append(("override", .string(override.rawValue))) }
        return .object(members)
      })
  }

  /// Each milestone with its value, margin and state (normalized units).
  package static func milestonesJSON(_ curve: FittedCurve) -> JSONValue {
    .array(
      curve.milestones.map { milestone in
        let margin = milestone.margin(of: curve.polynomial)
        let kind: String
        switch milestone {
        case .atLeast: kind = "atLeast"
        case .atMost: kind = "atMost"
        }
        return .object([
          ("kind", .string(kind)), ("t", .number(milestone.t)), ("level", .number(milestone.level)),
          ("value", .number(curve.polynomial.value(at: milestone.t))), ("margin", .number(margin)),
          ("holds", .bool(milestone.holds(for: curve.polynomial))),
          ("active", .bool(milestone.isActive(for: curve.polynomial))),
          ("text", .string(milestone.describe(in: curve.units))),
        ])
      })
  }

  /// The verdict's case name: `strictlyDecreasing`, `nonIncreasing`, `strictlyIncreasing`,
  /// `nonDecreasing`, `constant` or `notMonotone`.
  package static func verdictName(_ verdict: MonotonicityVerdict) -> String {
    switch verdict {
    case .strictlyDecreasing: return "strictlyDecreasing"
    case .nonIncreasing: return "nonIncreasing"
    case .strictlyIncreasing: return "strictlyIncreasing"
    case .nonDecreasing: return "nonDecreasing"
    case .constant: return "constant"
    case .notMonotone: return "notMonotone"
    }
  }

  /// Left-aligned columns separated by two spaces.
  package static func table(_ rows: [[String]]) -> String {
    let columns = rows.map { $0.count }.max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }
}
