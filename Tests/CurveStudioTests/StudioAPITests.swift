import CurveKitCLI
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import CurveStudio
import CurveStudioCLI
import CurveStudioServer
import Foundation
import Testing

/// The API contract: the same bytes as the CLI for the same spec, ETags, saves in the house
/// style, conflicts and invalid specs that leave the file untouched.
@Suite("Studio API")
struct StudioAPITests {
  static let specs = [
    "examples/curves/depletion.curve.json", "examples/curves/linear.curve.json", "examples/curves/steep-end.curve.json",
    "examples/curves/steep-start.curve.json", "docs/gallery/specs/designer-sketch.curve.json",
    "examples/curves/water-day.curve.json",
  ]

  /// Runs `curvekit` in-process.
  static func cli(_ arguments: [String]) -> (status: Int32, output: String) {
    let io = CapturedIO()
    let status = CurveKitCommandLine.run(arguments: arguments, io: io, commands: StudioCommands.all)
    return (status, io.output)
  }

  /// `text` (JSON) with each phrase of the spec's vocabulary in the command line's.
  static func inCommandLineWords(_ text: String) -> String {
    let (spec, flags) = (CurveRequest.Vocabulary.spec, CurveKitCommandLine.vocabulary)
    let phrases = [
      (spec.generalFit, flags.generalFit), (spec.percent, flags.percent), (spec.finishedCurve, flags.finishedCurve),
      (spec.weights, flags.weights), (spec.enforce, flags.enforce), (spec.degree, flags.degree),
    ]
    var result = text
    for (ours, theirs) in phrases {
      result = result.replacingOccurrences(
        of: String(JSONWriter.quoted(ours).dropFirst().dropLast()),
        with: String(JSONWriter.quoted(theirs).dropFirst().dropLast()))
    }
    return result
  }

  @Test("POST /api/fit returns exactly what `curvekit fit --json` prints", arguments: specs)
  func fitMatchesCLI(_ relativePath: String) throws {
    let path = Fixtures.repositoryRoot + "/" + relativePath
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // The studio opened on a file of the same name, so messages name the same file.
    let fixture = try StudioFixture([((relativePath as NSString).lastPathComponent, text)])
    let response = try #require(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(text)))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    let cli = Self.cli(["fit", path, "--json"])
    // Every member the CLI prints, byte for byte and in order, then the page's "plot"; the
    // advice in a finding names the CLI's flags there and the spec's keys here (one text, a
    // vocabulary each), so the studio's answer is read in the CLI's words.
    let members = String(cli.output.dropLast(3))  // without "\n}\n"
    let spoken = Self.inCommandLineWords(response.text)
    #expect(cli.output.hasSuffix("\n}\n") && spoken.hasPrefix(members))
    #expect(spoken.dropFirst(members.count).hasPrefix(",\n  \"plot\": {"))
    let plot = try #require(StudioFixture.object(response)["plot"] as? [String: Any])
    #expect((plot["curve"] as? [[Double]])?.count == 2, "a cubic is drawn from its two end knots")
    #expect((plot["percentages"] as? [[Double]])?.first?[1] == 100)
    let coefficients = StudioFixture.object(response)["coefficients"] as? [Double]
    #expect(coefficients?.count == 4)
  }

  @Test("documents by index: every document route needs ?spec=N, and answers name that document's file")
  func documentsByIndex() throws {
    let fixture = try StudioFixture([
      ("first.curve.json", StudioFixture.depletion), ("second.curve.json", StudioFixture.depletion),
    ])
    let body = StudioFixture.body(StudioFixture.depletion)
    for route in ["/api/fit", "/api/generate", "/api/export"] {
      #expect(fixture.request("POST", route, body: body)?.status == 400, "\(route) without an index")
      #expect(fixture.request("POST", route + "?spec=2", body: body)?.status == 404, "\(route) out of range")
    }
    #expect(fixture.request("GET", "/api/spec")?.status == 400)
    // A fit error on the second tab names the second file.
    let outside = StudioFixture.body(
      "{\"name\": \"x\", \"degree\": 5, \"monotonic\": \"enforce\", \"points\": [[0.1, 0.9], [0.5, 0.5], [0.7, 0.3]]}")
    let refused = StudioFixture.object(fixture.request("POST", "/api/fit?spec=1", body: outside))
    #expect((refused["error"] as? String)?.contains("second.curve.json") == true, "\(refused)")
    let generated = StudioFixture.object(fixture.request("POST", "/api/generate?spec=1", body: body))
    #expect((generated["swift"] as? String)?.contains("second.curve.json") == true)
  }

  @Test("the ship rule: a spec whose fit rises is refused by generate and export with the CLI's diagnostics")
  func shipRule() throws {
    let rising = "{\"name\": \"Rising\", \"points\": [[0.25, 0.98], [0.5, 0.9], [0.75, 0.2]]}"
    let fixture = try StudioFixture([("rising.curve.json", rising)])
    let cli = Self.cli(["check", fixture.paths[0], "--json"])
    #expect(cli.status == 1)
    let cliDiagnostics = try #require(
      (try JSONSerialization.jsonObject(with: Data(cli.output.utf8)) as? [String: Any])?["diagnostics"]
        as? [[String: Any]])
    for route in ["/api/generate", "/api/export"] {
      let response = try #require(fixture.request("POST", route + "?spec=0", body: StudioFixture.body(rising)))
      #expect(response.status == 422, "\(route)")
      let diagnostics = try #require(StudioFixture.object(response)["diagnostics"] as? [[String: Any]])
      #expect(diagnostics.first?["code"] as? String == "notMonotone")
      #expect(diagnostics.first?["severity"] as? String == "error")
      #expect(diagnostics.first?["field"] as? String == "monotonic")
      #expect(diagnostics.count == cliDiagnostics.count)
    }
    // The fit answer carries the same diagnostics as check --json.
    let fit = StudioFixture.object(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(rising)))
    let fitCodes = (fit["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(fitCodes == cliDiagnostics.compactMap { $0["code"] as? String })
    // The spec's own override ships it, with a warning.
    let ignore =
      "{\"name\": \"Rising\", \"monotonic\": \"ignore\", \"points\": [[0.25, 0.98], [0.5, 0.9], [0.75, 0.2]]}"
    let shipped = try #require(fixture.request("POST", "/api/generate?spec=0", body: StudioFixture.body(ignore)))
    #expect(shipped.status == 200)
    let warnings = (StudioFixture.object(shipped)["diagnostics"] as? [[String: Any]])?.map { $0["severity"] as? String }
    #expect(warnings == ["warning"])
  }

  @Test("an invalid spec: 422 with the message and the field; malformed bodies: 400")
  func invalidSpec() throws {
    let fixture = try StudioFixture()
    let outside = "{\"name\": \"x\", \"points\": [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7], [1.5, 0.5]]}"
    let response = try #require(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(outside)))
    #expect(response.status == 422)
    let object = StudioFixture.object(response)
    #expect(object["field"] as? String == "points[3][0]")
    #expect((object["error"] as? String)?.contains("t = 1.5 is outside [0, 1]") == true)
    for body in ["{\"spec\": ", "[1, 2]", "{\"other\": {}}", "\u{FF}"] {
      #expect(fixture.request("POST", "/api/fit?spec=0", body: body)?.status == 400, "\(body)")
    }
    let tooFewPoints = "{\"name\": \"x\", \"points\": [[0.5, 0.5]], \"degree\": 5, \"monotonic\": \"enforce\"}"
    let refused = try #require(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(tooFewPoints)))
    #expect(refused.status == 422)
    #expect(StudioFixture.object(refused)["error"] is String)
  }

  @Test("a rising degree-5 curve: \"Use enforce\" is offered, and enforce returns a curve that never rises")
  func enforceAtDegreeFive() throws {
    let fixture = try StudioFixture()
    let points = "[[0.1,0.9],[0.2,0.45],[0.25,0.45],[0.3,0.8],[0.35,0.85],[0.5,0.5],[0.7,0.3],[0.9,0.1]]"
    let rising = "{\"name\": \"x\", \"points\": \(points), \"degree\": 5, \"monotonic\": \"ignore\"}"
    let plain = StudioFixture.object(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(rising)))
    let plainMonotonic = try #require(plain["monotonic"] as? [String: Any])
    #expect(plainMonotonic["decreasing"] as? Bool == false)
    #expect(plainMonotonic["enforceAvailable"] as? Bool == true)
    let enforce = rising.replacingOccurrences(of: "\"ignore\"", with: "\"enforce\"")
    let response = try #require(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(enforce)))
    #expect(response.status == 200)
    let monotonic = try #require(StudioFixture.object(response)["monotonic"] as? [String: Any])
    #expect(monotonic["decreasing"] as? Bool == true)
    #expect((monotonic["active"] as? [String])?.contains { $0.hasPrefix("flat at t≈") } == true)
    let gap = try #require(monotonic["optimalityGap"] as? Double)
    #expect(gap >= 0 && gap <= 1e-9)
  }

  @Test("GET /api/spec: the spec, its ETag in the body and the header, 304 when unchanged, 404 when new")
  func getSpec() throws {
    let fixture = try StudioFixture([("depletion.curve.json", StudioFixture.depletion), ("new.curve.json", nil)])
    let response = try #require(fixture.request("GET", "/api/spec?spec=0"))
    #expect(response.status == 200)
    let object = StudioFixture.object(response)
    let etag = try #require(response.header("ETag"))
    #expect(object["etag"] as? String == etag)
    #expect((object["spec"] as? [String: Any])?["name"] as? String == "Depletion")
    #expect(fixture.request("GET", "/api/spec?spec=0", headers: [("If-None-Match", etag)])?.status == 304)
    let new = try #require(fixture.request("GET", "/api/spec?spec=1"))
    #expect(new.status == 404)
    #expect(StudioFixture.object(new)["new"] as? Bool == true)
    // A new file starts as the blank curve: two points, in its units (percent), not the article's seven.
    let blank = StudioFixture.object(new)["spec"] as? [String: Any]
    #expect((blank?["points"] as? [Any])?.count == 2 && blank?["levelUnit"] as? String == "percent")
    let session = StudioFixture.object(fixture.request("GET", "/api/session"))
    let names = (session["specs"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(names == ["depletion.curve.json", "new.curve.json"])
    #expect(((session["presets"] as? [Any])?.count ?? 0) > 4)
  }

  @Test("PUT /api/spec writes the house style atomically and returns the new ETag")
  func save() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    // Compact input, saved pretty: the file is what `CurveSpec.jsonText` writes.
    let compact =
      "{\"name\":\"Saved\",\"points\":[[0.25,0.8],[0.5,0.6],[0.75,0.3]],\"weights\":[1,2,1],\"durationDays\":5}"
    let response = try #require(
      fixture.request("PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: "{\"spec\":\(compact)}"))
    #expect(response.status == 200)
    let expected = try CurveSpec.parse(compact, sourceName: "x").jsonText
    #expect(fixture.contents() == expected)
    let newTag = try #require(response.header("ETag"))
    #expect(newTag != etag)
    #expect(StudioFixture.object(response)["etag"] as? String == newTag)
    #expect(fixture.request("GET", "/api/spec?spec=0")?.header("ETag") == newTag)
    #expect(fixture.fileNames == ["depletion.curve.json"])  // No temporary file left.
  }

  @Test("a stale ETag: 412 and the file untouched; no precondition: 428; an invalid spec: 422")
  func refusedSaves() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let body = StudioFixture.body(StudioFixture.depletion.replacingOccurrences(of: "Depletion", with: "Mine"))
    let stale = try #require(fixture.request("PUT", "/api/spec?spec=0", headers: [("If-Match", "\"0-0\"")], body: body))
    #expect(stale.status == 412)
    #expect(StudioFixture.object(stale)["etag"] as? String == etag)
    #expect(fixture.request("PUT", "/api/spec?spec=0", body: body)?.status == 428)
    let invalid = StudioFixture.body("{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"weights\": [-1]}")
    let refused = try #require(fixture.request("PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: invalid))
    #expect(refused.status == 422)
    #expect(StudioFixture.object(refused)["field"] as? String == "weights[0]")
    #expect(fixture.request("PUT", "/api/spec?spec=0", headers: [("If-None-Match", "*")], body: body)?.status == 412)
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  @Test("an edit on disk since the page loaded the file is never overwritten by a stale save")
  func editOnDisk() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let external = StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"From my editor\"")
    try external.write(toFile: fixture.paths[0], atomically: true, encoding: .utf8)
    let body = StudioFixture.body(StudioFixture.depletion.replacingOccurrences(of: "Depletion", with: "Stale"))
    let response = try #require(fixture.request("PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: body))
    #expect(response.status == 412)
    #expect(fixture.contents() == external)
    // The page then sees the new version.
    let current = try #require(fixture.request("GET", "/api/spec?spec=0", headers: [("If-None-Match", etag)]))
    #expect(current.status == 200)
    #expect((StudioFixture.object(current)["spec"] as? [String: Any])?["name"] as? String == "From my editor")
  }

  @Test("a new spec is created by the first save (If-None-Match: *), once")
  func createNew() throws {
    let fixture = try StudioFixture([("fresh.curve.json", nil)])
    #expect(fixture.request("GET", "/api/spec?spec=0")?.status == 404)
    let body = StudioFixture.body("{\"name\": \"Fresh\", \"points\": [[0.5, 0.5]]}")
    let created = try #require(
      fixture.request("PUT", "/api/spec?spec=0", headers: [("If-None-Match", "*")], body: body))
    #expect(created.status == 200)
    #expect(
      fixture.contents() == "{\n  \"name\": \"Fresh\",\n  \"points\": [\n    [0.5, 0.5]\n  ],\n  \"degree\": 3\n}\n")
    #expect(fixture.request("PUT", "/api/spec?spec=0", headers: [("If-None-Match", "*")], body: body)?.status == 412)
  }

  @Test("POST /api/generate and /api/export return what `curvekit generate` and `export` print")
  func generateAndExport() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"
    let fixture = try StudioFixture()
    let body = StudioFixture.body(StudioFixture.depletion)
    let generated = StudioFixture.object(fixture.request("POST", "/api/generate?spec=0", body: body))
    #expect(generated["swift"] as? String == Self.cli(["generate", path]).output)
    #expect(generated["typeName"] as? String == "Depletion")
    let exported = StudioFixture.object(fixture.request("POST", "/api/export?spec=0", body: body))
    #expect(exported["css"] as? String == Self.cli(["export", path]).output)
    #expect(exported["swiftui"] as? String == Self.cli(["export", path, "--format", "swiftui"]).output)
    #expect((exported["cssFunction"] as? String)?.hasPrefix("cubic-bezier(") == true)
    // The other languages, exactly what `generate --language` prints.
    #expect(generated["kotlin"] as? String == Self.cli(["generate", path, "--language", "kotlin"]).output)
    #expect(generated["typescript"] as? String == Self.cli(["generate", path, "--language", "typescript"]).output)
    // Which language failed travels as data (issue 29): none here; the table inverse, which
    // only Swift has, fails Kotlin and TypeScript, and their texts are the comments saying why.
    #expect((generated["failed"] as? [String]) == [])
    let table = StudioFixture.depletion.replacingOccurrences(
      of: "\"name\":", with: "\"codegen\": {\"inverse\": \"table\"}, \"name\":")
    let tabled = StudioFixture.object(fixture.request("POST", "/api/generate?spec=0", body: StudioFixture.body(table)))
    #expect((tabled["failed"] as? [String]) == ["kotlin", "typescript"], "\(tabled)")
    #expect((tabled["kotlin"] as? String)?.hasPrefix("// not generated: ") == true, "\(tabled)")
    // The designer's decimals, exactly what `export --precision N` prints; out of range is a 400.
    let rounded = StudioFixture.object(fixture.request("POST", "/api/export?spec=0&precision=3", body: body))
    #expect(rounded["css"] as? String == Self.cli(["export", path, "--precision", "3"]).output)
    #expect(
      (rounded["css"] as? String)?.contains("rounded to 3 decimals") == true
        || rounded["css"] as? String != exported["css"] as? String)
    #expect(fixture.request("POST", "/api/export?spec=0&precision=40", body: body)?.status == 400)
  }

  @Test("POST /api/share gives the payload `curvekit share` puts after #spec=, and the canonical bytes")
  func shareGivesTheCLIPayload() throws {
    let path = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"
    let fixture = try StudioFixture()
    let shared = StudioFixture.object(
      fixture.request("POST", "/api/share?spec=0", body: StudioFixture.body(StudioFixture.depletion)))
    let base = "https://example.com/studio/"
    let link = Self.cli(["share", path, "--base", base]).output
    #expect(link == base + "#spec=" + (shared["payload"] as? String ?? "?") + "\n", "\(shared)")
    #expect(shared["text"] as? String == Self.cli(["share", "--decode", String(link.dropLast())]).output)
    // The web host's route of the same rule answers the same bytes.
    let web = StudioAPI.webCall(route: "share-encode", body: Array(StudioFixture.body(StudioFixture.depletion).utf8))
    #expect(web.status == 200)
    let webAnswer = try JSONSerialization.jsonObject(with: Data(web.text.utf8)) as? [String: Any] ?? [:]
    #expect(webAnswer["payload"] as? String == shared["payload"] as? String)
    #expect(webAnswer["text"] as? String == shared["text"] as? String)
  }

  @Test("method and route errors: 405 with Allow, 404 for unknown routes")
  func routes() throws {
    let fixture = try StudioFixture()
    let delete = try #require(fixture.request("DELETE", "/api/spec?spec=0"))
    #expect(delete.status == 405)
    #expect(delete.header("Allow") == "GET, HEAD, PUT")
    #expect(fixture.request("GET", "/api/fit?spec=0")?.status == 405)
    #expect(fixture.request("GET", "/nope")?.status == 404)
  }

  @Test("save race: two PUTs with the same ETag, one wins, the other 412; no partial file is ever seen")
  func saveRace() throws {
    let fixture = try StudioFixture()
    let port = fixture.port
    let token = fixture.token
    let path = fixture.paths[0]
    var texts: Set<String> = [StudioFixture.depletion]
    for round in 0..<20 {
      let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
      let names = ["Racer A \(round)", "Racer B \(round)"]
      let bodies = names.map { name in
        StudioFixture.body(StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"\(name)\""))
      }
      let expectedTexts = try names.map { name in
        try CurveSpec.parse(
          StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"\(name)\""), sourceName: "x"
        ).jsonText
      }
      let statuses = Locked<[Int]>([])
      let finished = Locked(0)
      let reading = Locked(true)
      let seen = Locked<Set<String>>([])
      _ = Threads.detach {
        var reads = 0
        while reading.withLock({ $0 }) && reads < 100_000 {
          if let text = try? String(contentsOfFile: path, encoding: .utf8) { seen.withLock { _ = $0.insert(text) } }
          reads += 1
        }
        finished.withLock { $0 += 1 }
      }
      for body in bodies {
        _ = Threads.detach {
          let response = LoopbackHTTP.request(
            port: port, "PUT", "/api/spec?spec=0",
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json"), ("If-Match", etag)],
            body: Array(body.utf8))
          statuses.withLock { $0.append(response?.status ?? -1) }
          finished.withLock { $0 += 1 }
        }
      }
      for _ in 0..<1000 where finished.withLock({ $0 }) < 2 || statuses.withLock({ $0.count }) < 2 { usleep(5_000) }
      reading.withLock { $0 = false }
      for _ in 0..<1000 where finished.withLock({ $0 }) < 3 { usleep(5_000) }
      #expect(statuses.withLock { $0.sorted() } == [200, 412], "round \(round)")
      let final = try #require(fixture.contents())
      #expect(expectedTexts.contains(final), "round \(round)")
      texts.formUnion(expectedTexts)
      // Every read saw a whole file: the previous version or one of the two saves.
      let partial = seen.withLock { $0 }.subtracting(texts)
      #expect(partial.isEmpty, "round \(round): \(partial.map { $0.prefix(60) })")
      #expect(fixture.fileNames == ["depletion.curve.json"])
    }
  }
}
