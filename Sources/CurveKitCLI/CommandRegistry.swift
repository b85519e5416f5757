/// The `curvekit` subcommands this library holds, in the order `curvekit --help` lists them.
/// `design` (the studio) lives in CurveStudioCLI, so a tool built on this library alone, such
/// as the build plugin's `curvekit-codegen`, links no HTTP server and no studio.
package enum CommandRegistry {
  package static let commands: [any CurveKitCommand.Type] = [
    FitCommand.self,
    CheckCommand.self,
    EvalCommand.self,
    InvertCommand.self,
    RootsCommand.self,
    TimelineCommand.self,
    GenerateCommand.self,
    PlotCommand.self,
    ExportCommand.self,
    ShareCommand.self,
  ]
}
