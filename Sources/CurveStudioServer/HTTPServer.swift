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
  /// How long a kept-alive connection may stay idle between requests.
  package var idleTimeout: Duration
  /// How long a response may wait for the client to read it.
  package var writeTimeout: Duration
  /// The most connections served at once; one more is answered 503 and closed.
  package var maxConnections: Int
  /// The most requests served on one connection before it is closed.
  package var maxRequestsPerConnection: Int
  /// How long a WebSocket connection may stay silent before it is closed.
  package var webSocketIdleTimeout: Duration

  /// Creates a configuration; the defaults suit one local user.
  package init(
    port: Int = 0, limits: HTTPLimits = HTTPLimits(), requestTimeout: Duration = .seconds(10),
    idleTimeout: Duration = .seconds(15), writeTimeout: Duration = .seconds(10), maxConnections: Int = 32,
    maxRequestsPerConnection: Int = 1000, webSocketIdleTimeout: Duration = .seconds(600)
  ) {
    self.port = port
    self.limits = limits
    self.requestTimeout = requestTimeout
    self.idleTimeout = idleTimeout
    self.writeTimeout = writeTimeout
    self.maxConnections = maxConnections
    self.maxRequestsPerConnection = maxRequestsPerConnection
    self.webSocketIdleTimeout = webSocketIdleTimeout
  }
}

/// A small HTTP/1.1 server on 127.0.0.1: one thread accepts, one thread serves each
/// connection (at most ``HTTPServerConfiguration/maxConnections``), bodies by
/// `Content-Length`, keep-alive and pipelining, strict parsing (``HTTPRequestParser``).
///
/// It knows nothing of what it serves: `handler` turns each request into a response. Every
/// response gets the security headers of ``HTTPServer/securityHeaders`` and loses any
/// `Access-Control-*` header, so it never grants cross-origin access.
package final class HTTPServer: Sendable {
  /// The port the server listens on (the free one it got when asked for 0).
  package let port: Int
  private let listener: Int32
  private let configuration: HTTPServerConfiguration
  private let handler: @Sendable (HTTPRequest) -> HTTPResponse
  private let state = Locked(State())

  private struct State {
    var stopping = false
    var acceptLoopDone = false
    var connections: Set<Int32> = []
    var served = 0
  }

  /// Headers on every response: no MIME sniffing, no referrer (the first page load's URL
  /// holds the token), no caching, no framing, no cross-origin reads of any resource.
  package static let securityHeaders: [(String, String)] = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
  ]

  /// Binds 127.0.0.1 and starts serving.
  /// - Throws: ``ServerError`` when the port is taken or the system refuses.
  package init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(ServerError) {
    let (descriptor, port) = try Socket.listenOnLoopback(port: configuration.port)
    self.listener = descriptor
    self.port = port
    self.configuration = configuration
    self.handler = handler
    guard Threads.detach({ [self] in acceptLoop() }) else {
      close(descriptor)
      throw ServerError("cannot start the server's thread")
    }
  }

  /// The connections being served now.
  package var activeConnectionCount: Int { state.withLock { $0.connections.count } }

  /// The requests answered so far (handler responses and refusals alike).
  package var responseCount: Int { state.withLock { $0.served } }

  /// Stops accepting, disconnects every client and waits (at most a few seconds) for the
  /// connection threads to finish. Safe to call more than once.
  package func stop() {
    let open = state.withLock { state -> Set<Int32> in
      state.stopping = true
      return state.connections
    }
    for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    for _ in 0..<600 {
      let done = state.withLock { $0.acceptLoopDone && $0.connections.isEmpty }
      if done { return }
      usleep(5_000)
    }
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop() {
    while !isStopping {
      guard Socket.waitReadable(listener, milliseconds: 100), let client = Socket.accept(listener) else { continue }
      let admitted = state.withLock { state -> Bool in
        guard !state.stopping, state.connections.count < configuration.maxConnections else { return false }
        state.connections.insert(client)
        return true
      }
      guard admitted else {
        var busy = HTTPResponse.text(503, "too many connections; try again")
        busy.headers.add("Connection", "close")
        _ = Socket.sendAll(client, finish(busy).serialized(includeBody: true), timeoutMilliseconds: 100)
        countResponse()
        Socket.shutdownAndClose(client)
        continue
      }
      let started = Threads.detach { [self] in
        serve(client)
        state.withLock { _ = $0.connections.remove(client) }
        close(client)
      }
      if !started {
        state.withLock { _ = $0.connections.remove(client) }
        Socket.shutdownAndClose(client)
      }
    }
    close(listener)
    state.withLock { $0.acceptLoopDone = true }
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
  private func serve(_ client: Int32) {
    var parser = HTTPRequestParser(limits: configuration.limits)
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    let clock = ContinuousClock()
    var requestStarted: ContinuousClock.Instant?
    var idleSince = clock.now
    var served = 0
    let writeTimeout = Self.milliseconds(configuration.writeTimeout)
    while !isStopping {
      switch parser.next() {
      case .request(let request):
        served += 1
        requestStarted = nil
        let close = request.wantsClose || served >= configuration.maxRequestsPerConnection || isStopping
        var response = finish(handler(request))
        if response.status == 101, let onText = response.webSocket {
          let sent = Socket.sendAll(client, response.serialized(includeBody: false), timeoutMilliseconds: writeTimeout)
          countResponse()
          if sent { serveWebSocket(client, leftover: parser.remainingBytes, onText: onText) }
          return
        }
        response.headers.set("Connection", close ? "close" : "keep-alive")
        let sent = Socket.sendAll(
          client, response.serialized(includeBody: request.method != "HEAD"), timeoutMilliseconds: writeTimeout)
        countResponse()
        if close || !sent { return }
        idleSince = clock.now
        continue
      case .failure(let error):
        var response = finish(HTTPResponse.text(error.status, error.message))
        response.headers.set("Connection", "close")
        _ = Socket.sendAll(client, response.serialized(includeBody: true), timeoutMilliseconds: writeTimeout)
        countResponse()
        return
      case .incomplete:
        break
      }
      if parser.hasPartialRequest, requestStarted == nil { requestStarted = clock.now }
      let deadline = requestStarted.map { $0 + configuration.requestTimeout } ?? idleSince + configuration.idleTimeout
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
