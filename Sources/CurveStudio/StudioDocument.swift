import CurveCore
import CurveSpec
import CurveStudioServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Why the studio cannot start or serve a spec; one line naming the file.
package struct StudioError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line naming the file or address and the reason.
  package var description: String

  /// Creates an error with a one-line message.
  package init(_ description: String) { self.description = description }
}

/// One spec file named on the command line: the only kind of file the studio reads or writes.
///
/// The path is fixed when the studio starts (a symbolic link named on the command line is
/// resolved then, once). Reads open the file with `O_NOFOLLOW` and accept only a regular
/// file, so a link put in its place later is refused rather than followed. Saves go through
/// ``FileIO/write(_:to:)`` (temporary file, fsync, rename) under a lock, after checking the
/// ETag, so of two saves from the same version one wins and the other gets a conflict.
///
/// A document may also start without a file (an unsaved tab: a share link's spec, a new
/// blank curve): it holds its spec's canonical bytes in memory, nothing is written, and
/// ``saveAs(_:name:in:)`` gives it its file (created with `O_EXCL`, never overwriting).
package final class StudioDocument: Sendable {
  /// Where the document lives: a file, or (before its first save) nowhere yet.
  enum Location: Sendable, Equatable {
    /// A spec file: its absolute path and the name shown.
    case file(path: String, displayName: String)
    /// An unsaved tab: its title and the spec's canonical bytes.
    case unsaved(title: String, bytes: [UInt8])
  }

  private let location: Locked<Location>
  /// Held by every save, so a check and its write are one step.
  let saveLock = Lock()

  /// The absolute path, or nil for an unsaved tab.
  package var path: String? {
    if case .file(let path, _) = location.withLock({ $0 }) { return path }
    return nil
  }
  /// The file name shown on the page (an unsaved tab's title).
  package var displayName: String {
    switch location.withLock({ $0 }) {
    case .file(_, let name): return name
    case .unsaved(let title, _): return title
    }
  }
  /// True until an unsaved tab's first save.
  package var isUnsaved: Bool { path == nil }

  /// The largest spec file the studio reads.
  package static let maximumBytes = 4 << 20

  /// What is on disk now.
  package enum Snapshot: Sendable, Equatable {
    /// No file yet: the first save creates it.
    case missing
    /// The file's bytes and their ETag.
    case present(bytes: [UInt8], etag: String)
    /// The path holds something the studio will not read (a link, a directory, too large).
    case unreadable(String)
  }

  /// What a save requires of the file on disk.
  package enum Precondition: Sendable, Equatable {
    /// `If-Match: ETAG`: the file still has this version.
    case matches(String)
    /// `If-None-Match: *`: there is no file yet.
    case absent
  }

  /// What a save did.
  package enum SaveOutcome: Sendable, Equatable {
    /// Written; the new ETag.
    case saved(etag: String)
    /// The file is not the version the client had; it was left untouched. The current ETag, if any.
    case conflict(current: String?)
    /// The file could not be written; one line.
    case failed(String)
    /// An unsaved tab has no file to save to: it needs a name (``saveAs(_:name:in:)``).
    case needsName
  }

  /// Creates the document for a path already resolved by ``resolve(_:)``.
  init(path: String) {
    location = Locked(.file(path: path, displayName: FileIO.displayName(of: path)))
  }

  /// An unsaved tab holding `spec` (a share link's, a new blank curve): nothing is written
  /// until it is saved with a name.
  package init(unsaved spec: CurveSpec) {
    location = Locked(.unsaved(title: EchoedText.escaped(spec.name), bytes: Array(spec.jsonText.utf8)))
  }

  /// Makes this document the file at `path` (after its creation by a save as).
  func moveTo(_ path: String) {
    location.withLock { $0 = .file(path: path, displayName: FileIO.displayName(of: path)) }
  }

  /// The documents for the paths named on the command line.
  /// - Throws: ``StudioError`` for a directory, a missing parent directory, a dangling link,
  ///   or a file named twice.
  package static func resolve(_ paths: [String]) throws(StudioError) -> [StudioDocument] {
    var documents: [StudioDocument] = []
    for path in paths {
      let resolved = try resolve(path)
      if documents.contains(where: { $0.path == resolved }) {
        throw StudioError("'\(path)' is named twice")
      }
      documents.append(StudioDocument(path: resolved))
    }
    for document in documents { document.removeStaleTemporaries() }
    return documents
  }

  /// Removes temporary files an earlier save left when its process was killed (kill -9
  /// between creating and renaming): `.<name>.curvekit-XXXXXX` next to this spec, older than
  /// a minute (a younger one may be another process's save in flight).
  func removeStaleTemporaries(olderThan seconds: Int = 60) {
    guard let path else { return }
    let prefix = FileIO.temporaryPrefix(for: path)
    let slash = prefix.lastIndex(of: "/") ?? prefix.startIndex
    let directory = String(prefix[..<slash])
    let stem = String(prefix[prefix.index(after: slash)...])
    FileIO.removeStaleTemporaries(inDirectory: directory.isEmpty ? "/" : directory, prefix: stem, olderThan: seconds)
  }

  /// The absolute path of one spec: an existing file (through one level of links, resolved
  /// now), or a new file in an existing directory.
  static func resolve(_ path: String) throws(StudioError) -> String {
    guard !path.isEmpty else { throw StudioError("an empty spec path") }
    var info = stat()
    if lstat(path, &info) == 0 {
      guard let real = realPath(path) else {
        throw StudioError("cannot open '\(path)': \(String(cString: strerror(errno)))")
      }
      var target = stat()
      guard stat(real, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else {
        throw StudioError("'\(path)' is not a regular file")
      }
      return real
    }
    let name = FileIO.displayName(of: path)
    let parent = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
    guard let directory = realPath(parent.isEmpty ? "/" : parent), FileIO.kind(of: directory) == .directory else {
      throw StudioError("cannot create '\(path)': its directory does not exist")
    }
    guard name != "." && name != ".." && !path.hasSuffix("/") else { throw StudioError("'\(path)' is not a file name") }
    return (directory == "/" ? "" : directory) + "/" + name
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The file as it is on disk now.
  package func read() -> Snapshot { readWithMode().snapshot }

  /// The file, its permission bits and its identity (device, inode, size, times), from one
  /// descriptor opened without following links and without blocking (a FIFO is refused,
  /// never waited on).
  func readWithMode() -> (snapshot: Snapshot, mode: mode_t?, identity: FileIO.Identity?) {
    let path: String
    switch location.withLock({ $0 }) {
    case .file(let file, _): path = file
    case .unsaved(_, let bytes): return (.present(bytes: bytes, etag: Self.etag(of: bytes)), nil, nil)
    }
    let displayName = FileIO.displayName(of: path)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return (.missing, nil, nil) }
      if errno == ELOOP {
        return (.unreadable("'\(displayName)' is now a symbolic link; the studio does not follow it"), nil, nil)
      }
      return (.unreadable("cannot read '\(displayName)': \(String(cString: strerror(errno)))"), nil, nil)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return (.unreadable("'\(displayName)' is not a regular file"), nil, nil)
    }
    let snapshot = readAll(descriptor)
    // The identity after the read: a write that raced the read changed the times or size.
    var after = stat()
    guard fstat(descriptor, &after) == 0 else { return (snapshot, info.st_mode & 0o7777, nil) }
    let identity = FileIO.Identity(after)
    return (snapshot, after.st_mode & 0o7777, FileIO.Identity(info) == identity ? identity : nil)
  }

  /// The rest of `read`: every byte, up to the size limit.
  private func readAll(_ descriptor: Int32) -> Snapshot {
    let displayName = displayName
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .unreadable("cannot read '\(displayName)': \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > Self.maximumBytes {
        return .unreadable("'\(displayName)' is larger than \(Self.maximumBytes >> 20) MiB")
      }
    }
    return .present(bytes: bytes, etag: Self.etag(of: bytes))
  }

  /// Writes `text` when the file on disk meets `precondition`; otherwise leaves it untouched.
  ///
  /// The file is checked twice: its ETag when it is read, and its identity (device, inode,
  /// size, modification and status-change times) again immediately before the rename, after
  /// the new bytes are written and fsynced (``FileIO/replace(_:with:mode:ifStill:beforeCheck:)``).
  /// An edit made on disk in between (an editor's save, a `git pull`) is kept and answered as a
  /// conflict. The window left is the few microseconds between that last `lstat` and
  /// `rename(2)`, in which nothing of ours does I/O; POSIX offers no rename-if-unchanged.
  package func save(_ text: String, precondition: Precondition) -> SaveOutcome {
    save(text, precondition: precondition, beforeCheck: {})
  }

  /// ``save(_:precondition:)`` with `beforeCheck` run after the new bytes are written and
  /// just before the final identity check (tests edit the file there).
  package func save(_ text: String, precondition: Precondition, beforeCheck: () -> Void) -> SaveOutcome {
    saveLock.withLock {
      guard let path else { return .needsName }
      let (current, mode, identity) = readWithMode()
      let bytes = Array(text.utf8)
      let expectation: FileIO.Expectation
      switch (current, precondition) {
      case (.present(let existing, let etag), .matches(let expected)) where etag == expected:
        if existing == bytes { return .saved(etag: etag) }  // Unchanged: nothing to write.
        // Changing while it was read: whatever it is now, it is not the version the client had.
        guard let identity else { return .conflict(current: nil) }
        expectation = .same(identity)
      case (.missing, .absent): expectation = .missing
      case (.present(_, let etag), _): return .conflict(current: etag)
      case (.missing, .matches): return .conflict(current: nil)
      case (.unreadable(let reason), _): return .failed(reason)
      }
      // The path is never opened again after the check above: the temporary file is renamed
      // over it, so a link or FIFO swapped in meanwhile is replaced, not followed or waited on,
      // and the file keeps its permission bits (a 0600 spec stays 0600).
      do {
        let outcome = try FileIO.replace(
          path, with: bytes, mode: mode, ifStill: expectation, beforeCheck: beforeCheck)
        if outcome == .changed {
          if case .present(_, let etag) = readWithMode().snapshot { return .conflict(current: etag) }
          return .conflict(current: nil)
        }
      } catch {
        return .failed(String(describing: error))
      }
      return .saved(etag: Self.etag(of: bytes))
    }
  }

  /// A strong ETag for `bytes`: their 64-bit FNV-1a hash and their length, quoted.
  package static func etag(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return "\"\(String(hash, radix: 16))-\(String(bytes.count, radix: 16))\""
  }
}

/// `read(2)`, under a name that does not collide with ``StudioDocument/read()``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
