import PackagePlugin

/// Build-tool plugin: one generated Swift file per `*.curve.json` among a target's sources.
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
/// (and must not exclude the specs, or the plugin would not see them).
@main
struct CurveCodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let specs = CurveSpecFiles.specs(in: target)
    guard !specs.isEmpty else { return [] }
    try CurveSpecFiles.checkUniqueOutputs(specs, target: target.name)
    let tool = try context.tool(named: "curvekit")
    return specs.map { spec in
      let output = context.pluginWorkDirectoryURL.appending(path: CurveSpecFiles.outputName(for: spec))
      return .buildCommand(
        displayName: "Generating \(output.lastPathComponent) from \(spec.lastPathComponent)",
        executable: tool.url,
        arguments: ["generate", spec.path, "-o", output.path],
        inputFiles: [spec, tool.url],
        outputFiles: [output]
      )
    }
  }
}
