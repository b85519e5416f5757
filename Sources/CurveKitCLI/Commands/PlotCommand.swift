/// `curvekit plot`: Draw curves as an SVG plot. (Placeholder until its owner lands it.)
enum PlotCommand: CurveKitCommand {
  static let name = "plot"
  static let abstract = "Draw curves as an SVG plot."
  static let usage = ["plot [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit plot' is not available in this build yet")
  }
}
