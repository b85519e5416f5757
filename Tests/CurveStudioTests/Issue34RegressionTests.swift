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
        // Public files may still be served (they hold no data); nothing else is let in.
        let publicFile = (route == "/" || route == "/studio.css") && (method == "GET" || method == "HEAD")
        if publicFile {
          #expect(status == 200, "\(method) \(route)")
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
}
