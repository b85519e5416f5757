import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import Testing

@Suite("curvekit check")
struct CheckCommandTests {
  @Test("the article's curves pass with exit 0 and the exact verdict", arguments: ArticleCurve.allCases)
  func articleCurvesPass(curve: ArticleCurve) {
    let result = runCurveKit(["check", "--coefficients", curve.cubic.description])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    let expected = curve == .steepStart ? "verdict: non-increasing, flat at t = 1.0" : "verdict: strictly decreasing"
    #expect(result.outputLines.contains { $0 == expected }, "\(result.output)")
    #expect(result.outputLines.suffix(2) == ["depletion curve: yes (tolerance 8.881784197001252e-16)", "ships: yes"])
    Snapshot.assertMatches(result.output, named: "check-\(curve).txt")
  }

  @Test("a curve that rises exits 1 with the exactly verified witness on one stderr line")
  func risingCurveFails() {
    // f′ = −3(1 − 2t)² + 2⁻⁵¹·… : one ulp up in c makes the slope at ½ positive.
    let result = runCurveKit(["check", "--coefficients", "-4,6,-2.9999999999999996,1"])
    #expect(result.status == 1)
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(
      result.errors
        == "error: --coefficients: the curve rises near t = 0.5 (f′(0.5) = 4.440892098500626e-16); "
        + "pass --allow-non-monotone to accept it\n")
    let touching = runCurveKit(["check", "--coefficients", "-4,6,-3,1"])
    #expect(touching.status == 0)
    #expect(touching.outputLines.contains("verdict: non-increasing, flat at t = 0.5"))
  }

  @Test("higher degree, endpoint deviations and increasing curves")
  func otherFailures() {
    // (1 − t)⁶ is non-increasing from 1 to 0 with a flat end.
    let sixth = runCurveKit(["check", "--coefficients", "1,-6,15,-20,15,-6,1"])
    #expect(sixth.status == 0, "\(sixth.errors)")
    let offEnd = runCurveKit(["check", "--coefficients", "0,0,-1,1.001"])
    #expect(offEnd.status == 1)
    #expect(
      offEnd.errors
        == "error: --coefficients: the curve starts at 1.001, not full (f(0) = 1.001, not 1) and ends at 0.001, "
        + "not empty (f(1) = 0.0009999999999998899, not 0); a depletion curve goes from full to empty; "
        + "pass --allow-non-depletion to accept it\n")
    // The override turns the refusal into a warning, with the same words.
    let allowed = runCurveKit(["check", "--coefficients", "0,0,-1,1.001", "--allow-non-depletion"])
    #expect(allowed.status == 0 && allowed.errors.hasPrefix("warning: --coefficients: the curve starts at 1.001"))
    #expect(runCurveKit(["check", "--coefficients", "0,0,-1,1.001", "--tolerance", "0.01"]).status == 0)
    let rising = runCurveKit(["check", "--coefficients", "1,0"])
    #expect(rising.status == 1)
    #expect(rising.errors.contains("it rises instead of falling"), "\(rising.errors)")
    // A constant curve: two findings, one error line each.
    let constant = runCurveKit(["check", "--coefficients", "3"]).errors.split(separator: "\n")
    #expect(constant.count == 2 && constant[0].contains("starts at 3.0, not full"))
    #expect(constant.count == 2 && constant[1].hasPrefix("error: --coefficients: the curve is constant"))
  }

  @Test("--json prints one object with the verdict, witnesses and endpoint deviations")
  func json() {
    let result = runCurveKit(["check", "--coefficients", "0,2,-2,1", "--json"])
    #expect(result.status == 1)
    // The verdict as data, spelled as fit --json spells it: the whole object, as recorded.
    Snapshot.assertMatches(result.output, named: "check-rising.json")
    let pass = runCurveKit(["check", "--json", "--coefficients", ArticleCurve.current.cubic.description])
    #expect(pass.status == 0)
    Snapshot.assertMatches(pass.output, named: "check-article-current.json")
  }

  @Test("SPEC.json: the fitted curve is checked", arguments: ["depletion", "linear", "steep-end"])
  func spec(name: String) {
    let result = runCurveKit(["check", Fixtures.repositoryRoot + "/examples/curves/\(name).curve.json"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.outputLines.contains("verdict: strictly decreasing"))
  }

  @Test(
    "invalid input exits 2 with one line",
    arguments: [
      ["check"], ["check", "--coefficients", "1,x"], ["check", "--coefficients", ""],
      ["check", "--coefficients", "1,nan"],
      ["check", "--coefficients", "1,2", "a.json"], ["check", "/no/such/spec.curve.json"], ["check", "a", "b"],
      ["check", "--coefficients", Array(repeating: "1", count: 12).joined(separator: ",")],
      ["check", "--coefficients", "1,0", "--tolerance", "-1"],
    ])
  func invalidInput(arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
  }
}
