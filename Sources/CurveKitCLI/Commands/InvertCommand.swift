/// `curvekit invert`: Find the normalized time for given levels. (Placeholder until its owner lands it.)
enum InvertCommand: CurveKitCommand {
  static let name = "invert"
  static let abstract = "Find the normalized time for given levels."
  static let usage = ["invert [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit invert' is not available in this build yet")
  }
}
