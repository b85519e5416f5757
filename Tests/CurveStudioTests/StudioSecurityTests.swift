import CurveKitTestSupport
import CurveStudio
import CurveStudioServer
import Foundation
import Testing

/// Every refusal of item 3, one test each, on a live studio: none of these requests gets
/// data or changes a file.
@Suite("Studio security")
struct StudioSecurityTests {
  static let edited = StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"Edited\"")

  /// A valid save of `edited`, to be sent with whatever is being refused.
  static func save(_ fixture: StudioFixture) -> (etag: String, body: String)? {
    guard let etag = fixture.request("GET", "/api/spec?spec=0")?.header("ETag") else { return nil }
    return (etag, StudioFixture.body(edited))
  }

  @Test("no token: 401 on every API route, no data, no write; the page's files hold no data")
  func noToken() throws {
    let fixture = try StudioFixture()
    let save = try #require(Self.save(fixture))
    for (method, path) in [
      ("GET", "/api/session"), ("GET", "/api/spec?spec=0"), ("POST", "/api/fit?spec=0"),
      ("POST", "/api/generate?spec=0"), ("POST", "/api/export?spec=0"), ("POST", "/api/convert?spec=0"),
      ("POST", "/api/ws-ticket"), ("GET", "/api/live"),
    ] {
      let response = try #require(
        fixture.request(method, path, body: method == "POST" ? save.body : nil, authorized: false))
      #expect(response.status == 401, "\(method) \(path)")
      #expect(!response.text.contains("points") && !response.text.contains("coefficients"), "\(method) \(path)")
    }
    let put = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", save.etag)], body: save.body, authorized: false)
    #expect(put?.status == 401)
    #expect(fixture.contents() == StudioFixture.depletion)
    // The page and its files are served to anyone on the right Host: the same bytes for every
    // session, none of the spec's data and no token.
    for path in ["/", "/studio/app.mjs", "/studio/core.mjs", "/studio.css"] {
      let response = try #require(fixture.request("GET", path, authorized: false))
      #expect(response.status == 200, "\(path)")
      #expect(!response.text.contains(fixture.token) && !response.text.contains("Depletion"), "\(path)")
      #expect(response.header("Set-Cookie") == nil)
    }
  }

  @Test("a wrong token (same length, one digit off) or any cookie, even with the right token: 401")
  func wrongToken() throws {
    let fixture = try StudioFixture()
    var wrong = Array(fixture.token)
    wrong[wrong.count - 1] = wrong[wrong.count - 1] == "0" ? "1" : "0"
    let bearer = fixture.request("GET", "/api/spec?spec=0", headers: [("Authorization", "Bearer " + String(wrong))])
    #expect(bearer?.status == 401)
    for name in ["curvekit_studio_\(fixture.port + 1)", "curvekit_studio_\(fixture.port)", "token"] {
      let cookie = fixture.request(
        "GET", "/api/spec?spec=0", headers: [("Cookie", "\(name)=\(fixture.token)")], authorized: false)
      #expect(cookie?.status == 401, "\(name)")
    }
    #expect(fixture.request("GET", "/api/spec?spec=0")?.status == 200)
  }

  @Test("a foreign Host (DNS rebinding): 421, no data, no write")
  func foreignHost() throws {
    let fixture = try StudioFixture()
    let save = try #require(Self.save(fixture))
    for host in [
      "evil.example:\(fixture.port)", "127.0.0.1:\(fixture.port + 1)", "localhost",
      "attacker.localhost:\(fixture.port)",
    ] {
      let get = fixture.request("GET", "/api/spec?spec=0", headers: [("Host", host)])
      #expect(get?.status == 421, "\(host)")
      #expect(get.map { !$0.text.contains("points") } ?? false)
      let put = fixture.request(
        "PUT", "/api/spec?spec=0", headers: [("Host", host), ("If-Match", save.etag)], body: save.body)
      #expect(put?.status == 421, "\(host)")
    }
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  @Test("a state-changing request from a foreign Origin: 403, no write")
  func foreignOrigin() throws {
    let fixture = try StudioFixture()
    let save = try #require(Self.save(fixture))
    for origin in ["http://evil.example", "null", "http://127.0.0.1:\(fixture.port + 1)", "http://localhost"] {
      let put = fixture.request(
        "PUT", "/api/spec?spec=0", headers: [("Origin", origin), ("If-Match", save.etag)], body: save.body)
      #expect(put?.status == 403, "\(origin)")
      let fit = fixture.request("POST", "/api/fit?spec=0", headers: [("Origin", origin)], body: save.body)
      #expect(fit?.status == 403, "\(origin)")
      #expect(fit.map { !$0.text.contains("coefficients") } ?? false)
    }
    #expect(fixture.contents() == StudioFixture.depletion)
    // The page's own origin is accepted.
    let own = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("Origin", "http://127.0.0.1:\(fixture.port)"), ("If-Match", save.etag)],
      body: save.body)
    #expect(own?.status == 200)
  }

  @Test("a cross-site fetch (Sec-Fetch-Site) is 403 even for a GET")
  func crossSiteFetch() throws {
    let fixture = try StudioFixture()
    let response = fixture.request("GET", "/api/spec?spec=0", headers: [("Sec-Fetch-Site", "cross-site")])
    #expect(response?.status == 403)
  }

  @Test("no CORS headers, ever: a preflight is refused with none")
  func noCORS() throws {
    let fixture = try StudioFixture()
    let preflight = fixture.request(
      "OPTIONS", "/api/spec?spec=0",
      headers: [("Origin", "http://evil.example"), ("Access-Control-Request-Method", "PUT")])
    #expect(preflight?.status == 405)
    var responses = [preflight]
    responses.append(fixture.request("GET", "/api/spec?spec=0", headers: [("Origin", "http://evil.example")]))
    responses.append(fixture.request("GET", "/"))
    responses.append(fixture.request("GET", "/api/spec?spec=0", authorized: false))
    for response in responses {
      let headers = try #require(response).headers
      #expect(!headers.contains { $0.name.lowercased().hasPrefix("access-control-") })
    }
  }

  @Test("a body over 1 MiB: 413, no write")
  func bodyTooLarge() throws {
    let fixture = try StudioFixture()
    let save = try #require(Self.save(fixture))
    let padding = String(repeating: " ", count: 1 << 20)
    let response = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", save.etag)], body: save.body.dropLast() + padding + "}")
    #expect(response?.status == 413)
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  @Test("a malformed request: 400, and the studio keeps serving")
  func malformedRequest() throws {
    let fixture = try StudioFixture()
    for junk in [
      "GET /api/spec HTTP/1.1\nHost: x\n\n", "\u{0}\u{1}\u{2}\r\n\r\n", "PUT /api/spec HTTP/1.1\r\nHost : x\r\n\r\n",
    ] {
      let answer = try #require(LoopbackHTTP.raw(port: fixture.port, Array(junk.utf8)))
      #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
    }
    #expect(fixture.request("GET", "/api/spec?spec=0")?.status == 200)
  }

  @Test("a body not declared as JSON (what a cross-site form can send): 415, no write")
  func notJSON() throws {
    let fixture = try StudioFixture()
    let save = try #require(Self.save(fixture))
    let response = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", save.etag), ("Content-Type", "text/plain")], body: save.body)
    #expect(response?.status == 415)
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  @Test("no path parameters: traversal attempts read nothing")
  func noPaths() throws {
    let fixture = try StudioFixture()
    for target in [
      "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/spec?spec=../../../etc/passwd",
      "/api/spec?spec=-1", "/api/spec?spec=1", "/studio/app.mjs/../../../etc/passwd", "/studio.js", "/etc/passwd",
      "/api/spec/../../x",
    ] {
      let response = try #require(fixture.request("GET", target))
      #expect(response.status == 404, "\(target)")
      #expect(!response.text.contains("root:"), "\(target)")
    }
  }

  // A symbolic link swapped in at the spec's path: AttackRegressionTests.symlinkSwap.

  @Test("the token: at least 128 random bits, fresh per session, in the link's fragment; no cookie is ever set")
  func tokenInFragment() throws {
    let first = try StudioFixture()
    let second = try StudioFixture()
    #expect(first.token.utf8.count >= 32 && first.token.allSatisfy(\.isHexDigit))
    #expect(first.token != second.token)
    #expect(first.session.url == "http://127.0.0.1:\(first.port)/#token=\(first.token)")
    // An old-style link: to `/`, no cookie.
    let link = try #require(LoopbackHTTP.request(port: first.port, "GET", "/?token=\(first.token)"))
    #expect(link.status == 303)
    #expect(link.header("Location") == "/")
    #expect(link.header("Set-Cookie") == nil)
    let page = try #require(first.request("GET", "/", authorized: false))
    #expect(page.status == 200)
    #expect(page.header("Set-Cookie") == nil)
    #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
    // Offline and self-contained: every src and href is a path on this origin (relative to the
    // page, so the same page works from a folder of a static host), a fragment of this page (the
    // skip link) or a data: URI; never another origin.
    for attribute in ["src=\"", "href=\""] {
      for piece in page.text.components(separatedBy: attribute).dropFirst() {
        let value = piece.prefix { $0 != "\"" }
        let local = !value.contains(":") && !value.hasPrefix("//")
        #expect(local || value.hasPrefix("data:"), "\(attribute)\(piece.prefix(40))")
      }
    }
  }
}

/// The live channel (a WebSocket): the same answers as the HTTP API, and the handshake
/// refused without the page's own Origin, the token or the right Host.
@Suite("Studio live channel")
struct StudioLiveTests {
  /// A one-time ticket for the live channel, from `POST /api/ws-ticket` with the token.
  static func ticket(_ fixture: StudioFixture) -> String? {
    let response = fixture.request("POST", "/api/ws-ticket", headers: [("Origin", "http://127.0.0.1:\(fixture.port)")])
    return StudioFixture.object(response)["ticket"] as? String
  }

  /// The handshake for `/api/live`, with a fresh ticket unless `ticket` says otherwise ("" for none).
  static func handshake(
    _ fixture: StudioFixture, origin: String?, host: String? = nil, ticket: String? = nil
  ) -> String {
    let presented = ticket ?? Self.ticket(fixture) ?? "no-ticket"
    let target = presented.isEmpty ? "/api/live" : "/api/live?ticket=\(presented)"
    var text = "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(fixture.port)")\r\nUpgrade: websocket\r\n"
    text += "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    if let origin { text += "Origin: \(origin)\r\n" }
    return text + "\r\n"
  }

  @Test("a fit over the live channel is exactly POST /api/fit's body")
  func fitOverLive() throws {
    let fixture = try StudioFixture()
    let connection = try #require(LoopbackConnection(port: fixture.port))
    connection.send(Self.handshake(fixture, origin: "http://127.0.0.1:\(fixture.port)"))
    #expect(connection.readResponse()?.status == 101)
    let message = "{\"id\": 7, \"op\": \"fit\", \"index\": 0, \"spec\": \(StudioFixture.depletion)}"
    connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array(message.utf8)))
    let frame = try #require(connection.readWebSocketFrame())
    let reply = String(decoding: frame.payload, as: UTF8.self)
    let http = try #require(
      fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(StudioFixture.depletion)))
    #expect(reply == "{\"id\": 7, \"status\": 200, \"body\": \(http.text)}")
    let invalid = "{\"id\": 8, \"op\": \"fit\", \"index\": 0, \"spec\": {\"name\": \"x\", \"points\": [[2, 0.5]]}}"
    connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array(invalid.utf8)))
    let refused = String(decoding: try #require(connection.readWebSocketFrame()).payload, as: UTF8.self)
    #expect(refused.hasPrefix("{\"id\":8,\"status\":422,\"body\":{\"error\":"))
    #expect(refused.contains("\"field\":\"points[0][0]\""))
    connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array("not json".utf8)))
    let malformed = String(decoding: try #require(connection.readWebSocketFrame()).payload, as: UTF8.self)
    #expect(malformed.hasPrefix("{\"id\":null,\"status\":400,"))
  }

  @Test("a WebSocket from another origin, or with none, is refused with 403 (CVE-2018-14732)")
  func foreignOrigin() throws {
    let fixture = try StudioFixture()
    for origin in ["http://evil.example", "null", nil, "http://127.0.0.1:\(fixture.port + 1)"] as [String?] {
      let connection = try #require(LoopbackConnection(port: fixture.port))
      connection.send(Self.handshake(fixture, origin: origin))
      #expect(connection.readResponse()?.status == 403, "\(origin ?? "no origin")")
    }
  }

  @Test("a WebSocket without a ticket is 401, with a foreign Host 421")
  func tokenAndHost() throws {
    let fixture = try StudioFixture()
    let own = "http://127.0.0.1:\(fixture.port)"
    let noToken = try #require(LoopbackConnection(port: fixture.port))
    noToken.send(Self.handshake(fixture, origin: own, ticket: ""))
    #expect(noToken.readResponse()?.status == 401)
    let foreign = try #require(LoopbackConnection(port: fixture.port))
    foreign.send(Self.handshake(fixture, origin: own, host: "evil.example:\(fixture.port)"))
    #expect(foreign.readResponse()?.status == 421)
  }
}
