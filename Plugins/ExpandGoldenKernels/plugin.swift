// GeneratedCodeTests compiles the golden generated files of Tests/Fixtures/codegen, which
// store each embedded kernel region as one marker line: this plugin writes each golden with
// its markers expanded (by the test-only tool expand-golden-kernels, which uses CurveCodegen's
// own embedded kernels) into the plugin work directory, and those copies are what the test
// target compiles. Not a product: a consumer's build never runs it.
import Foundation
import PackagePlugin

@main
struct ExpandGoldenKernels: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let package = context.package.directoryURL
    let goldens = package.appending(path: "Tests/Fixtures/codegen", directoryHint: .isDirectory)
    let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path)
      .filter { $0.hasSuffix(".swift") }
      .sorted()
    // The kernel files themselves, so an edit reruns every expansion.
    var kernels: [URL] = []
    for (folder, prefix) in [
      ("Sources/CurveCore", "CubicInverseKernel"), ("Sources/CurveSchedule", "DepletionScheduleKernel"),
    ] {
      let directory = package.appending(path: folder, directoryHint: .isDirectory)
      kernels += try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".swift") }
        .sorted()
        .map { directory.appending(path: $0) }
    }
    let tool = try context.tool(named: "expand-golden-kernels").url
    return names.map { name in
      let input = goldens.appending(path: name)
      let output = context.pluginWorkDirectoryURL.appending(path: name)
      return .buildCommand(
        displayName: "Expanding the kernel markers of \(name)", executable: tool,
        arguments: [input.path, output.path], inputFiles: [input] + kernels, outputFiles: [output])
    }
  }
}
