import CurveCore
import CurvePipeline
import CurveSpec

/// `curvekit check`: decides exactly whether a curve is a depletion curve — non-increasing on
/// [0, 1] with f(0) = 1 and f(1) = 0 — and prints the monotonicity verdict.
enum CheckCommand: CurveKitCommand {
  static let name = "check"
  static let abstract = "Verify that a curve is monotone decreasing from 1 to 0."
  static let usage = [
    "check --coefficients A,B,C,D [--tolerance X] [--json]", "check SPEC.json [--tolerance X] [--json]",
    "check --point T:Y … | --data FILE | --from-css EASING [fit options] [--tolerance X] [--json]",
  ]
  static let discussion = """
    The verdict is exact for the given double coefficients (any degree up to 10, highest power
    first): strictly decreasing, non-increasing with isolated flat points, the increasing
    counterparts, constant, or not monotone with a witness t where f'(t) > 0. With SPEC.json the
    spec is fitted as 'curvekit fit' fits it (least squares, or the monotone fit when the spec
    says "monotonic": "enforce") and the fitted curve is checked; --point, --data and
    --from-css are fitted the same way, with fit's options.
    f(0) and f(1) are exact; each may deviate from 1 and 0 by at most --tolerance
    (default 4 ulps of 1, 8.881784197001252e-16).

    The decision is the ship rule every artefact uses (see 'curvekit generate --help'): a
    curve that is not a depletion curve, rises, or breaks its spec's minSlope or milestones
    fails, unless --allow-non-depletion or --allow-non-monotone turns that into a warning.
    --json carries the same findings as "diagnostics" and "ships".
    Exit status: 0 when the curve ships, 1 when it does not (each reason, with the witness, on
    stderr), 2 on invalid input.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value("--tolerance", placeholder: "X", help: "Largest accepted |f(0) − 1| and |f(1)| (default 4 ulps)."),
      .flag("--json", help: "Print one JSON object."),
    ] + CurveSourceOptions.shipOverrides

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "at most one SPEC.json") }
    let tolerance = try attempt { () throws(UsageError) in
      try arguments.double("--tolerance") ?? DepletionCheck.defaultTolerance
    }
    guard tolerance >= 0 else { throw UsageError("--tolerance: '\(tolerance)' must not be negative").commandError }
    let curve = try CurveSourceOptions.resolve(arguments, specPath: arguments.positionals.first, io: io)
    let check = curve.polynomial.depletionCheck(tolerance: tolerance, verdict: curve.verdict)
    let diagnostics = curve.diagnostics(
      for: .check, overrides: CurveSourceOptions.overrides(arguments), tolerance: tolerance)
    if arguments.has("--json") {
      io.write(JSONWriter.string(json(curve, check, diagnostics)) + "\n")
    } else {
      io.write(text(curve, check, ships: !diagnostics.refuses))
    }
    // The whole report first; then the one ship rule decides (exit 1 with each error).
    try CurveSourceOptions.present(diagnostics, as: .check, io: io)
    return .success
  }

  private static func text(_ curve: FittedCurve, _ check: DepletionCheck, ships: Bool) -> String {
    """
    \(curve.summary)
    coefficients: \(curve.polynomial)
    verdict: \(check.verdict)
    f(0) = \(check.startLevel) (deviation \(check.startDeviation))
    f(1) = \(check.endLevel) (deviation \(check.endDeviation))
    depletion curve: \(check.isDepletionCurve ? "yes" : "no") (tolerance \(check.tolerance))
    ships: \(ships ? "yes" : "no")

    """
  }

  /// The `--json` object; its `monotonicity` member is spelled exactly as `fit --json`'s, and
  /// its `diagnostics` are the ship rule's.
  private static func json(_ curve: FittedCurve, _ check: DepletionCheck, _ diagnostics: [Diagnostic]) -> JSONValue {
    [
      "summary": .string(curve.summary),
      "coefficients": .numbers(curve.polynomial.coefficients),
      "monotonicity": FitReportRenderer.monotonicityJSON(curve),
      "f0": .number(check.startLevel),
      "f1": .number(check.endLevel),
      "startDeviation": .number(check.startDeviation),
      "endDeviation": .number(check.endDeviation),
      "tolerance": .number(check.tolerance),
      "isDepletionCurve": .bool(check.isDepletionCurve),
      "ships": .bool(!diagnostics.refuses),
      "diagnostics": FitReportRenderer.diagnosticsJSON(diagnostics),
    ]
  }
}
