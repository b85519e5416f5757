/// `curvekit fit`: Fit a curve spec or points by least squares. (Placeholder until its owner lands it.)
enum FitCommand: CurveKitCommand {
  static let name = "fit"
  static let abstract = "Fit a curve spec or points by least squares."
  static let usage = ["fit [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit fit' is not available in this build yet")
  }
}
