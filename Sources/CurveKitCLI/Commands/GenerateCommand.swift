import CurveCodegen
import CurveSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `curvekit generate`: emit the self-contained Swift source file for a curve.
enum GenerateCommand: CurveKitCommand {
  static let name = "generate"
  static let abstract = "Emit a self-contained Swift source file for a curve."
  static let usage = [
    "generate SPEC.json [-o FILE] [--type-name N] [--access LEVEL] [--inverse METHOD] [--with-schedule]",
    "generate --coefficients a,b,c,d --type-name N [-o FILE] [options]",
    "generate SPEC.json -o FILE --check",
  ]
  static let discussion = """
    Fits the spec (or takes the coefficients, highest power first) and writes one Swift file
    with a namespace enum: the coefficients, level(forNormalizedElapsed:) and
    normalizedElapsed(forLevel:), bit-identical to CurveKit, with no dependency on it.
    The spec's "codegen" object sets defaults; flags override them. Without -o the file goes
    to standard output; with -o it is written atomically, and only when its content changes.
    Exit status: 0 done; 1 the curve is not monotone on [0, 1] (without
    --allow-non-monotone or the spec's "monotonic": "ignore"), or --check found FILE
    missing or out of date; 2 invalid input.
    """
  static let options: [OptionSpec] = [
    .value("--output", short: "-o", placeholder: "FILE", help: "Write the file here instead of standard output."),
    .value("--type-name", placeholder: "N", help: "The generated enum's name (default: from the spec's name)."),
    .value("--access", placeholder: "LEVEL", help: "public, internal (default) or package."),
    .value("--inverse", placeholder: "METHOD", help: "auto (default), bisection, cardano, newton or table."),
    .flag("--with-schedule", help: "Add the Foundation date helpers (currentLevel, refill date, widget %)."),
    .flag("--allow-non-monotone", help: "Generate even when the curve is not monotone on [0, 1]."),
    .flag("--check", help: "Write nothing; exit 1 when FILE differs from what would be generated."),
    .value("--coefficients", placeholder: "a,b,c,d", help: "Use these coefficients instead of fitting a spec."),
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    try arguments.expectPositionals(atMost: 1, what: "one SPEC.json")
    let output = arguments.value("--output")
    if arguments.has("--check") && output == nil { throw UsageError("--check needs the file to compare: -o FILE") }
    let (curve, options) = try curveAndOptions(arguments)
    let text = try SwiftCodeGenerator.generate(curve, options: options)
    guard let output else {
      io.write(text)
      return .success
    }
    if arguments.has("--check") {
      try check(text, against: output)
    } else {
      try AtomicFileWriter.write(text, to: output)
    }
    return .success
  }

  /// The curve (fitted from SPEC.json or from `--coefficients`) and the resolved options:
  /// flags override the spec's `codegen` object, which overrides the defaults.
  /// - Throws: ``CheckFailure`` for a curve that is not monotone on [0, 1] (unless
  ///   `--allow-non-monotone` or the spec's `"monotonic": "ignore"`), else input errors.
  static func curveAndOptions(_ arguments: ParsedArguments) throws -> (CodegenCurve, GenerationOptions) {
    let allowNonMonotone = arguments.has("--allow-non-monotone")
    var specOptions = CodegenOptions()
    var policy = MonotonicPolicy.require
    let curve: CodegenCurve
    var derivedName: String?
    if let coefficients = try arguments.doubleList("--coefficients") {
      if let spec = arguments.positionals.first {
        throw UsageError("give either SPEC.json ('\(spec)') or --coefficients, not both")
      }
      curve = try CodegenCurve.direct(coefficients: coefficients)
    } else {
      guard let path = arguments.positionals.first else {
        throw UsageError("missing SPEC.json (or --coefficients a,b,c,d) for 'curvekit generate'")
      }
      let spec = try CurveSpec.load(path: path)
      (specOptions, policy) = (spec.codegen, spec.monotonic)
      do {
        curve = try CodegenCurve.fitted(from: spec, allowNonMonotone: allowNonMonotone)
      } catch {
        if case .notMonotone = error { throw CheckFailure(error.description) }
        throw error
      }
      derivedName = SwiftIdentifier.typeName(fromCurveName: spec.name)
      if specOptions.typeName == nil, derivedName == nil, arguments.value("--type-name") == nil {
        throw CodegenError.noTypeName(curveName: spec.name)
      }
    }
    guard let typeName = arguments.value("--type-name") ?? specOptions.typeName ?? derivedName else {
      throw UsageError("--coefficients needs --type-name N to name the generated enum")
    }
    try GenerationOptions.validate(typeName: typeName)
    let options = GenerationOptions(
      typeName: typeName,
      access: try arguments.choice("--access", as: AccessLevel.self) ?? specOptions.access ?? .internal,
      inverse: try arguments.choice("--inverse", as: InverseChoice.self) ?? specOptions.inverse ?? .auto,
      withSchedule: arguments.has("--with-schedule") || (specOptions.withSchedule ?? false))
    // A spec's "ignore" skips the check like --allow-non-monotone ("require" specs are
    // checked by the fit itself, "enforce" ones are monotone by construction).
    if let witness = curve.nonMonotoneWitness, !allowNonMonotone, policy != .ignore {
      throw CheckFailure(
        "\(curve.sourceName): the curve is not monotone on [0, 1]: \(witness); pass --allow-non-monotone to generate it anyway"
      )
    }
    return (curve, options)
  }

  /// `--check`: exit 1 when `path` is missing or differs from `text`; a directory is
  /// invalid input.
  static func check(_ text: String, against path: String) throws {
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw UsageError("cannot check '\(path)': it is a directory")
    }
    guard let existing = AtomicFileWriter.existingContent(of: path) else {
      throw CheckFailure("'\(path)' does not exist or cannot be read; run 'curvekit generate' without --check")
    }
    guard existing == Array(text.utf8) else {
      throw CheckFailure("'\(path)' is out of date: regenerate it with 'curvekit generate' without --check")
    }
  }
}
