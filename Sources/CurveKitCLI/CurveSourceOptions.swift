import CurveCore
import CurvePipeline
import CurveSpec

/// The curve-source options every command that consumes a curve shares, and the one place
/// where they become a ``CurveRequest`` for ``CurveResolver``.
///
/// Sources (exactly one): a spec file (a positional), `--point T:Y …`, `--data FILE|-`,
/// `--coefficients a,b,…` or `--from-css EASING`. Overrides: `--weight`, `--degree`,
/// `--unconstrained` / `--constraint`, `--monotonic`, `--min-slope`.
enum CurveSourceOptions {
  /// The source options, for a command's option list.
  static let sources: [OptionSpec] = [
    .repeated("--point", placeholder: "T:Y", help: "A control point (t, level); fitted by least squares."),
    .value("--data", placeholder: "FILE", help: "Fit \"t y\" lines from FILE ('-' = stdin; '#' starts a comment)."),
    .value("--coefficients", short: "-c", placeholder: "a,b,…", help: "The curve itself, highest power first."),
    .value("--from-css", placeholder: "EASING", help: "Fit the depletion curve 1 − easing of a CSS cubic-bezier()."),
  ]

  /// The fit options, for a command's option list.
  static let fitting: [OptionSpec] = [
    .repeated("--weight", placeholder: "W", help: "A positive weight per point, in order (multiplies the residual)."),
    .value("--degree", placeholder: "N", help: "Polynomial degree, 1…10 (default 3, or the spec's)."),
    .flag("--unconstrained", help: "Drop the depletion endpoints f(0)=1, f(1)=0 (a general fit)."),
    .repeated(
      "--constraint", placeholder: "C", help: "Add value@T=V (f(T)=V) or slope@T=S (f'(T)=S) to the endpoints."),
    .repeated("--at-least", placeholder: "UNTIL:LEVEL", help: "Milestone: stay at or above LEVEL until UNTIL."),
    .repeated("--at-most", placeholder: "FROM:LEVEL", help: "Milestone: be at or below LEVEL from FROM on."),
    .value(
      "--monotonic", placeholder: "POLICY",
      help: "require (fail with a witness if not decreasing), enforce (best monotone curve, any degree) or ignore."),
    .value(
      "--min-slope", placeholder: "S", help: "Require f′ ≤ −S on [0, 1] (S ≥ 0; default 0 or the spec's minSlope)."),
  ]

  /// The unit options: every time and level given or printed is in these units.
  static let unitOptions: [OptionSpec] = [
    .value("--days", placeholder: "N", help: "Times are days 0…N (points, constraints, milestones, inputs, output)."),
    .value(
      "--duration", placeholder: "DURATION",
      help: "Times are in DURATION's unit, 0…DURATION: 10h, 90min (or 90m), 30s, 2d, 1w (instead of --days)."),
    .flag("--percent", help: "Levels are percent 0…100 (points, constraints, milestones, inputs, output)."),
  ]

  /// All three lists.
  static let all = sources + fitting + unitOptions

  /// The request the arguments describe, with `specPaths` the positionals the command
  /// reads as spec files (at most one unless `allowsSeveralSpecs`).
  /// - Throws: ``UsageError`` when no source or more than one is given, or an option is
  ///   malformed.
  static func requests(
    _ arguments: ParsedArguments, specPaths: [String], allowsSeveralSpecs: Bool = false
  ) throws(CommandError) -> [CurveRequest] {
    let command = arguments.command
    let pointTexts = arguments.values("--point")
    let dataPath = arguments.value("--data")
    let coefficients = try attempt { () throws(UsageError) in try arguments.doubleList("--coefficients") }
    let cssText = arguments.value("--from-css")
    let given =
      (specPaths.isEmpty ? [] : ["a spec file"])
      + [
        (!pointTexts.isEmpty, "--point"), (dataPath != nil, "--data"), (coefficients != nil, "--coefficients"),
        (cssText != nil, "--from-css"),
      ].filter { $0.0 }.map { $0.1 }
    let flagSources = given.count - (specPaths.isEmpty ? 0 : 1)
    if specPaths.count > 1, !allowsSeveralSpecs {
      throw UsageError("give one spec file, not \(specPaths.count): '\(specPaths.joined(separator: "', '"))'")
        .commandError
    }
    let sourceCount = flagSources + specPaths.count
    guard sourceCount >= 1 else {
      throw UsageError(
        "no curve: give a spec file, --point T:Y, --data FILE, --coefficients a,b,… or --from-css EASING "
          + "(see 'curvekit \(command) --help')"
      ).commandError
    }
    guard sourceCount == 1 || (flagSources == 0 && allowsSeveralSpecs) else {
      let list = given.count == 2 ? "both \(given[0]) and \(given[1])" : given.joined(separator: ", ")
      throw UsageError("give the curve from one source only, not \(list)").commandError
    }
    var overrides = CurveRequest(.points([]))
    overrides.vocabulary = commandLineVocabulary
    try applyOverrides(arguments, to: &overrides)
    func with(_ source: CurveRequest.Source) -> CurveRequest {
      var request = overrides
      request.source = source
      return request
    }
    if let coefficients { return [with(.coefficients(coefficients))] }
    if let cssText { return [with(.cssEasing(cssText))] }
    if let dataPath { return [with(.dataFile(path: dataPath))] }
    if !pointTexts.isEmpty { return [with(.points(try points(pointTexts)))] }
    return specPaths.map { with(.specFile(path: $0)) }
  }

  /// The one request the arguments describe (see ``requests(_:specPaths:allowsSeveralSpecs:)``).
  static func request(_ arguments: ParsedArguments, specPath: String?) throws(CommandError) -> CurveRequest {
    try requests(arguments, specPaths: specPath.map { [$0] } ?? [])[0]
  }

  /// Resolves the one curve the arguments describe, reading `--data -` from `io`.
  static func resolve(_ arguments: ParsedArguments, specPath: String?, io: any CommandIO) throws(CommandError)
    -> FittedCurve
  {
    try resolve(request(arguments, specPath: specPath), io: io)
  }

  /// Resolves the one curve the arguments describe, with the units the command's own values
  /// (eval's times, invert's levels) are given and printed in: the resolver's
  /// ``CurveRequest/valueUnits(spec:)``, the spec's with each unit flag replacing its own axis.
  static func resolveWithValueUnits(
    _ arguments: ParsedArguments, specPath: String?, io: any CommandIO
  ) throws(CommandError) -> (curve: FittedCurve, units: CurveUnits) {
    let request = try request(arguments, specPath: specPath)
    let curve = try resolve(request, io: io)
    return (curve, request.valueUnits(spec: curve.spec))
  }

  /// Why a time given in `units` cannot be meant, or nil: in a real unit, a time outside the
  /// period 0…duration ("hour 12 is outside the period, hours 0…10") is refused rather than
  /// clamped; normalized time is clamped to [0, 1], as the article does.
  static func timeProblem(_ time: Double, units: CurveUnits) -> String? {
    guard units.duration != nil else { return nil }
    return UnitRanges(units: units, endpoints: true).timeProblem(time).map { problem in
      "\(problem) (\(unitsOrigin(units)))"
    }
  }

  /// Why a level given in `units` cannot be meant, or nil: a percentage outside 0…100, or,
  /// when `declared` (a depletion spec's levels, from empty to full), a fraction outside
  /// [0, 1] ("it looks like a percentage: pass --percent"); fractional levels of a curve
  /// from flags are clamped, as the article does.
  static func levelProblem(_ level: Double, units: CurveUnits, declared: Bool) -> String? {
    guard units.percent || declared else { return nil }
    return UnitRanges(units: units, endpoints: true, percentHint: commandLineVocabulary.percent).levelProblem(level)
  }

  /// "times in hours over 10 hours, levels in percent": the units values are read in, for messages.
  static func unitsOrigin(_ units: CurveUnits) -> String {
    let time =
      units.duration == nil ? "normalized times" : "times in \(units.timeUnit.plural) \(units.periodDescription)"
    return time + (units.percent ? ", levels in percent" : ", fractional levels")
  }

  /// Resolves `request`, reading `--data -` from `io`. Milestones that cannot hold together
  /// with the endpoints (and, under `enforce`, monotonicity) are a failed check (exit 1), not
  /// invalid input: each is valid alone.
  static func resolve(_ request: CurveRequest, io: any CommandIO) throws(CommandError) -> FittedCurve {
    var request = request
    // A plugin's user passes no flags: the ways out are the spec's own fields.
    if io.audience == .plugin { request.vocabulary = .spec }
    do {
      return try CurveResolver.resolve(request, standardInput: { () throws(SpecError) in try io.inputReader() })
    } catch {
      if case .fit(let fitError) = error, fitError.isMilestoneInfeasibility {
        throw CheckFailure(error.description).commandError
      }
      switch error {
      // Their own words (a spec error keeps its location).
      case .spec, .fit, .easing, .coefficients: throw error.commandError
      // The resolver's, in this front end's words.
      default: throw UsageError(error.message(in: request.vocabulary)).commandError
      }
    }
  }

  /// The resolver's messages in the command line's words: its flags.
  static let commandLineVocabulary = CurveRequest.Vocabulary(
    generalFit: "pass --unconstrained for a general fit", percent: "pass --percent",
    finishedCurve:
      "--coefficients is a finished curve: --degree, --weight, --constraint, --unconstrained and milestones do not apply",
    weights: "--weight values", enforce: "pass --monotonic enforce", degree: "--degree ")

  /// `--allow-non-depletion`: the override of the endpoint rule, for every artefact.
  static let allowNonDepletion = OptionSpec.flag(
    "--allow-non-depletion", help: "Ship a curve even when it does not go from 1 to 0 (within 4 ulps).")

  /// `--allow-non-monotone`: the override of the shape and policy rule, for every artefact.
  static let allowNonMonotone = OptionSpec.flag(
    "--allow-non-monotone",
    help: "Ship a curve even when it rises, is constant, or breaks its spec's minSlope or milestones.")

  /// The two overrides of the ship rule.
  static let shipOverrides = [allowNonDepletion, allowNonMonotone]

  /// The overrides the arguments give.
  static func overrides(_ arguments: ParsedArguments) -> Set<Diagnostic.Override> {
    var overrides: Set<Diagnostic.Override> = []
    if arguments.has("--allow-non-depletion") { overrides.insert(.allowNonDepletion) }
    if arguments.has("--allow-non-monotone") { overrides.insert(.allowNonMonotone) }
    return overrides
  }

  /// The one ship decision (``FittedCurve/diagnostics(for:overrides:tolerance:)``), presented:
  /// warnings and notes go to stderr; errors are a failed check (exit 1), one `error:` line
  /// each, with the flag that would override it.
  /// - Parameter extra: the artefact's own notes (e.g. an easing's range), printed after.
  /// - Returns: the diagnostics, for a JSON answer.
  @discardableResult
  static func ship(
    _ curve: FittedCurve, as artefact: Artefact, arguments: ParsedArguments, io: any CommandIO,
    tolerance: Double = DepletionCheck.defaultTolerance
  ) throws(CommandError) -> [Diagnostic] {
    let diagnostics = curve.diagnostics(for: artefact, overrides: overrides(arguments), tolerance: tolerance)
    try present(diagnostics, as: artefact, io: io)
    return diagnostics
  }

  /// Presents diagnostics already decided: warnings and notes on stderr, then the errors as a
  /// failed check (exit 1), one `error:` line each, with the flag that would override it.
  static func present(_ diagnostics: [Diagnostic], as artefact: Artefact, io: any CommandIO) throws(CommandError) {
    for diagnostic in diagnostics where diagnostic.severity != .error { io.writeError("\(diagnostic)\n") }
    let errors = diagnostics.errors.map { hinted($0, artefact, audience: io.audience) }
    if let first = errors.first { throw CheckFailure(lines: first, Array(errors.dropFirst())).commandError }
  }

  /// An error's message with the flag that overrides it, e.g. "…; pass --allow-non-monotone
  /// to generate it anyway".
  static func hinted(_ diagnostic: Diagnostic, _ artefact: Artefact, audience: CommandAudience = .commandLine)
    -> String
  {
    guard let override = diagnostic.override else { return diagnostic.message }
    if audience == .plugin {
      // The spec's own waiver (FittedCurve.diagnostics honours both), not a flag.
      let field = override == .allowNonDepletion ? "\"endpoints\": false" : "\"monotonic\": \"ignore\""
      return "\(diagnostic.message); add \(field) to the spec to generate it anyway"
    }
    let flag = override == .allowNonDepletion ? "--allow-non-depletion" : "--allow-non-monotone"
    let action: String
    switch artefact {
    case .generate: action = "generate it anyway"
    case .export: action = "export it anyway"
    case .timeline: action = "list its timeline anyway"
    case .check, .fit: action = "accept it"
    }
    return "\(diagnostic.message); pass \(flag) to \(action)"
  }

  // MARK: - Parsing

  /// `--days`, `--percent`, `--weight`, `--degree`, `--unconstrained`, `--constraint`,
  /// `--at-least`, `--at-most`, `--monotonic`, `--min-slope`.
  static func applyOverrides(_ arguments: ParsedArguments, to request: inout CurveRequest) throws(CommandError) {
    request.units = try attempt { () throws(UsageError) in try units(arguments) }
    let weightTexts = arguments.values("--weight")
    if !weightTexts.isEmpty {
      request.weights = try attempt { () throws(UsageError) in
        try weightTexts.enumerated().map { index, text throws(UsageError) in
          try NumberArgument.finiteDouble(text, what: "--weight \(index + 1)")
        }
      }
    }
    request.degree = try attempt { () throws(UsageError) in try arguments.integer("--degree", in: CurveSpec.degrees) }
    if arguments.has("--unconstrained") { request.endpoints = false }
    request.constraints = try attempt { () throws(UsageError) in
      try arguments.values("--constraint").map { text throws(UsageError) in try constraint(text) }
    }
    let atLeast = try attempt { () throws(UsageError) in
      try arguments.values("--at-least").map { text throws(UsageError) in
        let (t, level) = try pair(text, option: "--at-least", form: "UNTIL:LEVEL")
        return Milestone.atLeast(level: level, until: t)
      }
    }
    let atMost = try attempt { () throws(UsageError) in
      try arguments.values("--at-most").map { text throws(UsageError) in
        let (t, level) = try pair(text, option: "--at-most", form: "FROM:LEVEL")
        return Milestone.atMost(level: level, from: t)
      }
    }
    request.milestones = atLeast + atMost
    request.policy = try attempt { () throws(UsageError) in
      try arguments.choice("--monotonic", as: MonotonicPolicy.self)
    }
    if let text = arguments.value("--min-slope") {
      let value = try attempt { () throws(UsageError) in try NumberArgument.finiteDouble(text, what: "--min-slope") }
      guard value >= 0 else {
        throw UsageError("--min-slope \(text) is negative; give the slope magnitude, e.g. 0.05").commandError
      }
      request.minSlope = value
    }
  }

  /// The units `--days N` or `--duration DURATION` and `--percent` ask for, axis by axis, or
  /// nil when none is given: each flag replaces its own axis of the source's units and keeps
  /// the other (`--percent` on a spec in hours keeps the hours). `--duration 10h` keeps the
  /// number and unit as written (times in hours 0…10).
  static func units(_ arguments: ParsedArguments) throws(UsageError) -> CurveRequest.UnitOverride? {
    let period = try period(arguments)
    guard period != nil || arguments.has("--percent") else { return nil }
    return CurveRequest.UnitOverride(
      time: period.map { ($0.unit, $0.value) }, percent: arguments.has("--percent") ? true : nil)
  }

  /// Commands whose `--duration` is their own, not the period (export's is the SwiftUI
  /// animation's, in seconds).
  static let ownDurationCommands: Set<String> = ["export"]

  /// The period `--days N` or `--duration DURATION` gives, or nil; both together are refused.
  static func period(_ arguments: ParsedArguments) throws(UsageError) -> (value: Double, unit: TimeUnit)? {
    let days = try arguments.double("--days")
    if let days, !(days > 0) { throw UsageError("--days: '\(days)' must be a positive number of days") }
    guard !ownDurationCommands.contains(arguments.command), let text = arguments.value("--duration") else {
      return days.map { ($0, .days) }
    }
    if days != nil {
      throw UsageError("--duration and --days both give the period; pass one (--days N is --duration Nd)")
    }
    return try DurationArgument.parse(text, what: "--duration")
  }

  /// Parses `T:LEVEL`.
  static func pair(_ text: String, option: String, form: String) throws(UsageError) -> (Double, Double) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw UsageError("\(option) '\(text)' is not of the form \(form)") }
    return (
      try NumberArgument.finiteDouble(String(parts[0]), what: "\(option) '\(text)' time"),
      try NumberArgument.finiteDouble(String(parts[1]), what: "\(option) '\(text)' level")
    )
  }

  /// The `--point` values, refusing two different levels at one t.
  static func points(_ texts: [String]) throws(CommandError) -> [DataPoint] {
    let points = try attempt { () throws(UsageError) in
      try texts.enumerated().map { index, text throws(UsageError) in try point(text, index: index) }
    }
    if let (first, second) = CurveSpec.conflictingDuplicate(in: points) {
      throw UsageError(
        "--point \(second + 1) (\(texts[second])) repeats the t of --point \(first + 1) (\(texts[first])) "
          + "with a different level"
      ).commandError
    }
    return points
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

  /// For `eval` and `invert`, whose other positionals are numbers: without a source flag
  /// (`--point`, `--data`, `--coefficients`, `--from-css`) the first positional is the spec
  /// file. Returns the spec path and the remaining positionals.
  static func specAndValues(_ arguments: ParsedArguments) -> (spec: String?, values: [String]) {
    let flags = ["--point", "--data", "--coefficients", "--from-css"]
    guard let first = arguments.positionals.first, !flags.contains(where: { !arguments.values($0).isEmpty }) else {
      return (nil, arguments.positionals)
    }
    return (first, Array(arguments.positionals.dropFirst()))
  }
}
