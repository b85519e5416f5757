import CurveCodegen
import CurveKitTestSupport
import Foundation
import Testing

/// The acceptance check "the generated file, dropped alone into an empty package, compiles
/// in Swift 6 mode with no warnings and no dependency on CurveKit": each golden file is
/// type-checked on its own by `swiftc -swift-version 6 -warnings-as-errors` (with the protocol
/// golden it conforms to, if any). `scripts/check-generated-variants.sh` goes further: it
/// compiles, links and runs every variant in both language modes, at -O and -Onone, and with
/// library evolution.
@Suite("Generated code: compiles alone, warning-free, in Swift 6 mode")
struct StandaloneCompileTests {
  /// The `swiftc` next to the running toolchain, or the first one on PATH.
  static func swiftc() -> String? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let toolchain = environment["SWIFT_EXEC"] { candidates.append(toolchain) }
    for directory in (environment["PATH"] ?? "").split(separator: ":") { candidates.append("\(directory)/swiftc") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  @Test("each golden file type-checks alone with -warnings-as-errors", arguments: GoldenCase.all)
  func compilesAlone(_ golden: GoldenCase) throws {
    guard let swiftc = Self.swiftc() else {
      Issue.record("no swiftc found on PATH; this test needs the Swift toolchain")
      return
    }
    // `package` declarations need a package name, which SwiftPM always passes.
    let packageName = golden.options.access == .package ? ["-package-name", "Standalone"] : []
    // The goldens mark their kernel regions; the compiled files are their expansions.
    let temporary = try TemporaryDirectory("standalone")
    defer { temporary.remove() }
    let directory = temporary.url
    var paths: [String] = []
    for path in [golden.path] + golden.protocolPaths {
      let expanded = directory.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      try InverseKernelSource.expandingKernelMarkers(text).write(to: expanded, atomically: true, encoding: .utf8)
      paths.append(expanded.path)
    }
    let result = try ProcessRunner.run(
      swiftc,
      ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck", "-module-name", "Standalone"]
        + packageName + paths)
    #expect(result.status == 0, "\(golden.options.typeName).swift:\n\(result.output)")
    #expect(!result.output.contains("warning:"), "\(result.output)")
  }
}
