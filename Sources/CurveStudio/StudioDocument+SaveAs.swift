import CurveCore
import CurveSpec
import CurveStudioServer

/// The one rule for the name of a file the studio creates (Save on an unsaved tab, Save as…):
/// the only way a file name reaches the server.
package enum NewFileName {
  /// The longest name, in UTF-8 bytes (the usual file-system limit).
  package static let maximumBytes = 255

  /// The rule `name` breaks, as one phrase, or nil when it is a bare, visible
  /// `*.curve.json` name.
  package static func problem(with name: String) -> String? {
    if name.isEmpty { return "a file name is required" }
    if name.utf8.count > maximumBytes { return "a file name has at most \(maximumBytes) bytes" }
    if name.contains("/") || name.contains("\\") { return "a bare file name, without '/' or '\\', is required" }
    if name.contains("..") { return "a file name may not contain '..'" }
    if name.unicodeScalars.contains(where: EchoedText.needsEscape) {
      return "a file name may not contain control, separator or bidirectional characters"
    }
    if name.hasPrefix(".") { return "a file name may not start with '.' (hidden)" }
    if name.hasPrefix("-") { return "a file name may not start with '-'" }
    if !name.hasSuffix(".curve.json") { return "a file name must end in .curve.json" }
    return nil
  }
}

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

  /// Creates `directory/name` with `text` (never replacing anything: `O_EXCL | O_NOFOLLOW`)
  /// and makes this document that file; the old file, if any, is untouched. `name` must have
  /// passed ``NewFileName/problem(with:)``; `taken` says whether another document already
  /// holds a path.
  func saveAs(_ text: String, name: String, in directory: String, taken: (String) -> Bool) -> SaveAsOutcome {
    saveLock.withLock {
      let target = (directory == "/" ? "" : directory) + "/" + name
      if taken(target) { return .exists }
      let bytes = Array(text.utf8)
      do {
        switch try FileIO.createNew(target, with: bytes) {
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
