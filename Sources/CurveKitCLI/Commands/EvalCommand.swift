/// `curvekit eval`: Evaluate a curve at normalized times. (Placeholder until its owner lands it.)
enum EvalCommand: CurveKitCommand {
  static let name = "eval"
  static let abstract = "Evaluate a curve at normalized times."
  static let usage = ["eval [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit eval' is not available in this build yet")
  }
}
