import Foundation
import PackagePlugin

/// Command plugin: `swift package --allow-writing-to-package-directory generate-curves`
/// writes `<Name>.swift` next to every `<Name>.curve.json` in the package's source targets
/// (or only in the targets named with `--target T`), for teams that check generated files in.
/// In an Xcode project (`XcodeCommandPlugin`) it does the same for the project's targets, by
/// the same code path, ``generate(_:tool:check:)``.
///
/// Each file is written by `curvekit generate`, atomically and only when its content
/// changes; pass `--check` to write nothing and fail when a checked-in file is out of date.
/// Specs are found on disk, so a target may `exclude` them (without the build plugin,
/// SwiftPM warns about a `.curve.json` it does not handle unless it is excluded). A folder under
/// `Sources/` that holds specs but no Swift file is reported: SwiftPM drops such a target before
/// any plugin runs.
@main
struct GenerateCurves: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = Set(extractor.extractOption(named: "target"))
    let check = extractor.extractFlag(named: "check") > 0
    let sourceTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
    for warning in CurveSpecFiles.specOnlyFolders(
      packageDirectory: context.package.directoryURL,
      targetDirectories: sourceTargets.compactMap { ($0 as? SwiftSourceModuleTarget)?.directoryURL })
    {
      Diagnostics.warning(warning)
    }
    // A target that applies the build plugin gets its curves at build time: writing them next
    // to its specs too would give it each file twice. Named, it is refused; else it is skipped.
    let manifest =
      (try? String(contentsOf: context.package.directoryURL.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
    let applying = CurveSpecFiles.targetsApplyingBuildPlugin(manifest: manifest)
    if let named = targetNames.sorted().first(where: applying.contains) {
      throw CurveSpecPluginError.buildPluginApplied(target: named)
    }
    let targets = sourceTargets.filter { targetNames.isEmpty || targetNames.contains($0.name) }
      .filter { target in
        guard applying.contains(target.name) else { return true }
        Diagnostics.warning("skipped: " + CurveSpecPluginError.buildPluginReason(target: target.name))
        return false
      }
      .map { (name: $0.name, specs: CurveSpecFiles.specsOnDisk(in: $0)) }
    try Self.generate(targets, tool: context.tool(named: "curvekit-codegen").url, check: check)
  }

  /// Runs `curvekit generate` for every spec of `targets`, writing (or with `check`, comparing)
  /// `<Name>.swift` next to it.
  /// - Throws: when two specs of a target would write one file, or `curvekit` fails.
  static func generate(_ targets: [(name: String, specs: [URL])], tool: URL, check: Bool) throws {
    var generated = 0
    for target in targets {
      try CurveSpecFiles.checkUniqueOutputs(target.specs, target: target.name)
      for spec in target.specs {
        let output = spec.deletingLastPathComponent().appending(path: CurveSpecFiles.outputName(for: spec))
        // curvekit says what it did: "wrote FILE", "unchanged FILE" or "up to date FILE".
        let said = try Self.run(
          tool, ["generate", spec.path, "-o", output.path] + (check ? ["--check"] : []), spec: spec)
        print(said.isEmpty ? "\(check ? "checked" : "generated") \(output.path)" : said)
        generated += 1
      }
    }
    if generated == 0 { Diagnostics.warning("no *.curve.json files found in the selected targets") }
  }

  /// Runs `curvekit` and returns what it printed (trimmed); throws with its one-line error
  /// when it fails.
  private static func run(_ tool: URL, _ arguments: [String], spec: URL) throws -> String {
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
      // curvekit-codegen's lines start with the spec's absolute path and line: report each
      // there, so the IDE jumps to it.
      var first = ""
      for line in message.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        if parts.count == 5, parts[0].hasPrefix("/"), let number = Int(parts[1]), parts[3] == " error" {
          let text = parts[4].trimmingCharacters(in: .whitespaces)
          Diagnostics.error(text, file: String(parts[0]), line: number)
          if first.isEmpty { first = text }
        } else {
          Diagnostics.error(String(line))
          if first.isEmpty { first = String(line) }
        }
      }
      throw CurveSpecPluginError.generateFailed(
        spec: spec.path, status: process.terminationStatus, message: first)
    }
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return said.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: the project's targets and their input files; the same generation.
  extension GenerateCurves: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      let targetNames = Set(extractor.extractOption(named: "target"))
      let check = extractor.extractFlag(named: "check") > 0
      let targets = context.xcodeProject.targets
        .filter { targetNames.isEmpty || targetNames.contains($0.displayName) }
        .map { (name: $0.displayName, specs: CurveSpecFiles.specs(in: $0.inputFiles)) }
      try Self.generate(targets, tool: context.tool(named: "curvekit-codegen").url, check: check)
    }
  }
#endif
