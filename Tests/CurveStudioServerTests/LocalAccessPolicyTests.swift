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

  @Test("the token as a bearer header or as the session cookie is allowed")
  func allowed() {
    #expect(Self.status(Self.request(headers: [Self.bearer])) == 200)
    #expect(Self.status(Self.request(host: "localhost:4321", headers: [Self.bearer])) == 200)
    #expect(Self.status(Self.request(host: "LOCALHOST:4321", headers: [Self.bearer])) == 200)
    let cookie = ("Cookie", "other=1; curvekit_studio_4321=\(Self.token); x=y")
    #expect(Self.status(Self.request(headers: [cookie])) == 200)
    #expect(Self.status(Self.request("PUT", headers: [Self.bearer, ("Origin", "http://127.0.0.1:4321")])) == 200)
    #expect(Self.status(Self.request("POST", headers: [Self.bearer, ("Origin", "http://localhost:4321")])) == 200)
  }

  @Test("no token, a wrong token, a token of another port's cookie: 401")
  func missingToken() {
    #expect(Self.status(Self.request()) == 401)
    #expect(
      Self.status(Self.request(headers: [("Authorization", "Bearer " + String(repeating: "ab", count: 31) + "ac")]))
        == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer " + Self.token + "0")])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer " + Self.token.dropLast())])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Basic " + Self.token)])) == 401)
    #expect(Self.status(Self.request(headers: [("Cookie", "curvekit_studio_4322=\(Self.token)")])) == 401)
    #expect(Self.status(Self.request(headers: [("Authorization", "Bearer ")])) == 401)
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

  @Test("the link's token becomes an HttpOnly, SameSite=Strict cookie and leaves the address bar")
  func tokenLink() throws {
    guard case .refuse(let response) = Self.policy.decide(Self.request("GET", "/?token=\(Self.token)")) else {
      Issue.record("expected a redirect")
      return
    }
    #expect(response.status == 303)
    #expect(response.headers["Location"] == "/")
    let cookie = try #require(response.headers["Set-Cookie"])
    #expect(cookie.hasPrefix("curvekit_studio_4321=\(Self.token);"))
    #expect(cookie.contains("HttpOnly"))
    #expect(cookie.contains("SameSite=Strict"))
    #expect(cookie.contains("Path=/"))
    #expect(Self.status(Self.request("GET", "/?token=wrong")) == 401)
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

  @Test("the token link redirects only to this server: a network-path reference goes to /")
  func noOffSiteRedirect() {
    for (target, expected) in [
      ("//evil.example/?token=\(Self.token)", "/"), ("/studio.css?token=\(Self.token)", "/studio.css"),
      ("/\\evil.example/?token=\(Self.token)", "/"),
    ] {
      guard case .refuse(let response) = Self.policy.decide(Self.request("GET", target)) else {
        Issue.record("expected a redirect for \(target)")
        continue
      }
      #expect(response.status == 303)
      #expect(response.headers["Location"] == expected, "\(target)")
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
