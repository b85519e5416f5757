import CurveCore

/// The exit status of a `curvekit` command.
package enum ExitStatus: Int32, Sendable {
  /// The command succeeded.
  case success = 0
  /// A check failed: the curve is not monotone, a generated file is out of date, …
  case checkFailed = 1
  /// Invalid input or usage.
  case invalidInput = 2
}

/// A check that did not pass: exit status 1 with one line `error: …` on stderr per finding.
package struct CheckFailure: Error, Sendable, CustomStringConvertible {
  /// One line per finding, e.g. the monotonicity witness; never empty.
  package var lines: [String]

  /// The first finding.
  package var description: String { lines[0] }

  /// Creates a failure with a one-line message; control characters echoed from the input
  /// are escaped (`\n`, `\u{202E}`).
  package init(_ description: String) { lines = [EchoedText.escaped(description)] }

  /// Creates a failure with several findings, each one line (at least one).
  package init(lines first: String, _ rest: [String]) {
    lines = ([first] + rest).map(EchoedText.escaped)
  }
}

/// One `curvekit` subcommand.
///
/// Conformers parse nothing themselves: the dispatcher parses the arguments against
/// ``options`` and hands over ``ParsedArguments``. Throwing ``CommandError/check(_:)`` exits 1;
/// any other error exits 2 with its one-line description.
package protocol CurveKitCommand: Sendable {
  /// The subcommand's name, e.g. `fit`.
  static var name: String { get }
  /// One line for `curvekit --help`.
  static var abstract: String { get }
  /// Usage lines, without the `curvekit` prefix, e.g. `fit SPEC.json [--json]`.
  static var usage: [String] { get }
  /// Further help: what the command prints and its exit codes.
  static var discussion: String { get }
  /// The options the command accepts (`--help` is added automatically).
  static var options: [OptionSpec] { get }
  /// Runs the command.
  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus
}

extension CurveKitCommand {
  /// The full `--help` text.
  package static var helpText: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE:\n"
    for line in usage { text += "  curvekit \(line)\n" }
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    let all = options + [OptionSpec.help]
    let labels = all.map { option -> String in
      let names = (option.short.map { "\($0), " } ?? "") + option.name
      return option.placeholder.isEmpty ? names : "\(names) \(option.placeholder)"
    }
    let width = min(34, (labels.map { $0.count }.max() ?? 0) + 2)
    text += "\nOPTIONS:\n"
    for (label, option) in zip(labels, all) {
      let repeatNote = option.kind == .repeated ? " (repeatable)" : ""
      if label.count + 2 > width {
        text += "  \(label)\n  \(String(repeating: " ", count: width))\(option.help)\(repeatNote)\n"
      } else {
        text += "  \(label)\(String(repeating: " ", count: width - label.count))\(option.help)\(repeatNote)\n"
      }
    }
    return text
  }
}

/// One subcommand as a value: what the dispatcher needs of a ``CurveKitCommand``.
///
/// The tool lists its commands as values rather than as metatypes (`any CurveKitCommand.Type`),
/// which Embedded Swift (the WebAssembly build) cannot hold.
package struct CommandEntry: Sendable {
  /// The subcommand's name, e.g. `fit`.
  package var name: String
  /// One line for `curvekit --help`.
  package var abstract: String
  /// The full `--help` text.
  package var helpText: String
  /// The options the command accepts (`--help` is added automatically).
  package var options: [OptionSpec]
  /// Runs the command.
  package var run: @Sendable (ParsedArguments, any CommandIO) throws(CommandError) -> ExitStatus
}

extension CurveKitCommand {
  /// This command as a ``CommandEntry``.
  package static var entry: CommandEntry {
    CommandEntry(
      name: name, abstract: abstract, helpText: helpText, options: options,
      run: { (arguments, io) throws(CommandError) in try run(arguments, io: io) })
  }
}
