#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads text one line at a time from a file, standard input or an in-memory string,
/// with a reusable buffer so memory stays bounded however long the input is.
///
/// The buffer passed to the caller is valid only until the next call; it excludes the
/// line terminator (`\n` or `\r\n`).
package final class LineReader {
  private enum Source {
    case file(UnsafeMutablePointer<FILE>, owned: Bool)
    case memory([UInt8], offset: Int)
  }

  private var source: Source
  private var buffer: UnsafeMutablePointer<CChar>?
  private var capacity = 0
  /// The 1-based number of the line last returned (0 before the first).
  package private(set) var lineNumber = 0
  /// The name used in messages: the file name, `<stdin>` or `<input>`.
  package let sourceName: String

  /// Opens `path` for reading; `-` means standard input.
  /// - Throws: ``SpecError`` naming the path and the system's reason, or when it is a directory.
  package init(path: String) throws(SpecError) {
    sourceName = FileIO.displayName(of: path)
    source = .file(try FileIO.openForReading(path: path, sourceName: sourceName), owned: true)
  }

  /// Reads lines from `text` (for tests and in-process callers).
  package init(text: String, sourceName: String = "<input>") {
    self.sourceName = sourceName
    source = .memory(Array(text.utf8), offset: 0)
  }

  deinit {
    if case .file(let file, true) = source { fclose(file) }
    free(buffer)
  }

  /// Calls `body` with the next line's bytes, or returns false at the end of input.
  /// - Throws: ``SpecError`` on a read error, or whatever `body` throws.
  package func withNextLine<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) -> Bool {
    switch source {
    case .file(let file, _):
      let length = getline(&buffer, &capacity, file)
      guard length >= 0, let buffer else { return false }
      lineNumber += 1
      var count = length
      let bytes = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
      if count > 0 && bytes[count - 1] == 0x0A { count -= 1 }
      if count > 0 && bytes[count - 1] == 0x0D { count -= 1 }
      try body(UnsafeBufferPointer(start: bytes, count: count))
      return true
    case .memory(let bytes, let offset):
      guard offset < bytes.count else { return false }
      lineNumber += 1
      var end = offset
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      source = .memory(bytes, offset: end + 1)
      var stop = end
      if stop > offset && bytes[stop - 1] == 0x0D { stop -= 1 }
      try bytes.withUnsafeBufferPointer { all throws(E) in
        try body(UnsafeBufferPointer(rebasing: all[offset..<stop]))
      }
      return true
    }
  }

  /// True when the underlying file reported a read error.
  package var hadReadError: Bool {
    if case .file(let file, _) = source { return ferror(file) != 0 }
    return false
  }
}
