import CurveKitCLI

/// The whole `curvekit` tool's commands: CurveKitCLI's, then `design`, the studio.
///
/// The studio and its HTTP server are linked only by the tools that list this (the
/// `curvekit` executable and the tests); the build plugin's `curvekit-codegen` does not.
package enum StudioCommands {
  /// Every `curvekit` subcommand, in the order `curvekit --help` lists them.
  package static let all: [CommandEntry] = CommandRegistry.commands + [DesignCommand.entry]
}
