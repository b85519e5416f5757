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
    /// A spec at a path relative to the repository root, fitted.
    case specPath(String)
    /// Coefficients, highest power first.
    case coefficients([Double])
    /// No curve: the protocol every generated type meets (`curvekit generate --protocol`),
    /// named by the options' type name.
    case protocolDeclaration
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
      return try fitted(Fixtures.repositoryRoot + "/examples/curves/" + name)
    case .specPath(let path):
      return try fitted(Fixtures.repositoryRoot + "/" + path)
    case .coefficients(let values):
      return try CurveResolver.resolve(CurveRequest(.coefficients(values)))
    case .protocolDeclaration:
      return try CurveResolver.resolve(CurveRequest(.coefficients([-1, 1])))
    }
  }

  /// A spec fitted, refusing a policy violation.
  func fitted(_ path: String) throws -> FittedCurve {
    let curve = try CurveResolver.resolve(CurveRequest(.specFile(path: path)))
    if let violation = curve.policyViolation { throw violation }
    return curve
  }

  /// The generated text.
  func generate() throws -> String {
    if case .protocolDeclaration = source {
      return try SwiftCodeGenerator.protocolDeclaration(
        name: options.typeName, access: options.access, withSchedule: options.withSchedule)
    }
    return try SwiftCodeGenerator.generate(curve(), options: options)
  }

  /// True for the protocol goldens, which are not curves.
  var isProtocol: Bool {
    if case .protocolDeclaration = source { return true }
    return false
  }

  /// The protocol goldens this one needs to compile (its conformances).
  var protocolPaths: [String] { options.conformances.map { Fixtures.path("codegen/\($0).swift") } }

  /// The degree-10 curve from decreasing dyadic Bernstein coefficients (flat at both ends), as in
  /// the polynomial-inverse fixture.
  static let bernsteinDecic: [Double] = [
    -3.9375, 12.03125, -4.921875, -22.5, 36.09375, -23.625, 9.84375, -1.875, -2.109375, 0, 1,
  ]

  /// The representative cases: the four example specs with their default options, every
  /// inverse method, every access level, the schedule helpers, the article's exact
  /// steep-start curve (flat end, f′(1) = 0) given as coefficients, curves of degree 5 and 10,
  /// and the two protocols generated types meet (with and without the schedule helpers).
  static let all: [GoldenCase] = [
    GoldenCase(source: .spec("depletion.curve.json"), options: GenerationOptions(typeName: "Depletion")),
    GoldenCase(source: .spec("linear.curve.json"), options: GenerationOptions(typeName: "Linear")),
    GoldenCase(source: .spec("steep-end.curve.json"), options: GenerationOptions(typeName: "SteepEnd")),
    GoldenCase(source: .spec("steep-start.curve.json"), options: GenerationOptions(typeName: "SteepStart")),
    GoldenCase(
      source: .spec("depletion.curve.json"),
      options: GenerationOptions(
        typeName: "DepletionBisection", access: .public, inverse: .bisection, withSchedule: true,
        conformances: ["AnyScheduledCurve"])),
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
    GoldenCase(
      source: .specPath("Tests/Fixtures/specs/s-curve.curve.json"),
      options: GenerationOptions(
        typeName: "SCurve", access: .public, inverse: .auto, withSchedule: true, conformances: ["AnyScheduledCurve"],
        progressSegmentLimits: [1, 0.5])),
    GoldenCase(
      source: .specPath("Tests/Fixtures/specs/s-curve.curve.json"),
      options: GenerationOptions(typeName: "SCurveBisection", inverse: .bisection, conformances: ["AnyDepletionCurve"])),
    GoldenCase(
      source: .coefficients(bernsteinDecic),
      options: GenerationOptions(
        typeName: "BernsteinDecicNewton", access: .package, inverse: .newton, withSchedule: true,
        conformances: ["AnyScheduledCurve"])),
    GoldenCase(
      source: .coefficients([-0.5, 0, -0.5, 1]),
      options: GenerationOptions(typeName: "SteepEndSchedule", inverse: .table, withSchedule: true)),
    GoldenCase(
      source: .protocolDeclaration, options: GenerationOptions(typeName: "AnyDepletionCurve", access: .internal)),
    GoldenCase(
      source: .protocolDeclaration,
      options: GenerationOptions(typeName: "AnyScheduledCurve", access: .public, withSchedule: true)),
  ]
}
