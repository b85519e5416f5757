#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Who reads a command's diagnostics, and so how they are worded and located.
package enum CommandAudience: Sendable {
  /// A person at a terminal: `error: …` lines, ways out named by flags (`pass --percent`).
  case commandLine
  /// A build or command plugin (`curvekit-codegen`): each line starts with the spec's absolute
  /// path and line (`/abs/Depletion.curve.json:3:32: error: …`, the form Xcode and VS Code
  /// jump from), and ways out name spec fields (`"monotonic": "ignore"`), since a plugin's
  /// user passes no flags.
  case plugin

  /// `message` as this audience's error line (no newline). For a plugin, `specPath` (made
  /// absolute) and `location` (else line 1, column 1: the whole spec) start the line.
  func errorLine(_ message: String, specPath: String?, location: (line: Int, column: Int)? = nil) -> String {
    guard self == .plugin, let specPath else { return "error: \(message)" }
    let position = location ?? (1, 1)
    return "\(Self.absolute(specPath)):\(position.line):\(position.column): error: \(message)"
  }

  /// `path` made absolute against the working directory (unchanged when it already is).
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(curvekitPathMaximum) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}

extension CommandIO {
  /// The command line, unless the tool says otherwise.
  package var audience: CommandAudience { .commandLine }
}

#if canImport(WASILibc)
  /// The longest path `getcwd` writes (`PATH_MAX`, a macro Swift does not import from musl).
  let curvekitPathMaximum = curvekit_PATH_MAX
#else
  /// The longest path `getcwd` writes.
  let curvekitPathMaximum = PATH_MAX
#endif
