import CurveKitTestSupport
import CurveStudioServer
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a server on 127.0.0.1 (a free port) for the duration of `body`, then stops it.
func withServer(
  _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
  handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = echo,
  _ body: (HTTPServer) throws -> Void
) throws {
  let server = try HTTPServer(configuration: configuration, handler: handler)
  defer { server.stop() }
  try body(server)
}

/// Answers `METHOD path body` as text.
@Sendable func echo(_ request: HTTPRequest) -> HTTPResponse {
  HTTPResponse(
    status: 200, contentType: "text/plain",
    body: "\(request.method) \(request.path) \(String(decoding: request.body, as: UTF8.self))")
}

/// A valid request to `port`, answered 200.
func answersNormally(_ port: Int) -> Bool {
  LoopbackHTTP.request(port: port, "GET", "/ping")?.status == 200
}

/// The server over real loopback sockets: framing, keep-alive, limits, timeouts, the
/// connection cap, concurrency, and the headers every response gets.
@Suite("HTTP server over loopback")
struct HTTPServerTests {
  @Test("binds 127.0.0.1 on a free port and answers")
  func serves() throws {
    try withServer { server in
      #expect(server.port > 0)
      let response = try #require(LoopbackHTTP.request(port: server.port, "POST", "/x", body: Array("abc".utf8)))
      #expect(response.status == 200)
      #expect(response.text == "POST /x abc")
    }
  }

  @Test("keep-alive: several requests on one connection, pipelined or not")
  func keepAlive() throws {
    try withServer { server in
      let connection = try #require(LoopbackConnection(port: server.port))
      for index in 0..<3 {
        connection.send("GET /\(index) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.text == "GET /\(index) ")
        #expect(response.header("Connection") == "keep-alive")
      }
      connection.send(
        "GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
      #expect(connection.readResponse()?.text == "GET /a ")
      let last = try #require(connection.readResponse())
      #expect(last.text == "GET /b ")
      #expect(last.header("Connection") == "close")
      #expect(connection.readToEnd().isEmpty)
    }
  }

  @Test("HEAD gets the headers and no body")
  func head() throws {
    try withServer { server in
      let connection = try #require(LoopbackConnection(port: server.port))
      connection.send("HEAD /abc HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
      let bytes = String(decoding: connection.readToEnd(), as: UTF8.self)
      #expect(bytes.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(bytes.contains("Content-Length: 10\r\n"))  // "HEAD /abc " is never sent.
      #expect(bytes.hasSuffix("\r\n\r\n"))
    }
  }

  @Test("a malformed request gets 400, the connection closes, and the server keeps serving")
  func malformedThenServing() throws {
    try withServer { server in
      let answer = try #require(LoopbackHTTP.raw(port: server.port, Array("GARBAGE\n\n".utf8)))
      #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
      #expect(answersNormally(server.port))
    }
  }

  @Test("a body over 1 MiB gets 413 from its Content-Length, unread")
  func bodyTooLarge() throws {
    try withServer { server in
      let connection = try #require(LoopbackConnection(port: server.port))
      connection.send("PUT /api/spec HTTP/1.1\r\nHost: h\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n")
      let response = try #require(connection.readResponse())
      #expect(response.status == 413)
      #expect(response.header("Connection") == "close")
      #expect(answersNormally(server.port))
    }
  }

  @Test("a request that never finishes (slow loris) gets 408 and is disconnected")
  func slowLoris() throws {
    let configuration = HTTPServerConfiguration(requestTimeout: .milliseconds(300))
    try withServer(configuration) { server in
      let connection = try #require(LoopbackConnection(port: server.port, timeout: 5))
      connection.send("GET / HTTP/1.1\r\nHost: h\r\nX-Slow: ")
      // Dribbling bytes does not extend the deadline: it runs from the request's first byte.
      for _ in 0..<3 {
        usleep(50_000)
        connection.send("a")
      }
      let response = try #require(connection.readResponse())
      #expect(response.status == 408)
      #expect(connection.readToEnd().isEmpty)
      #expect(answersNormally(server.port))
    }
  }

  @Test("an idle kept-alive connection is closed after the idle timeout")
  func idleTimeout() throws {
    let configuration = HTTPServerConfiguration(idleTimeout: .milliseconds(200))
    try withServer(configuration) { server in
      let connection = try #require(LoopbackConnection(port: server.port, timeout: 5))
      connection.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
      #expect(connection.readResponse()?.status == 200)
      // Nothing more is sent: the server closes without answering (no 408 for an idle connection).
      #expect(connection.readToEnd().isEmpty)
    }
  }

  @Test("connections beyond the cap get 503 when every slot is answering a request; freed slots serve again")
  func connectionCap() throws {
    let release = Locked(false)
    let entered = Locked(0)
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
      if request.path == "/block" { entered.withLock { $0 += 1 } }
      // Bounded: a test that fails never leaves a thread blocked for long.
      for _ in 0..<1000 where request.path == "/block" && !release.withLock({ $0 }) { usleep(5_000) }
      return echo(request)
    }
    let configuration = HTTPServerConfiguration(maxConnections: 4)
    try withServer(configuration, handler: handler) { server in
      var held: [LoopbackConnection] = []
      for _ in 0..<4 {
        let connection = try #require(LoopbackConnection(port: server.port))
        connection.send("GET /block HTTP/1.1\r\nHost: h\r\n\r\n")
        held.append(connection)
      }
      for _ in 0..<400 where entered.withLock({ $0 }) < 4 { usleep(5_000) }
      #expect(entered.withLock { $0 } == 4)
      #expect(server.activeConnectionCount == 4)
      // Every slot is answering a request: none may be dropped, so the new one gets 503.
      let extra = try #require(LoopbackConnection(port: server.port))
      extra.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
      #expect(extra.readResponse()?.status == 503)
      #expect(server.evictionCount == 0)
      release.withLock { $0 = true }
      for connection in held { #expect(connection.readResponse()?.status == 200) }
      for connection in held { connection.close() }
      // The server notices the closed connections; wait (bounded) until a slot is free.
      var served = false
      for _ in 0..<200 where !served {
        served = answersNormally(server.port)
        if !served { usleep(10_000) }
      }
      #expect(served)
    }
  }

  @Test("a client that stops reading its responses gives up its slot to a new connection")
  func unreadResponsesDropped() throws {
    let big = [UInt8](repeating: 0x61, count: 4 << 20)
    let handled = Locked(0)
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
      guard request.path == "/big" else { return echo(request) }
      handled.withLock { $0 += 1 }
      return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: big)
    }
    let configuration = HTTPServerConfiguration(maxConnections: 1)
    try withServer(configuration, handler: handler) { server in
      // 64 MiB of answers that are never read: the server ends up blocked writing one.
      let reader = try #require(LoopbackConnection(port: server.port))
      reader.send(String(repeating: "GET /big HTTP/1.1\r\nHost: h\r\n\r\n", count: 16))
      for _ in 0..<400 where handled.withLock({ $0 }) < 2 { usleep(5_000) }
      usleep(100_000)
      #expect(handled.withLock { $0 } < 16)
      // Its only slot goes to the newcomer (a retry covers the instant between two answers,
      // while the handler runs and the connection may not be dropped).
      var status: Int?
      for _ in 0..<3 where status != 200 {
        status = LoopbackHTTP.request(port: server.port, "GET", "/ping")?.status
        if status != 200 { usleep(50_000) }
      }
      #expect(status == 200)
      #expect(server.evictionCount == 1)
    }
  }

  @Test("a connection that sends nothing is closed after the first-request timeout, without an answer")
  func silentConnectionClosed() throws {
    let configuration = HTTPServerConfiguration(firstRequestTimeout: .milliseconds(300))
    try withServer(configuration) { server in
      let silent = try #require(LoopbackConnection(port: server.port, timeout: 5))
      // The server ends the stream (not the client's 5 s read timeout) and says nothing.
      #expect(silent.serverClosed())
      #expect(server.responseCount == 0)
      // A request that arrives at once is unaffected.
      #expect(answersNormally(server.port))
    }
  }

  @Test("8 concurrent clients, 25 requests each, all answered correctly")
  func concurrentClients() throws {
    try withServer { server in
      let port = server.port
      let results = Locked<[Int: Int]>([:])
      let done = Locked(0)
      for client in 0..<8 {
        let started = Threads.detach {
          var correct = 0
          if let connection = LoopbackConnection(port: port) {
            for index in 0..<25 {
              let body = "client \(client) request \(index)"
              connection.send(
                "POST /c\(client) HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
              if connection.readResponse()?.text == "POST /c\(client) \(body)" { correct += 1 }
            }
          }
          results.withLock { $0[client] = correct }
          done.withLock { $0 += 1 }
        }
        #expect(started)
      }
      for _ in 0..<1000 where done.withLock({ $0 }) < 8 { usleep(10_000) }
      let counts = results.withLock { $0 }
      #expect(counts.count == 8)
      #expect(counts.values.allSatisfy { $0 == 25 }, "\(counts)")
    }
  }

  @Test("every response has the security headers and never a CORS header")
  func securityHeaders() throws {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
      var response = HTTPResponse(status: 200, contentType: "text/plain", body: "x")
      response.headers.add("Access-Control-Allow-Origin", "*")
      response.headers.add("access-control-allow-credentials", "true")
      return response
    }
    try withServer(handler: handler) { server in
      for request in ["GET / HTTP/1.1\r\nHost: h\r\n\r\n", "BAD\r\n\r\n", "OPTIONS / HTTP/1.1\r\nHost: h\r\n\r\n"] {
        let connection = try #require(LoopbackConnection(port: server.port))
        connection.send(request)
        let response = try #require(connection.readResponse())
        #expect(!response.headers.contains { $0.name.lowercased().hasPrefix("access-control-") })
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "no-referrer")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Frame-Options") == "DENY")
      }
    }
  }

  @Test("stop() disconnects clients and frees the port")
  func stops() throws {
    let server = try HTTPServer(handler: echo)
    let port = server.port
    let idle = try #require(LoopbackConnection(port: port))
    idle.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
    #expect(idle.readResponse()?.status == 200)
    server.stop()
    #expect(idle.readToEnd().isEmpty)
    #expect(server.activeConnectionCount == 0)
    #expect(LoopbackConnection(port: port) == nil)
  }
}
