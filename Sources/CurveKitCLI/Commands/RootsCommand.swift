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

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 0, what: "only options") }
    let given = try attempt { () throws(UsageError) in try arguments.doubleList("--coefficients") }
    guard let coefficients = given else {
      throw UsageError("missing --coefficients a,b,c,d").commandError
    }
    guard coefficients.count <= 4 else {
      throw UsageError("--coefficients: \(coefficients.count) numbers given; a cubic takes at most 4 (a,b,c,d)")
        .commandError
    }
    let cubic: Cubic
    do throws(CurveCoreError) {
      cubic = try Cubic(coefficients: coefficients)
    } catch {
      throw UsageError("--coefficients: \(error.description)").commandError
    }
    let roots: [RealRoot]
    do throws(RealRootsError) {
      roots = try cubic.realRootsWithMultiplicity()
    } catch {
      throw UsageError("--coefficients \(cubic): \(error)").commandError
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
