/// Who may use a local server: the rules the local development servers that got it wrong
/// (Jupyter, webpack-dev-server, Vite) ended up with.
///
/// - The `Host` header must name the loopback address or `localhost` with the server's port,
///   else 421: a page on another name that resolves to 127.0.0.1 (DNS rebinding) is refused.
/// - A state-changing request (anything but GET, HEAD, OPTIONS) whose `Origin` is not the
///   server's own, or whose `Sec-Fetch-Site` is `cross-site`, gets 403; so does a WebSocket
///   handshake without the server's own `Origin`.
/// - Every request must carry the token, as `Authorization: Bearer TOKEN` or in the session
///   cookie (HttpOnly, SameSite=Strict); otherwise 401. The comparison takes the same time
///   wherever the first difference is.
/// - A GET whose query has `token=TOKEN` (the link the tool prints) is answered with a 303
///   to the same path without the query, setting the cookie, so the token leaves the address bar.
package struct LocalAccessPolicy: Sendable {
  /// The server's port.
  package let port: Int
  /// The secret every request must present.
  private let token: [UInt8]

  /// The decision about one request.
  package enum Decision: Sendable {
    /// Serve it.
    case allow
    /// Answer with this response instead.
    case refuse(HTTPResponse)
  }

  /// Creates the policy for a server on `port` with `token`.
  package init(port: Int, token: String) {
    self.port = port
    self.token = Array(token.utf8)
  }

  /// The session cookie's name; the port is part of it because cookies are not kept apart by port.
  package var cookieName: String { "curvekit_studio_\(port)" }

  /// The two origins a page of this server has.
  package var allowedOrigins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  /// The `Set-Cookie` value that stores the token in the browser.
  package var sessionCookie: String {
    "\(cookieName)=\(String(decoding: token, as: UTF8.self)); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Whether `host` (a `Host` header) names this server on the loopback interface.
  package func isAllowedHost(_ host: String?) -> Bool {
    guard let host else { return false }
    let lowered = host.lowercased()
    return lowered == "127.0.0.1:\(port)" || lowered == "localhost:\(port)"
  }

  /// Whether `origin` (an `Origin` header) is this server's own.
  package func isAllowedOrigin(_ origin: String) -> Bool { allowedOrigins.contains(origin.lowercased()) }

  /// Whether `candidate` is the token: the same length and the same bytes, compared in
  /// constant time for the token's length. (The lengths are compared as whole integers: a
  /// candidate 256·k bytes longer must not pass because the difference truncates to a byte.)
  package func isToken(_ candidate: String) -> Bool {
    let bytes = Array(candidate.utf8)
    guard bytes.count == token.count else { return false }
    var difference: UInt8 = 0
    for index in token.indices { difference |= token[index] ^ bytes[index] }
    return difference == 0
  }

  /// The tokens a request presents: the `Authorization: Bearer` header and the session cookie.
  package func presentedTokens(_ request: HTTPRequest) -> [String] {
    var found: [String] = []
    for value in request.headers.values("Authorization") {
      let parts = value.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == "bearer" { found.append(String(parts[1])) }
    }
    for header in request.headers.values("Cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].trimmingCharacters(in: " \t") == cookieName {
          found.append(parts[1].trimmingCharacters(in: " \t"))
        }
      }
    }
    return found
  }

  /// Whether the request carries the token.
  package func isAuthorized(_ request: HTTPRequest) -> Bool {
    presentedTokens(request).contains(where: isToken)
  }

  /// Applies the rules, in order: Host, Origin, Sec-Fetch-Site, then the token.
  package func decide(_ request: HTTPRequest) -> Decision {
    guard isAllowedHost(request.headers["Host"]) else {
      return .refuse(Self.refusal(421, "this server answers only to 127.0.0.1:\(port) and localhost:\(port)"))
    }
    // A WebSocket is not bound by the same-origin policy: any page may open one, so its
    // handshake must come from this server's own page (CVE-2018-14732 was this check missing).
    if WebSocket.isUpgrade(request) {
      let origins = request.headers.values("Origin")
      guard origins.count == 1, isAllowedOrigin(origins[0]) else {
        return .refuse(Self.refusal(403, "a WebSocket must come from this server's own page"))
      }
    }
    if request.isStateChanging {
      let origins = request.headers.values("Origin")
      if origins.contains(where: { !isAllowedOrigin($0) }) {
        return .refuse(Self.refusal(403, "requests from another origin may not change anything"))
      }
    }
    if request.headers.values("Sec-Fetch-Site").contains(where: { $0.lowercased() == "cross-site" }) {
      return .refuse(Self.refusal(403, "cross-site requests are refused"))
    }
    if request.method == "GET", let candidate = request.queryValue("token") {
      guard isToken(candidate) else { return .refuse(Self.refusal(401, "the token in the link is not valid")) }
      var response = HTTPResponse(status: 303)
      // Only ever to this server: a path like `//evil.example/` is a network-path reference,
      // which a browser resolves to another host, so anything but one leading `/` goes to `/`.
      let path = request.path
      let local = path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\") ? path : "/"
      response.headers.add("Location", local)
      response.headers.add("Set-Cookie", sessionCookie)
      return .refuse(response)
    }
    guard isAuthorized(request) else {
      var response = Self.refusal(401, "open the link that 'curvekit design' printed (it carries the token)")
      response.headers.add("WWW-Authenticate", "Bearer")
      return .refuse(response)
    }
    return .allow
  }

  /// A refusal as a small JSON object `{"error": "…"}`.
  package static func refusal(_ status: Int, _ message: String) -> HTTPResponse {
    var escaped = ""
    for scalar in message.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8", body: "{\"error\": \"\(escaped)\"}\n")
  }
}

/// Fresh secrets for a session.
package enum SecureToken {
  /// A new random token: `bytes` bytes (default 32, so 256 bits) from the system's
  /// cryptographically secure generator (`getrandom`/`arc4random`), as lowercase hex.
  package static func generate(bytes: Int = 32) -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<max(16, bytes) {
      let byte = UInt8.random(in: 0...255, using: &generator)
      text += String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
    }
    return text
  }
}
