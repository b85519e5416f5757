import CurveCore
import CurveSpec

/// `curvekit roots`: the real roots of a cubic over the whole real line.
enum RootsCommand: CurveKitCommand {
  static let name = "roots"
  static let abstract = "Print the real roots of a cubic."
  static let usage = ["roots --coefficients a,b,c,d [--json]"]
  static let discussion = """
    Prints the real roots of a·x³ + b·x² + c·x + d = 0 in ascending order, one per line
    (shortest round-trip doubles), each repeated by its multiplicity; nothing when there
    are none. --json prints {"coefficients": […], "roots": [{"value": x, "multiplicity": m}, …]}.
    Exit 0 on success, 2 on invalid input (including 0,0,0,0, where every x is a root).
    """
  static let options: [OptionSpec] = [
    .value(
      "--coefficients", short: "-c", placeholder: "a,b,c,d", help: "The cubic, highest power first (1 to 4 numbers)."),
    .flag("--json", help: "Print one JSON object with the multiplicities."),
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    try arguments.expectPositionals(atMost: 0, what: "only options")
    guard let coefficients = try arguments.doubleList("--coefficients") else {
      throw UsageError("missing --coefficients a,b,c,d")
    }
    guard coefficients.count <= 4 else {
      throw UsageError("--coefficients: \(coefficients.count) numbers given; a cubic takes at most 4 (a,b,c,d)")
    }
    let cubic: Cubic
    do { cubic = try Cubic(coefficients: coefficients) } catch { throw UsageError("--coefficients: \(error)") }
    let roots: [RealRoot]
    do {
      roots = try cubic.realRootsWithMultiplicity()
    } catch {
      throw UsageError("--coefficients \(cubic): \(error)")
    }
    if arguments.has("--json") {
      let json = JSONValue.object([
        (key: "coefficients", value: .numbers(cubic.coefficients)),
        (
          key: "roots",
          value: .array(
            roots.map {
              .object([
                (key: "value", value: .number($0.value)), (key: "multiplicity", value: .integer($0.multiplicity)),
              ])
            })
        ),
      ])
      io.write(JSONWriter.string(json) + "\n")
      return .success
    }
    for root in roots {
      for _ in 0..<root.multiplicity { io.write(root.value.description + "\n") }
    }
    return .success
  }
}
