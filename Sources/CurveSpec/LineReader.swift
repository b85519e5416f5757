#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Reads text one line at a time from a file, standard input or an in-memory string,
/// with a reusable buffer so memory stays bounded however long the input is.
///
/// Input is read in 64 KiB blocks (as much as is available: a terminal or pipe hands over
/// lines as they come) and split at `\n` with `memchr`, so a line costs a scan of its bytes
/// and no system call or copy. The buffer passed to the caller is valid only until the next
/// call; it excludes the line terminator (`\n` or `\r\n`). A final line without a
/// terminator is returned too; an empty input has no lines.
package final class LineReader {
  /// The open file, or nil when reading from memory.
  private let file: CFile?
  /// Bytes `start..<filled` are read and not yet returned.
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var start = 0
  private var filled = 0
  /// No more bytes will come (end of file, a read error, or memory input).
  private var atEnd: Bool
  private var readFailed = false
  private static let blockSize = 1 << 16
  /// The 1-based number of the line last returned (0 before the first).
  package private(set) var lineNumber = 0
  /// The name used in messages: the file name, `<stdin>` or `<input>`.
  package let sourceName: String

  /// Opens `path` for reading; `-` means standard input.
  /// - Throws: ``SpecError`` naming the path and the system's reason, or when it is a directory.
  package init(path: String) throws(SpecError) {
    sourceName = FileIO.displayName(of: path)
    file = try FileIO.openForReading(path: path, sourceName: sourceName)
    capacity = Self.blockSize
    storage = .allocate(capacity: capacity)
    atEnd = false
  }

  /// Reads lines from `text` (for tests and in-process callers).
  package init(text: String, sourceName: String = "<input>") {
    self.sourceName = sourceName
    file = nil
    let bytes = Array(text.utf8)
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { copy.initialize(from: base, count: source.count) }
    }
    storage = copy
    capacity = max(bytes.count, 1)
    filled = bytes.count
    atEnd = true
  }

  deinit {
    if let file { fclose(file) }
    storage.deallocate()
  }

  /// Calls `body` with the next line's bytes, or returns false at the end of input.
  ///
  /// Amortized O(length of the line).
  /// - Throws: whatever `body` throws (a read error ends the input; see ``hadReadError``).
  package func withNextLine<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) -> Bool {
    var scanned = start
    while true {
      if scanned < filled, let newline = memchr(storage + scanned, 0x0A, filled - scanned) {
        let lineStart = start
        let lineEnd = storage.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        start = lineEnd + 1
        try deliver(lineStart, lineEnd, body)
        return true
      }
      if atEnd {
        guard start < filled else { return false }
        let lineStart = start
        start = filled
        try deliver(lineStart, filled, body)
        return true
      }
      scanned = filled - start
      refill()
    }
  }

  private func deliver<E: Error>(
    _ lineStart: Int, _ lineEnd: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    lineNumber += 1
    var end = lineEnd
    if end > lineStart && storage[end - 1] == 0x0D { end -= 1 }
    try body(UnsafeBufferPointer(start: storage + lineStart, count: end - lineStart))
  }

  /// Moves the unreturned bytes to the front (doubling the buffer when one line fills it)
  /// and reads what is available, at most to the buffer's end.
  private func refill() {
    guard let file else {
      atEnd = true
      return
    }
    if start > 0 {
      let pending = filled - start
      if pending > 0 { storage.update(from: storage + start, count: pending) }
      filled = pending
      start = 0
    }
    if filled == capacity {
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      larger.initialize(from: storage, count: filled)
      storage.deallocate()
      storage = larger
      capacity *= 2
    }
    while true {
      let count = read(fileno(file), storage + filled, capacity - filled)
      if count > 0 {
        filled += count
        return
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { readFailed = true }
      atEnd = true
      return
    }
  }

  /// True when reading the underlying file failed (the lines before the failure were returned).
  package var hadReadError: Bool { readFailed }
}
