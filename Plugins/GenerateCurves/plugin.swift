import Foundation
import PackagePlugin

/// Command plugin: `swift package --allow-writing-to-package-directory generate-curves`
/// writes `<Name>.swift` next to every `<Name>.curve.json` in the package's source targets
/// (or only in the targets named with `--target T`), for teams that check generated files in.
///
/// Each file is written by `curvekit generate`, atomically and only when its content
/// changes; pass `--check` to write nothing and fail when a checked-in file is out of date.
/// Specs are found on disk, so a target may `exclude` them (without the build plugin,
/// SwiftPM warns about a `.curve.json` it does not handle unless it is excluded).
@main
struct GenerateCurves: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = Set(extractor.extractOption(named: "target"))
    let check = extractor.extractFlag(named: "check") > 0
    let tool = try context.tool(named: "curvekit")
    let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
      .filter { targetNames.isEmpty || targetNames.contains($0.name) }
    var generated = 0
    for target in targets {
      let specs = CurveSpecFiles.specsOnDisk(in: target)
      try CurveSpecFiles.checkUniqueOutputs(specs, target: target.name)
      for spec in specs {
        let output = spec.deletingLastPathComponent().appending(path: CurveSpecFiles.outputName(for: spec))
        // curvekit says what it did: "wrote FILE", "unchanged FILE" or "up to date FILE".
        let said = try run(
          tool.url, ["generate", spec.path, "-o", output.path] + (check ? ["--check"] : []), spec: spec)
        print(said.isEmpty ? "\(check ? "checked" : "generated") \(output.path)" : said)
        generated += 1
      }
    }
    if generated == 0 { Diagnostics.warning("no *.curve.json files found in the selected targets") }
  }

  /// Runs `curvekit` and returns what it printed (trimmed); throws with its one-line error
  /// when it fails.
  private func run(_ tool: URL, _ arguments: [String], spec: URL) throws -> String {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // One short line each, far below a pipe's buffer, so reading after the exit cannot block.
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw CurveSpecPluginError.generateFailed(
        spec: spec.lastPathComponent, status: process.terminationStatus,
        message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return said.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
