import CurveCore
import CurveKitCLI
import CurveStudioCLI

/// The outcome of running `curvekit` in-process.
struct CommandResult {
  var status: Int32
  var output: String
  var errors: String

  /// The lines of standard output.
  var outputLines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// Runs `curvekit` with `arguments` and captured streams; `environment` replaces the
/// process's environment when given.
func runCurveKit(
  _ arguments: [String], input: String = "", terminal: Bool = false, environment: [String: String]? = nil
) -> CommandResult {
  let io = CapturedIO(input: input, isOutputTerminal: terminal, environment: environment)
  let status = CurveKitCommandLine.run(arguments: arguments, io: io, commands: StudioCommands.all)
  return CommandResult(status: status, output: io.output, errors: io.errors)
}

/// True when `errors` is exactly one line starting with `error: `, with no control or
/// bidirectional character in it (echoed input is escaped).
/// True when stderr is diagnostics only: one or more lines, each `error: `, `warning: ` or
/// `note: ` followed by one escaped line, with at least one error when `failed`.
func isDiagnosticLines(_ errors: String, failed: Bool) -> Bool {
  guard errors.hasSuffix("\n") || errors.isEmpty else { return false }
  let lines = errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  let prefixes = ["error: ", "warning: ", "note: "]
  let wellFormed = lines.allSatisfy { line in
    prefixes.contains(where: { line.hasPrefix($0) }) && !line.unicodeScalars.contains(where: EchoedText.needsEscape)
  }
  let hasError = lines.contains { $0.hasPrefix("error: ") }
  return wellFormed && hasError == failed
}

func isOneLineError(_ errors: String) -> Bool {
  errors.hasPrefix("error: ") && errors.hasSuffix("\n")
    && !errors.dropLast().unicodeScalars.contains(where: EchoedText.needsEscape)
}
