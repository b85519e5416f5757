/// `curvekit generate`: Emit a self-contained Swift source file for a curve. (Placeholder until its owner lands it.)
enum GenerateCommand: CurveKitCommand {
  static let name = "generate"
  static let abstract = "Emit a self-contained Swift source file for a curve."
  static let usage = ["generate [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit generate' is not available in this build yet")
  }
}
