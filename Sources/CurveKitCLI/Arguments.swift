import CurveCore

/// One option a command accepts.
package struct OptionSpec: Sendable {
  /// How an option takes values.
  package enum Kind: Sendable {
    /// A switch with no value.
    case flag
    /// An option with one value, given at most once.
    case value
    /// An option with one value, which may be repeated.
    case repeated
  }

  /// The long name, with dashes: `--degree`.
  package var name: String
  /// An optional one-letter alias, with its dash: `-o`.
  package var short: String?
  /// How the option takes values.
  package var kind: Kind
  /// The value's placeholder in help text, e.g. `N` or `T:Y`.
  package var placeholder: String
  /// One line of help.
  package var help: String

  /// A switch.
  package static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, kind: .flag, placeholder: "", help: help)
  }

  /// An option with one value.
  package static func value(_ name: String, short: String? = nil, placeholder: String, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, kind: .value, placeholder: placeholder, help: help)
  }

  /// An option that may be repeated.
  package static func repeated(_ name: String, short: String? = nil, placeholder: String, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, kind: .repeated, placeholder: placeholder, help: help)
  }

  /// `--help`, which every command accepts.
  static let help = OptionSpec.flag("--help", short: "-h", help: "Show this help.")
}

/// A usage or invalid-input error from the command line: exit status 2.
package struct UsageError: Error, Sendable, CustomStringConvertible {
  /// One line naming the offending argument.
  package var description: String

  /// Creates an error with a one-line message; control characters echoed from an argument
  /// are escaped (`\n`, `\u{202E}`).
  package init(_ description: String) { self.description = EchoedText.escaped(description) }
}

/// The parsed command line of one command: positionals, flags and option values.
package struct ParsedArguments: Sendable {
  /// The command's name, for messages.
  package let command: String
  /// Arguments that are not options, in order (`-` and negative numbers included).
  package private(set) var positionals: [String] = []
  private var flags: Set<String> = []
  private var values: [String: [String]] = [:]

  /// Parses `arguments` against `options`.
  ///
  /// Accepts `--name value`, `--name=value`, `-o value`, and `--` to end options.
  /// A lone `-` and tokens that look like numbers (`-0.5`, `-1e-3`) are positionals.
  /// - Throws: ``UsageError`` for an unknown option, a missing value, or a
  ///   non-repeatable option given twice.
  package init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
    self.command = command
    let all = options + [OptionSpec.help]
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if optionsEnded || token == "-" || !token.hasPrefix("-") || Self.looksNumeric(token) {
        positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      var name = token
      var inlineValue: String?
      if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
        name = String(token[..<equals])
        inlineValue = String(token[token.index(after: equals)...])
      }
      guard let spec = all.first(where: { $0.name == name || $0.short == name }) else {
        throw UsageError("unknown option '\(name)' for 'curvekit \(command)' (see 'curvekit \(command) --help')")
      }
      switch spec.kind {
      case .flag:
        guard inlineValue == nil else { throw UsageError("option '\(spec.name)' takes no value") }
        flags.insert(spec.name)
      case .value, .repeated:
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw UsageError("option '\(spec.name)' needs a value (\(spec.placeholder))")
          }
          value = arguments[index]
          index += 1
        }
        if spec.kind == .value, values[spec.name] != nil {
          throw UsageError("option '\(spec.name)' is given more than once")
        }
        values[spec.name, default: []].append(value)
      }
    }
  }

  static func looksNumeric(_ token: String) -> Bool {
    guard token.count > 1, token.hasPrefix("-") else { return false }
    let second = token[token.index(after: token.startIndex)]
    return second.isNumber || second == "."
  }

  /// True when the flag was given.
  package func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The value of a single-valued option, if given.
  package func value(_ name: String) -> String? { values[name]?.last }

  /// Every value of a repeatable option, in order.
  package func values(_ name: String) -> [String] { values[name] ?? [] }

  /// The option's value as a finite double.
  package func double(_ name: String) throws(UsageError) -> Double? {
    guard let text = value(name) else { return nil }
    return try NumberArgument.finiteDouble(text, what: name)
  }

  /// The option's value as an integer within `range`.
  package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("\(name): '\(text)' is not an integer from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// The option's value as a comma-separated list of finite doubles (e.g. `--coefficients`).
  package func doubleList(_ name: String) throws(UsageError) -> [Double]? {
    guard let text = value(name) else { return nil }
    return try NumberArgument.finiteDoubleList(text, what: name)
  }

  /// The option's value as one of a fixed set of names.
  package func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(UsageError) -> T?
  where T.RawValue == String {
    guard let text = value(name) else { return nil }
    guard let choice = T(rawValue: text) else {
      throw UsageError(
        "\(name): unknown value '\(text)' (expected one of: \(T.allCases.map { $0.rawValue }.joined(separator: ", ")))")
    }
    return choice
  }

  /// Throws when more positionals were given than `maximum`.
  package func expectPositionals(atMost maximum: Int, what: String) throws(UsageError) {
    guard positionals.count > maximum else { return }
    let extra = positionals[maximum]
    throw UsageError("unexpected argument '\(extra)' for 'curvekit \(command)' (expected \(what))")
  }
}

/// Strict parsing of numbers given on the command line or stdin.
package enum NumberArgument {
  /// Parses a finite double; rejects NaN, infinities and trailing junk.
  package static func finiteDouble(_ text: String, what: String) throws(UsageError) -> Double {
    let trimmed = text.trimmingCharacters(in: " \t")
    guard let value = Double(trimmed) else { throw UsageError("\(what): '\(text)' is not a number") }
    guard value.isFinite else { throw UsageError("\(what): '\(text)' is not finite; values must be finite numbers") }
    return value
  }

  /// Parses a comma-separated list of finite doubles.
  package static func finiteDoubleList(_ text: String, what: String) throws(UsageError) -> [Double] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard !text.isEmpty else { throw UsageError("\(what): empty list; give comma-separated numbers") }
    var result: [Double] = []
    for (index, part) in parts.enumerated() {
      result.append(try finiteDouble(String(part), what: "\(what) item \(index + 1)"))
    }
    return result
  }
}

extension String {
  func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self)
    while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
