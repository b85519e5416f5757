import Foundation
import PackagePlugin

/// Build-tool plugin, internal to CurveKit: embeds the kernels generated code carries in CurveCodegen.
///
/// Generated Swift files carry the text of `Sources/CurveCore/CubicInverseKernel*.swift` (the
/// inverse and level kernels) and, with `--with-schedule`,
/// `Sources/CurveSchedule/DepletionScheduleKernel*.swift` (the date arithmetic and widget
/// timelines); see `InverseKernelSource`. This plugin runs the `EmbedInverseKernels` tool on
/// those files, sorted by folder then name, which writes `InverseKernelSource+Files.swift` to
/// the plugin work directory and adds it to the target. The kernel files and the tool are the
/// command's inputs, so SwiftPM reruns it when a kernel changes, and the tool rewrites its
/// output only when the text changed. The files are found by listing the folders on every
/// build, so a new kernel file is picked up without touching this plugin.
@main
struct EmbedInverseKernelsPlugin: BuildToolPlugin {
  /// Each kernel folder, relative to the package root, and the file-name prefix of its kernels.
  static let kernelFolders = [
    (directory: "Sources/CurveCore", prefix: "CubicInverseKernel"),
    (directory: "Sources/CurveSchedule", prefix: "DepletionScheduleKernel"),
  ]
  /// The name of the generated file.
  static let outputName = "InverseKernelSource+Files.swift"

  /// One build command: `EmbedInverseKernels <work>/InverseKernelSource+Files.swift <kernels…>`.
  /// - Throws: ``PluginError`` when a kernel folder cannot be listed or holds no kernel file.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    var kernels: [URL] = []
    for folder in Self.kernelFolders {
      let directory = context.package.directoryURL.appending(path: folder.directory, directoryHint: .isDirectory)
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
          .filter { $0.hasPrefix(folder.prefix) && $0.hasSuffix(".swift") }
          .sorted()
      } catch {
        throw PluginError("cannot list \(folder.directory): \(error.localizedDescription)")
      }
      guard !names.isEmpty else { throw PluginError("no \(folder.prefix)*.swift in \(folder.directory)") }
      kernels += names.map { directory.appending(path: $0, directoryHint: .notDirectory) }
    }
    let tool = try context.tool(named: "EmbedInverseKernels")
    let output = context.pluginWorkDirectoryURL.appending(path: Self.outputName, directoryHint: .notDirectory)
    return [
      .buildCommand(
        displayName: "Embedding \(kernels.count) kernels into \(Self.outputName)",
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
