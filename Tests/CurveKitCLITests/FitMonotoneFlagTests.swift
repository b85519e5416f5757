import CurveCore
import CurveFitting
import CurveKitCLI
import CurveKitTestSupport
import Foundation
import Testing

/// `curvekit fit --monotonic require|enforce|ignore [--min-slope S]`.
@Suite("curvekit fit --monotonic")
struct FitMonotoneFlagTests {
  static let risingMiddle = ["--point", "0.3:0.5", "--point", "0.5:0.55", "--point", "0.7:0.6", "--point", "0.9:0.3"]

  @Test("require (the default for depletion points) exits 1 with the witness")
  func requireFails() {
    for (extra, name) in [([], "default"), (["--monotonic", "require"], "require")] {
      let result = runCurveKit(["fit"] + Self.risingMiddle + extra)
      #expect(result.status == 1)
      #expect(isOneLineError(result.errors))
      // In the designer's terms: where it rises, the witness, what pulls it up and advice.
      #expect(result.errors.contains("rises from") && result.errors.contains("f′("), "\(result.errors)")
      #expect(result.errors.contains("point 2 (t = 0.5, 0.55) is higher than the earlier point 1"), "\(result.errors)")
      // The advice in the command line's words (issue 29: not the spec's on a --point run).
      #expect(result.errors.contains("pass --monotonic enforce"), "\(result.errors)")
      // The whole report is still printed.
      Snapshot.assertMatches(result.output, named: "fit-rising-middle-\(name).txt")
    }
  }

  @Test("enforce never ships a curve the exact verdict says rises (fuzz seed 987654321, case 48693)")
  func enforcePinnedFlatPoint() {
    // An interior f′ = 0 constraint pins the optimum to the boundary; the rounded coefficients
    // rise by an ulp there (f′ ≈ 5.4e-16), so the exact verdict refuses it: exit 1, not 0.
    let result = runCurveKit([
      "fit", "--json", "--point", "0.8997340642028264:0.08", "--point", "0.7254228230097846:0.3122024014233351",
      "--weight", "1.0316158503953896", "--weight", "0.8180296623991823", "--constraint", "value@0=1",
      "--constraint", "value@1=0", "--constraint", "slope@0.8374096806500948=-0.0", "--monotonic", "enforce",
    ])
    #expect(result.status == 1, "\(result.errors)")
    #expect(isOneLineError(result.errors) && result.errors.contains("enforce already applies"), "\(result.errors)")
    Snapshot.assertMatches(result.output, named: "fit-enforce-pinned-flat-point.json")  // the whole report
  }

  @Test("enforce exits 0 and reports the active constraint, RMSE rise and KKT residual")
  func enforce() {
    let human = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "enforce"])
    #expect(human.status == 0)
    Snapshot.assertMatches(human.output, named: "fit-rising-middle-enforce.txt")
    let json = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "enforce", "--min-slope", "0.05", "--json"])
    #expect(json.status == 0)
    Snapshot.assertMatches(json.output, named: "fit-rising-middle-enforce-min-slope.json")
  }

  @Test("ignore reports the violation and exits 0")
  func ignore() {
    let result = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "ignore"])
    #expect(result.status == 0)
    Snapshot.assertMatches(result.output, named: "fit-rising-middle-ignore.txt")
  }

  @Test(
    "bad policy, slope or degree exit 2 with one line",
    arguments: [
      (["--monotonic", "sometimes"], "unknown value 'sometimes'"),
      (["--monotonic", "enforce", "--min-slope", "-0.1"], "negative"),
      (["--monotonic", "enforce", "--min-slope", "nan"], "--min-slope"),
      (["--monotonic", "enforce", "--min-slope", "2"], "minSlope 2.0 cannot hold"),
      (
        ["--monotonic", "enforce", "--degree", "5", "--constraint", "slope@0.5=0.5"],
        "no polynomial of degree 5 satisfies"
      ),
    ])
  func badSettings(extra: [String], fragment: String) {
    let result = runCurveKit(["fit"] + Self.risingMiddle + extra)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors))
    #expect(result.errors.contains(fragment), "\(result.errors)")
  }
}

/// `curvekit fit --data` beyond the in-memory limit: streamed, same answer.
@Suite("curvekit fit --data streaming")
struct FitStreamingDataTests {
  /// A 7·10⁴-line file (over the 65 536-point in-memory limit) with a rising stretch.
  /// `name` keeps the files of tests that run in parallel apart.
  static func writeData(name: String) throws -> (path: String, points: [DataPoint]) {
    var rng = SeededRandomNumberGenerator(seed: 5)
    var text = "# t y\n"
    var points: [DataPoint] = []
    for _ in 0..<70_000 {
      let t = rng.nextUnitDouble()
      let y = 1 - t + 2.4 * t * (1 - t) * (1 - 2 * t) + 0.05 * (rng.nextUnitDouble() - 0.5)
      points.append(DataPoint(t: t, y: y))
      text += "\(t) \(y)\n"
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("curvekit-stream-\(name)-\(getpid()).txt")
      .path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, points)
  }

  static func coefficients(_ json: String) throws -> (coefficients: [Double], rss: Double, maxAbs: Double?) {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return (
      try #require(object["coefficients"] as? [Double]), try #require(object["rss"] as? Double),
      object["maxAbsResidual"] as? Double
    )
  }

  @Test("streamed file and stdin agree with the in-memory library fit to 1e-12")
  func streamedMatchesInMemory() throws {
    let (path, points) = try Self.writeData(name: "cubic")
    defer { unlink(path) }
    #expect(points.count > FitCommandLimit.inMemory)
    // Debug-build parsing dominates the cost, so one policy; the library tests cover the others.
    for policy in ["enforce"] {
      let problem = FitProblem(points: points)
      let reference: FitReport =
        policy == "enforce" ? try MonotoneFitter.fit(problem).fit : try LeastSquaresFitter.fit(problem)
      let fromFile = runCurveKit(["fit", "--data", path, "--monotonic", policy, "--json"])
      #expect(fromFile.status == 0, "\(fromFile.errors)")
      let file = try Self.coefficients(fromFile.output)
      let scale = reference.coefficients.map(abs).max() ?? 1
      for (mine, theirs) in zip(file.coefficients, reference.coefficients) {
        #expect(abs(mine - theirs) <= 1e-12 * scale)
      }
      #expect(abs(file.rss - reference.rss) <= 1e-12 * reference.rss)
      #expect(abs((file.maxAbs ?? .nan) - reference.maxAbsResidual) <= 1e-12)
      #expect(fromFile.output.contains(#""streamed": true"#))

      let text = try String(contentsOfFile: path, encoding: .utf8)
      let fromStdin = runCurveKit(["fit", "--data", "-", "--monotonic", policy, "--json"], input: text)
      #expect(fromStdin.status == 0)
      let stdin = try Self.coefficients(fromStdin.output)
      for (mine, theirs) in zip(stdin.coefficients, reference.coefficients) {
        #expect(abs(mine - theirs) <= 1e-12 * scale)
      }
      #expect(abs(stdin.rss - reference.rss) <= 1e-10 * reference.rss)
      #expect(stdin.maxAbs == nil)
    }
  }

  @Test("streamed enforce at degree 6 (the exchange method from the power sums) is the in-memory optimum")
  func streamedEnforceHighDegree() throws {
    let (path, points) = try Self.writeData(name: "degree-6")
    defer { unlink(path) }
    let reference = try MonotoneFitter.fit(FitProblem(points: points, degree: 6), minSlope: 0.05)
    let run = runCurveKit([
      "fit", "--data", path, "--degree", "6", "--monotonic", "enforce", "--min-slope", "0.05", "--json",
    ])
    #expect(run.status == 0, "\(run.errors)")
    let streamed = try Self.coefficients(run.output)
    // The objective of the returned doubles, and the second pass's residuals, match memory.
    #expect(abs(streamed.rss - reference.objective) <= 1e-10 * reference.objective)
    #expect(abs((streamed.maxAbs ?? .nan) - reference.fit.maxAbsResidual) <= 1e-9)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let monotonic = try #require(object["monotonic"] as? [String: Any])
    let gap = try #require(monotonic["optimalityGap"] as? Double)
    #expect(gap >= 0 && gap <= 1e-9 * reference.objective)
    #expect(run.output.contains(#""streamed": true"#))
    let polynomial = try Polynomial(coefficients: streamed.coefficients)
    #expect(MonotoneSlopeCheck.check(polynomial, minSlope: 0.05) == .holds)
  }
}

/// The limit, restated so the test fails if it changes without the test noticing.
enum FitCommandLimit {
  static let inMemory = 65_536
}
