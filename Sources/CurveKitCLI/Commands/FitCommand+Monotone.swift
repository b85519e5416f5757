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
    .value("--min-slope", placeholder: "S", help: "Require f′ ≤ −S on [0, 1] (S ≥ 0; default 0 or the spec's minSlope)."),
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

  /// Fits under the policy; a `require` violation becomes a ``CheckFailure`` (exit 1).
  static func fitUnderPolicy(_ problem: FitProblem, arguments: ParsedArguments) throws -> PolicyFitResult {
    let (policy, minSlope) = try monotonicSettings(arguments, problem: problem)
    do {
      return try problem.fit(policy: policy, minSlope: minSlope)
    } catch .notMonotone(let t, let slope, let s, let coefficients) {
      throw CheckFailure(CurveFitError.notMonotone(t: t, slope: slope, minSlope: s, coefficients: coefficients).description)
    }
  }

  /// One line for the exact verdict, e.g. `non-increasing, flat at t = 0.48`.
  static func verdictText(_ result: PolicyFitResult) -> String {
    var text: String
    switch result.monotonicity {
    case .strictlyDecreasing: text = "strictly decreasing"
    case .nonIncreasing(let flats): text = "non-increasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .strictlyIncreasing: text = "strictly increasing"
    case .nonDecreasing(let flats): text = "non-decreasing, flat at t = " + flats.map { "\($0.t)" }.joined(separator: ", ")
    case .constant: text = "constant"
    case .notMonotone(let rising, _): text = "not monotone: f′(\(rising.t)) = \(rising.slope) > 0"
    }
    if result.minSlope > 0 {
      switch result.verdict {
      case .holds: text += "; f′ ≤ -\(result.minSlope) holds"
      case .fails(let t, let slope): text += "; f′ ≤ -\(result.minSlope) fails: f′(\(t)) = \(slope)"
      case .undecided(let t, let slope): text += "; f′ ≤ -\(result.minSlope) within rounding at t = \(t) (f′ = \(slope))"
      }
    }
    return text
  }

  /// The human-readable monotonicity section.
  static func monotoneSummary(_ result: PolicyFitResult) -> String {
    var rows: [[String]] = [["monotonic", result.policy.rawValue + (result.minSlope > 0 ? " (min slope \(result.minSlope))" : "")]]
    rows.append(["verdict", verdictText(result)])
    if let monotone = result.monotone {
      if monotone.wasAlreadyMonotone {
        rows.append(["active", "none: the least-squares fit already satisfies the constraint"])
      } else {
        rows.append(["active", monotone.activeConstraints.map(\.description).joined(separator: ", ")])
        let relative = monotone.relativeRMSERise.map { " (\($0 * 100)%)" } ?? ""
        rows.append(["RMSE rise", "\(monotone.rmseRise)\(relative) over unconstrained RMSE \(monotone.unconstrained.rmse)"])
      }
      rows.append(["objective", "\(monotone.objective)"])
      rows.append([
        "KKT", "relative residual \(monotone.kkt.relativeResidual), multipliers "
          + (monotone.kkt.multipliers.isEmpty ? "none" : monotone.kkt.multipliers.map(\.description).joined(separator: ", ")),
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
