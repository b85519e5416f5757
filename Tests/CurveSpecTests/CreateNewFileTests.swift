import CurveKitTestSupport
import Foundation
import Testing

@testable import CurveSpec

/// `FileIO.createNew`: a new file appears whole or not at all, and nothing is ever replaced.
@Suite("Creating a new file")
struct CreateNewFileTests {
  static func folder() throws -> String {
    try TemporaryDirectory("create").path
  }

  @Test("creates the file with the bytes and leaves no temporary file behind")
  func creates() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = Array("{\"name\": \"A\"}\n".utf8)
    #expect(try FileIO.createNew(folder + "/a.curve.json", with: bytes) == .created)
    #expect(FileManager.default.contents(atPath: folder + "/a.curve.json").map(Array.init) == bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.curve.json"])
  }

  @Test("an existing file, a directory or a symbolic link (dangling too) is left alone")
  func neverReplaces() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let old = Array("old\n".utf8)
    #expect(FileManager.default.createFile(atPath: folder + "/file.curve.json", contents: Data(old)))
    try FileManager.default.createDirectory(atPath: folder + "/dir.curve.json", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.curve.json", withDestinationPath: "missing")
    for name in ["file.curve.json", "dir.curve.json", "link.curve.json"] {
      #expect(try FileIO.createNew(folder + "/" + name, with: Array("new\n".utf8)) == .exists, "\(name)")
    }
    #expect(FileManager.default.contents(atPath: folder + "/file.curve.json").map(Array.init) == old)
    #expect(!FileManager.default.fileExists(atPath: folder + "/missing"), "the link is not followed")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == ["dir.curve.json", "file.curve.json", "link.curve.json"])
  }
}
