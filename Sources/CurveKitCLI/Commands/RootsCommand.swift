/// `curvekit roots`: Print the real roots of a cubic. (Placeholder until its owner lands it.)
enum RootsCommand: CurveKitCommand {
  static let name = "roots"
  static let abstract = "Print the real roots of a cubic."
  static let usage = ["roots [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit roots' is not available in this build yet")
  }
}
