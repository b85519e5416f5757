/// `curvekit export`: Export a curve as CSS or SwiftUI easing. (Placeholder until its owner lands it.)
enum ExportCommand: CurveKitCommand {
  static let name = "export"
  static let abstract = "Export a curve as CSS or SwiftUI easing."
  static let usage = ["export [options]"]
  static let discussion = ""
  static let options: [OptionSpec] = []

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    throw UsageError("'curvekit export' is not available in this build yet")
  }
}
