import CurveFitting
import CurveKitCLI
import CurvePipeline
import CurveSpec
import Foundation
import Testing

/// Issue 29, item 1: one decider. Every flag that states a fact about the curve is crossed
/// with the spec field that states the same fact, and each cell runs through the in-process
/// CLI: equal facts give equal exit statuses and equal words, whether the fact came from the
/// spec or from the command line, for every command that judges a curve (`fit` included).
///
/// - `--unconstrained` × `"endpoints": false` × `--allow-non-depletion`;
/// - `--monotonic P` × `"monotonic": "P"`, for each policy.
@Suite("Flags × spec fields: equal facts, equal exits and words")
struct FlagFieldTableTests {
  /// The commands that decide by the ship rule, with their arguments after the curve.
  enum Command: String, CaseIterable, Sendable {
    case fit, check, generate, export

    var arguments: [String] {
      switch self {
      case .fit: return ["fit", "--no-preview"]
      case .check: return ["check"]
      case .generate: return ["generate", "--type-name", "Table"]
      case .export: return ["export"]
      }
    }
  }

  /// Where a fact is stated.
  enum Origin: String, CaseIterable, Sendable {
    /// In the spec file.
    case field
    /// As a flag, on a spec that does not say it.
    case flag
    /// As a flag, on `--point` arguments (no spec).
    case points
  }

  /// Points that do not go from 1 to 0: a general fit (degree 1, falling).
  static let generalPoints: [(Double, Double)] = [(0, 0.9), (0.5, 0.55), (1, 0.2)]
  /// Points under the depletion endpoints whose least-squares cubic rises.
  static let risingPoints: [(Double, Double)] = [(0.2, 0.3), (0.5, 0.9), (0.8, 0.1)]

  /// A spec named `Table` holding `points` and the extra members `fields`.
  static func specText(_ points: [(Double, Double)], degree: Int, fields: [String]) -> String {
    let list = points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
    return (["\"name\": \"Table\"", "\"points\": [\(list)]", "\"degree\": \(degree)"] + fields)
      .joined(separator: ", ")
      .wrappedInBraces
  }

  /// Runs `command` on `text` written as `Table.curve.json` (in a fresh directory) with
  /// `extra` flags; `Table.curve.json` stands for the source in stderr, so the spec and the
  /// `--point` runs read alike.
  static func run(
    _ command: Command, spec text: String?, points: [(Double, Double)], degree: Int, extra: [String]
  ) throws -> CommandResult {
    let directory = NSTemporaryDirectory() + "curvekit-flag-field-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let source: [String]
    if let text {
      let path = directory + "/Table.curve.json"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      source = [path]
    } else {
      source = points.flatMap { ["--point", "\($0.0):\($0.1)"] } + ["--degree", "\(degree)"]
    }
    var result = runCurveKit(command.arguments + source + extra)
    result.errors = result.errors.replacingOccurrences(of: "<arguments>", with: "Table.curve.json")
    return result
  }

  /// The cells of the endpoint table: where `endpoints: false` is said × the waiver flag.
  struct EndpointCell: CustomStringConvertible, Sendable {
    var command: Command
    var allow: Bool
    var description: String { "\(command.rawValue)\(allow ? " --allow-non-depletion" : "")" }
  }

  static let endpointCells = Command.allCases.flatMap { command in
    [false, true].map { EndpointCell(command: command, allow: $0) }
  }

  @Test("--unconstrained is \"endpoints\": false, with and without --allow-non-depletion", arguments: endpointCells)
  func endpoints(cell: EndpointCell) throws {
    let allow = cell.allow ? ["--allow-non-depletion"] : []
    let byOrigin = try Origin.allCases.map { origin -> CommandResult in
      switch origin {
      case .field:
        let text = Self.specText(Self.generalPoints, degree: 1, fields: ["\"endpoints\": false"])
        return try Self.run(cell.command, spec: text, points: [], degree: 1, extra: allow)
      case .flag:
        let text = Self.specText(Self.generalPoints, degree: 1, fields: [])
        return try Self.run(cell.command, spec: text, points: [], degree: 1, extra: ["--unconstrained"] + allow)
      case .points:
        // A spec's policy defaults to require; --point's general fit to ignore: say it.
        return try Self.run(
          cell.command, spec: nil, points: Self.generalPoints, degree: 1,
          extra: ["--unconstrained", "--monotonic", "require"] + allow)
      }
    }
    // A general fit ships: the endpoints were not asked for, so missing them is a warning
    // (check and generate say so on stderr; fit shows it in its report).
    for (origin, result) in zip(Origin.allCases, byOrigin) {
      #expect(result.status == 0, "\(cell) \(origin): \(result.errors)")
      #expect(!result.errors.contains("error:"), "\(cell) \(origin): \(result.errors)")
      #expect(isDiagnosticLines(result.errors, failed: false), "\(cell) \(origin): \(result.errors)")
    }
    let field = byOrigin[0]
    for (origin, result) in zip(Origin.allCases, byOrigin).dropFirst() {
      #expect(result.status == field.status, "\(cell) \(origin)")
      #expect(result.errors == field.errors, "\(cell) \(origin): \(result.errors) vs \(field.errors)")
    }
    if cell.command == .check || cell.command == .generate {
      #expect(field.errors.contains("warning: Table.curve.json: the curve starts at 0.9, not full"), "\(field.errors)")
    }
  }

  @Test("the endpoint rule still refuses when the endpoints were required and only the waiver turns it off")
  func requiredEndpoints() throws {
    // Given coefficients keep the depletion endpoints as a requirement: the waiver decides.
    for command in [Command.check, .generate, .export] {
      let arguments = command.arguments + ["--coefficients", "-0.7,0.9"]
      let refused = runCurveKit(arguments)
      #expect(refused.status == 1, "\(command): \(refused.errors)")
      #expect(refused.errors.contains("pass --allow-non-depletion to"), "\(command): \(refused.errors)")
      let waived = runCurveKit(arguments + ["--allow-non-depletion"])
      #expect(waived.status == 0, "\(command): \(waived.errors)")
      #expect(waived.errors.hasPrefix("warning: --coefficients: the curve starts at 0.9"), "\(waived.errors)")
    }
  }

  /// The cells of the policy table: the policy × the command.
  struct PolicyCell: CustomStringConvertible, Sendable {
    var command: Command
    var policy: MonotonicPolicy
    var description: String { "\(command.rawValue) \(policy.rawValue)" }
  }

  static let policyCells = Command.allCases.flatMap { command in
    MonotonicPolicy.allCases.map { PolicyCell(command: command, policy: $0) }
  }

  @Test("--monotonic P is \"monotonic\": \"P\"", arguments: policyCells)
  func policy(cell: PolicyCell) throws {
    let policy = cell.policy.rawValue
    let byOrigin = try Origin.allCases.map { origin -> CommandResult in
      switch origin {
      case .field:
        let text = Self.specText(Self.risingPoints, degree: 3, fields: ["\"monotonic\": \"\(policy)\""])
        return try Self.run(cell.command, spec: text, points: [], degree: 3, extra: [])
      case .flag:
        let text = Self.specText(Self.risingPoints, degree: 3, fields: [])
        return try Self.run(cell.command, spec: text, points: [], degree: 3, extra: ["--monotonic", policy])
      case .points:
        return try Self.run(
          cell.command, spec: nil, points: Self.risingPoints, degree: 3, extra: ["--monotonic", policy])
      }
    }
    let field = byOrigin[0]
    // The facts decide: require refuses the rising cubic, enforce fits a monotone one,
    // ignore ships the rising one with a warning.
    let expected: Int32 = cell.policy == .require ? 1 : 0
    #expect(field.status == expected, "\(cell): \(field.errors)")
    #expect(isDiagnosticLines(field.errors, failed: expected == 1) || field.errors.isEmpty, "\(cell): \(field.errors)")
    if cell.policy == .require {
      #expect(field.errors.contains("pass --monotonic enforce for the best monotone curve"), "\(field.errors)")
      #expect(!field.errors.contains(#""monotonic""#), "spec words on the command line: \(field.errors)")
    }
    for (origin, result) in zip(Origin.allCases, byOrigin).dropFirst() {
      #expect(result.status == field.status, "\(cell) \(origin): \(result.errors)")
      #expect(result.errors == field.errors, "\(cell) \(origin): \(result.errors) vs \(field.errors)")
    }
  }

  @Test("fit and check word a refusal alike: a constant curve is constant in both")
  func fitIsCheck() throws {
    let text = Self.specText([(0.2, 0.5), (0.5, 0.5), (0.8, 0.5)], degree: 1, fields: ["\"endpoints\": false"])
    let fit = try Self.run(.fit, spec: text, points: [], degree: 1, extra: [])
    let check = try Self.run(.check, spec: text, points: [], degree: 1, extra: [])
    #expect(fit.status == 1 && check.status == 1)
    let expected =
      "error: Table.curve.json: the curve is constant, so no level has a unique time; "
      + "pass --allow-non-monotone to accept it\n"
    #expect(fit.errors == expected, "\(fit.errors)")
    #expect(check.errors.hasSuffix(expected), "\(check.errors)")
    let waived = try Self.run(.fit, spec: text, points: [], degree: 1, extra: ["--allow-non-monotone"])
    #expect(waived.status == 0, "\(waived.errors)")
  }

  @Test("the advice follows MonotoneFitter.supportedDegrees and the --json's enforceAvailable")
  func adviceAtHighDegree() throws {
    // A degree-5 fit that rises: enforce fits every degree, so the advice is enforce, in flags.
    let text = Self.specText([(0.2, 0.6), (0.4, 0.8), (0.6, 0.3), (0.8, 0.2)], degree: 5, fields: [])
    let json = try Self.run(.fit, spec: text, points: [], degree: 5, extra: ["--min-slope", "0.5", "--json"])
    #expect(json.status == 1)
    #expect(json.output.contains(#""enforceAvailable": true"#), "\(json.output)")
    #expect(json.errors.contains("pass --monotonic enforce for the best monotone curve"), "\(json.errors)")
    #expect(!json.errors.contains("lower the degree") && !json.errors.contains("set the degree"), "\(json.errors)")
    // A curve that falls, but slower than asked: the same advice, and fit says what check says.
    let slow = Self.specText([(0.5, 0.5)], degree: 1, fields: [])
    let fit = try Self.run(.fit, spec: slow, points: [], degree: 1, extra: ["--min-slope", "1.5"])
    let check = try Self.run(.check, spec: slow, points: [], degree: 1, extra: ["--min-slope", "1.5"])
    #expect(fit.status == 1 && check.status == 1)
    #expect(fit.errors.contains("falls slower than its minimum slope"), "\(fit.errors)")
    #expect(fit.errors.contains("; pass --monotonic enforce for the best monotone curve"), "\(fit.errors)")
    #expect(fit.errors == check.errors, "\(fit.errors) vs \(check.errors)")
    // Past the degrees enforce fits, the one text names the nearest one it does.
    let advice = CurveRequest.Vocabulary.spec.monotoneAdvice(degree: MonotoneFitter.supportedDegrees.upperBound + 1)
    #expect(advice.hasPrefix("set the degree to \(MonotoneFitter.supportedDegrees.upperBound) (\"degree\": "))
  }

  @Test("the studio words the same findings in the spec's words: one text, a parameter")
  func studioWords() throws {
    let text = Self.specText(Self.risingPoints, degree: 3, fields: [])
    let spec = try CurveSpec.parse(utf8: Array(text.utf8), sourceName: "Table.curve.json")
    let studio = try CurveResolver.resolve(CurveRequest(.spec(spec))).diagnostics(for: .check).errors
    let cli = try Self.run(.check, spec: text, points: [], degree: 3, extra: [])
    let studioMessage = try #require(studio.first?.message)
    #expect(studioMessage.contains(#"use "monotonic": "enforce" for the best monotone curve"#), "\(studioMessage)")
    let spoken = studioMessage.replacingOccurrences(
      of: CurveRequest.Vocabulary.spec.enforce, with: "pass --monotonic enforce")
    #expect(cli.errors == "error: \(spoken); pass --allow-non-monotone to accept it\n", "\(cli.errors)")
  }
}

extension String {
  fileprivate var wrappedInBraces: String { "{" + self + "}" }
}
