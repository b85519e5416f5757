import CurveSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads input and writes output. The real tool uses ``StandardIO``;
/// tests use ``CapturedIO`` and run commands in-process.
package protocol CommandIO: AnyObject {
  /// Writes to standard output (buffered).
  func write(_ text: String)
  /// Writes to standard error.
  func writeError(_ text: String)
  /// A line reader over standard input.
  func inputReader() throws(SpecError) -> LineReader
  /// True when standard output is a terminal (enables previews and colours).
  var isOutputTerminal: Bool { get }
  /// Flushes buffered output.
  func flush()
}

/// The process's standard streams, with a 64 KiB output buffer so that printing a
/// million lines costs one system call per buffer, not per line.
package final class StandardIO: CommandIO {
  private var buffer: [UInt8] = []
  private let bufferLimit = 1 << 16

  /// Creates the standard streams.
  package init() { buffer.reserveCapacity(bufferLimit + 4096) }

  deinit { flush() }

  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= bufferLimit { flush() }
  }

  package func writeError(_ text: String) {
    flush()
    var bytes = Array(text.utf8)
    writeAll(&bytes, to: 2)
  }

  package func inputReader() throws(SpecError) -> LineReader { try LineReader(path: "-") }

  package var isOutputTerminal: Bool { isatty(1) != 0 }

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

  /// Creates captured streams with the given standard input.
  package init(input: String = "", isOutputTerminal: Bool = false) {
    self.input = input
    self.isOutputTerminal = isOutputTerminal
  }

  package func write(_ text: String) { output += text }
  package func writeError(_ text: String) { errors += text }
  package func inputReader() throws(SpecError) -> LineReader { LineReader(text: input, sourceName: "<stdin>") }
  package func flush() {}
}
