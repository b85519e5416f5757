import CurveCore
import CurveFitting
import CurveSpec

/// `curvekit fit --monotonic require|enforce|ignore [--min-slope S]`: the policy, the
/// monotone fit and what the report says about monotonicity.
extension FitCommand {
  /// The options this extension adds to ``FitCommand/options``.
  static let monotoneOptions: [OptionSpec] = [
    .value(
      "--monotonic", placeholder: "POLICY",
      help: "require (fail with a witness if not decreasing), enforce (best monotone curve, degree ≤ 3) or ignore."),
    .value(
      "--min-slope", placeholder: "S", help: "Require f′ ≤ −S on [0, 1] (S ≥ 0; default 0 or the spec's minSlope)."),
  ]

  /// The policy and minimum slope: the flags, else the spec's fields, else `enforce` for
  /// `--from-css`, `require` when the depletion defaults apply and `ignore` for a general fit.
  static func monotonicSettings(_ arguments: ParsedArguments, problem: FitProblem) throws -> (MonotonicPolicy, Double) {
    var policy: MonotonicPolicy = problem.constraints == FitConstraint.depletionEndpoints ? .require : .ignore
    // An imported easing asks for "the best depletion curve", which must be monotone.
    if arguments.value("--from-css") != nil { policy = .enforce }
    var minSlope = 0.0
    if let specPath = arguments.positionals.first {
      let spec = try CurveSpec.load(path: specPath)
      policy = spec.monotonic
      minSlope = spec.minSlope ?? 0
    }
    if let chosen = try arguments.choice("--monotonic", as: MonotonicPolicy.self) { policy = chosen }
    if let text = arguments.value("--min-slope") {
      let value = try NumberArgument.finiteDouble(text, what: "--min-slope")
      guard value >= 0 else { throw UsageError("--min-slope \(text) is negative; give the slope magnitude, e.g. 0.05") }
      minSlope = value
    }
    return (policy, minSlope)
  }

  /// Runs `fit` under the policy and minimum slope from ``monotonicSettings(_:problem:)``;
  /// a `require` violation becomes a ``CheckFailure`` (exit 1).
  static func underPolicy(
    _ arguments: ParsedArguments, problem: FitProblem,
    _ fit: (MonotonicPolicy, Double) throws(CurveFitError) -> PolicyFitResult
  ) throws -> PolicyFitResult {
    let (policy, minSlope) = try monotonicSettings(arguments, problem: problem)
    do {
      return try fit(policy, minSlope)
    } catch {
      let source =
        arguments.positionals.first.map(FileText.displayName(of:))
        ?? arguments.value("--data").map { $0 == "-" ? "<stdin>" : FileText.displayName(of: $0) } ?? "<arguments>"
      let located = error.located(in: source)
      if case .notMonotone = error.underlying { throw CheckFailure(located.description) }
      throw located
    }
  }

  /// Fits `problem` under the policy (see ``underPolicy(_:problem:_:)``).
  static func fitUnderPolicy(_ problem: FitProblem, arguments: ParsedArguments) throws -> PolicyFitResult {
    try underPolicy(arguments, problem: problem) { policy, minSlope throws(CurveFitError) in
      try problem.fit(policy: policy, minSlope: minSlope)
    }
  }

  /// Prints the report (human or `--json`) with the monotonicity section. `pointCount`
  /// overrides the problem's point count (streamed data holds no points).
  static func write(
    _ result: PolicyFitResult, problem: FitProblem, arguments: ParsedArguments, io: any CommandIO,
    pointCount: Int? = nil
  ) {
    let report = result.report
    let streamed = pointCount != nil
    if arguments.has("--json") {
      guard case .object(var members) = json(report, problem: problem, pointCount: pointCount) else { return }
      if report.maxAbsResidual.isNaN {  // Streamed from stdin: no second pass.
        members = members.map { member in
          member.key.hasPrefix("maxAbsResidual") ? (member.key, JSONValue.null) : member
        }
      }
      if streamed { members.append(("streamed", .bool(true))) }
      io.write(JSONWriter.string(.object(members + [("monotonic", monotoneJSON(result))])) + "\n")
    } else {
      var text = humanReport(report, problem: problem, pointCount: pointCount)
      if report.maxAbsResidual.isNaN {
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
          line.hasPrefix("max |residual|") ? "max |residual|  not computed (standard input is read once)" : String(line)
        }.joined(separator: "\n")
      }
      if streamed { text += "\nstreamed        \(pointCount ?? 0) points in bounded memory\n" }
      io.write(text + monotoneSummary(result))
    }
  }

  /// One line for the exact verdict, e.g. `non-increasing, flat at t = 0.48`.
  static func verdictText(_ result: PolicyFitResult) -> String {
    var text: String
    switch result.monotonicity {
    case .strictlyDecreasing: text = "strictly decreasing"
    case .nonIncreasing(let flats):
      text = "non-increasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .strictlyIncreasing: text = "strictly increasing"
    case .nonDecreasing(let flats):
      text = "non-decreasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .constant: text = "constant"
    case .notMonotone(let rising, _): text = "not monotone: f′(\(rising.t)) = \(rising.slope) > 0"
    }
    if result.minSlope > 0 {
      switch result.verdict {
      case .holds: text += "; f′ ≤ -\(result.minSlope) holds"
      case .fails(let t, let slope): text += "; f′ ≤ -\(result.minSlope) fails: f′(\(t)) = \(slope)"
      case .undecided(let t, let slope):
        text += "; f′ ≤ -\(result.minSlope) within rounding at t = \(t) (f′ = \(slope))"
      }
    }
    return text
  }

  /// The human-readable monotonicity section.
  static func monotoneSummary(_ result: PolicyFitResult) -> String {
    var rows: [[String]] = [
      ["monotonic", result.policy.rawValue + (result.minSlope > 0 ? " (min slope \(result.minSlope))" : "")]
    ]
    rows.append(["verdict", verdictText(result)])
    if let monotone = result.monotone {
      if monotone.wasAlreadyMonotone {
        rows.append(["active", "none: the least-squares fit already satisfies the constraint"])
      } else {
        rows.append(["active", monotone.activeConstraints.map(\.description).joined(separator: ", ")])
        let relative = monotone.relativeRMSERise.map { " (\($0 * 100)%)" } ?? ""
        rows.append([
          "RMSE rise", "\(monotone.rmseRise)\(relative) over unconstrained RMSE \(monotone.unconstrained.rmse)",
        ])
      }
      rows.append(["objective", "\(monotone.objective)"])
      rows.append([
        "KKT",
        "relative residual \(monotone.kkt.relativeResidual), multipliers "
          + (monotone.kkt.multipliers.isEmpty
            ? "none" : monotone.kkt.multipliers.map(\.description).joined(separator: ", ")),
      ])
    }
    return "\n" + table(rows)
  }

  /// The `--json` member `monotonic`.
  static func monotoneJSON(_ result: PolicyFitResult) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("policy", .string(result.policy.rawValue)),
      ("minSlope", .number(result.minSlope)),
      ("decreasing", .bool(result.monotonicity.isDecreasing)),
      ("verdict", .string(verdictText(result))),
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
      ]
    }
    return .object(members)
  }
}
