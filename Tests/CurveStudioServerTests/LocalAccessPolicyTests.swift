import CurveStudioServer
import Testing

/// The local-access rules one by one, on requests built in memory.
@Suite("Local access policy")
struct LocalAccessPolicyTests {
  static let token = String(repeating: "ab", count: 32)
  static let policy = LocalAccessPolicy(port: 4321, token: token)

  static func request(
    _ method: String = "GET", _ target: String = "/api/spec", host: String? = "127.0.0.1:4321",
    headers: [(String, String)] = []
  ) -> HTTPRequest {
    var fields = host.map { [("Host", $0)] } ?? []
    fields += headers
    return HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields))
  }

  static func status(_ request: HTTPRequest) -> Int {
    switch policy.decide(request) {
    case .allow: return 200
    case .refuse(let response): return response.status
    }
  }

  static let bearer = ("Authorization", "Bearer \(token)")

  @Test("the token as a bearer header is allowed; a cookie never is")
  func allowed() {
    #expect(Self.status(Self.request(headers: [Self.bearer])) == 200)
    #expect(Self.status(Self.request(headers: [("authorization", "bearer \(Self.token)")])) == 200)
    #expect(Self.status(Self.request(host: "localhost:4321", headers: [Self.bearer])) == 200)
    #expect(Self.status(Self.request(host: "LOCALHOST:4321", headers: [Self.bearer])) == 200)
    #expect(Self.status(Self.request("PUT", headers: [Self.bearer, ("Origin", "http://127.0.0.1:4321")])) == 200)
    #expect(Self.status(Self.request("POST", headers: [Self.bearer, ("Origin", "http://localhost:4321")])) == 200)
    // The old session cookie, with the right token, authenticates nothing.
    let cookie = ("Cookie", "other=1; curvekit_studio_4321=\(Self.token); x=y")
    #expect(Self.status(Self.request(headers: [cookie])) == 401)
  }

  @Test("no token, a wrong token, a token with extra bytes, two Authorization headers: 401")
  func missingToken() {
    #expect(Self.status(Self.request()) == 401)
    #expect(
      Self.status(Self.request(headers: [("Authorization", "Bearer " + String(repeating: "ab", count: 31) + "ac")]))
        == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer " + Self.token + "0")])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer " + Self.token + " x")])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer " + Self.token.dropLast())])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Basic " + Self.token)])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer ")])) == 401)
    #expect(Self.status(Self.request(headers: [Self.bearer, ("Authorization", "Bearer x")])) == 401)
  }

  @Test(
    "a foreign Host (DNS rebinding) is 421, even with the token",
    arguments: [
      "evil.example:4321", "127.0.0.1:4322", "127.0.0.1", "localhost", "localhost.evil.example:4321",
      "127.0.0.2:4321", "[::1]:4321", "0.0.0.0:4321", "127.0.0.1:4321.evil", "",
    ])
  func foreignHost(_ host: String) {
    #expect(Self.status(Self.request(host: host, headers: [Self.bearer])) == 421)
  }

  @Test("a missing Host is 421")
  func missingHost() {
    #expect(Self.status(Self.request(host: nil, headers: [Self.bearer])) == 421)
  }

  @Test(
    "a state-changing request from a foreign Origin is 403, even with the token",
    arguments: [
      "http://evil.example", "null", "http://127.0.0.1:4322", "https://127.0.0.1:4321", "http://127.0.0.1",
      "http://localhost:4321.evil.example", "file://",
    ])
  func foreignOrigin(_ origin: String) {
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
      #expect(Self.status(Self.request(method, headers: [Self.bearer, ("Origin", origin)])) == 403)
    }
  }

  @Test("Sec-Fetch-Site: cross-site is 403 for any method")
  func crossSite() {
    #expect(Self.status(Self.request("GET", headers: [Self.bearer, ("Sec-Fetch-Site", "cross-site")])) == 403)
    #expect(Self.status(Self.request("GET", headers: [Self.bearer, ("Sec-Fetch-Site", "same-origin")])) == 200)
  }

  @Test("a ?token= link is answered 303 to / with no cookie, whatever the token; the query is no credential")
  func tokenLink() {
    for target in ["/?token=\(Self.token)", "/?token=wrong", "/api/spec?spec=0&token=\(Self.token)"] {
      guard case .refuse(let response) = Self.policy.decide(Self.request("GET", target)) else {
        Issue.record("expected a redirect for \(target)")
        continue
      }
      #expect(response.status == 303)
      #expect(response.headers["Location"] == "/")
      #expect(response.headers.values("Set-Cookie").isEmpty)
    }
    #expect(Self.status(Self.request("POST", "/api/fit?token=\(Self.token)")) == 401)
  }

  @Test("the page's static files need no token (GET and HEAD only); everything else does")
  func publicPaths() {
    let policy = LocalAccessPolicy(port: 4321, token: Self.token, publicPaths: ["/", "/studio.css"])
    func status(_ request: HTTPRequest) -> Int {
      if case .refuse(let response) = policy.decide(request) { return response.status }
      return 200
    }
    #expect(status(Self.request("GET", "/")) == 200)
    #expect(status(Self.request("HEAD", "/studio.css")) == 200)
    #expect(status(Self.request("POST", "/")) == 401)
    #expect(status(Self.request("GET", "/api/session")) == 401)
    #expect(status(Self.request("GET", "/studio.css/x")) == 401)
    // The Host and Sec-Fetch-Site rules still apply to them.
    #expect(status(Self.request("GET", "/", host: "evil.example:4321")) == 421)
    #expect(status(Self.request("GET", "/", headers: [("Sec-Fetch-Site", "cross-site")])) == 403)
  }

  static let upgrade: [(String, String)] = [
    ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Origin", "http://127.0.0.1:4321"),
  ]

  @Test("a WebSocket ticket: valid once, for its lifetime, only on a handshake, and exactly")
  func tickets() {
    let clock = Locked(ContinuousClock.now)
    let book = OneTimeTickets(lifetime: .seconds(10), capacity: 4, now: { clock.withLock { $0 } })
    let policy = LocalAccessPolicy(port: 4321, token: Self.token, tickets: book, ticketPaths: ["/live"])
    func status(_ target: String, upgrade: Bool = true) -> Int {
      let request = Self.request("GET", target, headers: upgrade ? Self.upgrade : [])
      if case .refuse(let response) = policy.decide(request) { return response.status }
      return 200
    }
    let ticket = policy.issueTicket()
    #expect(ticket.utf8.count == 64 && ticket != Self.token)
    #expect(status("/live?ticket=\(ticket)0") == 401)
    #expect(status("/live?ticket=\(ticket)", upgrade: false) == 401)
    #expect(status("/live?ticket=\(ticket)") == 200)
    #expect(status("/live?ticket=\(ticket)") == 401)  // used up
    let late = policy.issueTicket()
    clock.withLock { $0 += .seconds(10) }
    #expect(status("/live?ticket=\(late)") == 401)  // expired
    #expect(book.outstandingCount == 0)
    // The oldest outstanding ticket is forgotten beyond the capacity.
    let first = policy.issueTicket()
    let rest = (0..<4).map { _ in policy.issueTicket() }
    #expect(status("/live?ticket=\(first)") == 401)
    #expect(rest.allSatisfy { status("/live?ticket=\($0)") == 200 })
    #expect(status("/live") == 401)
    #expect(status("/live?ticket=") == 401)
  }

  @Test("isToken: equal only for the exact token")
  func comparison() {
    #expect(Self.policy.isToken(Self.token))
    #expect(!Self.policy.isToken(""))
    #expect(!Self.policy.isToken(String(Self.token.prefix(63))))
    #expect(!Self.policy.isToken(Self.token + "a"))
    #expect(!Self.policy.isToken(Self.token.uppercased()))
    // Issue 20: the token followed by 256·k extra bytes was accepted (the length difference
    // truncated to a byte). Every multiple of 256, and others, must fail.
    for extra in [256, 512, 768, 1024, 255, 257] {
      #expect(!Self.policy.isToken(Self.token + String(repeating: "0", count: extra)), "\(extra) extra bytes")
    }
  }

  @Test("the token link redirects only to / : never to a network-path reference or a backslash path")
  func noOffSiteRedirect() {
    for target in [
      "//evil.example/?token=\(Self.token)", "/studio.css?token=\(Self.token)", "/\\evil.example/?token=\(Self.token)",
      "/\\/evil.example/?token=x", "///evil.example/?token=x",
    ] {
      guard case .refuse(let response) = Self.policy.decide(Self.request("GET", target)) else {
        Issue.record("expected a redirect for \(target)")
        continue
      }
      #expect(response.status == 303)
      #expect(response.headers["Location"] == "/", "\(target)")
    }
  }

  @Test("tokens: 256 random bits as 64 hex digits, fresh every time")
  func tokens() {
    var seen: Set<String> = []
    for _ in 0..<100 {
      let token = SecureToken.generate()
      #expect(token.utf8.count == 64)
      #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
      seen.insert(token)
    }
    #expect(seen.count == 100)
  }
}
