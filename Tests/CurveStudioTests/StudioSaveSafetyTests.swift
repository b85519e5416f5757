import CurveKitTestSupport
import CurveSpec
import CurveStudio
import CurveStudioServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 20's save failures, each reproduced on a live studio: the mode, a link at the path,
/// and temporary files a killed save left behind (a FIFO: ``AttackRegressionTests``).
@Suite("Studio saves: the file's mode, no re-open of the path, no stale temporaries")
struct StudioSaveSafetyTests {
  static let edited = StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"Edited\"")

  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  @Test("a save keeps the file's permission bits: a 0600 spec stays 0600")
  func keepsMode() throws {
    let fixture = try StudioFixture()
    #expect(chmod(fixture.paths[0], 0o600) == 0)
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let response = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: StudioFixture.body(Self.edited))
    #expect(response?.status == 200)
    #expect(fixture.contents()?.contains("\"Edited\"") == true)
    #expect(Self.mode(fixture.paths[0]) == 0o600)
  }

  // A FIFO swapped in at the spec's path: AttackRegressionTests.fifoSwap.

  @Test("the atomic replace never opens the destination: a link is replaced, its target untouched")
  func replaceDoesNotFollow() throws {
    let temporary = try TemporaryDirectory("replace")
    defer { temporary.remove() }
    let directory = temporary.path
    let target = directory + "/target.txt"
    try "keep me".write(toFile: target, atomically: false, encoding: .utf8)
    let link = directory + "/spec.curve.json"
    #expect(symlink(target, link) == 0)
    try FileIO.replace(link, with: Array("new".utf8), mode: 0o640)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    #expect(try String(contentsOfFile: link, encoding: .utf8) == "new")
    var info = stat()
    #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
    #expect(Self.mode(link) == 0o640)
    // A FIFO at the destination: replaced without opening it (which would block).
    let fifo = directory + "/pipe.curve.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    try FileIO.replace(fifo, with: Array("x".utf8), mode: nil)
    #expect(try String(contentsOfFile: fifo, encoding: .utf8) == "x")
  }

  @Test("temporary files a killed save left (older than a minute) are removed when the studio starts")
  func staleTemporaries() throws {
    let temporary = try TemporaryDirectory("stale")
    defer { temporary.remove() }
    let directory = temporary.path
    let spec = directory + "/habit.curve.json"
    try StudioFixture.depletion.write(toFile: spec, atomically: false, encoding: .utf8)
    let stale = directory + "/.habit.curve.json.curvekit-AbC123"
    let young = directory + "/.habit.curve.json.curvekit-XyZ789"
    let other = directory + "/.other.curve.json.curvekit-AbC123"
    for path in [stale, young, other] { try "partial".write(toFile: path, atomically: false, encoding: .utf8) }
    var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, stale, &old, 0) == 0)
    #expect(utimensat(AT_FDCWD, other, &old, 0) == 0)
    _ = try StudioDocument.resolve([spec])
    #expect(!FileManager.default.fileExists(atPath: stale), "the stale temporary of this spec is removed")
    #expect(FileManager.default.fileExists(atPath: young), "a young one may be a save in flight")
    #expect(FileManager.default.fileExists(atPath: other), "another file's temporaries are not ours")
  }
}
