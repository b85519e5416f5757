import Foundation
import PackagePlugin

/// Build-tool plugin: one generated Swift file per `*.curve.json` among a target's sources, in a
/// SwiftPM package (``BuildToolPlugin``) or an Xcode project (`XcodeBuildToolPlugin`), through
/// one code path, ``commands(specs:targetName:tool:workDirectory:)``.
///
/// For `Sources/App/DepletionCurve.curve.json` it runs
/// `curvekit generate <spec> -o <pluginWorkDirectory>/DepletionCurve.swift` and adds the
/// output to the target. The spec and the `curvekit` executable are declared as inputs,
/// so the file is regenerated when either changes; output names depend only on the spec
/// file names. The spec's own `codegen` object sets type name, access, inverse and
/// schedule helpers.
///
/// Specs stay ordinary files of the target: because each is an input of a build command,
/// SwiftPM does not report it as an unhandled file, so the manifest needs no `exclude`
/// (and must not exclude the specs, or the plugin would not see them). A SwiftPM target needs
/// at least one `.swift` file besides its specs, or SwiftPM drops it before any plugin runs
/// (`swift package generate-curves` warns about such folders).
@main
struct CurveCodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    return try Self.commands(
      specs: CurveSpecFiles.specs(in: target.sourceFiles), targetName: target.name,
      tool: context.tool(named: "curvekit-codegen").url, workDirectory: context.pluginWorkDirectoryURL)
  }

  /// The build commands for a target's specs, whichever host asks: one `curvekit generate` per
  /// spec, writing `<Name>.swift` into `workDirectory`.
  /// - Throws: when two specs would generate the same file name.
  static func commands(specs: [URL], targetName: String, tool: URL, workDirectory: URL) throws -> [Command] {
    guard !specs.isEmpty else { return [] }
    try CurveSpecFiles.checkUniqueOutputs(specs, target: targetName)
    return specs.map { spec in
      let output = workDirectory.appending(path: CurveSpecFiles.outputName(for: spec))
      return .buildCommand(
        displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
        executable: tool,
        arguments: ["generate", spec.path, "-o", output.path],
        inputFiles: [spec, tool],
        outputFiles: [output]
      )
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: the target's input files take the place of a package target's
  /// sources; the commands are the same.
  extension CurveCodegenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      try Self.commands(
        specs: CurveSpecFiles.specs(in: target.inputFiles), targetName: target.displayName,
        tool: context.tool(named: "curvekit-codegen").url, workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif
