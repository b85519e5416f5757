import CurveCore
import CurveFitting
import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `curvekit fit`, run in-process: every point source, the JSON and human reports, and
/// exit status 2 with one `error:` line for every invalid input.
@Suite("curvekit fit")
struct FitCommandTests {
  /// The JSON object printed by `fit … --json`.
  static func jsonOutput(_ result: CommandResult) throws -> JSONValue {
    try JSONParser.parse(result.output).value
  }

  /// The numbers of a JSON array.
  static func numbers(_ value: JSONValue?) -> [Double]? {
    guard case .array(let items)? = value else { return nil }
    return items.compactMap { item in
      if case .number(let number) = item { return number }
      return nil
    }
  }

  @Test("a spec file: same coefficients as the library, bit for bit")
  func specFile() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"
    let result = runCurveKit(["fit", path, "--json"])
    #expect(result.status == 0 && result.errors.isEmpty)
    let json = try Self.jsonOutput(result)
    let spec = try CurveSpec.load(path: path)
    let expected = try LeastSquaresFitter.fit(
      FitProblem(
        points: spec.normalizedPoints, weights: spec.weights, degree: spec.degree,
        constraints: spec.normalizedConstraints))
    #expect(Self.numbers(json["coefficients"]) == expected.coefficients)
    #expect(json["rss"] == .number(expected.rss))
    #expect(json["rank"] == .number(4) && json["standardErrors"] == .null)
    guard case .array(let constraints)? = json["constraints"], constraints.count == 2 else {
      Issue.record("expected the two default constraints in \(result.output)")
      return
    }
    #expect(constraints[0]["t"] == .number(0) && constraints[0]["value"] == .number(1))
    #expect(constraints[1]["t"] == .number(1) && constraints[1]["value"] == .number(0))

    let human = runCurveKit(["fit", path])
    #expect(human.status == 0)
    // The designer's summary first, then the statistics under their heading.
    #expect(human.output.hasPrefix("Depletion 1 → 0 over 7 days · crosses 0.8 on day "), "\(human.output)")
    #expect(human.outputLines.contains("t^3   \(expected.coefficients[0])"), "the library's coefficient")
    Snapshot.assertMatches(human.output, named: "fit-depletion.txt")
    Snapshot.assertMatches(result.output, named: "fit-depletion.json")
  }

  @Test("--point with --weight, --degree and --unconstrained reports standard errors")
  func points() throws {
    let arguments = [
      "fit", "--point", "0:1", "--point", "0.3:0.8", "--point", "0.6:0.5", "--point", "1:0.1",
      "--point", "0.8:0.2", "--weight", "1", "--weight", "2", "--weight", "1", "--weight", "1",
      "--weight", "0.5", "--degree", "2", "--unconstrained", "--json",
    ]
    let result = runCurveKit(arguments)
    #expect(result.status == 0)
    let json = try Self.jsonOutput(result)
    let points = [(0.0, 1.0), (0.3, 0.8), (0.6, 0.5), (1, 0.1), (0.8, 0.2)].map { DataPoint(t: $0.0, y: $0.1) }
    let expected = try LeastSquaresFitter.fit(
      FitProblem(points: points, weights: [1, 2, 1, 1, 0.5], degree: 2, constraints: []))
    #expect(Self.numbers(json["coefficients"]) == expected.coefficients)
    #expect(Self.numbers(json["standardErrors"]) == expected.standardErrors)
    #expect(json["weighted"] == .bool(true) && json["degree"] == .number(2))
    let human = runCurveKit(Array(arguments.dropLast()))
    #expect(human.status == 0)
    Snapshot.assertMatches(human.output, named: "fit-points-weighted.txt")
    Snapshot.assertMatches(result.output, named: "fit-points-weighted.json")
  }

  /// Writes `text` to a fresh file under /tmp and returns its path.
  static func temporaryFile(_ text: String) throws -> String {
    let path = "/tmp/curvekit-fit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
    return path
  }

  @Test("--data streams a file and stdin, skipping comments; --constraint parses both kinds")
  func dataFile() throws {
    var text = "# t y: samples of 1 - t^2\n\n"
    for k in 0...40 {
      let t = Double(k) / 40
      text += "\(t)\t\(1 - t * t)\n"
      if k == 20 { text += "   # a comment after blanks\n" }
    }
    let path = try Self.temporaryFile(text)
    defer { unlink(path) }
    let options = ["--constraint", "value@0=1", "--constraint", "slope@0=0", "--json"]
    let fromStdin = runCurveKit(["fit", "--data", "-"] + options, input: text)
    let fromFile = runCurveKit(["fit", "--data", path] + options)
    #expect(fromStdin.status == 0 && fromFile.status == 0, "\(fromStdin.errors)\(fromFile.errors)")
    #expect(fromStdin.output == fromFile.output)
    let json = try Self.jsonOutput(fromFile)
    let coefficients = try #require(Self.numbers(json["coefficients"]))
    // 1 − t² satisfies f(0) = 1 and f′(0) = 0, so the cubic fit is that parabola (to rounding).
    #expect(coefficients.count == 4)
    #expect(zip(coefficients, [0.0, -1, 0, 1]).allSatisfy { abs($0 - $1) <= 1e-14 })
    #expect(json["points"] == .number(41))
    // The endpoints always hold; the given constraints add to them (f(0) = 1 counted once).
    guard case .array(let constraints)? = json["constraints"], constraints.count == 3 else {
      Issue.record("constraints missing")
      return
    }
    #expect(constraints[2]["slope"] == .number(0) && constraints[2]["t"] == .number(0))
  }

  @Test("--help describes every option")
  func help() {
    let result = runCurveKit(["fit", "--help"])
    #expect(result.status == 0)
    for option in ["--point", "--weight", "--data", "--degree", "--unconstrained", "--constraint", "--json"] {
      #expect(result.output.contains(option), "missing \(option)")
    }
    Snapshot.assertMatches(result.output, named: "fit-help.txt")
  }

  /// Invalid inputs, one per FitError case the command line can reach, plus usage errors.
  static let invalid: [(arguments: [String], input: String, message: String)] = [
    (["fit", "--data", "-"], "# nothing\n", "no data points"),
    (["fit", "--point", "0.5:0.5", "--degree", "0"], "", "--degree"),
    (["fit", "--point", "0.5:0.5", "--degree", "11"], "", "--degree"),
    (["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--weight", "1"], "", "1 weights were given for 2 points"),
    (["fit", "--point", "nan:0.5"], "", "--point 1 t"),
    (["fit", "--point", "0.5:inf"], "", "--point 1 y"),
    (["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--weight", "1", "--weight", "nan"], "", "--weight 2"),
    (
      ["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--weight", "1", "--weight", "0"], "",
      "weight at index 1 is 0.0"
    ),
    (
      ["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--weight", "-1", "--weight", "1"], "",
      "weight at index 0 is -1.0"
    ),
    (
      ["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--constraint", "slope@0=0", "--constraint", "slope@0=0"],
      "", "repeats the one at index 2"
    ),
    (
      ["fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--constraint", "slope@0=1", "--constraint", "slope@0=2"],
      "", "contradict"
    ),
    (
      [
        "fit", "--point", "0.2:0.8", "--degree", "1", "--unconstrained", "--constraint", "value@0=1",
        "--constraint", "value@1=0", "--constraint", "value@2=0",
      ], "", "3 constraints given"
    ),
    (
      [
        "fit", "--point", "0.2:0.8", "--point", "0.4:0.6", "--degree", "2", "--constraint", "value@0=1",
        "--constraint", "value@1=0", "--constraint", "slope@0.5=-1",
      ], "", "linearly dependent"
    ),
    (["fit", "--point", "0:1", "--point", "0.5:0.5", "--point", "1:0"], "", "only 1 distinct usable t"),
    (
      [
        "fit", "--point", "0:0", "--point", "1e-15:0", "--point", "2e-15:0", "--point", "3e-15:0", "--point", "1:1",
        "--unconstrained",
      ], "", "determine only 2 of 4"
    ),
    (
      [
        "fit", "--point", "0:1.7e308", "--point", "1:-1.7e308", "--point", "2:1.7e308", "--point", "3:-1.7e308",
        "--point", "4:1.7e308", "--degree", "4", "--unconstrained",
      ], "", "overflowed"
    ),
    (["fit", "--point", "1.5:0.5"], "", "outside [0, 1]"),
    (["fit", "--point", "0.5"], "", "T:Y"),
    (["fit", "--point", "0.5:0.5", "--constraint", "level@0=1"], "", "value@T=V"),
    (["fit", "--point", "0.5:0.5", "--constraint", "value@0=0.9"], "", "contradicts the depletion endpoints"),
    (["fit", "--point", "0.5:0.5", "--at-least", "0.6:0.8", "--at-most", "0.4:0.5"], "", "contradict each other"),
    (["fit", "--point", "0.5:0.5", "--at-least", "0.6:0.8", "--monotonic", "ignore"], "", "milestones need"),
    (["fit", "--point", "0.5:50", "--percent", "--at-least", "0.6:120"], "", "outside 0…100 %"),
    (["fit", "--point", "0.5:50"], "", "it looks like a percentage"),
    (["fit", "--point", "8:0.5", "--days", "7"], "", "outside the period"),
    (["fit"], "", "no curve"),
    (["fit", "a.json", "--point", "0.5:0.5"], "", "one source"),
    (["fit", "/nonexistent/spec.curve.json"], "", "spec.curve.json"),
    (["fit", "--data", "-"], "0.5 0.5 0.5\n", "more than two fields"),
  ]

  @Test("invalid input exits 2 with one line naming it", arguments: 0..<invalid.count)
  func invalidInput(index: Int) {
    let (arguments, input, message) = Self.invalid[index]
    let result = runCurveKit(arguments, input: input)
    #expect(result.status == 2, "\(arguments): \(result.output)")
    #expect(isOneLineError(result.errors), "\(arguments): \(result.errors)")
    #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
    #expect(result.output.isEmpty)
  }
}
