import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import Foundation
import Testing

/// Every command that consumes a curve accepts every curve source through the one resolver,
/// and what it prints is computed from the same resolved curve the library gives.
@Suite("Curve sources: every consuming command takes every source")
struct CurveSourceTests {
  /// One way to name a curve on the command line, with the request the resolver gets for it.
  struct Source: CustomStringConvertible, Sendable {
    var description: String
    var arguments: [String]
    var request: CurveRequest
  }

  static let specPath = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"
  static let points = [(0.25, 0.86), (0.5, 0.63), (0.75, 0.35)]
  static let coefficients = ArticleCurve.current.cubic.coefficients

  static let sources: [Source] = [
    Source(description: "spec file", arguments: [specPath], request: CurveRequest(.specFile(path: specPath))),
    Source(
      description: "--point",
      arguments: points.flatMap { ["--point", "\($0.0):\($0.1)"] },
      request: CurveRequest(.points(points.map { DataPoint(t: $0.0, y: $0.1) }))),
    Source(
      description: "--coefficients",
      arguments: ["--coefficients", coefficients.map(\.description).joined(separator: ",")],
      request: CurveRequest(.coefficients(coefficients))),
    Source(
      description: "--from-css", arguments: ["--from-css", "ease-in-out"],
      request: CurveRequest(.cssEasing("ease-in-out"))
    ),
  ]

  /// The curve the library resolves for `source`.
  func resolved(_ source: Source) throws -> FittedCurve {
    try CurveResolver.resolve(source.request)
  }

  @Test("eval prints the resolved curve's clamped Horner level", arguments: sources)
  func eval(source: Source) throws {
    let cubic = try #require(try resolved(source).cubic)
    let result = runCurveKit(["eval"] + source.arguments + ["0.3", "0.8"])
    #expect(result.status == 0, "\(source): \(result.errors)")
    let expected = [0.3, 0.8].map { cubic.level(forNormalizedElapsed: $0).description }
    #expect(result.outputLines.map(String.init) == expected, "\(source)")
  }

  @Test("invert prints the resolved cubic's one-off inverse", arguments: sources)
  func invert(source: Source) throws {
    let cubic = try #require(try resolved(source).cubic)
    let result = runCurveKit(["invert"] + source.arguments + ["0.5"])
    #expect(result.status == 0, "\(source): \(result.errors)")
    #expect(result.output == "\(cubic.normalizedElapsed(forLevel: 0.5))\n", "\(source)")
  }

  @Test("check judges the resolved curve", arguments: sources)
  func check(source: Source) throws {
    let curve = try resolved(source)
    let result = runCurveKit(["check"] + source.arguments + ["--json"])
    let expectedStatus: Int32 = curve.polynomial.depletionCheck(verdict: curve.verdict).isDepletionCurve ? 0 : 1
    #expect(result.status == expectedStatus, "\(source): \(result.errors)")
    #expect(result.output.contains("\"coefficients\": ["), "\(source)")
    for coefficient in curve.polynomial.coefficients {
      #expect(result.output.contains(coefficient.description), "\(source): \(coefficient)")
    }
  }

  @Test("generate writes the resolved coefficients", arguments: sources)
  func generate(source: Source) throws {
    let cubic = try #require(try resolved(source).cubic)
    let result = runCurveKit(["generate"] + source.arguments + ["--type-name", "Curve"])
    #expect(result.status == 0, "\(source): \(result.errors)")
    for (name, value) in zip(["a", "b", "c", "d"], cubic.coefficients) {
      #expect(result.output.contains("static let \(name): Double = \(value)\n"), "\(source): \(name)")
    }
  }

  @Test("export writes the resolved cubic as cubic-bezier()", arguments: sources)
  func export(source: Source) throws {
    let cubic = try #require(try resolved(source).cubic)
    let result = runCurveKit(["export"] + source.arguments + ["--format", "json"])
    #expect(result.status == 0, "\(source): \(result.errors)")
    // x1 = 1/3, y1 = −c/3: the exact Bernstein control value of the resolved cubic (written
    // without a negative zero: ease-in-out's flat start fits c = 0 exactly).
    #expect(result.output.contains("\"y1\": \(-cubic.c / 3 + 0)"), "\(source): \(result.output)")
  }

  @Test("plot draws the resolved curve", arguments: sources)
  func plot(source: Source) throws {
    let temporary = try TemporaryDirectory("sources")
    defer { temporary.remove() }
    let directory = temporary.path
    let output = directory + "/plot.svg"
    let result = runCurveKit(["plot"] + source.arguments + ["-o", output])
    #expect(result.status == 0, "\(source): \(result.errors)")
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"), "\(source)")
  }

  @Test("fit reports the resolved fit; given coefficients have nothing to fit", arguments: sources)
  func fit(source: Source) throws {
    let curve = try resolved(source)
    let result = runCurveKit(["fit"] + source.arguments + ["--json"])
    guard let report = curve.report else {
      #expect(result.status == 2 && isOneLineError(result.errors), "\(source): \(result.errors)")
      return
    }
    #expect(result.status == (curve.policyViolation == nil ? 0 : 1), "\(source): \(result.errors)")
    let numbers = report.coefficients.map(\.description).joined(separator: ", ")
    #expect(result.output.contains("\"coefficients\": [\(numbers)]"), "\(source): \(result.output)")
  }

  @Test("two sources at once are refused with one line naming both")
  func twoSources() {
    let result = runCurveKit(["eval", "--coefficients", "-1,1", "--from-css", "ease", "0.5"])
    #expect(result.status == 2 && isOneLineError(result.errors))
    #expect(result.errors.contains("not both --coefficients and --from-css"), "\(result.errors)")
  }

  @Test("--data FILE feeds every consumer the same curve as --point")
  func dataFile() throws {
    let temporary = try TemporaryDirectory("points")
    defer { temporary.remove() }
    let path = temporary.appending("points.txt")
    try Self.points.map { "\($0.0) \($0.1)\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
    let viaPoints = runCurveKit(["eval"] + Self.sources[1].arguments + ["0.4"])
    let viaData = runCurveKit(["eval", "--data", path, "0.4"])
    #expect(viaPoints.status == 0 && viaData.status == 0, "\(viaData.errors)")
    #expect(viaData.output == viaPoints.output)
  }
}
