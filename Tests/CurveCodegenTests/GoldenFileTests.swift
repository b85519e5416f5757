import CurveCodegen
import CurveKitTestSupport
import Foundation
import Testing

/// Golden files: the generator's output for representative inputs, checked in under
/// Tests/Fixtures/codegen with each embedded kernel region as one marker line (the kernel
/// file and its SHA-256). Run with `CURVEKIT_RECORD_GOLDEN=1` to re-record them.
@Suite("Generated code: golden files")
struct GoldenFileTests {
  static let recording = ProcessInfo.processInfo.environment["CURVEKIT_RECORD_GOLDEN"] == "1"

  @Test("the output equals the golden file", arguments: GoldenCase.all)
  func matchesGolden(_ golden: GoldenCase) throws {
    let generated = try golden.generate()
    let text = InverseKernelSource.markingKernelRegions(generated)
    // The marked form loses nothing: expanding it gives the generated text back.
    #expect(InverseKernelSource.expandingKernelMarkers(text) == generated)
    if Self.recording {
      try text.write(toFile: golden.path, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOfFile: golden.path, encoding: .utf8)
    if text != expected {
      Issue.record(
        """
        \(golden.options.typeName).swift differs from the generator's output \
        (re-record with CURVEKIT_RECORD_GOLDEN=1 swift test --filter CurveCodegenTests):
        \(try unifiedDiff(expected: expected, actual: text))
        """)
    }
  }

  @Test("a golden marks every kernel region it embeds, and repeats no kernel line", arguments: GoldenCase.all)
  func kernelsAreMarked(_ golden: GoldenCase) throws {
    let expected = try String(contentsOfFile: golden.path, encoding: .utf8)
    let markers = expected.split(separator: "\n").filter { $0.hasPrefix(InverseKernelSource.goldenMarkerPrefix) }
    let verbatim = expected.split(separator: "\n").filter { $0.hasPrefix("// From CurveKit's ") }
    #expect(markers.count == verbatim.count, "\(golden.options.typeName): one marker per embedded kernel file")
    for part in InverseKernelSource.Part.allCases {
      let body = InverseKernelSource.embeddedBody(part)
      #expect(!body.isEmpty && !expected.contains(body), "\(golden.options.typeName) repeats \(part.fileName)")
    }
  }

  @Test("every golden file belongs to a case, so none goes stale unnoticed")
  func noOrphans() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("codegen"))
      .filter { $0.hasSuffix(".swift") }
      .sorted()
    #expect(names == GoldenCase.all.map { "\($0.options.typeName).swift" }.sorted())
  }

  /// `diff -u` of the two texts, so a failure shows what changed.
  func unifiedDiff(expected: String, actual: String) throws -> String {
    let temporary = try TemporaryDirectory("golden")
    defer { temporary.remove() }
    let directory = temporary.url
    let expectedURL = directory.appendingPathComponent("expected.swift")
    let actualURL = directory.appendingPathComponent("actual.swift")
    try expected.write(to: expectedURL, atomically: true, encoding: .utf8)
    try actual.write(to: actualURL, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run("/usr/bin/env", ["diff", "-u", expectedURL.path, actualURL.path])
    return result.output
  }
}
