import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// `curvekit share`: a spec as a link, and back.
@Suite("share command")
struct ShareCommandTests {
  static let examples = ["depletion", "linear", "steep-end", "steep-start", "weekly-habit"].map {
    Fixtures.repositoryRoot + "/examples/curves/\($0).curve.json"
  }

  @Test("share prints one link whose payload is the canonical bytes; --decode gives them back; re-sharing is stable")
  func roundTrip() throws {
    for path in Self.examples {
      let result = runCurveKit(["share", path])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.outputLines.count == 1)
      let link = String(result.outputLines.first ?? "")
      #expect(link.hasPrefix("http://127.0.0.1/#spec="))
      let canonical = try CurveSpec.load(path: path).jsonText
      let decoded = runCurveKit(["share", "--decode", link])
      #expect(decoded.status == 0)
      #expect(decoded.output == canonical, "\(path)")
      // The decoded bytes, shared again from a file, give the same link.
      let temporary = try TemporaryDirectory("share")
      defer { temporary.remove() }
      let copy = temporary.appending("share.curve.json")
      try canonical.write(toFile: copy, atomically: false, encoding: .utf8)
      #expect(runCurveKit(["share", copy]).output == link + "\n")
      // And a checked-in file in the house style is its own canonical form.
      if path.hasSuffix("/depletion.curve.json") {
        #expect(try String(contentsOfFile: path, encoding: .utf8) == decoded.output)
      }
    }
  }

  @Test(
    "a bad link or spec exits 2 with one error line",
    arguments: [
      ["share", "--decode", "http://127.0.0.1/#spec=Zm9v!!"], ["share", "--decode", "#spec="],
      ["share", "--decode", "http://127.0.0.1/#token=abc"], ["share", "--decode", "#spec=Zg=="],
      ["share", "--decode", "#spec=e30"], ["share", "/nonexistent/x.curve.json"], ["share"],
      ["share", "a.curve.json", "b.curve.json"], ["design", "http://127.0.0.1/#spec=Zm9v\u{202E}x", "--no-open"],
      ["design", "#spec=e30", "--no-open"],
    ])
  func refusals(_ arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("the position of a bad character is named")
  func position() {
    let result = runCurveKit(["share", "--decode", "#spec=Zm9v*Yg"])
    #expect(result.errors.contains("'*' at position 5"), "\(result.errors)")
  }
}
