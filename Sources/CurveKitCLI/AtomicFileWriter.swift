#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Atomic, change-only file writes for generated output.
///
/// The content goes to a temporary file in the destination's directory, is flushed to
/// disk, and is renamed over the destination, so readers see the old file or the new
/// one, never a partial file. When the destination already holds exactly the new
/// content nothing is written, so build systems see no change.
package enum AtomicFileWriter {
  /// What a write did.
  package enum Outcome: Sendable, Equatable {
    /// The file was created or replaced.
    case written
    /// The file already had this content and was left untouched.
    case unchanged
  }

  /// The current content of `path`, or nil when it does not exist or cannot be read.
  package static func existingContent(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      bytes.append(contentsOf: chunk[0..<count])
      if count < chunk.count { return ferror(file) != 0 ? nil : bytes }
    }
  }

  /// Writes `contents` to `path` atomically, unless it already holds exactly that.
  /// - Throws: ``UsageError`` naming the path: a directory, a missing parent
  ///   directory, or a permission or disk error. No partial file is left behind.
  @discardableResult
  package static func write(_ contents: String, to path: String) throws(UsageError) -> Outcome {
    let bytes = Array(contents.utf8)
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { throw UsageError("cannot write '\(path)': it is a directory") }
      if existingContent(of: path) == bytes { return .unchanged }
    }
    let directory = parentDirectory(of: path)
    var directoryInfo = stat()
    guard stat(directory, &directoryInfo) == 0, (directoryInfo.st_mode & S_IFMT) == S_IFDIR else {
      throw UsageError("cannot write '\(path)': directory '\(directory)' does not exist")
    }
    let name = path.split(separator: "/").last.map(String.init) ?? "output"
    var template = Array("\(directory)/.\(name).curvekit-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { throw UsageError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let written = systemWrite(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    let mask = umask(0)
    umask(mask)
    if failure == nil, fchmod(descriptor, 0o666 & ~mask) != 0 { failure = String(cString: strerror(errno)) }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw UsageError("cannot write '\(path)': \(failure)")
    }
    return .written
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }
}
