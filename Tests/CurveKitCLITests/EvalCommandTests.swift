import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import Testing

@Suite("curvekit eval")
struct EvalCommandTests {
  let current = ArticleCurve.current.cubic

  @Test("positional times print the clamped Horner level bit for bit, one per line")
  func positional() {
    let times = ["0", "0.25", "0.5", "1", "1.5", "-2", "1e-300"]
    let result = runCurveKit(["eval", "--coefficients", current.description] + times)
    #expect(result.status == 0, "\(result.errors)")
    let expected = times.compactMap(Double.init).map { current.level(forNormalizedElapsed: $0).description }
    #expect(result.outputLines.map(String.init) == expected)
  }

  @Test(
    "stdin: 20 000 lines (blank lines skipped) give the library's levels, for every method",
    arguments: EvaluationScheme.allCases)
  func standardInput(scheme: EvaluationScheme) {
    var random = SeededRandomNumberGenerator(seed: 43)
    let times = (0..<20_000).map { _ in random.nextUnitDouble() * 1.2 - 0.1 }
    let input = times.map(\.description).joined(separator: "\n") + "\n\n  \n"
    let result = runCurveKit(
      ["eval", "--coefficients", current.description, "--method", scheme.rawValue], input: input)
    #expect(result.status == 0, "\(result.errors)")
    let expected = times.map { current.level(forNormalizedElapsed: $0, scheme: scheme).description }
    #expect(result.outputLines.map(String.init) == expected)
  }

  @Test("degree above 3 uses the polynomial schemes on the clamped time")
  func higherDegree() throws {
    let coefficients = [1.0, -6, 15, -20, 15, -6, 1]
    let result = runCurveKit(["eval", "--coefficients", "1,-6,15,-20,15,-6,1", "--method", "estrin", "0.3", "2"])
    let p = try Polynomial(coefficients: coefficients)
    #expect(
      result.outputLines.map(String.init) == [
        p.value(at: 0.3, scheme: .estrin).description,
        p.value(at: 1, scheme: .estrin).description,
      ])
  }

  @Test("--json prints one object with the method, times and levels")
  func json() {
    let result = runCurveKit(["eval", "--coefficients", "0,0,-1,1", "--json", "0.25", "3"])
    #expect(result.status == 0)
    #expect(
      result.output
        == "{\"coefficients\":[0.0,0.0,-1.0,1.0],\"method\":\"horner\",\"t\":[0.25,3.0],\"levels\":[0.75,0.0]}\n")
  }

  @Test(
    "bad input exits 2 naming the line or argument",
    arguments: [
      (["eval"], ""), (["eval", "--coefficients", "1,2", "--method", "cubic"], ""),
      (["eval", "--coefficients", "1,2", "x"], ""),
      (["eval", "--coefficients", "1,2"], "0.5\nabc\n"), (["eval", "--coefficients", "1,2"], "inf\n"),
    ])
  func invalid(arguments: [String], input: String) {
    let result = runCurveKit(arguments, input: input)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
  }

  @Test("the failing stdin line is named")
  func namesLine() {
    let result = runCurveKit(["eval", "--coefficients", "1,2"], input: "0.5\n0.25\nabc\n")
    #expect(result.errors == "error: <stdin>:3: 'abc' is not a number\n")
  }
}
