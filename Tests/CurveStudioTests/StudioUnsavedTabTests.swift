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

/// Issue 20, "Share and start": unsaved tabs (a share link's spec, a new blank curve), nothing
/// written before Save, and Save as… with its one naming rule (bare `*.curve.json`, `O_EXCL`).
@Suite("Studio: unsaved tabs, share links and save as")
struct StudioUnsavedTabTests {
  static let weekly = try? CurveSpec.load(path: Fixtures.repositoryRoot + "/examples/curves/weekly-habit.curve.json")

  @Test("a share link's tab answers GET /api/spec like any other, is marked unsaved, and nothing is written")
  func linkTab() throws {
    let spec = try #require(Self.weekly)
    let fixture = try StudioFixture([], unsaved: [spec])
    let session = StudioFixture.object(fixture.request("GET", "/api/session"))
    let specs = try #require(session["specs"] as? [[String: Any]])
    #expect(specs.count == 1 && specs[0]["unsaved"] as? Bool == true && specs[0]["name"] as? String == spec.name)
    let response = try #require(fixture.request("GET", "/api/spec?spec=0"))
    #expect(response.status == 200)
    let object = StudioFixture.object(response)
    #expect(object["unsaved"] as? Bool == true)
    #expect(response.header("ETag") == StudioDocument.etag(of: Array(spec.jsonText.utf8)))
    // The spec it answers is the link's, member for member.
    let answered = try JSONSerialization.data(withJSONObject: try #require(object["spec"]))
    let reparsed = try CurveSpec.parse(utf8: Array(answered), sourceName: "x")
    #expect(reparsed.jsonText == spec.jsonText)
    // Fits work on it; a PUT is refused (it needs a name) and nothing is written anywhere.
    #expect(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(spec.jsonText))?.status == 200)
    let put = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-None-Match", "*")], body: StudioFixture.body(spec.jsonText))
    #expect(put?.status == 409)
    #expect(StudioFixture.object(put)["unsaved"] as? Bool == true)
    #expect(fixture.fileNames.isEmpty)
  }

  @Test("POST /api/open decodes a pasted payload in Swift: a new tab; junk is 422 and opens nothing")
  func openPayload() throws {
    let fixture = try StudioFixture()
    let spec = try #require(Self.weekly)
    let link = ShareLink.link(for: spec)
    let payload = try ShareLink.payload(in: link)
    let opened = try #require(fixture.request("POST", "/api/open", body: "{\"payload\": \"\(payload)\"}"))
    #expect(opened.status == 201)
    let object = StudioFixture.object(opened)
    #expect(object["index"] as? Int == 1 && object["unsaved"] as? Bool == true)
    let get = StudioFixture.object(fixture.request("GET", "/api/spec?spec=1"))
    #expect(get["unsaved"] as? Bool == true)
    for junk in ["Zm9v!", "Zg==", "e30", "", "http://127.0.0.1/#token=abc"] {
      let refused = try #require(fixture.request("POST", "/api/open", body: "{\"payload\": \"\(junk)\"}"))
      #expect(refused.status == 422, "\(junk)")
      #expect((StudioFixture.object(refused)["error"] as? String)?.isEmpty == false)
    }
    #expect(fixture.request("POST", "/api/open", body: "{\"link\": 1}")?.status == 400)
    #expect(fixture.request("POST", "/api/open", headers: [("Content-Type", "text/plain")], body: "{}")?.status == 415)
    let tooLong = String(repeating: "A", count: ShareLink.maximumPayloadCharacters + 4)
    #expect(fixture.request("POST", "/api/open", body: "{\"payload\": \"\(tooLong)\"}")?.status == 422)
    let specs = StudioFixture.object(fixture.request("GET", "/api/session"))["specs"] as? [[String: Any]]
    #expect(specs?.count == 2)
    #expect(fixture.fileNames == ["depletion.curve.json"])
  }

  @Test("a new blank curve is a valid unsaved spec that fits to the straight line")
  func blankCurve() throws {
    let fixture = try StudioFixture()
    let created = try #require(fixture.request("POST", "/api/new", body: "{}"))
    #expect(created.status == 201)
    let object = StudioFixture.object(created)
    #expect(object["name"] as? String == "Untitled" && object["index"] as? Int == 1)
    let blank = StudioAPI.blankSpec.jsonText
    let fit = StudioFixture.object(fixture.request("POST", "/api/fit?spec=1", body: StudioFixture.body(blank)))
    let coefficients = try #require(fit["coefficients"] as? [Double])
    #expect(coefficients == [0, 0, -1, 1], "the straight line 1 − t")
    #expect(fixture.fileNames == ["depletion.curve.json"])
  }

  @Test("Save on an unsaved tab creates NAME in the studio's folder with the canonical bytes; the tab becomes the file")
  func saveNew() throws {
    let spec = try #require(Self.weekly)
    let fixture = try StudioFixture([], unsaved: [spec])
    let body = "{\"spec\": \(spec.jsonText), \"name\": \"shared.curve.json\"}"
    let saved = try #require(fixture.request("POST", "/api/save-as?spec=0", body: body))
    #expect(saved.status == 201)
    #expect(StudioFixture.object(saved)["name"] as? String == "shared.curve.json")
    let path = fixture.directory + "/shared.curve.json"
    #expect(try String(contentsOfFile: path, encoding: .utf8) == spec.jsonText)
    #expect(fixture.fileNames == ["shared.curve.json"])
    // Now a file tab: GET reads the file, PUT saves under its ETag.
    let get = try #require(fixture.request("GET", "/api/spec?spec=0"))
    #expect(StudioFixture.object(get)["unsaved"] == nil)
    let etag = try #require(get.header("ETag"))
    #expect(etag == saved.header("ETag"))
    let renamed = spec.jsonText.replacingOccurrences(of: "\"Weekly Habit\"", with: "\"Renamed\"")
    let put = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: StudioFixture.body(renamed))
    #expect(put?.status == 200)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"Renamed\""))
    let session = StudioFixture.object(fixture.request("GET", "/api/session"))["specs"] as? [[String: Any]]
    #expect(session?.first?["name"] as? String == "shared.curve.json" && session?.first?["unsaved"] == nil)
  }

  @Test("an existing name is refused with 409 and never overwritten: a file, a link, a dangling link, a directory")
  func exclusive() throws {
    let spec = try #require(Self.weekly)
    let fixture = try StudioFixture([("taken.curve.json", "precious")], unsaved: [spec])
    #expect(symlink(fixture.directory + "/taken.curve.json", fixture.directory + "/link.curve.json") == 0)
    #expect(symlink(fixture.directory + "/nowhere", fixture.directory + "/dangling.curve.json") == 0)
    #expect(mkdir(fixture.directory + "/dir.curve.json", 0o700) == 0)
    for name in ["taken.curve.json", "link.curve.json", "dangling.curve.json", "dir.curve.json"] {
      let body = "{\"spec\": \(spec.jsonText), \"name\": \"\(name)\"}"
      let response = try #require(fixture.request("POST", "/api/save-as?spec=1", body: body))
      #expect(response.status == 409, "\(name)")
      #expect(StudioFixture.object(response)["exists"] as? Bool == true)
    }
    #expect(try String(contentsOfFile: fixture.directory + "/taken.curve.json", encoding: .utf8) == "precious")
    #expect(FileManager.default.fileExists(atPath: fixture.directory + "/nowhere") == false)
    #expect(StudioFixture.object(fixture.request("GET", "/api/spec?spec=1"))["unsaved"] as? Bool == true)
  }

  @Test(
    "names that are not bare, visible *.curve.json are refused with 400 naming the rule, and nothing is written",
    arguments: [
      "", "../escape.curve.json", "sub/x.curve.json", "/tmp/x.curve.json", "..\\x.curve.json", "a\\b.curve.json",
      "..curve.json", "x..curve.json", ".hidden.curve.json", ".curve.json", "x.json", "x.curve.json.bak",
      "x\n.curve.json", "x\u{202E}.curve.json", "x\u{0}.curve.json", "-rf.curve.json",
      String(repeating: "a", count: 250) + ".curve.json",
    ])
  func badNames(_ name: String) throws {
    let spec = try #require(Self.weekly)
    let fixture = try StudioFixture([], unsaved: [spec])
    let encoded = String(decoding: try JSONSerialization.data(withJSONObject: [name], options: []), as: UTF8.self)
    let body = "{\"spec\": \(spec.jsonText), \"name\": \(encoded.dropFirst().dropLast())}"
    let response = try #require(fixture.request("POST", "/api/save-as?spec=0", body: body))
    #expect(response.status == 400, "\(name.debugDescription)")
    let object = StudioFixture.object(response)
    #expect((object["rule"] as? String).map { !$0.isEmpty } == true)
    #expect((object["error"] as? String)?.contains("refused") == true)
    #expect(fixture.fileNames.isEmpty)
    #expect(FileManager.default.fileExists(atPath: fixture.directory + "/../escape.curve.json") == false)
  }

  @Test("Save as… on a file tab creates the new file and leaves the old one untouched")
  func saveAsFromFile() throws {
    let fixture = try StudioFixture()
    let original = try #require(fixture.contents())
    let edited = original.replacingOccurrences(of: "\"Depletion\"", with: "\"Copy\"")
    let body = "{\"spec\": \(edited), \"name\": \"copy.curve.json\"}"
    let response = try #require(fixture.request("POST", "/api/save-as?spec=0", body: body))
    #expect(response.status == 201)
    #expect(fixture.contents() == original)
    let copy = try String(contentsOfFile: fixture.directory + "/copy.curve.json", encoding: .utf8)
    #expect(copy.contains("\"Copy\""))
    #expect(
      StudioFixture.object(fixture.request("GET", "/api/spec?spec=0"))["etag"] as? String == response.header("ETag"))
    // An invalid spec is 422 and writes nothing.
    let invalid = fixture.request(
      "POST", "/api/save-as?spec=0", body: "{\"spec\": {\"name\": 1}, \"name\": \"bad.curve.json\"}")
    #expect(invalid?.status == 422)
    #expect(!fixture.fileNames.contains("bad.curve.json"))
    // Saving as the name of a file another tab holds is refused.
    let again = fixture.request(
      "POST", "/api/save-as?spec=0", body: "{\"spec\": \(edited), \"name\": \"depletion.curve.json\"}")
    #expect(again?.status == 409)
  }

  @Test("the naming rule on its own")
  func rule() {
    #expect(NewFileName.problem(with: "shared.curve.json") == nil)
    #expect(NewFileName.problem(with: "Füllstand 2.curve.json") == nil)
    #expect(NewFileName.problem(with: "x.json")?.contains(".curve.json") == true)
    #expect(NewFileName.problem(with: "a/b.curve.json")?.contains("'/'") == true)
  }
}
