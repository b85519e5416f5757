/// The size limits a request must respect.
package struct HTTPLimits: Sendable, Hashable {
  /// The longest request line (method, target, version), in bytes: beyond it, 414.
  package var maxRequestLineBytes: Int
  /// The largest request head (request line and header fields), in bytes: beyond it, 431.
  package var maxHeadBytes: Int
  /// The most header fields: beyond it, 431.
  package var maxHeaderCount: Int
  /// The largest body, in bytes: beyond it, 413.
  package var maxBodyBytes: Int

  /// Creates limits; the defaults are 8 KiB, 32 KiB, 100 fields and 1 MiB.
  package init(
    maxRequestLineBytes: Int = 8 << 10, maxHeadBytes: Int = 32 << 10, maxHeaderCount: Int = 100,
    maxBodyBytes: Int = 1 << 20
  ) {
    self.maxRequestLineBytes = maxRequestLineBytes
    self.maxHeadBytes = maxHeadBytes
    self.maxHeaderCount = maxHeaderCount
    self.maxBodyBytes = maxBodyBytes
  }
}

/// Why a request was refused before it reached the handler: the status to answer with and
/// one line saying what was wrong. The connection is closed after the answer.
package struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// 400, 413, 414, 431, 501 or 505.
  package var status: Int
  /// What was wrong, naming the part of the request.
  package var message: String

  /// Creates an error.
  package init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  /// `status: message`.
  package var description: String { "\(status): \(message)" }
}

/// An incremental, strict HTTP/1.1 request parser: bytes go in as they arrive, whole
/// requests come out. It never reads past a request, so pipelined requests are parsed in turn.
///
/// Strictness: CRLF line ends only (a bare CR or LF is an error), a request line of exactly
/// three parts with an origin-form target (`/…`, no `#`, visible ASCII only), HTTP/1.0 or
/// 1.1, header names made of token characters with no space before the colon, no obsolete
/// line folding, no control characters in values, exactly one `Host` in HTTP/1.1, bodies by
/// `Content-Length` only (`Transfer-Encoding` is refused with 501), and conflicting lengths
/// refused. A body larger than the limit is refused from its `Content-Length`, unread.
package struct HTTPRequestParser: Sendable {
  /// The result of one ``next()`` call.
  package enum Outcome: Sendable {
    /// More bytes are needed.
    case incomplete
    /// A whole request.
    case request(HTTPRequest)
    /// The bytes are not an acceptable request; answer with the error and close.
    case failure(HTTPParseError)
  }

  /// The limits in force.
  package let limits: HTTPLimits
  private var buffer: [UInt8] = []
  private var head: (request: HTTPRequest, bodyStart: Int, bodyLength: Int)?
  private var scannedHead = 0
  private var scannedLineFeeds = 0

  /// Creates a parser.
  package init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

  /// What is wrong with the bytes received when the client ends the stream before the
  /// request is complete: 400.
  package var truncationError: HTTPParseError {
    HTTPParseError(400, "the connection ended in the middle of a request")
  }

  /// The bytes received after the last complete request (for a connection that switches protocols).
  package var remainingBytes: [UInt8] { buffer }

  /// True when some bytes of a request that is not complete yet have arrived.
  package var hasPartialRequest: Bool { !buffer.isEmpty }

  /// True when the current request's head has been parsed and only its body is awaited.
  package var hasHead: Bool { head != nil }

  /// The current request's head (its body not yet arrived, so empty here), once parsed: the
  /// server asks it whether the request presents the credential before the body is in.
  package var pendingHead: HTTPRequest? { head?.request }

  /// Adds received bytes.
  package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
  }

  /// The next complete request in the received bytes, or what is wrong with them.
  package mutating func next() -> Outcome {
    if head == nil {
      guard let end = headEnd() else {
        if let failure = headOverflow() { return .failure(failure) }
        if hasBareLineFeed() {
          return .failure(HTTPParseError(400, "a bare LF in the request head; lines end with CRLF"))
        }
        return .incomplete
      }
      switch parseHead(buffer[0..<end]) {
      case .failure(let error): return .failure(error)
      case .success(let parsed): head = (parsed.request, end + 4, parsed.bodyLength)
      }
    }
    guard let (request, bodyStart, bodyLength) = head else { return .incomplete }
    guard buffer.count >= bodyStart + bodyLength else { return .incomplete }
    var complete = request
    complete.body = Array(buffer[bodyStart..<bodyStart + bodyLength])
    buffer.removeFirst(bodyStart + bodyLength)
    head = nil
    scannedHead = 0
    scannedLineFeeds = 0
    return .request(complete)
  }

  /// The offset of the CRLF CRLF that ends the head, searching only bytes not yet scanned.
  private mutating func headEnd() -> Int? {
    let limit = min(buffer.count, limits.maxHeadBytes + 4)
    var index = max(0, scannedHead - 3)
    while index + 3 < limit {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
        return index
      }
      index += 1
    }
    scannedHead = limit
    return nil
  }

  /// A bare LF among the head bytes received so far: the request can only be refused, so
  /// there is no need to wait for the rest.
  /// Scans only the bytes that arrived since the last call, so a client sending one byte at
  /// a time costs linear work.
  private mutating func hasBareLineFeed() -> Bool {
    let end = min(buffer.count, limits.maxHeadBytes + 4)
    var index = scannedLineFeeds
    defer { scannedLineFeeds = max(scannedLineFeeds, index) }
    while index < end {
      if buffer[index] == 10, index == 0 || buffer[index - 1] != 13 { return true }
      index += 1
    }
    return false
  }

  /// 414 or 431 when the head cannot end within the limits.
  private func headOverflow() -> HTTPParseError? {
    let lineEnd = buffer.prefix(limits.maxRequestLineBytes + 2).firstIndex(of: 10)
    if lineEnd == nil, buffer.count > limits.maxRequestLineBytes + 1 {
      return HTTPParseError(414, "the request line is longer than \(limits.maxRequestLineBytes) bytes")
    }
    if buffer.count > limits.maxHeadBytes + 3 {
      return HTTPParseError(431, "the request head is larger than \(limits.maxHeadBytes) bytes")
    }
    return nil
  }

  private struct ParsedHead {
    var request: HTTPRequest
    var bodyLength: Int
  }

  private func parseHead(_ bytes: ArraySlice<UInt8>) -> Result<ParsedHead, HTTPParseError> {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 13 {
        guard index + 1 < bytes.endIndex, bytes[index + 1] == 10 else {
          return .failure(HTTPParseError(400, "a bare CR in the request head; lines end with CRLF"))
        }
        lines.append(bytes[start..<index])
        index += 2
        start = index
        continue
      }
      if byte == 10 { return .failure(HTTPParseError(400, "a bare LF in the request head; lines end with CRLF")) }
      index += 1
    }
    lines.append(bytes[start..<bytes.endIndex])
    guard let requestLine = lines.first else { return .failure(HTTPParseError(400, "an empty request")) }
    if requestLine.count > limits.maxRequestLineBytes {
      return .failure(HTTPParseError(414, "the request line is longer than \(limits.maxRequestLineBytes) bytes"))
    }
    let fieldLines = lines.dropFirst()
    if fieldLines.count > limits.maxHeaderCount {
      return .failure(HTTPParseError(431, "more than \(limits.maxHeaderCount) header fields"))
    }
    let method: String
    let target: String
    let minorVersion: Int
    switch Self.parseRequestLine(requestLine) {
    case .failure(let error): return .failure(error)
    case .success(let line): (method, target, minorVersion) = line
    }
    var headers = HTTPHeaders()
    for line in fieldLines {
      switch Self.parseField(line) {
      case .failure(let error): return .failure(error)
      case .success(let field): headers.add(field.name, field.value)
      }
    }
    if minorVersion == 1, headers.values("Host").count != 1 {
      return .failure(HTTPParseError(400, "an HTTP/1.1 request needs exactly one Host header"))
    }
    if !headers.values("Transfer-Encoding").isEmpty {
      return .failure(
        HTTPParseError(501, "Transfer-Encoding is not supported; send the body with a Content-Length"))
    }
    var bodyLength = 0
    let lengths = headers.values("Content-Length").flatMap {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    .map { $0.trimmingCharacters(in: " \t") }
    if let first = lengths.first {
      guard lengths.allSatisfy({ $0 == first }) else {
        return .failure(HTTPParseError(400, "conflicting Content-Length values"))
      }
      guard !first.isEmpty, first.utf8.count <= 12, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let length = Int(first)
      else {
        return .failure(HTTPParseError(400, "Content-Length '\(first.prefix(20))' is not a number of bytes"))
      }
      guard length <= limits.maxBodyBytes else {
        return .failure(HTTPParseError(413, "the body is larger than \(limits.maxBodyBytes) bytes"))
      }
      bodyLength = length
    }
    let request = HTTPRequest(method: method, target: target, minorVersion: minorVersion, headers: headers)
    return .success(ParsedHead(request: request, bodyLength: bodyLength))
  }

  /// `METHOD SP target SP HTTP/1.x`.
  static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<(String, String, Int), HTTPParseError> {
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      return .failure(HTTPParseError(400, "the request line is not 'METHOD TARGET HTTP/1.1'"))
    }
    let (method, target, version) = (parts[0], parts[1], parts[2])
    guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
      return .failure(HTTPParseError(400, "the method is not a token"))
    }
    guard target.first == UInt8(ascii: "/"),
      target.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") })
    else {
      return .failure(HTTPParseError(400, "the target must be a path starting with '/', in visible ASCII"))
    }
    let versionText = String(decoding: version, as: UTF8.self)
    let minor: Int
    switch versionText {
    case "HTTP/1.1": minor = 1
    case "HTTP/1.0": minor = 0
    default:
      let looksLikeHTTP =
        versionText.hasPrefix("HTTP/") && versionText.utf8.count == 8
        && versionText.utf8.dropFirst(5).enumerated().allSatisfy { offset, byte in
          offset == 1 ? byte == UInt8(ascii: ".") : (byte >= 0x30 && byte <= 0x39)
        }
      return .failure(
        looksLikeHTTP
          ? HTTPParseError(505, "only HTTP/1.1 and HTTP/1.0 are supported")
          : HTTPParseError(400, "the protocol version is not HTTP/1.x"))
    }
    return .success(
      (String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), minor))
  }

  /// `name: value`, with optional whitespace around the value.
  static func parseField(_ line: ArraySlice<UInt8>) -> Result<(name: String, value: String), HTTPParseError> {
    if let first = line.first, first == 0x20 || first == 0x09 {
      return .failure(HTTPParseError(400, "obsolete line folding in the header fields"))
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      return .failure(HTTPParseError(400, "a header line without a colon"))
    }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
      return .failure(HTTPParseError(400, "a header name that is not a token (no spaces before the colon)"))
    }
    var value = line[(colon + 1)...]
    while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      return .failure(HTTPParseError(400, "a control character in a header value"))
    }
    return .success((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
  }

  /// RFC 9110 `tchar`.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
