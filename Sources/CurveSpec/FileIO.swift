import CurveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Why a file could not be written; one line naming the file.
package struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line naming the file and the reason.
  package var description: String

  /// Creates an error with a one-line message; control characters (a path's newline) are
  /// escaped.
  package init(_ description: String) { self.description = EchoedText.escaped(description) }
}

/// CurveKit's one way to read and write files: every spec, data file and generated file
/// goes through here, so there is one directory check, one read loop and one atomic write.
package enum FileIO {
  /// What a path names.
  package enum Kind: Sendable, Equatable {
    /// Nothing (or nothing `stat` can see).
    case missing
    /// A directory.
    case directory
    /// Anything else: a regular file, a device, a FIFO.
    case file
  }

  /// What a write did.
  package enum Outcome: Sendable, Equatable {
    /// The file was created or replaced.
    case written
    /// The file already had exactly these bytes, so it was left alone (its modification
    /// time too, so build systems see no change).
    case unchanged
  }

  /// The most a spec file may hold; a larger one is refused rather than read.
  package static let maximumSpecBytes = 64 << 20

  /// The file name shown in messages, plots and generated headers: the last path component
  /// (never a directory path), or `<stdin>` for `-`, with control characters escaped.
  package static func displayName(of path: String) -> String {
    if path == "-" { return "<stdin>" }
    return EchoedText.escaped(
      path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path)
  }

  /// What `path` names (symbolic links followed): the one directory check.
  package static func kind(of path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }

  /// Opens `path` (or standard input for `-`) for reading.
  /// - Throws: ``SpecError`` naming the path: missing, a directory, or unreadable.
  static func openForReading(path: String, sourceName: String) throws(SpecError) -> CFile {
    if path == "-" {
      #if canImport(WASILibc)
        // WASI has no dup(2); one command runs per instance, so the stream may own descriptor 0.
        let descriptor: Int32 = 0
      #else
        let descriptor = dup(0)
      #endif
      guard let input = fdopen(descriptor, "rb") else {
        throw SpecError("cannot read standard input: \(String(cString: strerror(errno)))", source: sourceName)
      }
      return input
    }
    switch kind(of: path) {
    case .missing:
      throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
    case .directory:
      throw SpecError("cannot read '\(path)': it is a directory", source: sourceName)
    case .file:
      guard let opened = fopen(path, "rb") else {
        throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
      }
      return opened
    }
  }

  /// Every byte of an open file, or nil on a read error or past `limit` bytes.
  /// - Complexity: O(size), in 64 KiB reads.
  static func readAll(_ file: CFile, limit: Int = .max) -> (bytes: [UInt8], overLimit: Bool)? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if bytes.count > limit { return (bytes, true) }
      if count < chunk.count { return ferror(file) != 0 ? nil : (bytes, false) }
    }
  }

  /// The bytes of the spec file at `path`, at most ``maximumSpecBytes``.
  /// - Throws: ``SpecError`` naming the path.
  package static func readSpecBytes(path: String, sourceName: String) throws(SpecError) -> [UInt8] {
    let file = try openForReading(path: path, sourceName: sourceName)
    defer { fclose(file) }
    guard let (bytes, overLimit) = readAll(file, limit: maximumSpecBytes) else {
      throw SpecError("cannot read '\(path)': \(String(cString: strerror(errno)))", source: sourceName)
    }
    if overLimit {
      throw SpecError(
        "'\(path)' is larger than \(maximumSpecBytes >> 20) MiB; a spec file should be small", source: sourceName)
    }
    return bytes
  }

  /// What an output path holds, as ``existing(at:upTo:)`` found it.
  package enum Existing: Sendable, Equatable {
    /// Nothing: the path does not exist.
    case missing
    /// A regular file: its permission bits and its first bytes (at most the limit asked for
    /// plus one, so a longer file is seen to differ without being read whole), and whether
    /// there was more.
    case file(mode: mode_t, bytes: [UInt8], truncated: Bool)
  }

  /// What `path` holds, for a command about to write or compare it: opened with `O_NOFOLLOW |
  /// O_NONBLOCK` and checked with `fstat`, so a FIFO is never waited on, a symbolic link never
  /// followed and a device never read; at most `limit` + 1 bytes are read (a link to
  /// `/dev/zero` or a huge file cannot exhaust memory). The one check of an output path:
  /// ``write(bytes:to:)`` and `generate --check` both ask it.
  /// - Parameter action: the verb of the messages (`write`, `check`).
  /// - Throws: ``FileWriteError`` naming the path when it is a symbolic link, a directory, a
  ///   FIFO, a device or socket, or cannot be opened or read.
  package static func existing(at path: String, upTo limit: Int, for action: String = "write") throws(FileWriteError)
    -> Existing
  {
    let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
    guard descriptor >= 0 else {
      let failure = errno
      if failure == ENOENT { return .missing }
      if failure == ELOOP { throw FileWriteError("cannot \(action) '\(path)': it is a symbolic link (not followed)") }
      if failure == EISDIR { throw FileWriteError("cannot \(action) '\(path)': it is a directory") }
      throw FileWriteError("cannot \(action) '\(path)': \(String(cString: strerror(failure)))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileWriteError("cannot \(action) '\(path)': \(String(cString: strerror(errno)))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileWriteError("cannot \(action) '\(path)': it is a directory")
    case S_IFIFO: throw FileWriteError("cannot \(action) '\(path)': it is a FIFO (named pipe), not a regular file")
    case S_IFCHR, S_IFBLK: throw FileWriteError("cannot \(action) '\(path)': it is a device, not a regular file")
    default: throw FileWriteError("cannot \(action) '\(path)': it is not a regular file")
    }
    let cap = limit < Int.max ? limit + 1 : limit
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < cap {
      let wanted = min(chunk.count, cap - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileWriteError("cannot read '\(path)': \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    let truncated = bytes.count > limit
    if truncated { bytes.removeLast(bytes.count - limit) }
    return .file(mode: info.st_mode & 0o7777, bytes: bytes, truncated: truncated)
  }

  /// The largest file ``existingContent(of:)`` reads.
  package static let maximumReadBytes = 256 << 20

  /// The current bytes of the regular file at `path`, or nil when it is missing, not a regular
  /// file (a link, FIFO, device or directory: never followed, waited on or read), unreadable or
  /// larger than ``maximumReadBytes``.
  package static func existingContent(of path: String) -> [UInt8]? {
    guard case .file(_, let bytes, false)? = try? existing(at: path, upTo: maximumReadBytes) else { return nil }
    return bytes
  }

  /// Writes `contents` to `path` atomically: a temporary file in the same directory,
  /// fsync, then rename. When the file already holds exactly these bytes nothing is
  /// written. A failed write leaves no partial file behind. What is at `path` is looked at
  /// only through ``existing(at:upTo:)``: a FIFO, device, directory or symbolic link there is
  /// refused at once (never waited on, read or followed), and at most `contents`' length + 1
  /// bytes of a regular file are read.
  /// - Throws: ``FileWriteError`` when `path` is not a regular file (or missing), its directory
  ///   does not exist, or the system refuses.
  @discardableResult
  package static func write(_ contents: String, to path: String) throws(FileWriteError) -> Outcome {
    try write(bytes: Array(contents.utf8), to: path)
  }

  /// Writes `bytes` to `path` as ``write(_:to:)`` writes text (a PNG, for example).
  /// - Throws: ``FileWriteError`` as ``write(_:to:)``.
  @discardableResult
  package static func write(bytes: [UInt8], to path: String) throws(FileWriteError) -> Outcome {
    var mode: mode_t?
    switch try existing(at: path, upTo: bytes.count) {
    case .missing: break
    case .file(let existingMode, let existing, let truncated):
      if !truncated && existing == bytes { return .unchanged }
      mode = existingMode
    }
    try replace(path, with: bytes, mode: mode)
    return .written
  }

  /// Replaces whatever is at `path` with `bytes`, atomically: a temporary file in the same
  /// directory, the permission bits, fsync, then rename. `path` itself is never opened, so a
  /// symbolic link or FIFO there is replaced, not followed or blocked on, and a large file is
  /// never read.
  /// - Parameter mode: the permission bits to keep (an existing file's), or nil for a new
  ///   file's (0666 less the umask). A save never widens a file's mode.
  /// - Throws: ``FileWriteError`` when the directory does not exist or the system refuses.
  package static func replace(_ path: String, with bytes: [UInt8], mode: mode_t?) throws(FileWriteError) {
    _ = try replace(path, with: bytes, mode: mode, ifStill: .anything)
  }

  /// The identity of a file as a save compares it: device, inode, size, and modification and
  /// status-change times to the nanosecond. Any write, rename over, truncation, `chmod` or
  /// `touch` of the file changes at least one of them.
  package struct Identity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: (seconds: Int64, nanoseconds: Int64)
    var changed: (seconds: Int64, nanoseconds: Int64)

    /// The identity `fstat`/`lstat` reported.
    package init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
      size = Int64(info.st_size)
      #if canImport(Darwin)
        modified = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        changed = (Int64(info.st_ctimespec.tv_sec), Int64(info.st_ctimespec.tv_nsec))
      #else
        modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        changed = (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec))
      #endif
    }

    package static func == (left: Identity, right: Identity) -> Bool {
      left.device == right.device && left.inode == right.inode && left.size == right.size
        && left.modified == right.modified && left.changed == right.changed
    }
  }

  /// What a replace expects to find at the path just before it renames.
  package enum Expectation: Sendable, Equatable {
    /// Whatever is there is replaced.
    case anything
    /// Nothing: the path must still be missing.
    case missing
    /// The same file, unchanged since it was read (``Identity``).
    case same(Identity)
  }

  /// What a conditional replace did.
  package enum ReplaceOutcome: Sendable, Equatable {
    /// The new bytes are in place.
    case replaced
    /// The path no longer met the expectation when the rename was due; nothing was changed
    /// (the temporary file was removed).
    case changed
  }

  /// ``replace(_:with:mode:)``, but only if the path still meets `expectation` (checked with
  /// `lstat`) immediately before the rename, after the temporary file is written and fsynced:
  /// an edit made on disk while the new bytes were being written is kept and answered
  /// ``ReplaceOutcome/changed``. `beforeCheck` runs just before that check (tests use it to edit
  /// the file at that moment).
  ///
  /// What is left: the few system calls between the `lstat` and `rename(2)` (microseconds, no
  /// I/O of ours in between). An edit that lands exactly there is replaced. POSIX has no
  /// "rename if unchanged"; Linux's `RENAME_EXCHANGE` would move the window to the swap back,
  /// not close it.
  /// - Throws: ``FileWriteError`` when the directory does not exist or the system refuses.
  package static func replace(
    _ path: String, with bytes: [UInt8], mode: mode_t?, ifStill expectation: Expectation,
    beforeCheck: () -> Void = {}
  ) throws(FileWriteError) -> ReplaceOutcome {
    let temporary = try writeTemporary(for: path, bytes: bytes, mode: mode)
    beforeCheck()
    if expectation != .anything {
      var info = stat()
      let now: Expectation = lstat(path, &info) == 0 ? .same(Identity(info)) : (errno == ENOENT ? .missing : .anything)
      if now != expectation {
        unlink(temporary)
        return .changed
      }
    }
    if rename(temporary, path) != 0 {
      let failure = String(cString: strerror(errno))
      unlink(temporary)
      throw FileWriteError("cannot write '\(path)': \(failure)")
    }
    return .replaced
  }

  /// A temporary file beside `path` (`.<name>.curvekit-XXXXXX`) holding `bytes`, with the
  /// permission bits `mode` (nil: 0666 less the umask), fsynced and closed; its path. Nothing is
  /// left behind when it fails.
  /// - Throws: ``FileWriteError`` when the directory does not exist or the system refuses.
  static func writeTemporary(for path: String, bytes: [UInt8], mode: mode_t?) throws(FileWriteError) -> String {
    let directory = parentDirectory(of: path)
    guard kind(of: directory) == .directory else {
      throw FileWriteError("cannot write '\(path)': directory '\(directory)' does not exist")
    }
    var template = Array((temporaryPrefix(for: path) + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { throw FileWriteError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    let errorNumber = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    if errorNumber != 0 { failure = String(cString: strerror(errorNumber)) }
    let permissions: mode_t
    if let mode {
      permissions = mode
    } else {
      let mask = umask(0)
      umask(mask)
      permissions = 0o666 & ~mask
    }
    if failure == nil, fchmod(descriptor, permissions) != 0 { failure = String(cString: strerror(errno)) }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw FileWriteError("cannot write '\(path)': \(failure)")
    }
    return temporary
  }

  /// What ``createNew(_:with:)`` did.
  package enum CreateOutcome: Sendable, Equatable {
    /// The file was created with exactly these bytes.
    case created
    /// Something (a file, a link, a directory) already has that name; nothing was written.
    case exists
  }

  /// Creates the file `path` with `bytes`, never replacing anything and never showing a partly
  /// written file: ``createNew(named:inDirectory:with:)`` in `path`'s directory, opened once.
  /// - Throws: ``FileWriteError`` when the directory does not exist or the system refuses.
  package static func createNew(_ path: String, with bytes: [UInt8]) throws(FileWriteError) -> CreateOutcome {
    let directory = parentDirectory(of: path)
    let descriptor = systemOpen(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    guard descriptor >= 0 else {
      throw FileWriteError("cannot create '\(path)': directory '\(directory)': \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return try createNew(named: name, inDirectory: descriptor, with: bytes, shownAs: path)
  }

  /// Creates the file `name` in the open directory `directory` with `bytes`, never replacing
  /// anything and never showing a partly written file. Every step is relative to the
  /// descriptor (`openat`, `linkat`, `unlinkat`), so renaming the folder or putting a link in
  /// its place afterwards cannot send the file anywhere else. The bytes are written and fsynced
  /// to a temporary file (``temporaryName(for:)``, `O_EXCL | O_NOFOLLOW`), which is then
  /// hard-linked to `name` (`linkat` never replaces anything and does not follow a link at
  /// `name`). An existing file, directory or symbolic link (dangling too) at `name` is left
  /// alone and answered ``CreateOutcome/exists``. The file gets 0666 less the umask. Where the
  /// file system has no hard links, it is created with `O_CREAT | O_EXCL | O_NOFOLLOW` and
  /// written in place instead.
  /// - Parameters:
  ///   - name: one path component: no `/`, not empty, not `.` or `..`.
  ///   - shownAs: how messages name the file (the name by default).
  /// - Throws: ``FileWriteError`` for a name that is not one component, or when the system refuses.
  package static func createNew(
    named name: String, inDirectory directory: Int32, with bytes: [UInt8], shownAs: String? = nil
  ) throws(FileWriteError) -> CreateOutcome {
    let shown = shownAs ?? name
    guard !name.isEmpty, !name.utf8.contains(0x2F), !name.utf8.contains(0), name != ".", name != ".." else {
      throw FileWriteError("cannot create '\(shown)': not a single file name")
    }
    var info = stat()
    if fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { return .exists }
    let temporary = try writeTemporary(named: name, inDirectory: directory, bytes: bytes, shownAs: shown)
    defer { unlinkat(directory, temporary, 0) }
    if linkat(directory, temporary, directory, name, 0) == 0 { return .created }
    let linkError = errno
    if linkError == EEXIST { return .exists }
    // A file system without hard links (EPERM, ENOTSUP, …): create in place, still exclusively.
    guard linkError == EPERM || linkError == ENOTSUP || linkError == EOPNOTSUPP || linkError == EMLINK else {
      throw FileWriteError("cannot create '\(shown)': \(String(cString: strerror(linkError)))")
    }
    return try createInPlace(named: name, inDirectory: directory, with: bytes, shownAs: shown)
  }

  /// A new temporary file in the open directory `directory` for the file `name`
  /// (``temporaryName(for:)`` with six random characters, `O_CREAT | O_EXCL | O_NOFOLLOW`),
  /// holding `bytes`, fsynced and closed, 0666 less the umask; its name in that directory.
  /// Nothing is left behind when it fails.
  static func writeTemporary(
    named name: String, inDirectory directory: Int32, bytes: [UInt8], shownAs shown: String
  ) throws(FileWriteError) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    let stem = temporaryName(for: name)
    for _ in 0..<100 {
      let suffix = (0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
      let temporary = stem + String(decoding: suffix, as: UTF8.self)
      let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if descriptor < 0 {
        if errno == EEXIST { continue }
        throw FileWriteError("cannot create '\(shown)': \(String(cString: strerror(errno)))")
      }
      var failure: String?
      let errorNumber = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
      if errorNumber != 0 { failure = String(cString: strerror(errorNumber)) }
      if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
      if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
      if let failure {
        unlinkat(directory, temporary, 0)
        throw FileWriteError("cannot write '\(shown)': \(failure)")
      }
      return temporary
    }
    throw FileWriteError("cannot create '\(shown)': no free temporary name")
  }

  /// ``createNew(named:inDirectory:with:shownAs:)`` where hard links are unavailable:
  /// `O_CREAT | O_EXCL | O_NOFOLLOW` relative to the directory, written in place (a reader may
  /// see it partly written), removed again when writing fails.
  static func createInPlace(
    named name: String, inDirectory directory: Int32, with bytes: [UInt8], shownAs shown: String
  ) throws(FileWriteError) -> CreateOutcome {
    let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      if errno == EEXIST || errno == ELOOP { return .exists }
      throw FileWriteError("cannot create '\(shown)': \(String(cString: strerror(errno)))")
    }
    var failure: String?
    let errorNumber = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    if errorNumber != 0 { failure = String(cString: strerror(errorNumber)) }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if let failure {
      unlinkat(directory, name, 0)
      throw FileWriteError("cannot write '\(shown)': \(failure)")
    }
    return .created
  }

  /// True when `path` is a symbolic link (dangling or not).
  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// The temporary name prefix ``replace(_:with:mode:)`` uses for `path`:
  /// ``temporaryName(for:)`` of its last component, in the same directory, followed by six
  /// random characters.
  package static func temporaryPrefix(for path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? "output"
    return "\(parentDirectory(of: path))/" + temporaryName(for: name)
  }

  /// The longest file name, in bytes (`NAME_MAX` on Linux and macOS).
  package static let maximumNameBytes = 255

  /// The temporary file name for the file `name`, without its six random characters:
  /// `.<name>.curvekit-`, where `<name>` is cut (at a character boundary) so that the whole
  /// temporary name fits ``maximumNameBytes``: any name that fits itself can be written.
  package static func temporaryName(for name: String) -> String {
    let budget = maximumNameBytes - temporaryOverheadBytes
    var kept = ""
    var used = 0
    for scalar in name.unicodeScalars {
      let size = String(scalar).utf8.count
      if used + size > budget { break }
      kept.unicodeScalars.append(scalar)
      used += size
    }
    return "." + kept + temporaryMarker
  }

  /// What every temporary name holds after the file's own (cut) name.
  static let temporaryMarker = ".curvekit-"
  /// The bytes a temporary name adds to the file's: the leading dot, the marker, six characters.
  static let temporaryOverheadBytes = 1 + temporaryMarker.utf8.count + 6

  /// Whether `name` is one of CurveKit's temporary names (`.<name>.curvekit-XXXXXX`), and so
  /// one a process killed mid-write may have left.
  package static func isTemporaryName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    let marker = Array(temporaryMarker.utf8)
    guard bytes.first == 0x2E, bytes.count >= 1 + marker.count + 6 else { return false }
    let tail = bytes[(bytes.count - 6)...]
    let isAlphanumeric = { (byte: UInt8) in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    return tail.allSatisfy(isAlphanumeric)
      && bytes[(bytes.count - 6 - marker.count)..<(bytes.count - 6)].elementsEqual(marker)
  }

  /// Removes the temporary files (``isTemporaryName(_:)``, starting with `prefix` when one is
  /// given) that a process killed between creating and renaming left in the directory at
  /// `path`: regular files only, not followed through links, and only those last modified more
  /// than `seconds` ago (a younger one may be another process's write in flight).
  /// - Returns: how many were removed.
  @discardableResult
  package static func removeStaleTemporaries(
    inDirectory path: String, prefix: String? = nil, olderThan seconds: Int = 60
  )
    -> Int
  {
    let descriptor = systemOpen(path.isEmpty ? "/" : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    return removeStaleTemporaries(inDirectory: descriptor, prefix: prefix, olderThan: seconds)
  }

  /// ``removeStaleTemporaries(inDirectory:prefix:olderThan:)`` in an open directory.
  @discardableResult
  package static func removeStaleTemporaries(
    inDirectory directory: Int32, prefix: String? = nil, olderThan seconds: Int = 60
  )
    -> Int
  {
    let listing = dup(directory)
    guard listing >= 0, let handle = fdopendir(listing) else {
      if listing >= 0 { close(listing) }
      return 0
    }
    defer { closedir(handle) }
    let now = time(nil)
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = direntName(entry)
      guard isTemporaryName(name), prefix.map({ name.utf8.starts(with: $0.utf8) }) ?? true else { continue }
      names.append(name)
    }
    var removed = 0
    for name in names {
      var info = stat()
      guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
        Int64(now) - Identity(info).modified.seconds > Int64(seconds)
      else { continue }
      if unlinkat(directory, name, 0) == 0 { removed += 1 }
    }
    return removed
  }

  /// Writes every byte of `bytes` to `descriptor`, retrying after signals.
  /// - Returns: 0, or the `errno` of the write that failed (EPIPE when the reader is gone).
  @discardableResult
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      offset += written
    }
    return 0
  }

  /// The directory part of `path` (`.` for a bare name, `/` at the root).
  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }
}

/// `open(2)` with a mode, under a name that does not collide with the module's functions.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

/// `read(2)`, under a name that does not collide with the module's functions.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// `write(2)`, under a name that does not collide with ``FileIO/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
