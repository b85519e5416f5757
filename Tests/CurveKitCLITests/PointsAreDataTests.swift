import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// The same numbers fit the same way whether they come from a spec, `--point` or `--data`:
/// levels a little past full or empty are data; only levels that look like the other unit
/// are refused, with the hint.
@Suite("Points are data: one rule for every route")
struct PointsAreDataTests {
  /// Measured data near the full level strays a little above 1.
  static let points: [(Double, Double)] = [(0.04, 1.009), (0.3, 0.74), (0.55, 0.5), (0.8, 0.21), (0.97, -0.012)]

  func coefficients(_ result: CommandResult) throws -> [Double] {
    guard case .array(let items)? = try JSONParser.parse(result.output).value["coefficients"] else {
      throw SpecError("no coefficients in \(result.output)", source: "output")
    }
    return items.compactMap { if case .number(let value) = $0 { value } else { nil } }
  }

  @Test("levels a little outside [0, 1] fit, and --point, --data and a spec give the same bits")
  func sameFitByEveryRoute() throws {
    let temporary = try TemporaryDirectory("points")
    defer { temporary.remove() }
    let directory = temporary.path
    let dataPath = directory + "/points.txt"
    try Self.points.map { "\($0.0) \($0.1)\n" }.joined().write(toFile: dataPath, atomically: true, encoding: .utf8)
    let specPath = directory + "/noisy.curve.json"
    let pairs = Self.points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
    try #"{"name": "Noisy", "points": [\#(pairs)]}"#.write(toFile: specPath, atomically: true, encoding: .utf8)

    let byPoint = runCurveKit(["fit", "--json"] + Self.points.flatMap { ["--point", "\($0.0):\($0.1)"] })
    let byData = runCurveKit(["fit", "--json", "--data", dataPath])
    let bySpec = runCurveKit(["fit", "--json", specPath])
    for result in [byPoint, byData, bySpec] { #expect(result.status == 0, "\(result.errors)") }
    let reference = try coefficients(byPoint)
    #expect(reference.count == 4)
    #expect(try coefficients(byData).map(\.bitPattern) == reference.map(\.bitPattern))
    #expect(try coefficients(bySpec).map(\.bitPattern) == reference.map(\.bitPattern))
  }

  @Test("levels that look like percentages are refused by every route, with the hint")
  func percentagesRefusedEverywhere() throws {
    let temporary = try TemporaryDirectory("percent")
    defer { temporary.remove() }
    let path = temporary.appending("percent.txt")
    try "0.25 80\n0.5 55\n0.75 30\n".write(toFile: path, atomically: true, encoding: .utf8)
    let byPoint = runCurveKit(["fit", "--point", "0.25:80", "--point", "0.5:55", "--point", "0.75:30"])
    let byData = runCurveKit(["fit", "--data", path])
    for result in [byPoint, byData] {
      #expect(result.status == 2)
      #expect(isOneLineError(result.errors) && result.errors.contains("it looks like a percentage"), "\(result.errors)")
    }
    // The boundary: 1.5 is still a (very noisy) level, so it is fitted (the curve it pulls up
    // rises, a failed check: exit 1 with the report), while 1.6 is refused as input (exit 2).
    #expect(runCurveKit(["fit", "--point", "0.25:1.5", "--point", "0.5:0.5", "--point", "0.75:0.2"]).status == 1)
    #expect(runCurveKit(["fit", "--point", "0.25:1.6", "--point", "0.5:0.5", "--point", "0.75:0.2"]).status == 2)
    // Percent specs: the same rule, scaled (100.5 % is fitted; whether that curve passes its
    // monotonicity check is the check's business, exit 0 or 1, never an input error).
    let noisyPercent = runCurveKit([
      "fit", "--percent", "--point", "0.1:100.5", "--point", "0.5:50", "--point", "0.75:20",
    ])
    #expect(noisyPercent.status != 2 && !noisyPercent.errors.contains("outside"), "\(noisyPercent.errors)")
    let far = runCurveKit(["fit", "--percent", "--point", "0.25:250", "--point", "0.5:50", "--point", "0.75:20"])
    #expect(far.status == 2 && far.errors.contains("far outside 0…100 %"), "\(far.errors)")
  }

  @Test("streamed --data in days and percent: the second pass measures residuals in the same units as the fit")
  func streamedDesignerUnits() throws {
    let temporary = try TemporaryDirectory("streamed")
    defer { temporary.remove() }
    let path = temporary.appending("streamed.txt")
    // 70 000 samples (past the in-memory limit) of 100·(1 − t)(1 + t/2) over 7 days, which is
    // strictly decreasing, exact on the curve up to the decimal printing.
    var text = ""
    for index in 1...70_000 {
      let day = 7 * Double(index) / 70_001
      let t = day / 7
      text += "\(day) \(100 * (1 - t) * (1 + t / 2))\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = runCurveKit(["fit", "--data", path, "--days", "7", "--percent", "--json"])
    #expect(result.status == 0, "\(result.errors)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let rmse = try #require(object["rmse"] as? Double)
    let largest = try #require(object["maxAbsResidual"] as? Double)
    // In fractions of full: the data lie on the fitted quadratic up to the decimal printing.
    #expect(rmse <= 1e-12 && largest <= 1e-12, "rmse \(rmse), max |residual| \(largest)")
  }

  @Test("streamed data the bound cannot decide: a file is read again exactly, a pipe keeps the fixed-order answer")
  func streamedUndecidedRounding() throws {
    // A constant level under a general line fit: the slope is exactly 0, which no error bound
    // can round (0 sits next to the midpoint 2⁻¹⁰⁷⁵), so exact arithmetic must decide it.
    let temporary = try TemporaryDirectory("flat")
    defer { temporary.remove() }
    let path = temporary.appending("flat.txt")
    var text = ""
    for index in 1...70_000 { text += "\(Double(index) / 70_001) 0.375\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let arguments = ["fit", "--unconstrained", "--degree", "1", "--monotonic", "ignore", "--json"]
    let file = runCurveKit(arguments + ["--data", path])
    #expect(file.status == 0, "\(file.errors)")
    #expect(file.output.contains("\"rounding\": \"exact\""), "\(file.output)")
    #expect(try coefficients(file) == [0, 0.375])
    let pipe = runCurveKit(arguments + ["--data", "-"], input: text)
    #expect(pipe.status == 0, "\(pipe.errors)")
    #expect(pipe.output.contains("\"rounding\": \"fixedOrder\""), "\(pipe.output)")
    let piped = try coefficients(pipe)
    #expect(abs(piped[0]) <= 0x1p-60 && piped[1] == 0.375, "\(piped)")
  }
}
