import Foundation
import Testing

/// Whole-output checks against checked-in files: a command's text or JSON is compared byte for
/// byte with `__Snapshots__/<TestFile>/<name>` next to the test file that asks.
///
/// Run with `CURVEKIT_RECORD_SNAPSHOTS=1` to (re)write the files instead; review the change with
/// `git diff` before committing it. Without that variable a missing or different snapshot is a
/// failure that names the file and the first line that differs. Snapshots hold only what is the
/// same on every machine (no paths, dates or timings), and every CPU: OpenBLAS kernels do not
/// change a correctly rounded fit.
public enum Snapshot {
  /// True when `CURVEKIT_RECORD_SNAPSHOTS=1`: snapshots are written, never compared.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["CURVEKIT_RECORD_SNAPSHOTS"] == "1" }

  /// The snapshot file for `name` (with its extension, e.g. `fit-depletion.json`), asked from
  /// the test file at `filePath`.
  public static func path(named name: String, filePath: String) -> String {
    let url = URL(fileURLWithPath: filePath)
    let folder = url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
      .appendingPathComponent(url.deletingPathExtension().lastPathComponent)
    return folder.appendingPathComponent(name).path
  }

  /// Records an issue unless `text` equals the snapshot `name` (a file name with its extension:
  /// `.txt` for text and Swift (a `.swift` file in a test folder would be compiled), `.json`
  /// for JSON, `.css`, `.kt`, `.ts` for code).
  public static func assertMatches(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let path = path(named: name, filePath: filePath)
    if isRecording {
      do {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
          try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
      } catch {
        Issue.record("cannot record the snapshot \(path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
      Issue.record(
        "no snapshot at \(path) (record it with CURVEKIT_RECORD_SNAPSHOTS=1 and review it)",
        sourceLocation: sourceLocation)
      return
    }
    if let difference = firstDifference(expected: expected, actual: text) {
      Issue.record(
        "\(name) differs from its snapshot \(path) (re-record with CURVEKIT_RECORD_SNAPSHOTS=1):\n\(difference)",
        sourceLocation: sourceLocation)
    }
  }

  /// The first line where the texts differ, with its number, or nil when they are equal.
  public static func firstDifference(expected: String, actual: String) -> String? {
    if expected == actual { return nil }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var line = 0
    while line < old.count, line < new.count, old[line] == new[line] { line += 1 }
    let was = line < old.count ? "- " + old[line] : "- (end of the snapshot)"
    let now = line < new.count ? "+ " + new[line] : "+ (end of the output)"
    return "line \(line + 1) of \(old.count) (now \(new.count) lines):\n\(was)\n\(now)"
  }
}
