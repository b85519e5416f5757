/// Every `curvekit` subcommand, in the order `curvekit --help` lists them.
enum CommandRegistry {
  static let commands: [any CurveKitCommand.Type] = [
    FitCommand.self,
    CheckCommand.self,
    EvalCommand.self,
    InvertCommand.self,
    RootsCommand.self,
    TimelineCommand.self,
    GenerateCommand.self,
    PlotCommand.self,
    ExportCommand.self,
  ]

  static func command(named name: String) -> (any CurveKitCommand.Type)? {
    commands.first(where: { $0.name == name })
  }
}
