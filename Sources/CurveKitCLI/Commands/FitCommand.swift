import CurveDesign
import CurveFitting
import CurveSpec

/// `curvekit fit`: least-squares fit of a curve spec, of `--point` pairs, or of a data file.
enum FitCommand: CurveKitCommand {
  static let name = "fit"
  static let abstract = "Fit a curve spec or points by least squares."
  static let usage = [
    "fit SPEC.curve.json [--json] [--degree N] [--unconstrained | --constraint C …] [--weight W …]",
    "fit --point T:Y [--point T:Y …] [--weight W …] [--degree N] [--unconstrained | --constraint C …] [--json]",
    "fit --data FILE|- [--degree N] [--unconstrained | --constraint C …] [--json]",
    "fit --from-css \"cubic-bezier(x1, y1, x2, y2)\" [--degree N] [--json]",
  ]
  static let discussion = """
    Fits a polynomial (degree 1…10, default 3) by weighted least squares: minimizes
    Σ (wᵢ·(yᵢ − f(tᵢ)))². Constrained fits use LAPACK dgglse; unconstrained fits use QR
    with column pivoting (dgelsy) in a centred, scaled variable plus iterative refinement.
    Points come from exactly one source: a spec file, --point, or --data (a text file of
    "t y" lines, '#' comments, '-' for stdin; streamed, so millions of lines are fine),
    or --from-css: a CSS easing (cubic-bezier(…) or a keyword) sampled as the depletion
    level 1 − easing(t) at t = k/64 (x(s) = t solved by safeguarded Newton–bisection);
    the report then adds the fit's max deviation from the easing on a 4097-point grid.
    An imported easing defaults to --monotonic enforce: the best monotone depletion cubic.
    Constraints: without --constraint or --unconstrained the depletion defaults f(0)=1,
    f(1)=0 apply (from a spec: its own constraints), and then every t must be in [0, 1].
    Options given with a spec override its degree, weights and constraints.
    Output: coefficients (highest power first), RSS, RMSE, the largest |residual| and
    where, R², rank, condition number (1-norm, scaled design), residual SD, standard errors (unconstrained) and
    constraint residuals; --json prints them as one JSON object. Under the report, a
    braille preview of the curve and its points appears when stdout is a terminal or with
    --preview (never with --json or --no-preview).
    Monotonicity (--monotonic, or the spec's "monotonic"; default require for depletion
    curves, ignore for general fits): require fails with exit 1 and the witness when the
    curve rises (or f′ > −S with --min-slope S); enforce returns the exact least-squares
    optimum over curves with f′ ≤ −S on [0, 1] (degree ≤ 3), with the active constraint,
    the RMSE rise and the KKT residual; ignore only reports the verdict.
    Exit status: 0 success; 1 not monotone under require; 2 invalid input or usage
    (one line "error: …" on stderr).
    """
  static let options: [OptionSpec] =
    [
      .repeated("--point", placeholder: "T:Y", help: "A data point (t, y)."),
      .repeated("--weight", placeholder: "W", help: "A positive weight per point, in order (multiplies the residual)."),
      .value("--data", placeholder: "FILE", help: "Read \"t y\" lines from FILE ('-' = stdin; '#' starts a comment)."),
      .value("--from-css", placeholder: "EASING", help: "Fit the depletion curve 1 − easing of a CSS cubic-bezier()."),
      .value("--degree", placeholder: "N", help: "Polynomial degree, 1…10 (default 3, or the spec's)."),
      .flag("--unconstrained", help: "Fit without constraints (reports standard errors)."),
      .repeated("--constraint", placeholder: "C", help: "value@T=V (f(T)=V) or slope@T=S (f'(T)=S)."),
      .flag("--json", help: "Print one JSON object instead of the report."),
      .flag("--preview", help: "Draw the curve in braille under the report (default when stdout is a terminal)."),
      .flag("--no-preview", help: "Never draw the terminal preview."),
    ] + monotoneOptions

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    if let dataPath = arguments.value("--data") { return try runData(dataPath, arguments: arguments, io: io) }
    let problem = try problem(from: arguments, io: io)
    let result = try fitUnderPolicy(problem, arguments: arguments)
    let report = result.report
    let easing = try arguments.value("--from-css").map { text throws(DesignError) in try CSSEasing.parse(text) }
    let deviation = easing.map { EasingImport.maxDeviation(of: report.polynomial, from: $0) }
    if arguments.has("--json") {
      guard case .object(var members) = json(report, problem: problem) else { return .success }
      members.append(("monotonic", monotoneJSON(result)))
      if let easing, let deviation {
        members.append(
          (
            "easing",
            .object([
              ("css", .string(easing.cssFunction)), ("maxDeviation", .number(deviation.value)),
              ("maxDeviationT", .number(deviation.t)),
            ])
          ))
      }
      io.write(JSONWriter.string(.object(members)) + "\n")
    } else {
      io.write(humanReport(report, problem: problem) + monotoneSummary(result))
      if let easing, let deviation {
        io.write(
          "\nimported easing  \(easing.cssFunction)\nmax deviation    \(deviation.value) at t = \(deviation.t)\n")
      }
      if !arguments.has("--no-preview"), arguments.has("--preview") || io.isOutputTerminal {
        io.write("\n" + TerminalPreview.render(report.polynomial, points: problem.points))
      }
    }
    return .success
  }

  // MARK: - Input

  /// Builds the problem from exactly one point source plus the overriding options.
  /// `dataPoints`, when given, replaces reading `--data` (the streaming path reads it itself).
  static func problem(from arguments: ParsedArguments, io: any CommandIO, dataPoints: [DataPoint]? = nil) throws
    -> FitProblem
  {
    try arguments.expectPositionals(atMost: 1, what: "at most one spec file")
    let pointTexts = arguments.values("--point")
    let dataPath = arguments.value("--data")
    let specPath = arguments.positionals.first
    let cssText = arguments.value("--from-css")
    let sources = [specPath != nil, !pointTexts.isEmpty, dataPath != nil, cssText != nil].filter { $0 }.count
    guard sources == 1 else {
      throw UsageError(
        sources == 0
          ? "no points: give a spec file, --point T:Y, --data FILE or --from-css EASING (see 'curvekit fit --help')"
          : "give points from one source only: a spec file, --point, --data or --from-css")
    }
    if arguments.has("--unconstrained"), !arguments.values("--constraint").isEmpty {
      throw UsageError("--unconstrained and --constraint contradict each other; give one or the other")
    }

    var problem: FitProblem
    var usesDefaultConstraints: Bool
    if let specPath {
      let spec = try CurveSpec.load(path: specPath)
      problem = spec.fitProblem
      usesDefaultConstraints = spec.usesDefaultConstraints
    } else if let cssText {
      problem = FitProblem(points: EasingImport.samples(of: try CSSEasing.parse(cssText)))
      usesDefaultConstraints = true
    } else {
      var points: [DataPoint] = []
      if let dataPoints {
        points = dataPoints
      } else if let dataPath {
        let reader = dataPath == "-" ? try io.inputReader() : try LineReader(path: dataPath)
        try DataFileReader.forEachPoint(reader: reader) { point, _ in points.append(point) }
      } else {
        for (index, text) in pointTexts.enumerated() { points.append(try point(text, index: index)) }
        if let (first, second) = CurveSpec.conflictingDuplicate(in: points) {
          throw UsageError(
            "--point \(second + 1) (\(pointTexts[second])) repeats the t of --point \(first + 1) (\(pointTexts[first])) "
              + "with a different level")
        }
      }
      problem = FitProblem(points: points)
      usesDefaultConstraints = true
    }

    let weightTexts = arguments.values("--weight")
    if !weightTexts.isEmpty {
      problem.weights = try weightTexts.enumerated().map { index, text throws(UsageError) in
        try NumberArgument.finiteDouble(text, what: "--weight \(index + 1)")
      }
    }
    if let degree = try arguments.integer("--degree", in: FitProblem.minimumDegree...FitProblem.maximumDegree) {
      problem.degree = degree
    }
    if arguments.has("--unconstrained") {
      problem.constraints = []
      usesDefaultConstraints = false
    }
    let constraintTexts = arguments.values("--constraint")
    if !constraintTexts.isEmpty {
      problem.constraints = try constraintTexts.map { text throws(UsageError) in try constraint(text) }
      usesDefaultConstraints = false
    }
    if usesDefaultConstraints, let outside = problem.points.firstIndex(where: { !(0...1).contains($0.t) }) {
      throw UsageError(
        "point at index \(outside) has t = \(problem.points[outside].t), outside [0, 1], which the default constraints "
          + "f(0)=1, f(1)=0 require; pass --unconstrained or --constraint for a general fit")
    }
    return problem
  }

  /// Parses `T:Y`.
  static func point(_ text: String, index: Int) throws(UsageError) -> DataPoint {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw UsageError("--point \(index + 1): '\(text)' is not of the form T:Y") }
    return DataPoint(
      t: try NumberArgument.finiteDouble(String(parts[0]), what: "--point \(index + 1) t"),
      y: try NumberArgument.finiteDouble(String(parts[1]), what: "--point \(index + 1) y"))
  }

  /// Parses `value@T=V` or `slope@T=S`.
  static func constraint(_ text: String) throws(UsageError) -> FitConstraint {
    let kindAndRest = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let rest = kindAndRest.count == 2 ? kindAndRest[1].split(separator: "=", omittingEmptySubsequences: false) : []
    guard rest.count == 2, ["value", "slope"].contains(kindAndRest[0]) else {
      throw UsageError("--constraint '\(text)' is not of the form value@T=V or slope@T=S")
    }
    let t = try NumberArgument.finiteDouble(String(rest[0]), what: "--constraint '\(text)' T")
    let target = try NumberArgument.finiteDouble(String(rest[1]), what: "--constraint '\(text)' target")
    return kindAndRest[0] == "value" ? .value(at: t, equals: target) : .slope(at: t, equals: target)
  }

  // MARK: - Output

  /// The `--json` object: every figure of the report, shortest round-trip numbers.
  static func json(_ report: FitReport, problem: FitProblem, pointCount: Int? = nil) -> JSONValue {
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
      ("points", .integer(pointCount ?? problem.points.count)),
      ("weighted", .bool(report.isWeighted)),
      ("rss", .optionalNumber(report.rss)),
      ("rmse", .optionalNumber(report.rmse)),
      ("maxAbsResidual", .optionalNumber(report.maxAbsResidual)),
      ("maxAbsResidualT", .number(report.maxAbsResidualT)),
      ("maxAbsResidualIndex", .integer(report.maxAbsResidualIndex)),
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
  static func humanReport(_ report: FitReport, problem: FitProblem, pointCount: Int? = nil) -> String {
    let kind =
      report.constraints.isEmpty
      ? "unconstrained"
      : report.constraints.map(\.description).joined(separator: ", ")
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

    var summary: [[String]] = [
      ["RSS", "\(report.rss)" + (report.isWeighted ? " (weighted)" : "")],
      ["RMSE", "\(report.rmse)"],
      [
        "max |residual|",
        "\(report.maxAbsResidual) at t = \(report.maxAbsResidualT) (point \(report.maxAbsResidualIndex + 1))",
      ],
      ["R²", report.rSquared.map { "\($0)" } ?? "undefined (all y equal)"],
      ["rank", "\(report.rank) of \(report.degree + 1)"],
      ["condition", "\(report.conditionNumber) (1-norm, scaled design)"],
      ["residual SD", report.residualStandardDeviation.map { "\($0)" } ?? "undefined (no degrees of freedom)"],
    ]
    for (constraint, residual) in zip(report.constraints, report.constraintResiduals) {
      summary.append(["\(constraint)", "residual \(residual)"])
    }
    text += "\n" + table(summary)
    return text
  }

  /// Left-aligned columns separated by two spaces.
  static func table(_ rows: [[String]]) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }.joined()
    }.joined(separator: "\n") + "\n"
  }
}
