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
  /// Writes UTF-8 bytes to standard output (buffered), as ``write(_:)`` does their text.
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
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

  package func flush() {
    guard !buffer.isEmpty else { return }
    writeAll(&buffer, to: 1)
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, base + offset, raw.count - offset)
        if written <= 0 {
          if written < 0 && errno == EINTR { continue }
          return  // EPIPE and the like: the reader went away; nothing useful to do.
        }
        offset += written
      }
    }
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
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { output += String(decoding: bytes, as: UTF8.self) }
  package func writeError(_ text: String) { errors += text }
  package func inputReader() throws(SpecError) -> LineReader { LineReader(text: input, sourceName: "<stdin>") }
  package func flush() {}
}

func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
