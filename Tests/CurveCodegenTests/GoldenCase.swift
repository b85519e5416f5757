import CurveCodegen
import CurveCore
import CurveKitTestSupport
import CurvePipeline
import CurveSpec

/// One golden file in Tests/Fixtures/codegen: its input and options. The same files are
/// compiled into GeneratedCodeTests (through the `Golden` symlink), which checks them
/// against the library bit for bit.
struct GoldenCase: Sendable, CustomStringConvertible {
  /// Where the curve comes from.
  enum Source: Sendable {
    /// A spec under examples/curves/, fitted.
    case spec(String)
    /// Coefficients, highest power first.
    case coefficients([Double])
  }

  var source: Source
  var options: GenerationOptions

  var description: String { options.typeName }

  /// The golden file's path: Tests/Fixtures/codegen/<TypeName>.swift.
  var path: String { Fixtures.path("codegen/\(options.typeName).swift") }

  /// The curve description the generator gets.
  func curve() throws -> FittedCurve {
    switch source {
    case .spec(let name):
      let curve = try CurveResolver.resolve(
        CurveRequest(.specFile(path: Fixtures.repositoryRoot + "/examples/curves/" + name)))
      if let violation = curve.policyViolation { throw violation }
      return curve
    case .coefficients(let values):
      return try CurveResolver.resolve(CurveRequest(.coefficients(values)))
    }
  }

  /// The generated text.
  func generate() throws -> String {
    try SwiftCodeGenerator.generate(curve(), options: options)
  }

  /// The representative cases: the four example specs with their default options, every
  /// inverse method, every access level, the schedule helpers, and the article's exact
  /// steep-start curve (flat end, f′(1) = 0) given as coefficients.
  static let all: [GoldenCase] = [
    GoldenCase(source: .spec("depletion.curve.json"), options: GenerationOptions(typeName: "Depletion")),
    GoldenCase(source: .spec("linear.curve.json"), options: GenerationOptions(typeName: "Linear")),
    GoldenCase(source: .spec("steep-end.curve.json"), options: GenerationOptions(typeName: "SteepEnd")),
    GoldenCase(source: .spec("steep-start.curve.json"), options: GenerationOptions(typeName: "SteepStart")),
    GoldenCase(
      source: .spec("depletion.curve.json"),
      options: GenerationOptions(
        typeName: "DepletionBisection", access: .public, inverse: .bisection, withSchedule: true)),
    GoldenCase(
      source: .spec("depletion.curve.json"),
      options: GenerationOptions(typeName: "DepletionCardano", access: .package, inverse: .cardano)),
    GoldenCase(
      source: .spec("depletion.curve.json"), options: GenerationOptions(typeName: "DepletionNewton", inverse: .newton)),
    GoldenCase(
      source: .spec("depletion.curve.json"), options: GenerationOptions(typeName: "DepletionTable", inverse: .table)),
    GoldenCase(
      source: .coefficients([0.5, 0, -1.5, 1]),
      options: GenerationOptions(typeName: "ArticleSteepStartNewton", access: .public, inverse: .newton)),
    GoldenCase(
      source: .coefficients([0.5, 0, -1.5, 1]),
      options: GenerationOptions(typeName: "ArticleSteepStartTable", access: .package, inverse: .table)),
    GoldenCase(
      source: .coefficients([0.5, 0, -1.5, 1]),
      options: GenerationOptions(typeName: "ArticleSteepStartBisection", inverse: .bisection)),
    GoldenCase(
      source: .coefficients([0.5, 0, -1.5, 1]),
      options: GenerationOptions(typeName: "ArticleSteepStartCardano", inverse: .cardano)),
  ]
}
