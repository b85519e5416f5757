#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One HTTP response as a test client read it from the wire.
public struct WireResponse: Sendable {
  /// The status code.
  public var status: Int
  /// The header fields, names as sent.
  public var headers: [(name: String, value: String)]
  /// The body (`Content-Length` bytes).
  public var body: [UInt8]

  /// The value of the first field called `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first(where: { $0.name.lowercased() == name.lowercased() })?.value
  }

  /// The body as UTF-8 text.
  public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A raw HTTP/1.1 client connection to 127.0.0.1 for server tests: bytes go out exactly as
/// given, responses are parsed by `Content-Length`. Every read waits at most `timeout` seconds,
/// so no test can hang on a silent server.
public final class LoopbackConnection {
  /// The socket, or -1 once closed.
  public private(set) var descriptor: Int32
  private var buffer: [UInt8] = []

  /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
  public init?(port: Int, timeout: Int = 5) {
    #if canImport(Darwin)
      let socketDescriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard socketDescriptor >= 0 else { return nil }
    descriptor = -1
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(socketDescriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      systemClose(socketDescriptor)
      return nil
    }
    descriptor = socketDescriptor
  }

  deinit { close() }

  /// Sends the bytes; false when the server has gone.
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Darwin)
        let flags: Int32 = 0
      #else
        let flags = Int32(MSG_NOSIGNAL)
      #endif
      let sent = bytes.withUnsafeBytes { raw in
        systemSend(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, flags)
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Sends text.
  @discardableResult
  public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Half-closes the connection: the server sees the end of the request stream.
  public func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

  /// Closes the connection.
  public func close() {
    if descriptor >= 0 { systemClose(descriptor) }
    descriptor = -1
  }

  /// Reads more bytes; false at the end of the stream, on an error or after the timeout.
  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer += chunk[0..<count]
      return true
    }
  }

  /// The next response, or nil when the server closed (or stayed silent) first.
  /// - Parameter bodiless: true for a response to HEAD (a `Content-Length` but no body).
  public func readResponse(bodiless: Bool = false) -> WireResponse? {
    var headEnd: Int?
    while headEnd == nil {
      headEnd = Self.find([13, 10, 13, 10], in: buffer)
      if headEnd == nil && !fill() { return nil }
    }
    guard let end = headEnd else { return nil }
    let lines = String(decoding: buffer[0..<end], as: UTF8.self).split(
      separator: "\r\n", omittingEmptySubsequences: false)
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
      return nil
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
      headers.append((String(line[..<colon]), String(value)))
    }
    let length =
      bodiless || status == 304 || status == 204
      ? 0 : Int(headers.first(where: { $0.name.lowercased() == "content-length" })?.value ?? "0") ?? 0
    while buffer.count < end + 4 + length {
      if !fill() { return nil }
    }
    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
    buffer.removeFirst(end + 4 + length)
    return WireResponse(status: status, headers: headers, body: body)
  }

  /// The next `count` bytes, or nil when the stream ends (or times out) first.
  public func read(exactly count: Int) -> [UInt8]? {
    while buffer.count < count {
      if !fill() { return nil }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[0..<count])
  }

  /// One unmasked server WebSocket frame: (opcode, payload), or nil.
  public func readWebSocketFrame() -> (opcode: UInt8, payload: [UInt8])? {
    guard let head = read(exactly: 2) else { return nil }
    var length = Int(head[1] & 0x7F)
    if length == 126 {
      guard let extended = read(exactly: 2) else { return nil }
      length = Int(extended[0]) << 8 | Int(extended[1])
    } else if length == 127 {
      guard let extended = read(exactly: 8) else { return nil }
      length = extended.reduce(0) { $0 << 8 | Int($1) }
    }
    guard let payload = read(exactly: length) else { return nil }
    return (head[0] & 0x0F, payload)
  }

  /// A masked client WebSocket frame (RFC 6455), final unless `fin` is false.
  public static func webSocketFrame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true)
    -> [UInt8]
  {
    var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let maskBit: UInt8 = masked ? 0x80 : 0
    switch payload.count {
    case 0..<126: bytes.append(maskBit | UInt8(payload.count))
    case 126...0xFFFF: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> (8 * $0)) }
    }
    guard masked else { return bytes + payload }
    let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
  }

  /// Everything the server sends until it closes the connection (or the timeout).
  public func readToEnd() -> [UInt8] {
    while fill() {}
    defer { buffer = [] }
    return buffer
  }

  /// True when the server has closed its side (a read returns the end of the stream).
  public func serverClosed() -> Bool {
    guard buffer.isEmpty else { return false }
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, 0)
    if count == 1 { buffer.append(byte) }
    return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
  }

  static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
      if Array(haystack[index..<(index + needle.count)]) == needle { return index }
    }
    return nil
  }
}

/// One-shot requests to 127.0.0.1.
public enum LoopbackHTTP {
  /// Sends `method path` with `headers` (a `Host` for the port is added unless given) and
  /// `body`, and reads the response on a fresh connection.
  public static func request(
    port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) -> WireResponse? {
    guard let connection = LoopbackConnection(port: port) else { return nil }
    var head = "\(method) \(path) HTTP/1.1\r\n"
    if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || ["POST", "PUT"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
    head += "Connection: close\r\n\r\n"
    connection.send(Array(head.utf8) + body)
    return connection.readResponse(bodiless: method == "HEAD")
  }

  /// Sends raw bytes on a fresh connection, half-closes it, and returns everything the
  /// server answered until it closed.
  public static func raw(port: Int, _ bytes: [UInt8]) -> [UInt8]? {
    guard let connection = LoopbackConnection(port: port) else { return nil }
    connection.send(bytes)
    connection.finishSending()
    return connection.readToEnd()
  }
}

private func systemClose(_ descriptor: Int32) { close(descriptor) }
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, bytes, count, flags)
}
