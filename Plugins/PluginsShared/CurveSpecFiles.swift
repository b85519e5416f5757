// Shared by CurveCodegenPlugin and GenerateCurves (each plugin folder links here), so
// both plugins agree on which files are specs and what each generated file is called.
import Foundation
import PackagePlugin

/// The `*.curve.json` files of a target and the names of the Swift files made from them.
enum CurveSpecFiles {
  /// The suffix that marks a curve spec.
  static let suffix = ".curve.json"

  /// The curve specs among `files` (a package target's sources or an Xcode target's input
  /// files), sorted by path so the commands come in a stable order.
  static func specs(in files: FileList) -> [URL] {
    files
      .map(\.url)
      .filter { $0.lastPathComponent.hasSuffix(suffix) }
      .sorted { $0.path < $1.path }
  }

  /// The target's curve specs, sorted by path.
  static func specs(in target: SourceModuleTarget) -> [URL] { specs(in: target.sourceFiles) }

  /// A warning for each folder `Sources/<Name>` of the package that holds curve specs but no
  /// Swift file and is no target's directory: SwiftPM drops such a target ("Source files for
  /// target <Name> should be located under 'Sources/<Name>'") before any plugin runs, so nothing
  /// is generated and `import <Name>` fails. Each warning says what to add.
  static func specOnlyFolders(packageDirectory: URL, targetDirectories: [URL]) -> [String] {
    let sources = packageDirectory.appending(path: "Sources", directoryHint: .isDirectory)
    let known = Set(targetDirectories.map { $0.standardizedFileURL.path })
    let folders = (try? FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)) ?? []
    var warnings: [String] = []
    for folder in folders.sorted(by: { $0.path < $1.path }) where !known.contains(folder.standardizedFileURL.path) {
      let files =
        FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
      let specs = files.filter { $0.lastPathComponent.hasSuffix(suffix) }
      guard !specs.isEmpty, !files.contains(where: { $0.pathExtension == "swift" }) else { continue }
      let name = folder.lastPathComponent
      warnings.append(
        "Sources/\(name) holds \(specs[0].lastPathComponent) but no Swift file, so SwiftPM skips target '\(name)' "
          + "before any plugin runs and nothing is generated: add a Swift file to Sources/\(name), such as "
          + "\(name)Module.swift holding a comment (not named like a generated <Name>.swift)")
    }
    return warnings
  }

  /// Every curve spec under the target's directory, including ones the manifest
  /// `exclude`s (a target that checks its generated files in and does not apply the build
  /// plugin excludes its specs to silence SwiftPM's "unhandled file" warning), sorted.
  static func specsOnDisk(in target: SourceModuleTarget) -> [URL] {
    let directory = (target as? SwiftSourceModuleTarget)?.directoryURL
    let found =
      directory.flatMap { FileManager.default.enumerator(at: $0, includingPropertiesForKeys: nil) }?
      .compactMap { $0 as? URL }
      .filter { $0.lastPathComponent.hasSuffix(suffix) } ?? []
    let listed = specs(in: target)
    let extra = found.filter { url in !listed.contains { $0.standardizedFileURL.path == url.standardizedFileURL.path } }
    return (listed + extra).sorted { $0.path < $1.path }
  }

  /// `DepletionCurve.curve.json` → `DepletionCurve.swift`.
  static func outputName(for spec: URL) -> String {
    String(spec.lastPathComponent.dropLast(suffix.count)) + ".swift"
  }

  /// Fails when two specs of one target would produce the same file name.
  static func checkUniqueOutputs(_ specs: [URL], target: String) throws {
    var seen: [String: URL] = [:]
    for spec in specs {
      let name = outputName(for: spec)
      if let other = seen[name] {
        throw CurveSpecPluginError.duplicateOutput(
          name: name, first: other.lastPathComponent, second: spec.path, target: target)
      }
      seen[name] = spec
    }
  }
}

/// Why a CurveKit plugin cannot run.
enum CurveSpecPluginError: Error, CustomStringConvertible {
  /// Two specs in one target map to the same generated file name.
  case duplicateOutput(name: String, first: String, second: String, target: String)
  /// `curvekit generate` failed for a spec.
  case generateFailed(spec: String, status: Int32, message: String)

  var description: String {
    switch self {
    case .duplicateOutput(let name, let first, let second, let target):
      return "target '\(target)': '\(second)' and '\(first)' would both generate \(name); rename one"
    case .generateFailed(let spec, let status, let message):
      return "curvekit generate failed for '\(spec)' (exit \(status)): \(message)"
    }
  }
}
