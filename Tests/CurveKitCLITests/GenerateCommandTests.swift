import CurveCodegen
import CurveKitCLI
import CurveKitTestSupport
import Foundation
import Testing

/// `curvekit generate`, in-process: output, atomic change-only writes, `--check` drift
/// detection, option precedence, the monotonicity refusal, and one-line errors.
@Suite("curvekit generate")
struct GenerateCommandTests {
  static let depletionSpec = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"

  /// A fresh temporary directory, removed by the caller.
  func temporaryDirectory() throws -> String {
    try TemporaryDirectory("generate").path
  }

  @Test("stdout output equals the golden file and is byte-identical across runs")
  func stdoutMatchesGolden() throws {
    let first = runCurveKit(["generate", Self.depletionSpec, "--type-name", "Depletion"])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.errors.isEmpty)
    // The golden marks its kernel regions; the CLI prints them whole.
    let golden = InverseKernelSource.expandingKernelMarkers(
      try String(contentsOfFile: Fixtures.path("codegen/Depletion.swift"), encoding: .utf8))
    #expect(first.output == golden)
    let second = runCurveKit(["generate", Self.depletionSpec, "--type-name", "Depletion"])
    #expect(Array(second.output.utf8) == Array(first.output.utf8))
  }

  @Test("-o writes the file, leaves it untouched when unchanged, and --check detects drift")
  func writeAndCheck() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/Depletion.swift"
    let arguments = ["generate", Self.depletionSpec, "-o", output]

    #expect(runCurveKit(arguments + ["--check"]).status == 1, "a missing file is drift")
    let written = runCurveKit(arguments)
    #expect(written.status == 0 && written.errors.isEmpty, "\(written.errors)")
    #expect(written.output == "wrote \(output)\n", "-o says what it wrote, as plot does")
    let inode = try FileManager.default.attributesOfItem(atPath: output)[.systemFileNumber] as? Int
    let rerun = runCurveKit(arguments)
    #expect(rerun.status == 0 && rerun.output == "unchanged \(output)\n")
    let inodeAfter = try FileManager.default.attributesOfItem(atPath: output)[.systemFileNumber] as? Int
    #expect(inode != nil && inode == inodeAfter, "an unchanged file must not be replaced")
    let checked = runCurveKit(arguments + ["--check"])
    #expect(checked.status == 0 && checked.output == "up to date \(output)\n")

    try (try String(contentsOfFile: output, encoding: .utf8) + "// edited\n").write(
      toFile: output, atomically: true, encoding: .utf8)
    let drift = runCurveKit(arguments + ["--check"])
    #expect(drift.status == 1)
    #expect(isOneLineError(drift.errors) && drift.errors.contains("out of date"), "\(drift.errors)")
    #expect(runCurveKit(arguments + ["--check", "--inverse", "bisection"]).status == 1, "other options, other file")
    #expect(runCurveKit(arguments).status == 0)
    #expect(runCurveKit(arguments + ["--check"]).status == 0)
  }

  @Test("the spec's codegen options apply and flags override them")
  func optionPrecedence() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let spec = directory + "/tank.curve.json"
    try """
    {"name": "Tank", "points": [[0.5, 0.5]], "degree": 1,
     "codegen": {"typeName": "WaterTank", "access": "public", "inverse": "bisection", "withSchedule": true}}
    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let fromSpec = runCurveKit(["generate", spec])
    #expect(fromSpec.status == 0, "\(fromSpec.errors)")
    #expect(fromSpec.output.contains("public enum WaterTank: Sendable {"))
    #expect(fromSpec.output.contains("// Inverse: bisection"))
    #expect(fromSpec.output.contains("import Foundation"))
    #expect(fromSpec.output.contains("// Source: tank.curve.json\n"))
    #expect(!fromSpec.output.contains(directory), "no absolute path in the output")

    let overridden = runCurveKit([
      "generate", spec, "--type-name", "Other", "--access", "package", "--inverse", "cardano",
    ])
    #expect(overridden.status == 0, "\(overridden.errors)")
    #expect(overridden.output.contains("package enum Other: Sendable {"))
    #expect(overridden.output.contains("// Inverse: cardano"))
  }

  @Test("--no-schedule overrides a spec's \"withSchedule\": true; with --with-schedule it is a usage error")
  func noSchedule() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let spec = directory + "/tank.curve.json"
    try """
    {"name": "Tank", "points": [[0.5, 0.5]], "degree": 1, "codegen": {"withSchedule": true}}
    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let withSchedule = runCurveKit(["generate", spec])
    #expect(withSchedule.status == 0 && withSchedule.output.contains("import Foundation"), "\(withSchedule.errors)")
    #expect(withSchedule.output.contains("func currentLevel("))
    let without = runCurveKit(["generate", spec, "--no-schedule"])
    #expect(without.status == 0, "\(without.errors)")
    #expect(!without.output.contains("import Foundation") && !without.output.contains("currentLevel"))
    #expect(without.output.contains("internal enum Tank: Sendable {"))
    let both = runCurveKit(["generate", spec, "--with-schedule", "--no-schedule"])
    #expect(both.status == 2 && isOneLineError(both.errors) && both.errors.contains("contradict"), "\(both.errors)")
    #expect(both.output.isEmpty)
  }

  @Test("a non-ASCII name gives an ASCII type name; the description becomes the type's doc comment")
  func nameAndDescription() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let spec = directory + "/fuellstand.curve.json"
    let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 8)
    try """
    {"name": "Füllstand", "description": "Slow start, steep end.\\n\\n\\n\(long)\\nEnds\\u0007 here \\u202e.",
     "points": [[0.25, 0.8], [0.5, 0.55], [0.75, 0.3]]}
    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let result = runCurveKit(["generate", spec])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("internal enum Fullstand: Sendable {"), "not FLlstand")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let summary = try #require(lines.firstIndex { $0.hasPrefix("/// The \u{201C}Füllstand\u{201D} curve") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("/// Generated by curvekit") })
    let block = Array(lines[(summary + 2)..<end])
    #expect(block.first == "///" && block.last == "///", "\(block)")
    #expect(block[1] == "/// Slow start, steep end." && block[2] == "///", "paragraphs kept, blank runs merged")
    let wrapped = block[3..<(block.count - 2)]
    #expect(wrapped.count == 3, "223 characters, filled word by word into lines of at most 80: \(block)")
    #expect(wrapped.allSatisfy { $0.count <= 4 + 80 && $0.hasPrefix("/// ") }, "\(wrapped)")
    #expect(wrapped.map { $0.dropFirst(4) }.joined(separator: " ") + " " == long)
    #expect(block[block.count - 2] == "/// Ends here .", "control and bidi characters become (collapsed) spaces")
    #expect(!result.output.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x07 })
    let export = runCurveKit(["export", spec, "--format", "swiftui"])
    #expect(export.status == 0 && export.output.contains("let fullstandAnimation = "), "\(export.output)")
    #expect(runCurveKit(["export", spec]).output.contains("--fullstand-easing: "))
  }

  @Test("degrees 4 to 10 generate (cubics keep a, b, c, d); the header names the polynomial solver")
  func higherDegrees() throws {
    let quintic = runCurveKit(["generate", Fixtures.path("specs/s-curve.curve.json")])
    #expect(quintic.status == 0, "\(quintic.errors)")
    // The golden marks its kernel regions; the CLI prints them whole.
    let golden = InverseKernelSource.expandingKernelMarkers(
      try String(contentsOfFile: Fixtures.path("codegen/SCurve.swift"), encoding: .utf8))
    // The spec's codegen options are the golden's, which adds only a conformance.
    #expect(quintic.output == golden.replacing("\nextension SCurve: AnyScheduledCurve {}\n", with: ""))
    #expect(quintic.output.contains("public static let coefficients: [Double] = ["))
    #expect(quintic.output.contains("// Inverse: auto (safeguarded Newton–bisection, compensated residuals, degree 5)"))
    let decic = runCurveKit([
      "generate", "--coefficients", "-1,0,0,0,0,0,0,0,0,0,1", "--type-name", "Decic", "--inverse", "bisection",
    ])
    #expect(decic.status == 0, "\(decic.errors)")
    #expect(decic.output.contains("CubicInverseKernel.bisection(coefficients, level, iterations: 32)"))
  }

  @Test("--protocol prints the protocol every generated type meets; --conform-to declares the conformance")
  func protocolAndConformance() throws {
    let text = runCurveKit(["generate", "--protocol", "AnyScheduledCurve", "--access", "public", "--with-schedule"])
    #expect(text.status == 0, "\(text.errors)")
    #expect(
      text.output == (try String(contentsOfFile: Fixtures.path("codegen/AnyScheduledCurve.swift"), encoding: .utf8)))
    let conforming = runCurveKit([
      "generate", "--coefficients", "-0.5,0,-0.5,1", "--type-name", "Curve", "--conform-to", "HabitCurve",
    ])
    #expect(conforming.status == 0, "\(conforming.errors)")
    #expect(conforming.output.contains("\nextension Curve: HabitCurve {}\n"))
    #expect(
      conforming.output.contains("  @usableFromInline internal static func level("), "witnesses of an internal type")
  }

  @Test("a non-monotone curve is refused with its witness unless --allow-non-monotone")
  func nonMonotone() {
    // f(t) = −2t² + t + 1 rises on [0, 1/4).
    let refused = runCurveKit(["generate", "--coefficients", "0,-2,1,1", "--type-name", "Bump"])
    #expect(refused.status == 1)
    #expect(isOneLineError(refused.errors) && refused.errors.contains("f′("), "\(refused.errors)")
    #expect(refused.output.isEmpty)
    let allowed = runCurveKit(["generate", "--coefficients", "0,-2,1,1", "--type-name", "Bump", "--allow-non-monotone"])
    #expect(allowed.status == 0)
    #expect(allowed.output.contains("// Monotonicity: not monotone: rises at t = 0.0"))
  }

  @Test("a spec's \"monotonic\" policy: require refuses a bump, enforce fits a monotone curve, ignore keeps it")
  func specPolicy() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // With f(0) = 1 and f(1) = 0, the quadratic through (0.25, 0.99) rises at first (f′(0) = 0.28).
    for (policy, status) in [("require", Int32(1)), ("enforce", 0), ("ignore", 0)] {
      let spec = directory + "/bump-\(policy).curve.json"
      try """
      {"name": "Bump", "points": [[0.25, 0.99]], "degree": 2, "monotonic": "\(policy)"}
      """.write(toFile: spec, atomically: true, encoding: .utf8)
      let result = runCurveKit(["generate", spec])
      #expect(result.status == status, "\(policy): \(result.errors)")
      if status == 1 { #expect(isOneLineError(result.errors) && result.errors.contains("f′(0.0) = ")) }
      // The enforced optimum lies on the boundary f′(0) = 0: flat at the start, exactly.
      let verdict =
        policy == "enforce" ? "// Monotonicity: non-increasing, flat at t = 0.0" : "// Monotonicity: not monotone"
      if status == 0 { #expect(result.output.contains(verdict), "\(policy)") }
      if status == 0 { #expect(result.output.contains("(monotonic: \(policy))")) }
    }
  }

  @Test("specs generated code cannot express exit 2 with one line naming the problem")
  func unsupportedSpecs() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let cases = [
      (
        "quartic",
        #"{"name": "Quartic", "points": [[0.2, 0.9], [0.4, 0.7], [0.6, 0.4], [0.8, 0.2]], "degree": 4, "#
          + #""codegen": {"inverse": "cardano"}}"#,
        "the inverse method cardano exists for cubics only, and this curve has degree 4"
      ),
      ("symbols", #"{"name": "%%%", "points": [[0.5, 0.5]], "degree": 1}"#, "--type-name"),
      ("unfittable", #"{"name": "Flat", "points": [[0.5, 0.5]], "degree": 3}"#, "(unfittable.curve.json)"),
    ]
    for (name, json, message) in cases {
      let spec = directory + "/\(name).curve.json"
      try json.write(toFile: spec, atomically: true, encoding: .utf8)
      let result = runCurveKit(["generate", spec])
      #expect(result.status == 2, "\(name): \(result.errors)")
      #expect(isOneLineError(result.errors) && result.errors.contains(message), "\(name): \(result.errors)")
    }
  }

  @Test(
    "invalid input exits 2 with one line",
    arguments: [
      ["generate"],
      ["generate", "--coefficients", "-1,1"],
      ["generate", "--coefficients", "-1,1", "--type-name", "class"],
      ["generate", "--coefficients", "-1,1", "--type-name", "9Lives"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Double"],
      ["generate", "--coefficients", "-0.1,-0.1,-0.2,-0.6,1", "--type-name", "Quartic", "--inverse", "table"],
      ["generate", "--protocol", "class"],
      ["generate", "--protocol", "Curves", "--coefficients", "-1,1"],
      ["generate", "--protocol", "Curves", GenerateCommandTests.depletionSpec],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "--conform-to", "not-a-name"],
      ["generate", "--coefficients", "-1,x", "--type-name", "Curve"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "--access", "open"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "--inverse", "magic"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "-o", "/nonexistent-directory/Curve.swift"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "-o", "/"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "--check"],
      ["generate", "--coefficients", "-1,1", "--type-name", "Curve", "-o", "/", "--check"],
      ["generate", "no-such-spec.curve.json"],
      ["generate", GenerateCommandTests.depletionSpec, "--coefficients", "-1,1"],
      ["generate", GenerateCommandTests.depletionSpec, "extra.json"],
    ])
  func invalidInput(arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(arguments): \(result.errors)")
    #expect(result.output.isEmpty)
  }
}
