import CurveCodegen
import CurveCore
import CurveDesign
import CurveEasing
import CurveFitting
import CurvePipeline
import CurveSchedule
import CurveSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// The `curvekit` tool as a library: dispatches to a subcommand and maps errors to exit codes.
package enum CurveKitCommandLine {
  /// The tool's version, printed by `curvekit --version`.
  package static let version = "0.1.0"

  /// The words the tool's messages name their ways out in: its flags, where the studio names
  /// the spec's keys (``CurveRequest/Vocabulary/spec``); the findings are otherwise the same.
  package static var vocabulary: CurveRequest.Vocabulary { CurveSourceOptions.commandLineVocabulary }

  /// Runs `curvekit` on the process's standard streams and returns the exit status.
  /// - Parameter arguments: the arguments without the program name.
  /// - Parameter commands: the subcommands this tool has (`curvekit` adds `design`).
  /// - Parameter audience: who reads the diagnostics (``CommandAudience/plugin`` for
  ///   `curvekit-codegen`, the plugins' tool).
  package static func main(
    arguments: [String], commands: [CommandEntry] = CommandRegistry.commands,
    audience: CommandAudience = .commandLine
  ) -> Int32 {
    #if !canImport(WASILibc)  // WASI has no signals; a closed pipe is a failed write there.
      signal(SIGPIPE, SIG_IGN)  // A closed pipe (`curvekit eval | head`) must not kill the tool.
    #endif
    let io = StandardIO()
    io.audience = audience
    let status = run(arguments: arguments, io: io, commands: commands)
    io.flush()
    return status
  }

  /// Runs `curvekit` with `arguments` on `io` and returns the exit status.
  ///
  /// 0 on success; 1 when a check fails; 2 for invalid input or usage. Every failure
  /// writes exactly one line `error: …` to standard error. With no arguments at all, the
  /// command list goes to standard output first (a newcomer's first run), then exit 2.
  package static func run(
    arguments: [String], io: any CommandIO, commands: [CommandEntry] = CommandRegistry.commands
  ) -> Int32 {
    func command(named name: String) -> CommandEntry? { commands.first { $0.name == name } }
    guard let name = arguments.first else {
      io.write(overview(commands))
      return fail(.usage(UsageError("missing command: choose one of the commands above")), io: io)
    }
    switch name {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = command(named: arguments[1]) {
        io.write(command.helpText)
      } else {
        io.write(overview(commands))
      }
      return ExitStatus.success.rawValue
    case "--version":
      io.write("curvekit \(version)\n")
      return ExitStatus.success.rawValue
    default:
      break
    }
    guard let command = command(named: name) else {
      return fail(.usage(UsageError("unknown command '\(name)' (see 'curvekit --help')")), io: io)
    }
    do throws(CommandError) {
      let parsed = try attempt { () throws(UsageError) in
        try ParsedArguments(Array(arguments.dropFirst()), options: command.options, command: name)
      }
      if parsed.has("--help") {
        io.write(command.helpText)
        return ExitStatus.success.rawValue
      }
      return try command.run(parsed, io).rawValue
    } catch .check(let failure) {
      io.flush()
      let spec = specPath(arguments)
      for line in failure.lines { io.writeError(io.audience.errorLine(oneLine(line), specPath: spec) + "\n") }
      return ExitStatus.checkFailed.rawValue
    } catch {
      return fail(error, io: io, specPath: specPath(arguments))
    }
  }

  private static func fail(_ error: CommandError, io: any CommandIO, specPath: String? = nil) -> Int32 {
    io.flush()
    if io.audience == .plugin, let specError = specError(error), let location = specError.location,
      FileIO.displayName(of: specPath ?? "") == specError.source
    {
      // The spec's own line and column, for the IDE to jump to; the message without them.
      let line = io.audience.errorLine(
        oneLine(specError.message), specPath: specPath, location: (location.line, location.column))
      io.writeError(line + "\n")
    } else {
      let hint = io.audience == .plugin ? "" : flagHint(for: error)
      io.writeError(io.audience.errorLine(oneLine(error.description + hint), specPath: specPath) + "\n")
    }
    return ExitStatus.invalidInput.rawValue
  }

  /// The spec a plugin runs the tool on: `generate SPEC …`'s first argument after the
  /// command, when it is not an option.
  static func specPath(_ arguments: [String]) -> String? {
    guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
    return arguments[1]
  }

  /// The spec error inside `error`, if it is one.
  static func specError(_ error: CommandError) -> SpecError? {
    switch error {
    case .spec(let error): return error
    case .source(.spec(let error)): return error
    default: return nil
    }
  }

  /// The flag that fixes a library error, which names none itself (the studio shows the same
  /// errors in the spec's words).
  static func flagHint(for error: CommandError) -> String {
    switch error {
    case .codegen(.noTypeName): return "; or pass --type-name N"
    case .codegen(.inverseUnavailable), .codegen(.tableUnavailable): return " (--inverse METHOD)"
    case .easing(.precisionOutOfRange): return " (--precision N)"
    default: return ""
    }
  }

  /// A message as one line: CurveCore's one escaping rule (`\n`, `\u{202E}`, …), the last
  /// guard for an error type that echoed raw input.
  static func oneLine(_ message: String) -> String {
    EchoedText.escaped(message)
  }

  /// The text of `curvekit --help` for a tool with `commands`.
  static func overview(_ commands: [CommandEntry]) -> String {
    var text = """
      OVERVIEW: curvekit \(version): design, fit, verify and ship monotone depletion curves.

      USAGE: curvekit <command> [options]

      COMMANDS:

      """
    let width = (commands.map { $0.name.count }.max() ?? 0) + 4
    for command in commands {
      text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count))\(command.abstract)\n"
    }
    text += """

      Run 'curvekit <command> --help' for a command's options.
      Exit status: 0 success, 1 a check failed, 2 invalid input or usage.

      """
    return text
  }
}
