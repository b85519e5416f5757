import CurveKitCLI
import CurveKitTestSupport
import CurveStudio
import CurveStudioServer
import Foundation
import Testing

/// `curvekit design`'s refusals, which all happen before it starts serving (the serving
/// itself is tested in CurveStudioTests and, end to end, by scripts/check-studio.sh).
@Suite("design command")
struct DesignCommandTests {
  @Test("it is listed, with its help")
  func help() {
    let overview = runCurveKit(["--help"])
    #expect(overview.output.contains("  design "))
    let help = runCurveKit(["design", "--help"])
    #expect(help.status == 0)
    Snapshot.assertMatches(help.output, named: "design-help.txt")
  }

  @Test(
    "invalid input exits 2 with one error line and prints no link",
    arguments: [
      ["design", "--port", "70000"], ["design", "--port", "-1"], ["design", "--port", "http"],
      ["design", "/nonexistent-directory-for-curvekit/x.curve.json"], ["design", "--bogus"],
    ])
  func refusals(_ arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("a directory, or one file named twice, is refused")
  func badSpecs() throws {
    let temporary = try TemporaryDirectory("design")
    defer { temporary.remove() }
    let directory = temporary.path
    let file = directory + "/a.curve.json"
    try "{}".write(toFile: file, atomically: false, encoding: .utf8)
    for arguments in [
      ["design", directory],
      ["design", file, directory + "/../" + (directory as NSString).lastPathComponent + "/a.curve.json"],
    ] {
      let result = runCurveKit(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(isOneLineError(result.errors))
    }
  }

  @Test("a port that is taken is refused with exit 2")
  func portTaken() throws {
    let server = try HTTPServer { _ in HTTPResponse(status: 200) }
    defer { server.stop() }
    let result = runCurveKit(["design", "--port", "\(server.port)", "--no-open"])
    #expect(result.status == 2)
    #expect(result.errors.contains("cannot listen on 127.0.0.1:\(server.port)"))
    #expect(isOneLineError(result.errors))
  }
}
