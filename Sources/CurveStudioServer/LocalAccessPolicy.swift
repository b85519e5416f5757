/// Who may use a local server: the rules the local development servers that got it wrong
/// (Jupyter, webpack-dev-server, Vite, Next.js) ended up with.
///
/// - The `Host` header must name the loopback address or `localhost` with the server's port,
///   else 421: a page on another name that resolves to 127.0.0.1 (DNS rebinding) is refused.
/// - A state-changing request (anything but GET, HEAD, OPTIONS) whose `Origin` is not the
///   server's own (`null` included), or any request whose `Sec-Fetch-Site` is `cross-site`,
///   gets 403; so does a WebSocket handshake without the server's own `Origin`.
/// - The page's static files (``publicPaths``, GET and HEAD only) need no credential: they hold
///   no data. Every other request must carry the token as `Authorization: Bearer TOKEN`.
///   Otherwise 401. Comparisons take the same time wherever the first difference is.
/// - A ticket from ``issueTicket()`` (valid once and for a few seconds) stands in for the token
///   on exactly one kind of request: a well-formed WebSocket handshake
///   (``WebSocket/isHandshake(_:)``: GET, HTTP/1.1, the upgrade headers, version 13, a key) for
///   one of ``ticketPaths``. On any other method, path or request, `?ticket=` is ignored, not
///   redeemed: a ticket opens the live channel and nothing else, so it can never read or write
///   a file, create one, or buy a fresh ticket (as the token could).
/// - No cookie is ever read or set: cookies are shared by every port of 127.0.0.1 and
///   `localhost`, so any other local server could read or plant one.
/// - A GET with `?token=` in the query (an old-style link) is answered 303 to `/`, nothing
///   else: the token leaves the address bar and the query is never a credential.
package struct LocalAccessPolicy: Sendable {
  /// The server's port.
  package let port: Int
  /// The secret every request must present.
  private let token: [UInt8]
  /// The paths served to anyone who passes the Host and Origin rules (the page's own files).
  package let publicPaths: Set<String>
  /// The one-time WebSocket tickets.
  package let tickets: OneTimeTickets
  /// The only paths whose WebSocket handshake a ticket may open (the live channel's).
  package let ticketPaths: Set<String>

  /// The decision about one request.
  package enum Decision: Sendable {
    /// Serve it.
    case allow
    /// Answer with this response instead.
    case refuse(HTTPResponse)
  }

  /// Creates the policy for a server on `port` with `token`.
  /// - Parameters:
  ///   - publicPaths: paths a GET or HEAD may fetch without the token (static files, no data).
  ///   - tickets: where WebSocket tickets are issued and redeemed.
  ///   - ticketPaths: the paths whose WebSocket handshake a ticket may open; none by default.
  package init(
    port: Int, token: String, publicPaths: Set<String> = [], tickets: OneTimeTickets = OneTimeTickets(),
    ticketPaths: Set<String> = []
  ) {
    self.port = port
    self.token = Array(token.utf8)
    self.publicPaths = publicPaths
    self.tickets = tickets
    self.ticketPaths = ticketPaths
  }

  /// The two origins a page of this server has.
  package var allowedOrigins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  /// Whether `host` (a `Host` header) names this server on the loopback interface.
  package func isAllowedHost(_ host: String?) -> Bool {
    guard let host else { return false }
    let lowered = host.lowercased()
    return lowered == "127.0.0.1:\(port)" || lowered == "localhost:\(port)"
  }

  /// Whether `origin` (an `Origin` header) is this server's own.
  package func isAllowedOrigin(_ origin: String) -> Bool { allowedOrigins.contains(origin.lowercased()) }

  /// Whether `candidate` is the token (see ``ConstantTime/equal(_:_:)``).
  package func isToken(_ candidate: String) -> Bool { ConstantTime.equal(Array(candidate.utf8), token) }

  /// The token the request presents: its one `Authorization: Bearer` header (any other way,
  /// a cookie included, presents nothing).
  package func presentedToken(_ request: HTTPRequest) -> String? {
    guard let value = request.headers["Authorization"] else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1])
  }

  /// Whether the request carries the token.
  package func isAuthorized(_ request: HTTPRequest) -> Bool { presentedToken(request).map(isToken) ?? false }

  /// A new one-time ticket for a WebSocket handshake (`?ticket=`); hand it only to a request
  /// that carries the token.
  package func issueTicket() -> String { tickets.issue() }

  /// Applies the rules, in order: Host, Origin, Sec-Fetch-Site, then the credential.
  package func decide(_ request: HTTPRequest) -> Decision {
    guard isAllowedHost(request.headers["Host"]) else {
      return .refuse(Self.refusal(421, "this server answers only to 127.0.0.1:\(port) and localhost:\(port)"))
    }
    // A WebSocket is not bound by the same-origin policy: any page may open one, so its
    // handshake must come from this server's own page (CVE-2018-14732 was this check missing;
    // an opaque `Origin: null` is no origin of ours either).
    let upgrade = WebSocket.isUpgrade(request)
    if upgrade {
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
    if request.method == "GET" || request.method == "HEAD", request.queryValue("token") != nil, !upgrade {
      // Always to `/`, whatever the target was: never derived from the request, so never off-site.
      var response = HTTPResponse(status: 303)
      response.headers.add("Location", "/")
      return .refuse(response)
    }
    if !upgrade, request.method == "GET" || request.method == "HEAD", publicPaths.contains(request.path) {
      return .allow
    }
    if opensWithTicket(request), let ticket = request.queryValue("ticket"), tickets.redeem(ticket) { return .allow }
    guard isAuthorized(request) else {
      var response = Self.refusal(401, "open the link that 'curvekit design' printed (it carries the token)")
      response.headers.add("WWW-Authenticate", "Bearer")
      return .refuse(response)
    }
    return .allow
  }

  /// Whether a ticket may stand in for the token on `request`: only a well-formed WebSocket
  /// handshake for one of ``ticketPaths``. Anything else never redeems (so never uses up) a ticket.
  package func opensWithTicket(_ request: HTTPRequest) -> Bool {
    ticketPaths.contains(request.path) && WebSocket.isHandshake(request)
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

/// Comparison of secrets in time that depends only on the secret's length.
package enum ConstantTime {
  /// Whether `candidate` equals `secret`: the same length, compared as whole integers first
  /// (a candidate 256·k bytes longer must not pass because the difference truncates to a byte),
  /// then every byte of the secret, whatever the first difference is.
  package static func equal(_ candidate: [UInt8], _ secret: [UInt8]) -> Bool {
    guard candidate.count == secret.count else { return false }
    var difference: UInt8 = 0
    for index in secret.indices { difference |= secret[index] ^ candidate[index] }
    return difference == 0
  }
}

/// One-time tickets for WebSocket handshakes: a browser cannot set headers on a WebSocket, so
/// the page trades its token (on an authenticated request) for a ticket it puts in the
/// handshake's URL. Each ticket is 256 random bits, valid once and for ``lifetime``; at most
/// ``capacity`` are outstanding (issuing one more forgets the oldest).
package final class OneTimeTickets: Sendable {
  /// How long a ticket stays valid.
  package let lifetime: Duration
  /// The most tickets outstanding at once.
  package let capacity: Int
  private let now: @Sendable () -> ContinuousClock.Instant
  private let outstanding = Locked<[(ticket: [UInt8], expires: ContinuousClock.Instant)]>([])

  /// Creates an empty ticket book.
  /// - Parameters:
  ///   - lifetime: how long a ticket stays valid (10 s by default).
  ///   - capacity: the most tickets outstanding.
  ///   - now: the clock (tests pass their own).
  package init(
    lifetime: Duration = .seconds(10), capacity: Int = 32,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.lifetime = lifetime
    self.capacity = max(1, capacity)
    self.now = now
  }

  /// A new ticket, valid once for ``lifetime`` from now.
  package func issue() -> String {
    let ticket = SecureToken.generate()
    let expires = now() + lifetime
    outstanding.withLock { list in
      if list.count >= capacity { list.removeFirst(list.count - capacity + 1) }
      list.append((Array(ticket.utf8), expires))
    }
    return ticket
  }

  /// Whether `candidate` is an outstanding ticket that has not expired; it is used up either way.
  package func redeem(_ candidate: String) -> Bool {
    let bytes = Array(candidate.utf8)
    let time = now()
    return outstanding.withLock { list in
      list.removeAll { $0.expires <= time }
      var found: Int?
      // Every outstanding ticket is compared, in constant time each.
      for (index, entry) in list.enumerated() where ConstantTime.equal(bytes, entry.ticket) { found = index }
      guard let found else { return false }
      list.remove(at: found)
      return true
    }
  }

  /// The tickets issued and neither used nor expired.
  package var outstandingCount: Int {
    let time = now()
    return outstanding.withLock { list in list.filter { $0.expires > time }.count }
  }
}
