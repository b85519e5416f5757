/// The `curvekit` subcommands this library holds, in the order `curvekit --help` lists them.
/// `design` (the studio) lives in CurveStudioCLI, so a tool built on this library alone, such
/// as the build plugin's `curvekit-codegen`, links no HTTP server and no studio.
package enum CommandRegistry {
  package static let commands: [CommandEntry] = [
    FitCommand.entry,
    CheckCommand.entry,
    EvalCommand.entry,
    InvertCommand.entry,
    RootsCommand.entry,
    TimelineCommand.entry,
    GenerateCommand.entry,
    PlotCommand.entry,
    ExportCommand.entry,
    ShareCommand.entry,
  ]
}
