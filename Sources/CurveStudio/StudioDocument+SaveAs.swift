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

/// The one rule for the name of a file the studio creates (Save on an unsaved tab, Save as…):
/// the only way a file name reaches the server.
///
/// Every test is made on the name's UTF-8 bytes, never on `Character`s: a combining mark after
/// `/` or `.` makes one `Character` of the two (`"/\u{301}"`), which a character test misses
/// and the file system does not (issue 34, finding D).
package enum NewFileName {
  /// The longest name, in UTF-8 bytes (the usual file-system limit); the temporary file a save
  /// writes first is named to fit the same limit (``FileIO/temporaryName(for:)``).
  package static let maximumBytes = FileIO.maximumNameBytes

  /// The suffix every name must have, as bytes.
  static let suffix = Array(".curve.json".utf8)

  /// The rule `name` breaks, as one phrase, or nil when it is a bare, visible
  /// `*.curve.json` name.
  package static func problem(with name: String) -> String? {
    let bytes = Array(name.utf8)
    if bytes.isEmpty { return "a file name is required" }
    if bytes.count > maximumBytes { return "a file name has at most \(maximumBytes) bytes" }
    if bytes.contains(0x2F) || bytes.contains(0x5C) { return "a bare file name, without '/' or '\\', is required" }
    if bytes.contains(0) { return "a file name may not contain NUL" }
    if zip(bytes, bytes.dropFirst()).contains(where: { $0 == 0x2E && $1 == 0x2E }) {
      return "a file name may not contain '..'"
    }
    if name.unicodeScalars.contains(where: EchoedText.needsEscape) {
      return "a file name may not contain control, separator or bidirectional characters"
    }
    if bytes[0] == 0x2E { return "a file name may not start with '.' (hidden)" }
    if bytes[0] == 0x2D { return "a file name may not start with '-'" }
    if !bytes.reversed().starts(with: suffix.reversed()) { return "a file name must end in .curve.json" }
    return nil
  }
}

/// The folder `curvekit design` was started from, where new files are created: its path (for
/// the documents' paths and messages) and a descriptor opened once at start, so every file the
/// studio creates there is created relative to that folder (`openat`, `linkat`), whatever
/// happens to the path later (renamed, or a link put in its place).
package final class StartFolder: Sendable {
  /// The folder's absolute path, as resolved at start.
  package let path: String
  /// `O_RDONLY | O_DIRECTORY`, or -1 when it could not be opened (then creating a file fails).
  let descriptor: Int32

  /// Opens the folder at `path`.
  package init(path: String) {
    self.path = path
    descriptor = systemOpenDirectory(path)
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// The path a file `name` in this folder has.
  func path(of name: String) -> String { (path == "/" ? "" : path) + "/" + name }

  /// Removes the temporary files a save as left here when its process was killed (any
  /// CurveKit temporary name, older than a minute), as each spec's own are removed.
  @discardableResult
  package func removeStaleTemporaries(olderThan seconds: Int = 60) -> Int {
    guard descriptor >= 0 else { return 0 }
    return FileIO.removeStaleTemporaries(inDirectory: descriptor, olderThan: seconds)
  }
}

/// `open(2)` of a directory, under a name that does not collide with the module's functions.
private func systemOpenDirectory(_ path: String) -> Int32 { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }

extension StudioDocument {
  /// What a save as did.
  package enum SaveAsOutcome: Sendable, Equatable {
    /// The file was created; this document is now that file. Its ETag.
    case saved(etag: String)
    /// The name is already taken (a file, link or directory, or another tab's file); nothing written.
    case exists
    /// The file could not be written; one line.
    case failed(String)
  }

  /// Creates `name` in `folder` with `text` (never replacing anything: a temporary file
  /// hard-linked to the name, both relative to the folder's descriptor) and makes this document
  /// that file; the old file, if any, is untouched. `name` must have passed
  /// ``NewFileName/problem(with:)``; `taken` says whether another document already holds a path.
  package func saveAs(_ text: String, name: String, in folder: StartFolder, taken: (String) -> Bool) -> SaveAsOutcome {
    saveLock.withLock {
      let target = folder.path(of: name)
      if taken(target) { return .exists }
      guard folder.descriptor >= 0 else {
        return .failed("cannot create '\(EchoedText.escaped(name))': the folder '\(folder.path)' cannot be opened")
      }
      let bytes = Array(text.utf8)
      do {
        switch try FileIO.createNew(named: name, inDirectory: folder.descriptor, with: bytes) {
        case .exists: return .exists
        case .created: break
        }
      } catch {
        return .failed(String(describing: error))
      }
      moveTo(target)
      return .saved(etag: Self.etag(of: bytes))
    }
  }
}

/// The studio's documents, in tab order: the specs named on the command line, then the tabs
/// opened since (share links, new curves). Indices never change; tabs are only added.
package final class StudioDocuments: Sendable {
  private let list: Locked<[StudioDocument]>
  /// The most tabs a session holds.
  package static let maximumCount = 256

  /// The documents named on the command line.
  package init(_ documents: [StudioDocument]) { list = Locked(documents) }

  /// Every document, in tab order.
  package var all: [StudioDocument] { list.withLock { $0 } }

  /// Adds an unsaved tab; its index, or nil when the session holds ``maximumCount`` tabs.
  func add(_ document: StudioDocument) -> Int? {
    list.withLock { (documents: inout [StudioDocument]) -> Int? in
      guard documents.count < Self.maximumCount else { return nil }
      documents.append(document)
      return documents.count - 1
    }
  }

  /// True when a document other than `document` is the file `path`.
  func holds(_ path: String, besides document: StudioDocument) -> Bool {
    all.contains { $0 !== document && $0.path == path }
  }
}
