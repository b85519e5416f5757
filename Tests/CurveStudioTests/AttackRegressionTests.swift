import CurveKitTestSupport
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

/// Issue 20 ("Close the holes"): one test per class of attack on local development servers,
/// each named after the class it closes, each on a live studio over real loopback sockets.
/// None of these requests gets data, changes a file or keeps the user out.
@Suite("Attack regressions (issue 20)")
struct AttackRegressionTests {
  static let edited = StudioFixture.depletion.replacingOccurrences(of: "\"Depletion\"", with: "\"Edited\"")

  static func own(_ fixture: StudioFixture) -> String { "http://127.0.0.1:\(fixture.port)" }

  /// A WebSocket handshake for `/api/live` as raw text.
  static func handshake(
    _ fixture: StudioFixture, target: String, origin: String?, extra: [(String, String)] = []
  ) -> String {
    var text = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nUpgrade: websocket\r\n"
    text += "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    if let origin { text += "Origin: \(origin)\r\n" }
    for (name, value) in extra { text += "\(name): \(value)\r\n" }
    return text + "\r\n"
  }

  /// The status of one raw handshake on a fresh connection.
  static func handshakeStatus(_ fixture: StudioFixture, _ text: String) -> Int? {
    guard let connection = LoopbackConnection(port: fixture.port) else { return nil }
    connection.send(text)
    return connection.readResponse()?.status
  }

  /// A one-time ticket for the live channel.
  static func ticket(_ fixture: StudioFixture) -> String? {
    let response = fixture.request("POST", "/api/ws-ticket", headers: [("Origin", own(fixture))])
    return StudioFixture.object(response)["ticket"] as? String
  }

  // MARK: - Next.js CVE-2026-27977: `Origin: null`

  @Test("CVE-2026-27977: Origin null is refused on every state-changing request and WebSocket upgrade")
  func originNull() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let body = StudioFixture.body(Self.edited)
    let put = fixture.request("PUT", "/api/spec?spec=0", headers: [("Origin", "null"), ("If-Match", etag)], body: body)
    #expect(put?.status == 403)
    for path in ["/api/fit?spec=0", "/api/generate?spec=0", "/api/export?spec=0", "/api/convert?spec=0"] {
      let post = fixture.request("POST", path, headers: [("Origin", "null")], body: body)
      #expect(post?.status == 403, "\(path)")
      #expect(post.map { !$0.text.contains("coefficients") } == true)
    }
    #expect(fixture.request("POST", "/api/ws-ticket", headers: [("Origin", "null")])?.status == 403)
    // A valid ticket does not help an opaque origin (a sandboxed frame, a data: URL, a file).
    let ticket = try #require(Self.ticket(fixture))
    let upgrade = Self.handshake(fixture, target: "/api/live?ticket=\(ticket)", origin: "null")
    #expect(Self.handshakeStatus(fixture, upgrade) == 403)
    let bearer = Self.handshake(
      fixture, target: "/api/live", origin: "null", extra: [("Authorization", "Bearer \(fixture.token)")])
    #expect(Self.handshakeStatus(fixture, bearer) == 403)
    #expect(fixture.contents() == StudioFixture.depletion)
  }

  // MARK: - CVE-2026-44578: absolute-form request targets

  @Test("CVE-2026-44578: an absolute-form target is refused (400), for requests and WebSocket upgrades")
  func absoluteFormTarget() throws {
    let fixture = try StudioFixture()
    let host = "127.0.0.1:\(fixture.port)"
    let bearer = "Authorization: Bearer \(fixture.token)\r\n"
    for (target, hostHeader) in [
      ("http://evil.example/", host), ("http://evil.example/api/session", host),
      ("http://\(host)/api/session", host), ("http://\(host)/api/session", "evil.example"),
      ("HTTP://evil.example/api/spec?spec=0", host), ("evil.example:80", host), ("*", host),
    ] {
      let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\n\(bearer)Connection: close\r\n\r\n"
      let answer = String(
        decoding: try #require(LoopbackHTTP.raw(port: fixture.port, Array(request.utf8))), as: UTF8.self)
      #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(target)")
      #expect(!answer.contains("Depletion") && !answer.contains("\"specs\""), "\(target)")
    }
    // The same for a WebSocket upgrade, even with a valid ticket and the page's own Origin.
    for target in ["http://evil.example/api/live", "http://\(host)/api/live", "ws://\(host)/api/live"] {
      let ticket = try #require(Self.ticket(fixture))
      let text = Self.handshake(fixture, target: "\(target)?ticket=\(ticket)", origin: Self.own(fixture))
      let status = Self.handshakeStatus(fixture, text)
      #expect(status == 400, "\(target)")
    }
    #expect(fixture.request("GET", "/api/session")?.status == 200)
  }

  // MARK: - Cookies across ports

  @Test("cookies across ports: no cookie authenticates anything, and none is ever set")
  func cookiesAcrossPorts() throws {
    let fixture = try StudioFixture()
    // Cookies for 127.0.0.1 are sent to, and can be set by, every port: so the old session
    // cookie (even with the right token) must be worth nothing.
    let cookies = [
      "curvekit_studio_\(fixture.port)=\(fixture.token)", "curvekit_studio_\(fixture.port + 1)=\(fixture.token)",
      "token=\(fixture.token)",
    ]
    for cookie in cookies {
      for (method, path) in [
        ("GET", "/api/session"), ("GET", "/api/spec?spec=0"), ("POST", "/api/fit?spec=0"), ("POST", "/api/ws-ticket"),
      ] {
        let response = fixture.request(
          method, path, headers: [("Cookie", cookie)], body: method == "POST" ? StudioFixture.body(Self.edited) : nil,
          authorized: false)
        #expect(response?.status == 401, "\(method) \(path) with \(cookie)")
      }
      let upgrade = Self.handshake(fixture, target: "/api/live", origin: Self.own(fixture), extra: [("Cookie", cookie)])
      #expect(Self.handshakeStatus(fixture, upgrade) == 401)
    }
    // No response sets one: the page, an old-style link, an API answer, a refusal.
    for (path, authorized) in [
      ("/", false), ("/?token=\(fixture.token)", false), ("/api/session", true), ("/api/session", false),
    ] {
      let response = try #require(fixture.request("GET", path, authorized: authorized))
      #expect(response.header("Set-Cookie") == nil, "\(path)")
    }
  }

  @Test("Bearer works; a WebSocket ticket works once: a reused, expired or altered ticket is refused")
  func bearerAndTickets() throws {
    let clock = Locked(ContinuousClock.now)
    let fixture = try StudioFixture(tickets: OneTimeTickets(now: { clock.withLock { $0 } }))
    #expect(fixture.request("GET", "/api/session")?.status == 200)
    let issued = fixture.request("POST", "/api/ws-ticket", headers: [("Origin", Self.own(fixture))])
    #expect(issued?.status == 200)
    #expect(StudioFixture.object(issued)["expiresIn"] as? Int == 10)
    let ticket = try #require(StudioFixture.object(issued)["ticket"] as? String)
    #expect(ticket.utf8.count == 64 && ticket != fixture.token)
    let live = try #require(LoopbackConnection(port: fixture.port))
    live.send(Self.handshake(fixture, target: "/api/live?ticket=\(ticket)", origin: Self.own(fixture)))
    #expect(live.readResponse()?.status == 101)
    // Reused.
    let again = Self.handshake(fixture, target: "/api/live?ticket=\(ticket)", origin: Self.own(fixture))
    #expect(Self.handshakeStatus(fixture, again) == 401)
    // Expired: 10 s later on the studio's ticket clock.
    let late = try #require(Self.ticket(fixture))
    clock.withLock { $0 += .seconds(10) }
    let expired = Self.handshake(fixture, target: "/api/live?ticket=\(late)", origin: Self.own(fixture))
    #expect(Self.handshakeStatus(fixture, expired) == 401)
    // Altered, or presented anywhere but a handshake.
    let fresh = try #require(Self.ticket(fixture))
    let altered = Self.handshake(fixture, target: "/api/live?ticket=\(fresh)0", origin: Self.own(fixture))
    #expect(Self.handshakeStatus(fixture, altered) == 401)
    #expect(fixture.request("GET", "/api/session?ticket=\(fresh)", authorized: false)?.status == 401)
    #expect(fixture.request("GET", "/api/session", headers: [("Authorization", "Bearer \(fresh)")])?.status == 401)
  }

  // MARK: - Trailing bytes on the token

  @Test("trailing bytes on the token: the token followed by anything is 401")
  func trailingBytesOnToken() throws {
    let fixture = try StudioFixture()
    for suffix in ["0", "a", " x", ",\(fixture.token)", "%00", String(repeating: "0", count: 256)] {
      let response = fixture.request(
        "GET", "/api/spec?spec=0", headers: [("Authorization", "Bearer \(fixture.token)\(suffix)")])
      #expect(response?.status == 401, "\(suffix.prefix(8))")
      #expect(response.map { !$0.text.contains("Depletion") } == true)
    }
    #expect(fixture.request("GET", "/api/spec?spec=0")?.status == 200)
  }

  // MARK: - Redirects

  @Test("redirects go to / only: network-path and backslash targets never leave the server")
  func redirectsOnlyToRoot() throws {
    let fixture = try StudioFixture()
    for target in [
      "//evil.example/?token=\(fixture.token)", "/\\evil.example/?token=\(fixture.token)",
      "/\\/evil.example/?token=x", "///evil.example/?token=x", "/%2F%2Fevil.example/?token=x", "//evil.example/",
      "/\\evil",
    ] {
      let response = try #require(fixture.request("GET", target, authorized: false))
      #expect(response.header("Set-Cookie") == nil, "\(target)")
      if response.status == 303 {
        #expect(response.header("Location") == "/", "\(target)")
      } else {
        #expect(response.header("Location") == nil, "\(target)")
        #expect(response.status == 401, "\(target)")
      }
    }
  }

  // MARK: - FIFO and symbolic-link swaps

  @Test("FIFO swap: a FIFO put at the spec's path is refused at once for reading and saving, never waited on")
  func fifoSwap() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    #expect(unlink(fixture.paths[0]) == 0)
    #expect(mkfifo(fixture.paths[0], 0o600) == 0)
    // Each read of the test client gives up after 5 s and then yields nil, so an answer (any
    // refusal) to both requests is the proof that neither blocked on the FIFO: no clock needed.
    let read = fixture.request("GET", "/api/spec?spec=0")
    #expect(read.map { $0.status >= 400 } == true)
    let refused = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: StudioFixture.body(Self.edited))
    #expect(refused.map { $0.status >= 400 } == true)
    // Still serving: the FIFO is replaced by a real file through the regular path again.
    #expect(unlink(fixture.paths[0]) == 0)
    let created = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-None-Match", "*")], body: StudioFixture.body(Self.edited))
    #expect(created?.status == 200)
  }

  @Test("symlink swap: a symbolic link put in place of the spec is not followed, for reading or writing")
  func symlinkSwap() throws {
    let fixture = try StudioFixture()
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let secret = fixture.directory + "/secret.txt"
    try "top secret".write(toFile: secret, atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: fixture.paths[0])
    try FileManager.default.createSymbolicLink(atPath: fixture.paths[0], withDestinationPath: secret)
    let get = try #require(fixture.request("GET", "/api/spec?spec=0"))
    #expect(get.status == 409)
    #expect(!get.text.contains("top secret"))
    let put = fixture.request(
      "PUT", "/api/spec?spec=0", headers: [("If-Match", etag)], body: StudioFixture.body(Self.edited))
    #expect(put?.status != 200)
    #expect((try? String(contentsOfFile: secret, encoding: .utf8)) == "top secret")
  }

  // MARK: - Slot exhaustion

  /// Opens `count` connections that send nothing, and waits (bounded) until the server holds them.
  static func silentSockets(_ fixture: StudioFixture, _ count: Int) throws -> [LoopbackConnection] {
    var sockets: [LoopbackConnection] = []
    for _ in 0..<count { sockets.append(try #require(LoopbackConnection(port: fixture.port, timeout: 5))) }
    for _ in 0..<200 where fixture.session.server.activeConnectionCount < count { usleep(5_000) }
    return sockets
  }

  @Test("slot exhaustion: with every slot held by a silent socket, the user's request is still served")
  func slotExhaustion() throws {
    // Silent sockets are never timed out here, so only dropping one can serve the user.
    let configuration = HTTPServerConfiguration(firstRequestTimeout: .seconds(60))
    let fixture = try StudioFixture(configuration: configuration)
    let silent = try Self.silentSockets(fixture, configuration.maxConnections)
    #expect(fixture.session.server.activeConnectionCount == configuration.maxConnections)
    // Served before the client's 5 s read timeout (after it, the answer would be nil).
    let response = fixture.request("GET", "/api/session")
    #expect(response?.status == 200)
    #expect(fixture.session.server.evictionCount == 1)
    // The oldest silent socket made room; the others are still held.
    #expect(silent[0].serverClosed())
    #expect(fixture.session.server.activeConnectionCount <= configuration.maxConnections)
  }

  @Test("slot exhaustion: a kept-alive connection that made requests is not the one dropped first")
  func slotExhaustionSparesKeptAlive() throws {
    let configuration = HTTPServerConfiguration(firstRequestTimeout: .seconds(60), maxConnections: 4)
    let fixture = try StudioFixture(configuration: configuration)
    let page = try #require(LoopbackConnection(port: fixture.port))
    let get =
      "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nAuthorization: Bearer \(fixture.token)\r\n\r\n"
    page.send(get)
    #expect(page.readResponse()?.status == 200)
    var silent = try Self.silentSockets(fixture, 3)
    for round in 0..<3 {
      // Full again: the page, two silent sockets from before and a newer one.
      if round > 0 {
        for _ in 0..<200 where fixture.session.server.activeConnectionCount > 3 { usleep(5_000) }
        silent.append(try #require(LoopbackConnection(port: fixture.port, timeout: 5)))
      }
      // The server accepts on its own thread: on a busy machine the count lags the connects.
      for _ in 0..<200 where fixture.session.server.activeConnectionCount < 4 { usleep(5_000) }
      #expect(fixture.session.server.activeConnectionCount == 4, "round \(round)")
      #expect(fixture.request("GET", "/api/session")?.status == 200, "round \(round)")
      #expect(fixture.session.server.evictionCount == round + 1)
      #expect(silent[round].serverClosed(), "the oldest silent socket goes first (round \(round))")
      // The page's kept-alive connection still answers.
      page.send(get)
      #expect(page.readResponse()?.status == 200, "round \(round)")
    }
  }

  @Test("slot exhaustion with the default settings: 32 silent sockets, the user is served, the sockets time out")
  func slotExhaustionDefaults() throws {
    let fixture = try StudioFixture()
    let silent = try Self.silentSockets(fixture, HTTPServerConfiguration().maxConnections)
    #expect(fixture.request("GET", "/api/session")?.status == 200)
    // Every silent socket is closed by the server within its first-request deadline (2 s),
    // well before the client's own 5 s read timeout.
    #expect(silent.last?.serverClosed() == true)
    for _ in 0..<400 where fixture.session.server.activeConnectionCount > 0 { usleep(5_000) }
    #expect(fixture.session.server.activeConnectionCount == 0)
  }
}
