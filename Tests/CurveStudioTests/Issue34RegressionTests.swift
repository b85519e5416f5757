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

/// Issue 34 ("Nothing let in, nothing lost, nothing slow"): one test per finding, named for it,
/// each on a live studio over loopback sockets (or on the studio's own file code), with fixed
/// counts and no timing assertion.
@Suite("Issue 34 regressions")
struct Issue34RegressionTests {
  static func own(_ fixture: StudioFixture) -> String { "http://127.0.0.1:\(fixture.port)" }

  /// A one-time ticket for the live channel, bought with the token.
  static func ticket(_ fixture: StudioFixture) -> String? {
    let response = fixture.request("POST", "/api/ws-ticket", headers: [("Origin", own(fixture))])
    return StudioFixture.object(response)["ticket"] as? String
  }

  /// A request that carries every WebSocket handshake header, the page's Origin, `?ticket=` and
  /// no token, as raw text.
  static func ticketRequest(
    _ fixture: StudioFixture, method: String, target: String, version: String = "HTTP/1.1", body: String = ""
  ) -> String {
    var text = "\(method) \(target) \(version)\r\nHost: 127.0.0.1:\(fixture.port)\r\nUpgrade: websocket\r\n"
    text += "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    text += "Origin: \(own(fixture))\r\n"
    if !body.isEmpty { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
    return text + "\r\n" + body
  }

  /// The status of one raw request on a fresh connection (HEAD answers have no body).
  static func status(_ fixture: StudioFixture, _ text: String, head: Bool = false) -> Int? {
    guard let connection = LoopbackConnection(port: fixture.port) else { return nil }
    connection.send(text)
    return connection.readResponse(bodiless: head)?.status
  }

  // MARK: - A: a ticket opens the live channel and nothing else

  @Test("Finding A: a WebSocket ticket opens only /api/live's handshake; every other method and route ignores it")
  func testFindingA_ticketOnlyOpensLiveChannel() throws {
    let fixture = try StudioFixture()
    let ticket = try #require(Self.ticket(fixture))
    let body = StudioFixture.body(StudioFixture.depletion)
    let routes = [
      "/api/session", "/api/spec?spec=0", "/api/ws-ticket", "/api/fit?spec=0", "/api/generate?spec=0",
      "/api/export?spec=0", "/api/convert?spec=0", "/api/open", "/api/new", "/api/save-as?spec=0", "/api/live",
      "/", "/studio.css", "/no-such-route",
    ]
    var attempts = 0
    for route in routes {
      let separator = route.contains("?") ? "&" : "?"
      let target = route + separator + "ticket=" + ticket
      for method in ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
        // The live channel's own well-formed handshake is the one request a ticket may open.
        if route == "/api/live" && method == "GET" { continue }
        let withBody = method == "POST" || method == "PUT" || method == "PATCH"
        let text = Self.ticketRequest(fixture, method: method, target: target, body: withBody ? body : "")
        let status = try #require(Self.status(fixture, text, head: method == "HEAD"), "\(method) \(route)")
        attempts += 1
        // The page's public files hold no data (a handshake for them is refused anyway); nothing
        // else is let in.
        let publicFile = (route == "/" || route == "/studio.css") && (method == "GET" || method == "HEAD")
        if publicFile {
          #expect(status != 101, "\(method) \(route)")
        } else {
          #expect(status == 401 || status == 403 || status == 400, "\(method) \(route) answered \(status)")
          #expect(status != 101 && !(200..<300).contains(status), "\(method) \(route)")
        }
      }
    }
    #expect(attempts == routes.count * 7 - 1)
    // A malformed handshake on the live route (HTTP/1.0, a body, no key) is not let in either.
    for text in [
      Self.ticketRequest(fixture, method: "GET", target: "/api/live?ticket=\(ticket)", version: "HTTP/1.0"),
      Self.ticketRequest(fixture, method: "GET", target: "/api/live?ticket=\(ticket)", body: "{}"),
      Self.ticketRequest(fixture, method: "GET", target: "/api/live?ticket=\(ticket)")
        .replacingOccurrences(of: "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", with: ""),
    ] {
      let status = Self.status(fixture, text)
      #expect(status != 101 && status.map { !(200..<300).contains($0) } == true, "\(status ?? -1)")
    }
    // None of those used the ticket up, changed the file or created one: the ticket still
    // opens the live channel, once.
    #expect(fixture.contents() == StudioFixture.depletion)
    #expect(fixture.fileNames == ["depletion.curve.json"])
    #expect(fixture.session.app.documents.count == 1)
    let live = Self.ticketRequest(fixture, method: "GET", target: "/api/live?ticket=\(ticket)")
    #expect(Self.status(fixture, live) == 101)
    #expect(Self.status(fixture, live) == 401)
  }

  // MARK: - D: names are checked as bytes

  /// `name` as a JSON string literal.
  static func jsonString(_ name: String) -> String {
    var text = "\""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case _ where scalar.value < 0x20:
        text +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// `POST /api/save-as?spec=N` of `spec` under `name`.
  static func saveAs(_ fixture: StudioFixture, _ spec: CurveSpec, name: String, index: Int = 0) -> WireResponse? {
    fixture.request(
      "POST", "/api/save-as?spec=\(index)", body: "{\"spec\": \(spec.jsonText), \"name\": \(jsonString(name))}")
  }

  @Test(
    "Finding D: a save-as name is checked byte by byte: '/', '\\', NUL, '..', a leading '.' are refused after combining marks too"
  )
  func testFindingD_saveAsNameCheckedAsBytes() throws {
    let spec = StudioAPI.blankSpec
    let fixture = try StudioFixture([], unsaved: [spec])
    #expect(mkdir(fixture.directory + "/sub", 0o700) == 0)
    #expect(mkdir(fixture.directory + "/.sub", 0o700) == 0)
    let mark = "\u{301}"
    let names = [
      "/\(mark)x.curve.json", "sub/\(mark)x.curve.json", ".sub/\(mark)x.curve.json", "sub\(mark)/x.curve.json",
      "\\\(mark)x.curve.json", "a\\\(mark)b.curve.json", ".\(mark)x.curve.json", ".\(mark).curve.json",
      "..\(mark)x.curve.json", ".\(mark).\(mark)x.curve.json", "x..\(mark)y.curve.json",
      "x\u{0}.curve.json", "-\(mark)x.curve.json", "x.curve.json\(mark)", "x.curve.json/\(mark)",
    ]
    for name in names {
      #expect(NewFileName.problem(with: name) != nil, "\(name.unicodeScalars.map { $0.value })")
      let response = try #require(Self.saveAs(fixture, spec, name: name))
      #expect(response.status == 400, "\(name.unicodeScalars.map { $0.value }) answered \(response.status)")
    }
    // Nothing was created anywhere: not in the folder, not in its subfolders.
    #expect(fixture.fileNames == [".sub", "sub"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory + "/sub").isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory + "/.sub").isEmpty)
    // A combining mark elsewhere is an ordinary character: accepted, as is a lone dot before one.
    let accented = "e\(mark)clair.curve.json"
    let dotted = "x.\(mark).\(mark)y.curve.json"
    #expect(Self.saveAs(fixture, spec, name: accented)?.status == 201)
    #expect(Self.saveAs(fixture, spec, name: dotted)?.status == 201)
    #expect(fixture.fileNames == [".sub", accented, "sub", dotted].sorted())
  }

  @Test(
    "Finding D: a new file is created relative to the start folder's descriptor, even after the path is moved and linked elsewhere"
  )
  func testFindingD_createdRelativeToStartFolder() throws {
    let temporary = try TemporaryDirectory("issue34-d")
    let base = temporary.path
    let start = base + "/start"
    let moved = base + "/moved"
    let elsewhere = base + "/elsewhere"
    for directory in [start, elsewhere] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(atPath: base) }
    let folder = StartFolder(path: start)
    #expect(rename(start, moved) == 0)
    #expect(symlink(elsewhere, start) == 0)
    let document = StudioDocument(unsaved: StudioAPI.blankSpec)
    let outcome = document.saveAs("{}\n", name: "new.curve.json", in: folder, taken: { _ in false })
    guard case .saved = outcome else {
      Issue.record("not saved: \(outcome)")
      return
    }
    #expect(try String(contentsOfFile: moved + "/new.curve.json", encoding: .utf8) == "{}\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: moved) == ["new.curve.json"])
  }

  @Test(
    "Finding D: stale save-as temporaries in the start folder are removed at start, young ones and look-alikes kept")
  func testFindingD_staleSaveAsTemporariesRemoved() throws {
    let temporary = try TemporaryDirectory("issue34-d")
    defer { temporary.remove() }
    let directory = temporary.path
    let stale = ".mine.curve.json.curvekit-Ab12Cd"
    let young = ".other.curve.json.curvekit-Zz99Yy"
    let lookAlikes = [".mine.curve.json.curvekit-short", "mine.curve.json.curvekit-Ab12Cd", ".notes.txt"]
    for name in [stale, young] + lookAlikes {
      #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
    }
    let old = Date(timeIntervalSinceNow: -3600)
    for name in [stale] + lookAlikes {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/" + name)
    }
    let session = try StudioSession(documents: [], directory: directory)
    defer { session.stop() }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ([young] + lookAlikes).sorted())
  }

  // MARK: - I: a long name fits with its temporary name

  @Test("Finding I: save-as names of 239 to 255 bytes are created (201), with no temporary file left")
  func testFindingI_longSaveAsNames() throws {
    let spec = StudioAPI.blankSpec
    let fixture = try StudioFixture([], unsaved: [spec])
    var created: [String] = []
    for length in 239...255 {
      let name = String(repeating: "a", count: length - 11) + ".curve.json"
      #expect(name.utf8.count == length)
      let response = try #require(Self.saveAs(fixture, spec, name: name))
      #expect(response.status == 201, "\(length) bytes: \(response.status) \(response.text)")
      created.append(name)
    }
    // Multi-byte characters up to the limit: the temporary name is cut at a character boundary.
    for (character, count) in [("€", 81), ("é", 122), ("𝄞", 61)] {
      let name =
        String(repeating: character, count: count) + String(repeating: "b", count: 244 - count * character.utf8.count)
        + ".curve.json"
      #expect(name.utf8.count == 255)
      let response = try #require(Self.saveAs(fixture, spec, name: name))
      #expect(response.status == 201, "\(character): \(response.status) \(response.text)")
      created.append(name)
    }
    // One byte more is refused by the rule (400), not by the file system (500).
    let tooLong = String(repeating: "a", count: 245) + ".curve.json"
    #expect(Self.saveAs(fixture, spec, name: tooLong)?.status == 400)
    #expect(fixture.fileNames == created.sorted())
    for name in created {
      let temporary = FileIO.temporaryName(for: name) + "XXXXXX"
      #expect(temporary.utf8.count <= 255 && String(decoding: Array(temporary.utf8), as: UTF8.self) == temporary)
    }
  }

  // MARK: - H: an edit on disk during a save is kept

  @Test(
    "Finding H: an edit made on disk after the ETag check and before the rename is kept, and the save is a conflict")
  func testFindingH_editDuringSaveIsNotOverwritten() throws {
    let temporary = try TemporaryDirectory("issue34-h")
    defer { temporary.remove() }
    let directory = temporary.path
    let path = directory + "/spec.curve.json"
    let original = StudioFixture.depletion
    let ours = original.replacingOccurrences(of: "\"Depletion\"", with: "\"Ours\"")
    let theirs = original.replacingOccurrences(of: "\"Depletion\"", with: "\"Theirs, from git pull\"")
    try original.write(toFile: path, atomically: false, encoding: .utf8)
    let document = try #require(try StudioDocument.resolve([path]).first)
    // Three ways another program writes: in place, a new file renamed over, removed.
    let edits: [(String, () -> Void)] = [
      ("in place", { try? theirs.write(toFile: path, atomically: false, encoding: .utf8) }),
      ("renamed over", { try? theirs.write(toFile: path, atomically: true, encoding: .utf8) }),
      ("removed", { unlink(path) }),
    ]
    for (label, edit) in edits {
      try original.write(toFile: path, atomically: false, encoding: .utf8)
      guard case .present(_, let etag) = document.read() else {
        Issue.record("\(label): unreadable")
        continue
      }
      let outcome = document.save(ours, precondition: .matches(etag), beforeCheck: edit)
      guard case .conflict = outcome else {
        Issue.record("\(label): \(outcome)")
        continue
      }
      let now = try? String(contentsOfFile: path, encoding: .utf8)
      #expect(now == (label == "removed" ? nil : theirs), "\(label)")
    }
    // A new file (If-None-Match: *) that appears meanwhile is not replaced either.
    unlink(path)
    let created = document.save(
      ours, precondition: .absent, beforeCheck: { try? theirs.write(toFile: path, atomically: false, encoding: .utf8) })
    #expect(created.isConflict)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
    // Without an edit the same save goes through, and no temporary file is left.
    try original.write(toFile: path, atomically: false, encoding: .utf8)
    guard case .present(_, let etag) = document.read() else { return }
    #expect(document.save(ours, precondition: .matches(etag), beforeCheck: {}).isSaved)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == ours)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["spec.curve.json"])
  }

  // MARK: - B: eviction cannot be aimed at the user

  @Test(
    "Finding B: under a flood of token-less idle connections, at least 95 % of the user's slow requests with the token are answered"
  )
  func testFindingB_evictionProtectsTheUser() throws {
    let fixture = try StudioFixture(configuration: HTTPServerConfiguration(maxConnections: 12))
    let port = fixture.port
    let stop = Locked(false)
    let floodConnections = Locked(0)
    let finished = DispatchSemaphore(value: 0)
    let attackers = 2
    for _ in 0..<attackers {
      // A local process without the token: a public GET on each connection, then kept idle
      // (up to 40 held), as fast as it can, at most 20,000 connections.
      Thread.detachNewThread {
        var held: [LoopbackConnection] = []
        for _ in 0..<20_000 {
          if stop.withLock({ $0 }) { break }
          guard let connection = LoopbackConnection(port: port, timeout: 2) else { continue }
          connection.send("GET /studio.css HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
          _ = connection.readResponse()
          held.append(connection)
          if held.count > 40 { held.removeFirst() }
          floodConnections.withLock { $0 += 1 }
        }
        held.removeAll()
        finished.signal()
      }
    }
    // The flood has filled every slot once it starts evicting (at most 10 s of waiting).
    for _ in 0..<1000 where fixture.session.server.evictionCount == 0 { usleep(10_000) }
    let evictionsBefore = fixture.session.server.evictionCount
    // The user: 40 fits with the token, each on a new connection, the body arriving in four
    // parts (a save or fit of a large spec arrives over time; the pauses shape the traffic,
    // nothing is timed).
    let body = Array(StudioFixture.body(StudioFixture.depletion).utf8)
    var answered = 0
    let requests = 40
    for _ in 0..<requests {
      guard let connection = LoopbackConnection(port: port) else { continue }
      var head = "POST /api/fit?spec=0 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
      head += "Authorization: Bearer \(fixture.token)\r\nContent-Type: application/json\r\n"
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      connection.send(head)
      let part = (body.count + 3) / 4
      for start in stride(from: 0, to: body.count, by: part) {
        usleep(15_000)
        connection.send(Array(body[start..<min(body.count, start + part)]))
      }
      if let response = connection.readResponse(), response.status == 200, response.text.contains("coefficients") {
        answered += 1
      }
    }
    let evictionsDuring = fixture.session.server.evictionCount - evictionsBefore
    stop.withLock { $0 = true }
    for _ in 0..<attackers { _ = finished.wait(timeout: .now() + .seconds(30)) }
    #expect(evictionsBefore > 0, "the flood never filled the slots")
    #expect(evictionsDuring > 0, "the flood did not run while the user worked")
    #expect(
      answered * 100 >= requests * 95,
      "\(answered) of \(requests) answered; \(floodConnections.withLock { $0 }) flood connections")
    // The studio still serves the user afterwards, and nothing was written.
    #expect(fixture.request("GET", "/api/session")?.status == 200)
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  // MARK: - F: open tabs do not lock the studio

  @Test(
    "Finding F: 40 open live channels take no HTTP slot: 32 are open, 8 refused, and the page and the API still answer")
  func testFindingF_openTabsDoNotLockTheStudio() throws {
    let fixture = try StudioFixture()
    var channels: [LoopbackConnection] = []
    var refused = 0
    for _ in 0..<40 {
      let ticket = try #require(Self.ticket(fixture))
      let connection = try #require(LoopbackConnection(port: fixture.port))
      connection.send(Self.ticketRequest(fixture, method: "GET", target: "/api/live?ticket=\(ticket)"))
      switch connection.readResponse()?.status {
      case 101: channels.append(connection)
      case 503: refused += 1
      default: Issue.record("a live channel was neither opened nor refused")
      }
    }
    let configuration = HTTPServerConfiguration()
    #expect(channels.count == configuration.maxWebSockets && refused == 40 - configuration.maxWebSockets)
    #expect(fixture.session.server.webSocketCount == configuration.maxWebSockets)
    // Every HTTP slot is still the page's: as many keep-alive connections as there are slots,
    // each answered, the page and the API alike.
    var held: [LoopbackConnection] = []
    var answered = 0
    for index in 0..<configuration.maxConnections {
      let connection = try #require(LoopbackConnection(port: fixture.port))
      let target = index.isMultiple(of: 2) ? "/" : "/api/session"
      connection.send(
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nAuthorization: Bearer \(fixture.token)\r\n\r\n")
      if connection.readResponse()?.status == 200 { answered += 1 }
      held.append(connection)
    }
    #expect(answered == configuration.maxConnections)
    // And the open channels still fit.
    let message = "{\"id\": 1, \"op\": \"fit\", \"index\": 0, \"spec\": \(StudioFixture.depletion)}"
    channels[0].send(LoopbackConnection.webSocketFrame(opcode: 1, Array(message.utf8)))
    let reply = channels[0].readWebSocketFrame().map { String(decoding: $0.payload, as: UTF8.self) }
    #expect(reply?.contains("\"status\": 200") == true || reply?.contains("\"status\":200") == true)
  }

  // MARK: - G: a conversion keeps the curve or says why not

  @Test(
    "Finding G: /api/convert answers 422 in words for a conversion that would merge points, lose a number or break milestones; never a broken spec"
  )
  func testFindingG_conversionIsChecked() throws {
    let fixture = try StudioFixture()
    func convert(_ spec: String, _ units: String) -> (status: Int, error: String, spec: String?)? {
      guard let response = fixture.request("POST", "/api/convert?spec=0", body: "{\"spec\": \(spec), \(units)}")
      else { return nil }
      let object = StudioFixture.object(response)
      let converted = (object["spec"]).flatMap { try? JSONSerialization.data(withJSONObject: $0) }
      return (response.status, object["error"] as? String ?? "", converted.map { String(decoding: $0, as: UTF8.self) })
    }
    let hours = #""timeUnit": "hours", "levelUnit": "fraction", "duration": 24"#
    let cases: [(label: String, spec: String, units: String, words: [String])] = [
      (
        "merged points", #"{"name": "Merge", "points": [[0.3, 0.5], [0.30000000000000004, 0.49]]}"#, hours,
        ["would merge points 1 and 2 at hour 7.2"]
      ),
      (
        "minSlope overflows", #"{"name": "Steep", "points": [[0.5, 0.5]], "minSlope": 1e308}"#,
        #""timeUnit": "normalized", "levelUnit": "percent""#, ["would lose minSlope"]
      ),
      (
        "a subnormal duration", #"{"name": "Tiny", "points": [[0.25, 0.75], [0.75, 0.25]]}"#,
        #""timeUnit": "hours", "levelUnit": "fraction", "duration": 5e-324"#, ["would"]
      ),
      (
        "milestones a rounding apart",
        #"{"name": "Tight", "points": [[0.25, 0.75], [0.75, 0.25]], "monotonic": "require", "milestones": [{"until": 0.5, "atLeast": 0.6}, {"from": 0.5000000000000001, "atMost": 0.4}]}"#,
        hours, ["would merge milestones 1 and 2 at hour 12"]
      ),
    ]
    for (label, spec, units, words) in cases {
      // The spec itself is valid: its own units are fine.
      #expect(fixture.request("POST", "/api/fit?spec=0", body: "{\"spec\": \(spec)}")?.status != 400, "\(label)")
      let answer = try #require(convert(spec, units), "\(label)")
      #expect(answer.status == 422, "\(label): \(answer.status) \(answer.spec ?? "")")
      #expect(answer.spec == nil, "\(label): a converted spec was sent")
      for word in words { #expect(answer.error.contains(word), "\(label): \(answer.error)") }
      #expect(answer.error.hasPrefix("this conversion would"), "\(label): \(answer.error)")
    }
    // A conversion that keeps the curve still answers 200 with the converted spec.
    let fine = try #require(convert(#"{"name": "Fine", "points": [[0.25, 0.75], [0.75, 0.25]]}"#, hours))
    #expect(fine.status == 200 && fine.spec?.contains("\"hours\"") == true, "\(fine.error)")
    // The rule is CurveSpec's own, for every caller.
    let merged = try CurveSpec.parse(
      #"{"name": "M", "points": [[0.3, 0.5], [0.30000000000000004, 0.49]]}"#, sourceName: "m")
    #expect(throws: ConversionError.self) {
      try merged.checkedConversion(timeUnit: .hours, levelUnit: .fraction, duration: 24)
    }
  }
}

extension StudioDocument.SaveOutcome {
  var isConflict: Bool { if case .conflict = self { return true } else { return false } }
  var isSaved: Bool { if case .saved = self { return true } else { return false } }
}
