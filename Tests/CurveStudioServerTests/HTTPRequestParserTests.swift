import CurveStudioServer
import Testing

/// The parser on its own: every refusal with its status, and the requests it must accept.
@Suite("HTTP request parser")
struct HTTPRequestParserTests {
  /// Parses `text` (fed in one piece, or byte by byte) and returns the first outcome.
  static func parse(_ text: String, limits: HTTPLimits = HTTPLimits(), byteByByte: Bool = false)
    -> HTTPRequestParser
    .Outcome
  {
    var parser = HTTPRequestParser(limits: limits)
    let bytes = Array(text.utf8)
    guard byteByByte else {
      parser.append(bytes)
      return parser.next()
    }
    for byte in bytes {
      parser.append([byte])
      let outcome = parser.next()
      if case .incomplete = outcome { continue }
      return outcome
    }
    return .incomplete
  }

  static func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
    if case .failure(let error) = parse(text, limits: limits) { return error.status }
    return nil
  }

  @Test("a plain GET, fed at once or byte by byte")
  func plainGet() throws {
    for byteByByte in [false, true] {
      let outcome = Self.parse(
        "GET /api/spec?spec=1&x=a%20b+c HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Two:  v  \r\n\r\n", byteByByte: byteByByte
      )
      guard case .request(let request) = outcome else {
        Issue.record("expected a request, got \(outcome)")
        return
      }
      #expect(request.method == "GET")
      #expect(request.path == "/api/spec")
      #expect(request.queryValue("spec") == "1")
      #expect(request.queryValue("x") == "a b c")
      #expect(request.headers["host"] == "127.0.0.1:8080")
      #expect(request.headers["X-TWO"] == "v")
      #expect(request.body.isEmpty)
      #expect(request.minorVersion == 1)
    }
  }

  @Test("a body by Content-Length, split across reads, and a pipelined second request")
  func bodyAndPipelining() {
    var parser = HTTPRequestParser()
    let first = "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello"
    parser.append(Array(first.utf8))
    guard case .incomplete = parser.next() else {
      Issue.record("a partial body must wait")
      return
    }
    parser.append(Array(" world".utf8) + Array("GET /b HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    guard case .request(let request) = parser.next() else {
      Issue.record("expected the POST")
      return
    }
    #expect(String(decoding: request.body, as: UTF8.self) == "hello world")
    guard case .request(let second) = parser.next() else {
      Issue.record("expected the pipelined GET")
      return
    }
    #expect(second.path == "/b")
    #expect(!parser.hasPartialRequest)
  }

  @Test(
    "malformed framing is 400",
    arguments: [
      "GET / HTTP/1.1\nHost: h\r\n\r\n",  // bare LF
      "GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n",  // bare CR
      "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",  // two spaces
      "GET /\r\nHost: h\r\n\r\n",  // no version
      "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",  // method not a token
      "GET http://evil.example/ HTTP/1.1\r\nHost: h\r\n\r\n",  // absolute form
      "GET /a#b HTTP/1.1\r\nHost: h\r\n\r\n",  // fragment
      "GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n",  // control byte in target
      "GET / HTTP/1.1\r\nHost : h\r\n\r\n",  // space before colon
      "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n",  // obsolete folding
      "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{01}b\r\n\r\n",  // control character in a value
      "GET / HTTP/1.1\r\n\r\n",  // no Host
      "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",  // two Hosts
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",  // conflicting lengths
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n",
      "FOO\r\n\r\n",
    ])
  func malformed(_ text: String) {
    #expect(Self.status(text) == 400, "\(text.debugDescription)")
  }

  @Test("chunked bodies are refused with 501")
  func chunked() {
    #expect(Self.status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 501)
    #expect(
      Self.status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc") == 501)
  }

  @Test("other HTTP versions are 505")
  func versions() {
    #expect(Self.status("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
    #expect(Self.status("GET / HTTP/0.9\r\nHost: h\r\n\r\n") == 505)
    #expect(Self.status("GET / HTTQ/1.1\r\nHost: h\r\n\r\n") == 400)
    if case .request(let request) = Self.parse("GET / HTTP/1.0\r\n\r\n") {
      #expect(request.minorVersion == 0)
      #expect(request.wantsClose)
    } else {
      Issue.record("HTTP/1.0 without Host must be accepted")
    }
  }

  @Test("size limits: 413 for the body, 414 for the request line, 431 for the head")
  func limits() {
    let limits = HTTPLimits(maxRequestLineBytes: 64, maxHeadBytes: 256, maxHeaderCount: 4, maxBodyBytes: 100)
    #expect(Self.status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n", limits: limits) == 413)
    #expect(Self.status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n", limits: limits) == nil)
    #expect(Self.status("GET /\(String(repeating: "a", count: 80)) HTTP/1.1\r\n", limits: limits) == 414)
    #expect(Self.status("GET /\(String(repeating: "a", count: 80))", limits: limits) == 414)
    let manyHeaders = (0..<5).map { "X-\($0): v\r\n" }.joined()
    #expect(Self.status("GET / HTTP/1.1\r\nHost: h\r\n\(manyHeaders)\r\n", limits: limits) == 431)
    let bigHeader = "X: " + String(repeating: "v", count: 300)
    #expect(Self.status("GET / HTTP/1.1\r\nHost: h\r\n\(bigHeader)", limits: limits) == 431)
    // The default body limit is 1 MiB.
    #expect(Self.status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n") == 413)
    #expect(Self.status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(1 << 20)\r\n\r\n") == nil)
  }

  @Test("Connection semantics")
  func connectionHeader() {
    if case .request(let request) = Self.parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, Close\r\n\r\n") {
      #expect(request.wantsClose)
    } else {
      Issue.record("expected a request")
    }
    if case .request(let request) = Self.parse("GET / HTTP/1.1\r\nHost: h\r\n\r\n") {
      #expect(!request.wantsClose)
    } else {
      Issue.record("expected a request")
    }
  }

  @Test("a response carries its Content-Length and no body for HEAD, 204 and 304")
  func responses() {
    let response = HTTPResponse(status: 200, contentType: "text/plain", body: "hi")
    let wire = String(decoding: response.serialized(includeBody: true), as: UTF8.self)
    #expect(wire == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi")
    let head = String(decoding: response.serialized(includeBody: false), as: UTF8.self)
    #expect(head.hasSuffix("Content-Length: 2\r\n\r\n"))
    let notModified = String(decoding: HTTPResponse(status: 304).serialized(includeBody: true), as: UTF8.self)
    #expect(notModified == "HTTP/1.1 304 Not Modified\r\n\r\n")
  }
}
