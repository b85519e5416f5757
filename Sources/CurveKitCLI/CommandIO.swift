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
public protocol CommandIO: AnyObject {
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
public final class StandardIO: CommandIO {
  private var buffer: [UInt8] = []
  private let bufferLimit = 1 << 16

  /// Creates the standard streams.
  public init() { buffer.reserveCapacity(bufferLimit + 4096) }

  deinit { flush() }

  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= bufferLimit { flush() }
  }

  public func writeError(_ text: String) {
    flush()
    var bytes = Array(text.utf8)
    writeAll(&bytes, to: 2)
  }

  public func inputReader() throws(SpecError) -> LineReader { try LineReader(path: "-") }

  public var isOutputTerminal: Bool { isatty(1) != 0 }

  public func flush() {
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
public final class CapturedIO: CommandIO {
  /// Everything written to standard output.
  public private(set) var output = ""
  /// Everything written to standard error.
  public private(set) var errors = ""
  /// The text standard input provides.
  public var input: String
  /// What ``isOutputTerminal`` reports.
  public var isOutputTerminal: Bool

  /// Creates captured streams with the given standard input.
  public init(input: String = "", isOutputTerminal: Bool = false) {
    self.input = input
    self.isOutputTerminal = isOutputTerminal
  }

  public func write(_ text: String) { output += text }
  public func writeError(_ text: String) { errors += text }
  public func inputReader() throws(SpecError) -> LineReader { LineReader(text: input, sourceName: "<stdin>") }
  public func flush() {}
}

func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
