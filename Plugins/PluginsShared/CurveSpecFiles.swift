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

  /// The build-tool plugin's product name, as a manifest applies it.
  static let buildPluginName = "CurveCodegenPlugin"

  /// The targets whose declaration in `manifest` (Package.swift's text) applies the build-tool
  /// plugin: each `.target(`, `.executableTarget(` or `.testTarget(` call whose arguments (up
  /// to its closing parenthesis; strings and `//` comments skipped) name
  /// ``buildPluginName``, by the call's first `name: "…"`. A manifest that computes its targets
  /// some other way is not understood, and its targets are not reported.
  static func targetsApplyingBuildPlugin(manifest: String) -> Set<String> {
    let text = Array(manifest.unicodeScalars)
    var names: Set<String> = []
    var index = 0
    while index < text.count {
      guard
        let call = ["target(", "executableTarget(", "testTarget("].first(where: { matches($0, in: text, at: index) }),
        index > 0, text[index - 1] == "."
      else {
        index += 1
        continue
      }
      let start = index + call.unicodeScalars.count
      let end = closingParenthesis(in: text, from: start)
      let arguments = String(String.UnicodeScalarView(text[start..<end]))
      if arguments.contains("\"\(buildPluginName)\""), let name = firstName(in: arguments) { names.insert(name) }
      index = start
    }
    return names
  }

  /// True when `word` starts at `index` of `text`.
  private static func matches(_ word: String, in text: [Unicode.Scalar], at index: Int) -> Bool {
    let scalars = Array(word.unicodeScalars)
    return index + scalars.count <= text.count && Array(text[index..<index + scalars.count]) == scalars
  }

  /// The index of the parenthesis closing the one just before `start` (or the end of the text),
  /// skipping string literals and line comments.
  private static func closingParenthesis(in text: [Unicode.Scalar], from start: Int) -> Int {
    var depth = 1
    var index = start
    var inString = false
    while index < text.count {
      let scalar = text[index]
      if inString {
        if scalar == "\\" { index += 1 } else if scalar == "\"" { inString = false }
      } else if scalar == "\"" {
        inString = true
      } else if scalar == "/", index + 1 < text.count, text[index + 1] == "/" {
        while index < text.count, text[index] != "\n" { index += 1 }
      } else if scalar == "(" {
        depth += 1
      } else if scalar == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return text.count
  }

  /// The string of the first `name: "…"` in `arguments`.
  private static func firstName(in arguments: String) -> String? {
    guard let label = arguments.range(of: "name:") else { return nil }
    let rest = arguments[label.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
    guard rest.first == "\"" else { return nil }
    let name = rest.dropFirst().prefix { $0 != "\"" }
    return name.isEmpty ? nil : String(name)
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
  /// The command plugin was asked to write next to the specs of a target that applies the
  /// build plugin, which generates the same files at build time.
  case buildPluginApplied(target: String)

  var description: String {
    switch self {
    case .duplicateOutput(let name, let first, let second, let target):
      return "target '\(target)': '\(second)' and '\(first)' would both generate \(name); rename one"
    case .generateFailed(let spec, let status, let message):
      return "curvekit generate failed for '\(spec)' (exit \(status)): \(message)"
    case .buildPluginApplied(let target):
      return Self.buildPluginReason(target: target)
    }
  }

  /// One line: why generate-curves leaves `target` alone.
  static func buildPluginReason(target: String) -> String {
    "target '\(target)' applies \(CurveSpecFiles.buildPluginName), which generates its curves at build time; "
      + "generate-curves would write the same files next to the specs (\"multiple producers\"): "
      + "use one of the two plugins for this target"
  }
}
