import Foundation

/// A fresh, empty folder under the system's temporary directory, for one test; removed by
/// `remove()` (call it in a `defer`). The one way tests get scratch space, so every test's
/// files have the same shape of name (`curvekit-<purpose>-<UUID>`) and none collide when the
/// suites run in parallel.
public struct TemporaryDirectory: Sendable {
  /// The folder's absolute path, without a trailing slash.
  public let path: String

  /// Creates the folder; `purpose` is a short word that names it in a listing of /tmp.
  public init(_ purpose: String = "test") throws {
    let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    path = base + "curvekit-\(purpose)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The folder as a file URL.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// `path/name`.
  public func appending(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `path/name` and returns that path.
  @discardableResult
  public func write(_ text: String, to name: String) throws -> String {
    let file = appending(name)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
