import Foundation
import PackagePlugin

/// Build-tool plugin, internal to CurveKit: embeds the CurveCore inverse kernels in CurveCodegen.
///
/// Generated Swift files carry the text of `Sources/CurveCore/CubicInverseKernel*.swift`
/// (see `InverseKernelSource`). This plugin runs the `EmbedInverseKernels` tool on those
/// files, sorted by name, which writes `InverseKernelSource+Files.swift` to the plugin work
/// directory and adds it to the target. The kernel files and the tool are the command's
/// inputs, so SwiftPM reruns it when a kernel changes, and the tool rewrites its output
/// only when the text changed. The files are found by listing the folder on every build,
/// so a new `CubicInverseKernel*.swift` is picked up without touching this plugin.
@main
struct EmbedInverseKernelsPlugin: BuildToolPlugin {
  /// The folder of the kernel files, relative to the package root.
  static let kernelDirectory = "Sources/CurveCore"
  /// The name of the generated file.
  static let outputName = "InverseKernelSource+Files.swift"

  /// One build command: `EmbedInverseKernels <work>/InverseKernelSource+Files.swift <kernels…>`.
  /// - Throws: ``PluginError`` when the kernel folder cannot be listed or holds no kernel file.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: Self.kernelDirectory, directoryHint: .isDirectory)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix("CubicInverseKernel") && $0.hasSuffix(".swift") }
        .sorted()
    } catch {
      throw PluginError("cannot list \(Self.kernelDirectory): \(error.localizedDescription)")
    }
    guard !names.isEmpty else { throw PluginError("no CubicInverseKernel*.swift in \(Self.kernelDirectory)") }
    let kernels = names.map { directory.appending(path: $0, directoryHint: .notDirectory) }
    let tool = try context.tool(named: "EmbedInverseKernels")
    let output = context.pluginWorkDirectoryURL.appending(path: Self.outputName, directoryHint: .notDirectory)
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) inverse kernels into \(Self.outputName)",
        executable: tool.url,
        arguments: [output.path] + kernels.map(\.path),
        inputFiles: kernels + [tool.url],
        outputFiles: [output]
      )
    ]
  }
}

/// A failure of the plugin, described in one line.
struct PluginError: Error, CustomStringConvertible {
  /// The one-line reason.
  let description: String

  /// A failure described by `description`.
  init(_ description: String) { self.description = description }
}
