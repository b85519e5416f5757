/// The header fields of a request or response, in order, with case-insensitive lookup.
package struct HTTPHeaders: Sendable, Sequence {
  /// The fields as received or added, names as written.
  package private(set) var fields: [(name: String, value: String)] = []

  /// Creates an empty header list.
  package init() {}

  /// Creates a header list from name–value pairs.
  package init(_ fields: [(String, String)]) { self.fields = fields.map { (name: $0.0, value: $0.1) } }

  /// Appends a field.
  package mutating func add(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

  /// Removes every field called `name` (any case).
  package mutating func remove(_ name: String) { fields.removeAll { Self.same($0.name, name) } }

  /// Replaces every field called `name` by one with `value`.
  package mutating func set(_ name: String, _ value: String) {
    remove(name)
    add(name, value)
  }

  /// Every value of the fields called `name` (any case), in order.
  package func values(_ name: String) -> [String] { fields.filter { Self.same($0.name, name) }.map(\.value) }

  /// The value of the one field called `name`; nil when it is absent or repeated.
  package subscript(name: String) -> String? {
    let found = values(name)
    return found.count == 1 ? found[0] : nil
  }

  /// Iterates the fields in order.
  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

  /// ASCII case-insensitive equality of two header names.
  static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lowercase($0) == lowercase($1) }
  }

  static func lowercase(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// One parsed HTTP/1.x request.
package struct HTTPRequest: Sendable {
  /// The method, e.g. `GET` (case-sensitive, as HTTP defines it).
  package var method: String
  /// The request target exactly as sent, e.g. `/api/spec?spec=1`.
  package var target: String
  /// The target's path, before any `?`.
  package var path: String
  /// The query's `name=value` pairs, percent-decoded, in order.
  package var query: [(name: String, value: String)]
  /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
  package var minorVersion: Int
  /// The header fields.
  package var headers: HTTPHeaders
  /// The body (Content-Length bytes; empty without one).
  package var body: [UInt8]

  /// Creates a request (the parser's product; tests build their own).
  package init(
    method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
  ) {
    self.method = method
    self.target = target
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    path = parts.first.map(String.init) ?? target
    query = parts.count == 2 ? Self.decodeQuery(parts[1]) : []
    self.minorVersion = minorVersion
    self.headers = headers
    self.body = body
  }

  /// The value of the first query parameter called `name`.
  package func queryValue(_ name: String) -> String? { query.first(where: { $0.name == name })?.value }

  /// True unless the method is one that must not change state (GET, HEAD, OPTIONS).
  package var isStateChanging: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

  /// True when the client asked to close the connection after this request.
  package var wantsClose: Bool {
    let tokens = headers.values("Connection").flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: " \t").lowercased()
    }
    return minorVersion == 0 ? !tokens.contains("keep-alive") : tokens.contains("close")
  }

  /// `a=1&b=%20x` → pairs, `+` as a space; a malformed escape is kept literally.
  static func decodeQuery(_ query: Substring) -> [(name: String, value: String)] {
    query.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (percentDecoded(parts[0]), parts.count == 2 ? percentDecoded(parts[1]) : "")
    }
  }

  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(0x20)
      } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
        let high = hexValue(iterator[iterator.startIndex]),
        let low = hexValue(iterator[iterator.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        iterator = iterator.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}

/// One HTTP response.
package struct HTTPResponse: Sendable {
  /// The status code, e.g. 200.
  package var status: Int
  /// The header fields (the server adds `Content-Length`, `Connection` and its security headers).
  package var headers: HTTPHeaders
  /// The body.
  package var body: [UInt8]
  /// For a 101 made by ``WebSocket/upgrade(_:onText:)``: what the connection does with each
  /// text message once it has switched protocols.
  package var webSocket: WebSocketTextHandler?

  /// Creates a response.
  package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a body of the given media type.
  package init(status: Int, contentType: String, body: String) {
    self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: Array(body.utf8))
  }

  /// A plain-text response (for errors the server itself produces).
  package static func text(_ status: Int, _ message: String) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: message + "\n")
  }

  /// The standard reason phrase of `status`.
  package static func reason(_ status: Int) -> String {
    switch status {
    case 101: return "Switching Protocols"
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 303: return "See Other"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 409: return "Conflict"
    case 411: return "Length Required"
    case 412: return "Precondition Failed"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 415: return "Unsupported Media Type"
    case 421: return "Misdirected Request"
    case 422: return "Unprocessable Content"
    case 428: return "Precondition Required"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status \(status)"
    }
  }

  /// The bytes on the wire: status line, headers, `Content-Length`, blank line, body (left
  /// out for HEAD requests and bodiless statuses, while `Content-Length` stays).
  package func serialized(includeBody: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for field in headers.fields where !HTTPHeaders.same(field.name, "Content-Length") {
      head += "\(field.name): \(field.value)\r\n"
    }
    let bodiless = status == 204 || status == 304 || (100..<200).contains(status)
    if !bodiless { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    var bytes = Array(head.utf8)
    if includeBody && !bodiless { bytes += body }
    return bytes
  }
}

extension Substring {
  /// The text without leading and trailing characters from `set`.
  func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    guard let first = firstIndex(where: { !characters.contains($0) }),
      let last = lastIndex(where: { !characters.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
