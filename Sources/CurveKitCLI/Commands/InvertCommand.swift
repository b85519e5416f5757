import CurveCore
import CurvePipeline
import CurveSpec

/// `curvekit invert`: the normalized time t ∈ [0, 1] at which a cubic reaches each level.
enum InvertCommand: CurveKitCommand {
  static let name = "invert"
  static let abstract = "Find the normalized time for given levels."
  static let usage = [
    "invert --coefficients a,b,c,d [--method auto|bisection|cardano|newton|table] [LEVEL …]",
    "invert SPEC.json [--method METHOD] [LEVEL …]",
    "invert --point T:Y … | --data FILE | --from-css EASING [fit options] [--method METHOD] [LEVEL …]",
  ]
  static let discussion = """
    Prints one t per line (shortest round-trip doubles), the exact root of f(t) = LEVEL for
    the given double coefficients, clamped to [0, 1]. With no LEVEL, reads levels from
    standard input, one per line (blank lines are skipped).
    Methods (the same names and meanings as the library and generated code): auto (default:
    the one-off full-precision solver, ≤ 4.5e-16), newton (safeguarded Newton–bisection),
    table (the precomputed CubicInverseTable, built once; monotone curves only), cardano
    (closed form + Halley), bisection (the article's 32 steps, ≈ 1.2e-10).
    The curve can also come from a spec (a first argument that is not a number) or any
    other source 'curvekit fit' takes, fitted the same way. Any degree up to 10: above 3,
    auto and newton are one full-precision solver (safeguarded Newton with compensated
    residuals, ≤ 1e-15 away from flat points) and bisection is the article's; cardano and
    table exist for cubics only.
    --bits reads and prints IEEE 754 bit patterns (16 hex digits a line) instead, so every
    double, NaN and infinities included, can be checked bit for bit.
    Exit 0 on success, 2 on invalid input, a non-monotone curve with --method table, or a
    method the curve's degree does not have.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value(
        "--method", short: "-m", placeholder: "NAME", help: "auto, bisection, cardano, newton or table (default auto)."),
      .flag("--bits", help: "Read and print IEEE 754 bit patterns (16 hex digits a line), any double."),
    ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    let (specPath, levelTexts) = CurveSourceOptions.specAndValues(arguments)
    // Levels in and times out in the spec's own units, each axis a flag gives replaced.
    let (curve, units) = try CurveSourceOptions.resolveWithValueUnits(arguments, specPath: specPath, io: io)
    let method = try attempt { () throws(UsageError) in
      try arguments.choice("--method", as: InverseMethod.self) ?? .auto
    }
    let inverse: (Double) -> Double
    if curve.polynomial.degree <= 3, let cubic = curve.cubic {
      inverse = try attempt { () throws(UsageError) in try solver(for: cubic, method: method) }
    } else {
      let polynomial = curve.polynomial
      guard method.isAvailable(forDegree: polynomial.degree) else {
        throw UsageError(
          "--method \(method.rawValue) exists for cubics only, and \(curve.displayName) has degree "
            + "\(polynomial.degree); use auto, newton or bisection"
        ).commandError
      }
      inverse = { polynomial.normalizedElapsed(forLevel: $0, method: method) }
    }
    let solve: (Double) -> Double =
      units == .normalized ? inverse : { units.display(time: inverse(units.normalized(level: $0))) }
    if arguments.has("--bits") {
      guard levelTexts.isEmpty else {
        throw UsageError("--bits reads standard input and prints bit patterns only").commandError
      }
      BitPatternLines.write(try BitPatternLines.read(io).map(solve), to: io)
      return .success
    }
    // A spec under the depletion endpoints declares its levels' range; flags' curves clamp.
    let declared = curve.spec?.endpoints == true
    if !levelTexts.isEmpty {
      var levels: [Double] = []
      for (index, text) in levelTexts.enumerated() {
        let level = try attempt { () throws(UsageError) in
          try NumberArgument.finiteDouble(text, what: "LEVEL \(index + 1)")
        }
        if let problem = CurveSourceOptions.levelProblem(level, units: units, declared: declared) {
          throw UsageError("LEVEL \(index + 1): \(problem)").commandError
        }
        levels.append(level)
      }
      for level in levels { io.write(solve(level).description + "\n") }
      return .success
    }
    let reader = try attempt { () throws(SpecError) in try io.inputReader() }
    var writer = DoubleLineWriter(io)
    func nextLine() throws(UsageError) -> Bool {
      try reader.withNextLine { (bytes: UnsafeBufferPointer<UInt8>) throws(UsageError) in
        var parsed = NumberStreaming.plainDecimal(bytes)
        if parsed == nil { parsed = try parseLevel(bytes, line: reader.lineNumber, source: reader.sourceName) }
        guard let level = parsed else { return }
        if let problem = CurveSourceOptions.levelProblem(level, units: units, declared: declared) {
          throw UsageError("\(reader.sourceName):\(reader.lineNumber): \(problem)")
        }
        writer.append(solve(level))
      }
    }
    while try attempt({ () throws(UsageError) in try nextLine() }) {}
    writer.flush()
    if reader.hadReadError { throw UsageError("cannot read \(reader.sourceName)").commandError }
    return .success
  }

  /// The inverse for `method`, with the library's meaning of each name; `table` builds the
  /// ``CubicInverseTable`` once and refuses a curve it cannot invert.
  static func solver(for cubic: Cubic, method: InverseMethod) throws(UsageError) -> (Double) -> Double {
    switch method {
    case .auto: return { cubic.normalizedElapsed(forLevel: $0) }
    case .table:
      do {
        let table = try CubicInverseTable(cubic)
        return { table.normalizedElapsed(forLevel: $0) }
      } catch {
        throw UsageError("--method table: \(error)")
      }
    case .newton: return { cubic.normalizedElapsedByNewton(forLevel: $0) }
    case .cardano: return { cubic.normalizedElapsedByCardano(forLevel: $0) }
    case .bisection: return { cubic.normalizedElapsedByBisection(forLevel: $0) }
    }
  }

  /// One stdin line as a finite level, nil for a blank line.
  static func parseLevel(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, source: String) throws(UsageError) -> Double? {
    var start = 0
    var end = bytes.count
    while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
    while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    guard start < end else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw UsageError("\(source):\(line): '\(text)' is not a finite number")
    }
    return value
  }
}
