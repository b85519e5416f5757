#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How an ``HTTPServer`` listens, limits and times out.
package struct HTTPServerConfiguration: Sendable {
  /// The port on 127.0.0.1; 0 takes a free one.
  package var port: Int
  /// Request size limits.
  package var limits: HTTPLimits
  /// How long a request may take to arrive, from its first byte to its last: a slow client
  /// (slow loris) gets 408 and is disconnected.
  package var requestTimeout: Duration
  /// How long a new connection may take to send the head of its first request: a socket that
  /// connects and stays silent (or dribbles) holds a slot no longer than this.
  package var firstRequestTimeout: Duration
  /// How long a kept-alive connection may stay idle between requests.
  package var idleTimeout: Duration
  /// How long a response may wait for the client to read it.
  package var writeTimeout: Duration
  /// The most HTTP connections served at once (WebSockets are counted apart, see
  /// ``maxWebSockets``, so open tabs never take HTTP's slots). When all are taken, a new
  /// connection takes the slot of another, chosen so that a local process without the
  /// credential cannot aim the eviction at the user's requests (``HTTPServer`` lists the
  /// order): first a connection that never presented the credential and sits idle after a
  /// request; never one whose request is being handled, nor one receiving a request that
  /// presented the credential. Only when no slot may go is it answered 503 and closed.
  package var maxConnections: Int
  /// The most WebSocket connections open at once, counted apart from ``maxConnections``: a
  /// handshake beyond it is answered 503 (the page then fits over HTTP and retries later).
  package var maxWebSockets: Int
  /// How long a new connection that has not completed a request is kept from eviction while
  /// any older connection without the credential may go instead: time for its first request's
  /// head (and so its credential) to arrive.
  package var evictionGracePeriod: Duration
  /// The most requests served on one connection before it is closed.
  package var maxRequestsPerConnection: Int
  /// How long a WebSocket connection may stay silent before it is closed.
  package var webSocketIdleTimeout: Duration

  /// Creates a configuration; the defaults suit one local user.
  package init(
    port: Int = 0, limits: HTTPLimits = HTTPLimits(), requestTimeout: Duration = .seconds(10),
    firstRequestTimeout: Duration = .seconds(2), idleTimeout: Duration = .seconds(15),
    writeTimeout: Duration = .seconds(10), maxConnections: Int = 32,
    maxRequestsPerConnection: Int = 1000, webSocketIdleTimeout: Duration = .seconds(600),
    maxWebSockets: Int = 32, evictionGracePeriod: Duration = .milliseconds(500)
  ) {
    self.port = port
    self.limits = limits
    self.requestTimeout = requestTimeout
    self.firstRequestTimeout = firstRequestTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.maxConnections = maxConnections
    self.maxRequestsPerConnection = maxRequestsPerConnection
    self.webSocketIdleTimeout = webSocketIdleTimeout
    self.maxWebSockets = maxWebSockets
    self.evictionGracePeriod = evictionGracePeriod
  }
}

/// A small HTTP/1.1 server on 127.0.0.1: one thread accepts, one thread serves each
/// connection (at most ``HTTPServerConfiguration/maxConnections``), bodies by
/// `Content-Length`, keep-alive and pipelining, strict parsing (``HTTPRequestParser``).
///
/// It knows nothing of what it serves: `handler` turns each request into a response. Every
/// response gets the security headers of ``HTTPServer/securityHeaders`` and loses any
/// `Access-Control-*` header, so it never grants cross-origin access.
///
/// ## Who keeps a slot
///
/// Any local process can connect, so slots are given up in an order a process without the
/// credential (`credential`, asked of each request's head as soon as it is parsed) cannot turn
/// against the user (issue 34, finding B). When every HTTP slot is taken, a new connection
/// takes the slot of, in this order (the oldest first within each):
///
/// 1. a connection without the credential, idle after a request (a finished public GET kept open);
/// 2. one without the credential that has sent nothing since connecting, past
///    ``HTTPServerConfiguration/evictionGracePeriod``;
/// 3. one without the credential receiving a request, past the grace period;
/// 4. one without the credential whose response its client is not reading;
/// 5. one without the credential within its grace period (silent, then receiving);
/// 6. one that presented the credential, idle between requests; then one whose response its
///    client is not reading.
///
/// Never: a connection whose request is being handled (it may be changing a file), one
/// receiving a request whose head presented the credential (a save's body arriving), or a
/// WebSocket. WebSockets have their own cap (``HTTPServerConfiguration/maxWebSockets``), so
/// open tabs never take HTTP's slots. What is left: a flood of new silent connections faster
/// than ``HTTPServerConfiguration/maxConnections`` per grace period can still take a new
/// connection's slot before its head arrives (a browser retries; each silent socket is dropped
/// after ``HTTPServerConfiguration/firstRequestTimeout`` anyway).
package final class HTTPServer: Sendable {
  /// The port the server listens on (the free one it got when asked for 0).
  package let port: Int
  private let listener: Int32
  private let configuration: HTTPServerConfiguration
  private let handler: @Sendable (HTTPRequest) -> HTTPResponse
  private let credential: @Sendable (HTTPRequest) -> Bool
  private let state = Locked(State())

  private struct State {
    var stopping = false
    var acceptLoopDone = false
    var connections: [Int: Connection] = [:]
    var nextConnection = 0
    var served = 0
    var evicted = 0
  }

  /// What the accept loop knows of a connection, to pick one to drop when every slot is taken.
  struct Connection {  // internal, not private: the eviction order is tested on an injected clock
    let descriptor: Int32
    /// When it connected.
    let connected: ContinuousClock.Instant
    /// Requests read completely so far.
    var requests = 0
    /// The handler is running a request: never dropped (it may be changing a file).
    var handling = false
    /// Bytes of a request that is not complete yet have arrived.
    var receiving = false
    /// Some request head on this connection presented the credential.
    var credentialed = false
    /// Since when a response has been waiting for the client to read it, if one is.
    var writingSince: ContinuousClock.Instant?
    /// Switched to WebSocket messages: counted apart, never dropped for an HTTP connection.
    var webSocket = false
    /// When it connected or last finished answering a request.
    var lastActive: ContinuousClock.Instant

    /// The order in which connections are dropped for a new one (see ``HTTPServer``'s
    /// overview), lowest first; nil never.
    func evictionRank(now: ContinuousClock.Instant, grace: Duration) -> Int? {
      if handling || webSocket { return nil }
      if credentialed {
        if receiving { return nil }
        return writingSince == nil ? 6 : 7
      }
      if writingSince != nil { return 3 }
      if requests > 0 && !receiving { return 0 }
      let new = requests == 0 && connected.duration(to: now) < grace
      if new { return receiving ? 5 : 4 }
      return receiving ? 2 : 1
    }

    /// Within a rank, the oldest goes first.
    var evictionTime: ContinuousClock.Instant { writingSince ?? lastActive }
  }

  /// Headers on every response: no MIME sniffing, no referrer (a URL may hold a secret), no
  /// caching, no framing, no cross-origin reads of any resource.
  package static let securityHeaders: [(String, String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
  ]

  /// Binds 127.0.0.1 and starts serving.
  /// - Parameters:
  ///   - credential: whether a request (its head, asked as soon as it is parsed) presents the
  ///     credential; a connection that did keeps its slot longest. None does by default.
  ///   - handler: the response to each request.
  /// - Throws: ``ServerError`` when the port is taken or the system refuses.
  package init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    credential: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false },
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(ServerError) {
    let (descriptor, port) = try Socket.listenOnLoopback(port: configuration.port)
    self.listener = descriptor
    self.port = port
    self.configuration = configuration
    self.handler = handler
    self.credential = credential
    guard Threads.detach({ [self] in acceptLoop() }) else {
      close(descriptor)
      throw ServerError("cannot start the server's thread")
    }
  }

  /// The connections being served now (HTTP and WebSocket).
  package var activeConnectionCount: Int { state.withLock { $0.connections.count } }

  /// The WebSocket connections open now.
  package var webSocketCount: Int { state.withLock { $0.connections.values.filter(\.webSocket).count } }

  /// The connections dropped so far to make room for a new one (see
  /// ``HTTPServerConfiguration/maxConnections``).
  package var evictionCount: Int { state.withLock { $0.evicted } }

  /// The requests answered so far (handler responses and refusals alike).
  package var responseCount: Int { state.withLock { $0.served } }

  /// Stops accepting, disconnects every client and waits (at most a few seconds) for the
  /// connection threads to finish. Safe to call more than once.
  package func stop() {
    state.withLock { state in
      state.stopping = true
      // Under the lock: a connection's thread closes its descriptor only after taking the lock
      // to leave the table, so every descriptor here is still open (never a reused number).
      for connection in state.connections.values { shutdown(connection.descriptor, Int32(SHUT_RDWR)) }
    }
    for _ in 0..<600 {
      let done = state.withLock { $0.acceptLoopDone && $0.connections.isEmpty }
      if done { return }
      usleep(5_000)
    }
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop() {
    let clock = ContinuousClock()
    while !isStopping {
      guard Socket.waitReadable(listener, milliseconds: 100), let client = Socket.accept(listener) else { continue }
      let now = clock.now
      let admitted = state.withLock { state -> Int? in
        guard !state.stopping else { return nil }
        if state.connections.values.filter({ !$0.webSocket }).count >= configuration.maxConnections {
          let victim = Self.evictionVictim(state.connections, now: now, grace: configuration.evictionGracePeriod)
          guard let victim else { return nil }
          // Under the lock, so the victim's thread has not closed the descriptor yet; it
          // wakes up at the end of its stream and leaves without handling anything more.
          if let dropped = state.connections.removeValue(forKey: victim) {
            shutdown(dropped.descriptor, Int32(SHUT_RDWR))
          }
          state.evicted += 1
        }
        let id = state.nextConnection
        state.nextConnection += 1
        state.connections[id] = Connection(descriptor: client, connected: now, lastActive: now)
        return id
      }
      guard let id = admitted else {
        var busy = HTTPResponse.text(503, "too many connections; try again")
        busy.headers.add("Connection", "close")
        _ = Socket.sendAll(client, finish(busy).serialized(includeBody: true), timeoutMilliseconds: 100)
        countResponse()
        Socket.shutdownAndClose(client)
        continue
      }
      let started = Threads.detach { [self] in
        serve(client, id: id, connected: now)
        state.withLock { _ = $0.connections.removeValue(forKey: id) }
        close(client)
      }
      if !started {
        state.withLock { _ = $0.connections.removeValue(forKey: id) }
        Socket.shutdownAndClose(client)
      }
    }
    close(listener)
    state.withLock { $0.acceptLoopDone = true }
  }

  /// The connection to drop for a new one when every HTTP slot is taken: the lowest
  /// ``Connection/evictionRank(now:grace:)``, the oldest within it; nil when none may go.
  static func evictionVictim(
    _ connections: [Int: Connection], now: ContinuousClock.Instant, grace: Duration
  ) -> Int? {
    var best: (id: Int, rank: Int, time: ContinuousClock.Instant)?
    for (id, connection) in connections {
      guard let rank = connection.evictionRank(now: now, grace: grace) else { continue }
      let candidate = (id: id, rank: rank, time: connection.evictionTime)
      guard let current = best else {
        best = candidate
        continue
      }
      if (candidate.rank, candidate.time, candidate.id) < (current.rank, current.time, current.id) { best = candidate }
    }
    return best?.id
  }

  /// Records what connection `id` has received so far: whether part of a request is buffered,
  /// and whether a head presented the credential.
  private func noteReceiving(_ id: Int, partial: Bool, credentialed: Bool) {
    state.withLock { state in
      state.connections[id]?.receiving = partial
      if credentialed { state.connections[id]?.credentialed = true }
    }
  }

  /// Makes connection `id` a WebSocket, counted apart; false when ``HTTPServerConfiguration/maxWebSockets``
  /// are open already (or the connection was dropped).
  private func admitWebSocket(_ id: Int) -> Bool {
    state.withLock { state in
      guard state.connections[id] != nil else { return false }
      let open = state.connections.values.filter(\.webSocket).count
      guard open < configuration.maxWebSockets else { return false }
      state.connections[id]?.webSocket = true
      state.connections[id]?.handling = false
      return true
    }
  }

  /// Marks connection `id` as answering a request; false when it was dropped for a new
  /// connection (then the request is not handled at all).
  private func beginRequest(_ id: Int, credentialed: Bool) -> Bool {
    state.withLock { state in
      guard state.connections[id] != nil else { return false }
      state.connections[id]?.handling = true
      state.connections[id]?.receiving = false
      state.connections[id]?.requests += 1
      if credentialed { state.connections[id]?.credentialed = true }
      return true
    }
  }

  /// Marks connection `id` as sending its response from `now` (the handler has finished).
  private func beginWriting(_ id: Int, at now: ContinuousClock.Instant) {
    state.withLock { state in
      state.connections[id]?.handling = false
      state.connections[id]?.writingSince = now
    }
  }

  /// Marks connection `id` as idle again, from `now`.
  private func endRequest(_ id: Int, at now: ContinuousClock.Instant) {
    state.withLock { state in
      state.connections[id]?.writingSince = nil
      state.connections[id]?.lastActive = now
    }
  }

  private func countResponse() { state.withLock { $0.served += 1 } }

  /// The response as sent: security headers added, CORS headers removed.
  private func finish(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    for field in response.headers.fields where field.name.lowercased().hasPrefix("access-control-") {
      response.headers.remove(field.name)
    }
    for (name, value) in Self.securityHeaders where response.headers.values(name).isEmpty {
      response.headers.add(name, value)
    }
    if response.headers.values("Cache-Control").isEmpty { response.headers.add("Cache-Control", "no-store") }
    return response
  }

  /// Serves one connection until the client closes, a limit or timeout ends it, or the server stops.
  private func serve(_ client: Int32, id: Int, connected: ContinuousClock.Instant) {
    var parser = HTTPRequestParser(limits: configuration.limits)
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let clock = ContinuousClock()
    var requestStarted: ContinuousClock.Instant?
    var idleSince = connected
    var served = 0
    var headChecked = false
    let writeTimeout = Self.milliseconds(configuration.writeTimeout)
    while !isStopping {
      switch parser.next() {
      case .request(let request):
        guard beginRequest(id, credentialed: credential(request)) else { return }
        served += 1
        requestStarted = nil
        headChecked = false
        let close = request.wantsClose || served >= configuration.maxRequestsPerConnection || isStopping
        var response = finish(handler(request))
        if response.status == 101, let onText = response.webSocket {
          guard admitWebSocket(id) else {
            var busy = finish(HTTPResponse.text(503, "too many live channels are open; try again later"))
            busy.headers.set("Connection", "close")
            _ = Socket.sendAll(client, busy.serialized(includeBody: true), timeoutMilliseconds: writeTimeout)
            countResponse()
            return
          }
          let sent = Socket.sendAll(client, response.serialized(includeBody: false), timeoutMilliseconds: writeTimeout)
          countResponse()
          if sent { serveWebSocket(client, leftover: parser.remainingBytes, onText: onText) }
          return
        }
        response.headers.set("Connection", close ? "close" : "keep-alive")
        beginWriting(id, at: clock.now)
        let sent = Socket.sendAll(
          client, response.serialized(includeBody: request.method != "HEAD"), timeoutMilliseconds: writeTimeout)
        countResponse()
        if close || !sent { return }
        idleSince = clock.now
        endRequest(id, at: idleSince)
        continue
      case .failure(let error):
        var response = finish(HTTPResponse.text(error.status, error.message))
        response.headers.set("Connection", "close")
        _ = Socket.sendAll(client, response.serialized(includeBody: true), timeoutMilliseconds: writeTimeout)
        countResponse()
        return
      case .incomplete:
        // The head is in before the body: a credential it presents protects the connection
        // while the body arrives (a large save).
        if !headChecked, let head = parser.pendingHead {
          headChecked = true
          if credential(head) { noteReceiving(id, partial: true, credentialed: true) }
        }
      }
      if parser.hasPartialRequest, requestStarted == nil { requestStarted = clock.now }
      var deadline = requestStarted.map { $0 + configuration.requestTimeout } ?? idleSince + configuration.idleTimeout
      if served == 0, !parser.hasHead {
        // A new connection must send its first request's head promptly: a silent socket holds a slot briefly.
        deadline = min(deadline, connected + configuration.firstRequestTimeout)
      }
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else {
        if requestStarted != nil, !isStopping {
          var response = finish(HTTPResponse.text(408, "the request did not arrive in time"))
          response.headers.set("Connection", "close")
          _ = Socket.sendAll(client, response.serialized(includeBody: true), timeoutMilliseconds: writeTimeout)
          countResponse()
        }
        return
      }
      // Nothing yet: loop, so the deadline is checked again (poll may also wake early).
      guard Socket.waitReadable(client, milliseconds: max(1, Self.milliseconds(remaining))) else { continue }
      guard let count = Socket.receive(client, into: &buffer), count > 0 else {
        // The client ended its side mid-request (it may still read): say why, then close.
        if parser.hasPartialRequest, !isStopping {
          var response = finish(HTTPResponse.text(400, parser.truncationError.message))
          response.headers.set("Connection", "close")
          _ = Socket.sendAll(client, response.serialized(includeBody: true), timeoutMilliseconds: writeTimeout)
          countResponse()
        }
        return
      }
      parser.append(buffer[0..<count])
      noteReceiving(id, partial: true, credentialed: false)
    }
  }

  /// Serves a connection that switched to WebSocket messages until either side closes it, it
  /// stays silent for ``HTTPServerConfiguration/webSocketIdleTimeout``, or the server stops.
  private func serveWebSocket(_ client: Int32, leftover: [UInt8], onText: WebSocketTextHandler) {
    var reader = WebSocketReader(maxMessage: configuration.limits.maxBodyBytes)
    reader.append(leftover[...])
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let clock = ContinuousClock()
    let writeTimeout = Self.milliseconds(configuration.writeTimeout)
    var lastHeard = clock.now
    while !isStopping {
      switch reader.next() {
      case .text(let message):
        if let reply = onText(message) {
          guard Socket.sendAll(client, WebSocket.encode(.text, Array(reply.utf8)), timeoutMilliseconds: writeTimeout)
          else { return }
          countResponse()
        }
        continue
      case .reply(let bytes):
        guard Socket.sendAll(client, bytes, timeoutMilliseconds: writeTimeout) else { return }
        continue
      case .close(let bytes):
        _ = Socket.sendAll(client, bytes, timeoutMilliseconds: writeTimeout)
        return
      case .none:
        break
      }
      let remaining = clock.now.duration(to: lastHeard + configuration.webSocketIdleTimeout)
      guard remaining > .zero else {
        _ = Socket.sendAll(client, WebSocket.close(.normal), timeoutMilliseconds: writeTimeout)
        return
      }
      guard Socket.waitReadable(client, milliseconds: max(1, Self.milliseconds(remaining))) else { continue }
      guard let count = Socket.receive(client, into: &buffer), count > 0 else { return }
      reader.append(buffer[0..<count])
      lastHeard = clock.now
    }
    _ = Socket.sendAll(client, WebSocket.close(.normal), timeoutMilliseconds: 100)
  }

  /// A duration in whole milliseconds, at most a day, for `poll`.
  static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return Int32(clamping: min(max(total, 0), 86_400_000))
  }
}
