import CurveCore
import CurveKitTestSupport
import Testing

@Suite("curvekit invert and roots")
struct InvertRootsCommandTests {
  let current = ArticleCurve.current.cubic.description

  @Test("invert prints one shortest round-trip t per level, equal to the library's")
  func invertLevels() throws {
    let result = runCurveKit(["invert", "--coefficients", current, "0.25", "0.5", "1", "0", "-0.5", "1.5"])
    #expect(result.status == 0)
    let table = try CubicInverseTable(ArticleCurve.current.cubic)
    let expected = [0.25, 0.5, 1, 0, -0.5, 1.5].map { table.normalizedElapsed(forLevel: $0).description }
    #expect(result.outputLines.map(String.init) == expected)
    #expect(result.errors.isEmpty)
  }

  @Test("every method is selectable and matches its library entry point", arguments: InverseMethod.allCases)
  func methods(method: InverseMethod) {
    let cubic = ArticleCurve.steepStart.cubic
    let result = runCurveKit(["invert", "-c", cubic.description, "--method", method.rawValue, "0.3", "1e-9"])
    #expect(result.status == 0)
    if method != .auto && method != .table {
      #expect(
        result.outputLines.map(String.init)
          == [0.3, 1e-9].map { cubic.normalizedElapsed(forLevel: $0, method: method).description })
    }
    #expect(result.outputLines.count == 2)
  }

  @Test("stdin: one level per line, blank lines skipped, same answers as arguments")
  func invertStdin() {
    var random = SeededRandomNumberGenerator(seed: 5)
    let levels = (0..<2_000).map { _ in random.nextUnitDouble() }
    let input = levels.map(\.description).joined(separator: "\n") + "\n\n  0.5 \r\n"
    let result = runCurveKit(["invert", "-c", current], input: input)
    #expect(result.status == 0)
    let viaArguments = runCurveKit(["invert", "-c", current] + (levels + [0.5]).map(\.description))
    #expect(result.output == viaArguments.output)
    #expect(result.outputLines.count == 2_001)
  }

  @Test("invert takes any degree up to 10: auto, newton and bisection above 3, the library's results")
  func invertHigherDegree() throws {
    let coefficients = [-6.0, 15, -10, 0, 0, 1]
    let polynomial = try Polynomial(coefficients: coefficients)
    let levels = ["0.9", "0.5", "0.125", "1e-9"]
    for method in ["auto", "newton", "bisection"] {
      let result = runCurveKit(
        ["invert", "-c", coefficients.map(\.description).joined(separator: ","), "--method", method] + levels)
      #expect(result.status == 0, "\(result.errors)")
      let expected = levels.compactMap(Double.init).map {
        polynomial.normalizedElapsed(forLevel: $0, method: InverseMethod(rawValue: method) ?? .auto).description
      }
      #expect(result.outputLines.map(String.init) == expected, "\(method)")
    }
    #expect(runCurveKit(["invert", "-c", "-6,15,-10,0,0,1", "0.5"]).output == "0.5\n")
  }

  @Test("invert rejects bad input with one line on stderr and exit 2")
  func invertErrors() {
    for arguments in [
      ["invert", "0.5"],
      ["invert", "-c", "-0.1,-0.1,-0.2,-0.6,1", "--method", "cardano", "0.5"],
      ["invert", "-c", "-0.1,-0.1,-0.2,-0.6,1", "--method", "table", "0.5"],
      ["invert", "-c", current, "--method", "secant", "0.5"],
      ["invert", "-c", current, "abc"],
      ["invert", "-c", "4,-6,1,1", "--method", "table", "0.5"],
    ] {
      let result = runCurveKit(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(isOneLineError(result.errors), "\(arguments): \(result.errors)")
    }
    let badLine = runCurveKit(["invert", "-c", current], input: "0.5\nnope\n")
    #expect(badLine.status == 2)
    #expect(badLine.errors.contains("<stdin>:2"))
  }

  @Test("roots prints ascending roots repeated by multiplicity; --json adds multiplicities")
  func roots() {
    let result = runCurveKit(["roots", "--coefficients", "1,0,-3,-2"])
    #expect(result.status == 0)
    #expect(result.output == "-1.0\n-1.0\n2.0\n")
    let json = runCurveKit(["roots", "-c", "1,0,-3,-2", "--json"])
    #expect(json.status == 0)
    Snapshot.assertMatches(json.output, named: "roots-double.json")
    let none = runCurveKit(["roots", "-c", "1,0,1"])
    #expect(none.status == 0 && none.output.isEmpty)
    let boost747 = runCurveKit(["roots", "-c", "1e-20,1,-3,2"])
    #expect(boost747.outputLines.count == 3)
    #expect(boost747.outputLines.dropFirst().map(String.init) == ["1.0", "2.0"])
  }

  @Test("roots rejects the zero polynomial and bad input with exit 2")
  func rootsErrors() {
    for arguments in [["roots", "-c", "0,0,0,0"], ["roots"], ["roots", "-c", "1,x"], ["roots", "-c", "1,2", "3"]] {
      let result = runCurveKit(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(isOneLineError(result.errors), "\(arguments): \(result.errors)")
    }
  }
}
