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

/// Where a command reads input and writes output. The real tool uses ``StandardIO``;
/// tests use ``CapturedIO`` and run commands in-process.
package protocol CommandIO: AnyObject {
  /// Writes to standard output (buffered).
  func write(_ text: String)
  /// Writes UTF-8 bytes to standard output (buffered), as ``write(_:)`` does their text.
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
  /// Writes to standard error.
  func writeError(_ text: String)
  /// A line reader over standard input.
  func inputReader() throws(SpecError) -> LineReader
  /// True when standard output is a terminal (enables previews and colours).
  var isOutputTerminal: Bool { get }
  /// The value of an environment variable (`PATH` to find `rsvg-convert`, `COLUMNS`).
  func environment(_ name: String) -> String?
  /// The width of the terminal standard output writes to, in columns: `COLUMNS` when it is
  /// a positive integer, else the terminal's own size; nil when neither is known.
  var terminalColumns: Int? { get }
  /// Flushes buffered output.
  func flush()
  /// Who reads the diagnostics (``CommandAudience``); the command line by default.
  var audience: CommandAudience { get }
}

/// `COLUMNS` as a width: a positive integer (spaces around it allowed), else nil.
func parseColumns(_ text: String?) -> Int? {
  guard let text, let value = Int(text.trimmingCharacters(in: " \t")), value > 0 else { return nil }
  return value
}

/// The process's standard streams, with a 64 KiB output buffer so that printing a
/// million lines costs one system call per buffer, not per line.
package final class StandardIO: CommandIO {
  private var buffer: [UInt8] = []
  private let bufferLimit = 1 << 16
  /// Who reads the diagnostics: `curvekit-codegen` (the plugins' tool) sets ``CommandAudience/plugin``.
  package var audience: CommandAudience = .commandLine

  /// Creates the standard streams.
  package init() { buffer.reserveCapacity(bufferLimit + 4096) }

  deinit { flush() }

  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= bufferLimit { flush() }
  }

  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= bufferLimit { flush() }
  }

  package func writeError(_ text: String) {
    flush()
    var bytes = Array(text.utf8)
    writeAll(&bytes, to: 2)
  }

  package func inputReader() throws(SpecError) -> LineReader { try LineReader(path: "-") }

  package var isOutputTerminal: Bool { isatty(1) != 0 }

  package func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  package var terminalColumns: Int? {
    if let columns = parseColumns(environment("COLUMNS")) { return columns }
    #if canImport(WASILibc)
      return nil  // WASI has no terminal size to ask for.
    #else
      #if canImport(Darwin)
        let request: UInt = 0x4008_7468  // TIOCGWINSZ, a function-like macro Swift does not import there
      #else
        let request = UInt(TIOCGWINSZ)
      #endif
      var size = winsize()
      guard isatty(1) != 0, ioctl(1, request, &size) == 0, size.ws_col > 0 else { return nil }
      return Int(size.ws_col)
    #endif
  }

  package func flush() {
    guard !buffer.isEmpty else { return }
    writeAll(&buffer, to: 1)
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) {
    // A failure (EPIPE and the like: the reader went away) leaves nothing useful to do.
    bytes.withUnsafeBytes { _ = FileIO.writeAll($0, to: descriptor) }
  }
}

/// In-memory streams for running commands in-process (tests, plugins).
package final class CapturedIO: CommandIO {
  /// Everything written to standard output.
  package private(set) var output = ""
  /// Everything written to standard error.
  package private(set) var errors = ""
  /// The text standard input provides.
  package var input: String
  /// What ``isOutputTerminal`` reports.
  package var isOutputTerminal: Bool
  /// The environment the command sees; nil means the process's own.
  package var environment: [String: String]?
  /// Who reads the diagnostics (tests of the plugins' wording set ``CommandAudience/plugin``).
  package var audience: CommandAudience = .commandLine

  /// Creates captured streams with the given standard input and environment (nil: the
  /// process's own).
  package init(input: String = "", isOutputTerminal: Bool = false, environment: [String: String]? = nil) {
    self.input = input
    self.isOutputTerminal = isOutputTerminal
    self.environment = environment
  }

  package func environment(_ name: String) -> String? {
    guard let environment else { return getenv(name).map { String(cString: $0) } }
    return environment[name]
  }

  /// `COLUMNS` from ``environment`` only: captured output has no terminal to ask.
  package var terminalColumns: Int? { parseColumns(environment("COLUMNS")) }

  package func write(_ text: String) { output += text }
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { output += String(decoding: bytes, as: UTF8.self) }
  package func writeError(_ text: String) { errors += text }
  package func inputReader() throws(SpecError) -> LineReader { LineReader(text: input, sourceName: "<stdin>") }
  package func flush() {}
}
