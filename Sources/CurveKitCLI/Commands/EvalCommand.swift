import CurveCore
import CurvePipeline
import CurveSpec

/// `curvekit eval`: the clamped level f(clamp(t)) at each normalized time, one per line.
enum EvalCommand: CurveKitCommand {
  static let name = "eval"
  static let abstract = "Evaluate a curve at normalized times."
  static let usage = [
    "eval --coefficients A,B,C,D [--method SCHEME] [--json] [T …]",
    "eval SPEC.json [--method SCHEME] [--json] [T …]",
    "eval --point T:Y … | --data FILE | --from-css EASING [fit options] [--method SCHEME] [--json] [T …]",
  ]
  static let discussion = """
    Prints the level at each T (clamped to [0, 1] first, as the article does), one per line,
    in shortest round-trip form. With no T, reads one T per line from standard input (blank
    lines are skipped). Coefficients: any degree up to 10, highest power first; for a cubic
    '--method horner' (the default) is bit for bit the article's level(forNormalizedElapsed:).
    Methods: \(EvaluationScheme.allCases.map { $0.rawValue }.joined(separator: ", ")).
    The curve can also come from a spec (a first argument that is not a number) or any
    other source 'curvekit fit' takes, fitted the same way.
    --bits reads and prints IEEE 754 bit patterns (16 hex digits a line) instead, so every
    double, NaN, infinities and subnormals included, can be checked bit for bit.
    Exit status: 0 on success, 2 on invalid input (the first bad line is named).
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value("--method", placeholder: "SCHEME", help: "Evaluation scheme (default horner)."),
      .flag("--json", help: "Print one JSON object with the times and levels."),
      .flag("--bits", help: "Read and print IEEE 754 bit patterns (16 hex digits a line), any double."),
    ]

  /// Times are evaluated and printed in blocks of this many, through the batch API.
  private static let blockSize = 4_096

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    let (specPath, times) = CurveSourceOptions.specAndValues(arguments)
    // Times in and levels out in the spec's own units, each axis a flag gives replaced.
    let (curve, units) = try CurveSourceOptions.resolveWithValueUnits(arguments, specPath: specPath, io: io)
    let polynomial = curve.polynomial
    let scheme = try attempt { () throws(UsageError) in
      try arguments.choice("--method", as: EvaluationScheme.self) ?? .horner
    }
    let evaluator = Evaluator(polynomial: polynomial, scheme: scheme, units: units)
    let json = arguments.has("--json")
    if arguments.has("--bits") {
      guard times.isEmpty, !json else {
        throw UsageError("--bits reads standard input and prints bit patterns only").commandError
      }
      BitPatternLines.write(evaluator.levels(try BitPatternLines.read(io)), to: io)
      return .success
    }
    var allTimes: [Double] = []
    var allLevels: [Double] = []
    var block: [Double] = []
    block.reserveCapacity(blockSize)
    var writer = DoubleLineWriter(io)
    func emit() {
      let levels = evaluator.levels(block)
      if json {
        allTimes += block
        allLevels += levels
      } else {
        for level in levels { writer.append(level) }
      }
      block.removeAll(keepingCapacity: true)
    }
    if times.isEmpty {
      let reader = try attempt { () throws(SpecError) in try io.inputReader() }
      var failure: UsageError?
      while failure == nil,
        reader.withNextLine({ bytes in
          if let time = NumberStreaming.plainDecimal(bytes) {
            block.append(time)
          } else {
            // Anything else (blank lines, other spellings, errors) takes the general parser.
            let line = String(decoding: bytes, as: UTF8.self)
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
            do throws(UsageError) {
              block.append(try NumberArgument.finiteDouble(line, what: "\(reader.sourceName):\(reader.lineNumber)"))
            } catch {
              failure = error
              return
            }
          }
          if let last = block.last, let problem = CurveSourceOptions.timeProblem(last, units: units) {
            failure = UsageError("\(reader.sourceName):\(reader.lineNumber): \(problem)")
            return
          }
          if block.count == blockSize { emit() }
        })
      {}
      if let failure { throw failure.commandError }
      if reader.hadReadError { throw UsageError("cannot read \(reader.sourceName): read error").commandError }
    } else {
      for (index, text) in times.enumerated() {
        let time = try attempt { () throws(UsageError) in try NumberArgument.finiteDouble(text, what: "T \(index + 1)")
        }
        if let problem = CurveSourceOptions.timeProblem(time, units: units) {
          throw UsageError("T \(index + 1): \(problem)").commandError
        }
        block.append(time)
        if block.count == blockSize { emit() }
      }
    }
    emit()
    writer.flush()
    if json {
      let object: JSONValue = [
        "coefficients": .numbers(polynomial.coefficients),
        "method": .string(scheme.rawValue),
        "t": .numbers(allTimes),
        "levels": .numbers(allLevels),
      ]
      io.write(JSONWriter.string(object, pretty: false) + "\n")
    }
    return .success
  }

  /// Clamped evaluation by the cubic batch API (degree ≤ 3) or the general polynomial schemes.
  private struct Evaluator {
    let polynomial: Polynomial
    let scheme: EvaluationScheme
    let cubic: Cubic?
    let units: CurveUnits

    init(polynomial: Polynomial, scheme: EvaluationScheme, units: CurveUnits) {
      self.polynomial = polynomial
      self.scheme = scheme
      self.units = units
      cubic = try? Cubic(polynomial)
    }

    /// The levels at `times` (in ``units``), in ``units``.
    func levels(_ times: [Double]) -> [Double] {
      let normalized = units.duration == nil ? times : times.map { units.normalized(time: $0) }
      let levels: [Double]
      if let cubic {
        levels = cubic.levels(forNormalizedElapsed: normalized, scheme: scheme)
      } else {
        levels = normalized.map { polynomial.value(at: Cubic.clampedNormalizedElapsed($0), scheme: scheme) }
      }
      return units.percent ? levels.map { units.display(level: $0) } : levels
    }
  }
}
