import CurveKitCLI
import CurveKitTestSupport
import Foundation
import Testing

/// Issue 33, item 5: the plugins' tool (`curvekit-codegen`, ``CommandAudience/plugin``) starts
/// each error line with the spec's absolute path and line, so Xcode and VS Code jump to it, and
/// names spec fields, not flags a plugin user cannot pass.
@Suite("Plugin diagnostics")
struct PluginDiagnosticsTests {
  /// Runs `arguments` as the plugins' tool does.
  func runAsPlugin(_ arguments: [String]) -> (status: Int32, errors: String) {
    let io = CapturedIO()
    io.audience = .plugin
    let status = CurveKitCommandLine.run(arguments: arguments, io: io)
    return (status, io.errors)
  }

  /// Writes `text` to a fresh spec file; the closure removes its directory.
  func spec(_ text: String) throws -> (path: String, cleanup: () -> Void) {
    let directory = try TemporaryDirectory("plugin-diagnostics")
    return (try directory.write(text, to: "Rising.curve.json"), directory.remove)
  }

  @Test("a refused curve: the absolute path first, and the spec field that waives the rule")
  func refusedCurve() throws {
    let (path, cleanup) = try spec(#"{"name": "Rising", "points": [[0.2, 0.3], [0.5, 0.9], [0.8, 0.1]]}"#)
    defer { cleanup() }
    let result = runAsPlugin(["generate", path, "-o", path + ".swift"])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("\(path):1:1: error: "), "\(result.errors)")
    #expect(result.errors.contains(#"add "monotonic": "ignore" to the spec to generate it anyway"#))
    #expect(!result.errors.contains("--"), "a flag in \(result.errors)")
    // The command line keeps its flag.
    let terminal = runCurveKit(["generate", path, "-o", path + ".swift"])
    #expect(terminal.status == 1 && terminal.errors.contains("pass --allow-non-monotone to generate it anyway"))
    #expect(!FileManager.default.fileExists(atPath: path + ".swift"))
  }

  @Test("an invalid spec: the error's own line and column after the absolute path")
  func invalidSpec() throws {
    let (path, cleanup) = try spec("{\n  \"name\": \"Bad\",\n  \"points\": [[0.2, 0.3], [0.5, \"x\"]]\n}\n")
    defer { cleanup() }
    let result = runAsPlugin(["generate", path, "-o", path + ".swift"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("\(path):3:32: error: points[1][1]: expected a number"), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1 && !result.errors.contains("(Rising.curve.json"))
  }

  @Test("a relative spec path is made absolute")
  func relativePath() throws {
    let (path, cleanup) = try spec(#"{"name": "Rising", "points": [[0.2, 0.3], [0.5, 0.9], [0.8, 0.1]]}"#)
    defer { cleanup() }
    let directory = (path as NSString).deletingLastPathComponent
    let saved = FileManager.default.currentDirectoryPath
    // Tests run in parallel; the working directory is shared, so only read it: pass the path
    // relative to it.
    let relative = String(repeating: "../", count: saved.split(separator: "/").count) + String(path.dropFirst())
    let result = runAsPlugin(["generate", relative, "-o", directory + "/out.swift"])
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix(saved + "/" + relative + ":1:1: error: "), "\(result.errors)")
  }
}
