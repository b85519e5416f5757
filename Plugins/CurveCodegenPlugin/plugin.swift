import PackagePlugin

@main
struct CurveCodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] }
}
