/// The command-line options of the benchmark executable.
public struct BenchmarkOptions {
  /// Run only the cases whose name matches (a regular expression, or a plain substring
  /// when the text is not a valid expression).
  public var filter: String?
  /// The CI smoke run: smaller inputs, shorter samples; accuracy is still checked.
  public var quick = false
  /// Where to write every figure as JSON.
  public var jsonPath: String?
  /// Run a debug build anyway (timings are then meaningless; for smoke tests only).
  public var allowDebug = false
  /// List the case names and exit.
  public var listOnly = false
  /// The `curvekit` executable for the whole-process case (default: next to this binary).
  public var curvekitPath: String?
  /// The Python interpreter for the numpy peer.
  public var python = "python3"

  /// The usage text.
  public static let usage = """
    usage: curvekit-benchmarks [--quick] [--filter REGEX] [--json FILE] [--list]
                               [--curvekit PATH] [--python PATH] [--allow-debug]
      --quick          CI smoke run: small inputs, short samples (accuracy still checked)
      --filter REGEX   run only cases whose name matches (substring if not a valid regex)
      --json FILE      write every figure to FILE as JSON
      --list           print the case names and exit
      --curvekit PATH  the curvekit binary for the whole-process fit (default: next to this one)
      --python PATH    the interpreter for the numpy peer (default: python3)
      --allow-debug    run a debug build anyway (timings meaningless; smoke tests only)
    Exit status: 0 ok, 1 an accuracy check failed, 2 usage error or debug build.
    """

  /// Parses `arguments` (without the program name).
  /// - Throws: ``BenchmarkUsageError`` naming the bad argument.
  public init(arguments: [String]) throws(BenchmarkUsageError) {
    var index = 0
    func value(for option: String) throws(BenchmarkUsageError) -> String {
      index += 1
      guard index < arguments.count else { throw BenchmarkUsageError("\(option) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--quick": quick = true
      case "--filter": filter = try value(for: argument)
      case "--json": jsonPath = try value(for: argument)
      case "--allow-debug": allowDebug = true
      case "--list": listOnly = true
      case "--curvekit": curvekitPath = try value(for: argument)
      case "--python": python = try value(for: argument)
      case "-h", "--help": throw BenchmarkUsageError(nil)
      default: throw BenchmarkUsageError("unknown argument '\(argument)'")
      }
      index += 1
    }
  }

  /// True when `name` passes ``filter``.
  public func selects(_ name: String) -> Bool {
    guard let filter, !filter.isEmpty else { return true }
    if let expression = try? Regex(filter) {
      return name.contains(expression)
    }
    return name.contains(filter)
  }
}

/// A bad command line; `message` is nil for `--help`.
public struct BenchmarkUsageError: Error, CustomStringConvertible {
  /// What was wrong, or nil when help was asked for.
  public let message: String?
  /// Creates the error.
  public init(_ message: String?) { self.message = message }
  /// `error: <message>`, or the usage for `--help`.
  public var description: String { message.map { "error: \($0)" } ?? BenchmarkOptions.usage }
}
