import CurveCore
import CurveKitCLI

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
  let status = CurveKitCommandLine.run(arguments: arguments, io: io)
  return CommandResult(status: status, output: io.output, errors: io.errors)
}

/// True when `errors` is exactly one line starting with `error: `, with no control or
/// bidirectional character in it (echoed input is escaped).
func isOneLineError(_ errors: String) -> Bool {
  errors.hasPrefix("error: ") && errors.hasSuffix("\n")
    && !errors.dropLast().unicodeScalars.contains(where: EchoedText.needsEscape)
}
