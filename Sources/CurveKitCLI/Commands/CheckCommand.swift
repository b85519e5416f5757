/// `curvekit check`: Verify that a curve is monotone decreasing from 1 to 0. (Placeholder until its owner lands it.)
enum CheckCommand: CurveKitCommand {
  static let name = "check"
  static let abstract = "Verify that a curve is monotone decreasing from 1 to 0."
  static let usage = ["check [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit check' is not available in this build yet")
  }
}
