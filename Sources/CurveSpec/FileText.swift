#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading small text files (specs) with one-line, errno-based error messages.
package enum FileText {
  /// The largest spec file accepted; a spec is a few kilobytes.
  package static let maximumSpecBytes = 64 << 20

  /// The last path component, for messages and generated headers (never an absolute path).
  package static func displayName(of path: String) -> String {
    if path == "-" { return "<stdin>" }
    return path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
  }

  /// Opens `path` for binary reading (`-` is a duplicate of standard input, so closing it
  /// leaves the process's stdin open). The caller closes the returned file.
  /// - Throws: ``SpecError`` naming the path and the system's reason, or when it is a directory.
  static func openForReading(path: String, sourceName: String) throws(SpecError) -> UnsafeMutablePointer<FILE> {
    if path == "-" {
      guard let input = fdopen(dup(0), "rb") else {
        throw SpecError("cannot read standard input: \(String(cString: strerror(errno)))", source: sourceName)
      }
      return input
    }
    var info = stat()
    if stat(path, &info) != 0 {
      throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw SpecError("cannot read '\(path)': it is a directory", source: sourceName)
    }
    guard let opened = fopen(path, "rb") else {
      throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
    }
    return opened
  }

  /// The whole file at `path` as UTF-8 text (`-` reads standard input).
  /// - Throws: ``SpecError`` naming the path and the system's reason.
  package static func read(path: String, sourceName: String) throws(SpecError) -> String {
    let file = try openForReading(path: path, sourceName: sourceName)
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if bytes.count > maximumSpecBytes {
        throw SpecError(
          "'\(path)' is larger than \(maximumSpecBytes >> 20) MiB; a spec file should be small", source: sourceName)
      }
      if count < chunk.count {
        if ferror(file) != 0 {
          throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
        }
        break
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw SpecError("'\(path)' is not valid UTF-8 text", source: sourceName)
    }
    return text
  }
}
