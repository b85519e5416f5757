import PackagePlugin

@main
struct GenerateCurves: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
