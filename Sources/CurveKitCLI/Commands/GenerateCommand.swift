import CurveCodegen
import CurveCore
import CurveDesign
import CurveEasing
import CurvePipeline
import CurveSpec

/// `curvekit generate`: emit the self-contained Swift source file for a curve.
enum GenerateCommand: CurveKitCommand {
  static let name = "generate"
  static let abstract = "Emit a self-contained Swift, Kotlin or TypeScript source file for a curve."
  static let usage = [
    "generate SPEC.json [-o FILE] [--type-name N] [--access LEVEL] [--inverse METHOD] [--with-schedule | --no-schedule]",
    "generate SPEC.json --language kotlin|typescript [--package NAME] [--compose] [-o FILE] [options]",
    "generate --coefficients a,b,c,d --type-name N [-o FILE] [options]",
    "generate --point T:Y … | --data FILE | --from-css EASING --type-name N [fit options] [-o FILE] [options]",
    "generate SPEC.json -o FILE --check",
    "generate --protocol NAME [--access LEVEL] [--with-schedule] [-o FILE]",
  ]
  static let discussion = """
    Fits the spec (or takes the coefficients, highest power first) and writes one Swift file
    with a namespace enum: the coefficients, level(forNormalizedElapsed:) and
    normalizedElapsed(forLevel:), bit-identical to CurveKit, with no dependency on it. Any
    degree from 1 to 10: cubics keep a, b, c, d; higher degrees use the polynomial kernels
    (--inverse auto, newton or bisection). --with-schedule adds DepletionSchedule's date
    helpers as static functions of the same names: currentLevel, widgetPercentage, refillDate,
    percentageChanges (exact widget timelines), nextPercentageChange, date(whenLevelReaches:).
    --conform-to NAME makes the type conform to a protocol the app declares once; --protocol
    NAME prints that protocol (every generated type meets it), instead of a curve file.
    The spec's "codegen" object sets defaults; flags override them (--no-schedule drops the
    date helpers a spec's "withSchedule": true asks for). The type's doc comment carries the
    spec's "description". The type name defaults to the spec's name in UpperCamelCase, with
    Latin letters transliterated to ASCII ("Füllstand" → Fullstand, "Straße" → Strasse).
    --language kotlin writes a Kotlin object (level, normalizedElapsed, widgetPercentage; with
    --with-schedule currentLevel and percentageChanges on epoch milliseconds; --package NAME or
    the spec's codegen.package; --compose adds an androidx Easing). --language typescript
    writes an ES2020 module exporting one object with the same members. Both run CurveKit's
    kernels ported operation for operation, so every level, inverse and timeline date equals
    the Swift library's bit for bit; they have the inverse methods auto, newton and bisection.
    Without --language the language follows -o's extension (.swift, .kt, .ts), else Swift.
    --progress-segments 0.5,1 (or the spec's codegen.progressSegments) embeds, in any language,
    the certified linear ramps of `timeline --segments` for those limits: progressSegments(…)
    returns the ramps of the largest embedded limit not above the one asked for, as dates.
    Without -o the file goes to standard output; with -o it is written atomically, and only
    when its content changes, and the command says which: "wrote FILE" or "unchanged FILE"
    ("up to date FILE" with --check).
    The ship rule is the same for every artefact (generate, export, timeline, check): a curve
    that is not a depletion curve (f(0) = 1, f(1) = 0 within 4 ulps), is not monotone on
    [0, 1], or breaks its spec's minSlope or milestones is refused, unless
    --allow-non-depletion (or the spec's "endpoints": false) or --allow-non-monotone (or the
    spec's "monotonic": "ignore") turns that error into a warning.
    Exit status: 0 done; 1 the ship rule refused the curve, or --check found FILE missing or
    out of date; 2 invalid input.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value("--output", short: "-o", placeholder: "FILE", help: "Write the file here instead of standard output."),
      .value(
        "--language", placeholder: "LANG", help: "swift (default), kotlin or typescript; else from -o's extension."),
      .value("--package", placeholder: "NAME", help: "The Kotlin package (default: the spec's codegen.package)."),
      .flag("--compose", help: "Kotlin: add an androidx.compose.animation.core.Easing adapter."),
      .value(
        "--css-linear", placeholder: "PP",
        help: "TypeScript: also carry the linear() easing within PP percentage points (export's css-linear)."),
      .value(
        "--progress-segments", placeholder: "PP,…",
        help: "Embed certified linear ramps for these error limits (percentage points); needs the schedule."),
      .value("--type-name", placeholder: "N", help: "The generated enum's name (default: from the spec's name)."),
      .value("--access", placeholder: "LEVEL", help: "public, internal (default) or package."),
      .value("--inverse", placeholder: "METHOD", help: "auto (default), bisection, cardano, newton or table."),
      .flag("--with-schedule", help: "Add the Foundation date helpers (levels, refill dates, widget timelines)."),
      .flag("--no-schedule", help: "Leave the date helpers out, even when the spec's codegen asks for them."),
      .repeated("--conform-to", placeholder: "NAME", help: "Declare conformance to the app's protocol NAME."),
      .value("--protocol", placeholder: "NAME", help: "Print the protocol every generated type meets, named NAME."),
      .flag("--check", help: "Write nothing; exit 1 when FILE differs from what would be generated."),
    ] + CurveSourceOptions.shipOverrides

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "one SPEC.json") }
    let output = arguments.value("--output")
    if arguments.has("--check") && output == nil {
      throw UsageError("--check needs the file to compare: -o FILE").commandError
    }
    let language = try self.language(arguments, output: output)
    let text: String
    if let protocolName = arguments.value("--protocol") {
      guard language == .swift else {
        throw UsageError("--protocol prints a Swift protocol; it has no \(language.displayName) form").commandError
      }
      text = try protocolText(protocolName, arguments)
    } else {
      let (curve, options) = try curveAndOptions(arguments, language: language, io: io)
      text = try attempt { () throws(CodegenError) in
        try CodeGenerator.generate(curve, options: options, language: language)
      }
    }
    guard let output else {
      io.write(text)
      return .success
    }
    if arguments.has("--check") {
      try check(text, against: output)
      io.write("up to date \(output)\n")
    } else {
      let outcome = try attempt { () throws(FileWriteError) in try FileIO.write(text, to: output) }
      io.write("\(outcome == .written ? "wrote" : "unchanged") \(output)\n")
    }
    return .success
  }

  /// The resolved curve and options: flags override the spec's `codegen` object, which
  /// overrides the defaults.
  /// - Throws: ``CheckFailure`` for a curve the ship rule refuses
  ///   (``FittedCurve/diagnostics(for:overrides:tolerance:)``), else input errors.
  static func curveAndOptions(_ arguments: ParsedArguments, language: TargetLanguage = .swift, io: any CommandIO)
    throws(CommandError) -> (FittedCurve, GenerationOptions)
  {
    if arguments.has("--with-schedule") && arguments.has("--no-schedule") {
      throw UsageError("--with-schedule and --no-schedule contradict each other; give one or the other").commandError
    }
    if language != .kotlin,
      let flag = ["--package", "--compose"].first(where: { arguments.has($0) || arguments.value($0) != nil })
    {
      throw UsageError("\(flag) applies to --language kotlin only").commandError
    }
    if language != .swift, !arguments.values("--conform-to").isEmpty {
      throw UsageError("--conform-to declares a Swift protocol conformance; it has no \(language.displayName) form")
        .commandError
    }
    let curve = try CurveSourceOptions.resolve(arguments, specPath: arguments.positionals.first, io: io)
    let access = try attempt { () throws(UsageError) in try arguments.choice("--access", as: AccessLevel.self) }
    let inverse = try attempt { () throws(UsageError) in try arguments.choice("--inverse", as: InverseMethod.self) }
    let limits = try progressSegmentLimits(arguments)
    var options = try attempt { () throws(CodegenError) in
      try GenerationOptions.resolved(
        for: curve, typeName: arguments.value("--type-name"), access: access, inverse: inverse,
        withSchedule: arguments.has("--with-schedule") ? true : arguments.has("--no-schedule") ? false : nil,
        conformances: arguments.values("--conform-to").isEmpty ? nil : arguments.values("--conform-to"),
        packageName: language == .kotlin ? arguments.value("--package") : nil,
        composeEasing: arguments.has("--compose"),
        progressSegmentLimits: limits)
    }
    // A method the degree does not have is invalid input (exit 2), whatever the monotonicity.
    guard options.inverse.isAvailable(forDegree: curve.polynomial.degree) else {
      throw CodegenError.inverseUnavailable(options.inverse, degree: curve.polynomial.degree).commandError
    }
    guard language.hasInverse(options.inverse) else {
      throw CodegenError.inverseUnavailableInLanguage(options.inverse, language: language).commandError
    }
    try CurveSourceOptions.ship(curve, as: .generate, arguments: arguments, io: io)
    try cssEasings(curve, arguments, language: language, into: &options)
    return (curve, options)
  }

  /// The CSS easings a TypeScript file carries, as `curvekit export` prints them (CurveDesign
  /// decides them): `cssEasing` whenever the curve has a cubic-bezier, `cssLinearEasing` with
  /// `--css-linear PP`.
  /// - Throws: ``UsageError`` for `--css-linear` outside TypeScript or with a bad limit, and
  ///   export's own error when the curve has no CSS easing and `--css-linear` asks for one.
  static func cssEasings(
    _ curve: FittedCurve, _ arguments: ParsedArguments, language: TargetLanguage, into options: inout GenerationOptions
  ) throws(CommandError) {
    let linearLimit = try attempt { () throws(UsageError) in try arguments.double("--css-linear") }
    if linearLimit != nil, language != .typescript {
      throw UsageError("--css-linear applies to --language typescript only").commandError
    }
    guard language == .typescript else { return }
    options.cssEasing = EasingExport.typeScriptEasing(for: curve)
    guard let export = try? EasingExport(curve) else {
      // With --css-linear, the export's own reason is the error.
      if linearLimit != nil { _ = try attempt { () throws(EasingError) in try EasingExport(curve) } }
      return
    }
    if let points = linearLimit {
      guard points > 0, points.isFinite else {
        throw UsageError("--css-linear: '\(points)' must be a positive number").commandError
      }
      options.cssLinearEasing = try attempt { () throws(EasingError) in
        try LinearEasing(progressOf: export.polynomial, maximumError: points / 100).cssFunction
      }
    }
  }

  /// `--progress-segments 0.5,1`: positive percentage points, or nil when not given.
  /// - Throws: ``UsageError`` naming the flag and the bad value.
  static func progressSegmentLimits(_ arguments: ParsedArguments) throws(CommandError) -> [Double]? {
    guard let text = arguments.value("--progress-segments") else { return nil }
    return try attempt { () throws(UsageError) in
      try text.split(separator: ",", omittingEmptySubsequences: false).map { item throws(UsageError) in
        guard let limit = Double(String(item).trimmingCharacters(in: " ")), limit.isFinite, limit > 0 else {
          throw UsageError("--progress-segments: '\(item)' is not a positive number of percentage points")
        }
        return limit
      }
    }
  }

  /// The target language: `--language`, else the one `-o`'s extension implies, else Swift.
  /// - Throws: ``UsageError`` for an unknown language, or one that contradicts `-o`'s extension.
  static func language(_ arguments: ParsedArguments, output: String?) throws(CommandError) -> TargetLanguage {
    let implied = output.flatMap(TargetLanguage.implied(byPath:))
    let choice = try attempt { () throws(UsageError) in try arguments.choice("--language", as: TargetLanguage.self) }
    guard let chosen = choice else { return implied ?? .swift }
    if let implied, implied != chosen {
      throw UsageError(
        "--language \(chosen.rawValue) contradicts -o '\(output ?? "")', whose extension means \(implied.rawValue)"
      ).commandError
    }
    return chosen
  }

  /// `--protocol NAME`: the protocol text, refusing curve sources and curve options, which it
  /// does not use.
  static func protocolText(_ name: String, _ arguments: ParsedArguments) throws(CommandError) -> String {
    let curveOptions = CurveSourceOptions.all.map { $0.name } + ["--type-name", "--inverse", "--conform-to"]
    if let given = curveOptions.first(where: { !arguments.values($0).isEmpty || arguments.has($0) }) {
      throw UsageError("--protocol prints the protocol only; \(given) does not apply").commandError
    }
    if let spec = arguments.positionals.first {
      throw UsageError("--protocol prints the protocol only; the spec '\(spec)' does not apply").commandError
    }
    let access = try attempt { () throws(UsageError) in try arguments.choice("--access", as: AccessLevel.self) }
    return try attempt { () throws(CodegenError) in
      try SwiftCodeGenerator.protocolDeclaration(
        name: name, access: access ?? .internal, withSchedule: arguments.has("--with-schedule"))
    }
  }

  /// `--check`: exit 1 when `path` is missing or differs from `text`; a directory, link, FIFO
  /// or device is invalid input (``FileIO/existing(at:upTo:for:)``: never followed, waited on,
  /// or read past `text`'s length + 1).
  static func check(_ text: String, against path: String) throws(CommandError) {
    let expected = Array(text.utf8)
    let found = try attempt { () throws(FileWriteError) in
      try FileIO.existing(at: path, upTo: expected.count, for: "check")
    }
    guard case .file(_, let existing, let truncated) = found else {
      throw CheckFailure("'\(path)' does not exist or cannot be read; run 'curvekit generate' without --check")
        .commandError
    }
    guard !truncated, existing == expected else {
      throw CheckFailure("'\(path)' is out of date: regenerate it with 'curvekit generate' without --check")
        .commandError
    }
  }
}
