/// What a WebSocket connection does with each text message: the reply to send, or nil.
package typealias WebSocketTextHandler = @Sendable (String) -> String?

/// RFC 6455 WebSockets, as much as a local studio needs: the opening handshake, text
/// messages (fragmented or not), ping/pong and close. Client frames must be masked; a
/// message larger than the limit, a binary message or invalid UTF-8 closes the connection
/// with the matching status code.
package enum WebSocket {
  /// The GUID RFC 6455 appends to the client's key.
  static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// True when `request` asks to switch to the WebSocket protocol.
  package static func isUpgrade(_ request: HTTPRequest) -> Bool {
    request.headers.values("Upgrade").contains { $0.lowercased() == "websocket" }
  }

  /// True when `request` is a valid RFC 6455 opening handshake: GET, HTTP/1.1, exactly one
  /// `Upgrade: websocket`, `Connection` naming `upgrade`, version 13, one key of 16 bytes in
  /// base64, and no body. The one test of a handshake (``upgrade(_:onText:)`` and
  /// ``LocalAccessPolicy`` both ask it).
  package static func isHandshake(_ request: HTTPRequest) -> Bool {
    let connection = request.headers.values("Connection").flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: " \t").lowercased()
    }
    let upgrades = request.headers.values("Upgrade")
    let keys = request.headers.values("Sec-WebSocket-Key")
    return request.method == "GET" && request.minorVersion == 1 && upgrades.count == 1
      && upgrades[0].lowercased() == "websocket" && connection.contains("upgrade")
      && request.headers.values("Sec-WebSocket-Version") == ["13"] && keys.count == 1
      && Base64.decode(keys[0])?.count == 16 && request.body.isEmpty
  }

  /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`: base64(SHA-1(key + GUID)).
  package static func accept(key: String) -> String { Base64.encode(SHA1.digest(Array((key + guid).utf8))) }

  /// The 101 response that switches `request`'s connection to WebSocket messages handled by
  /// `onText`, or 400 when the handshake is not a valid RFC 6455 one (GET, HTTP/1.1,
  /// `Connection: Upgrade`, version 13, a key of 16 bytes in base64).
  package static func upgrade(_ request: HTTPRequest, onText: @escaping WebSocketTextHandler) -> HTTPResponse {
    guard isHandshake(request), let key = request.headers["Sec-WebSocket-Key"] else {
      var refusal = HTTPResponse.text(400, "not a valid WebSocket handshake (RFC 6455, version 13)")
      refusal.headers.add("Sec-WebSocket-Version", "13")
      return refusal
    }
    var response = HTTPResponse(status: 101)
    response.headers.add("Upgrade", "websocket")
    response.headers.add("Connection", "Upgrade")
    response.headers.add("Sec-WebSocket-Accept", accept(key: key))
    response.webSocket = onText
    return response
  }

  /// Opcodes.
  package enum Opcode: UInt8, Sendable {
    /// The rest of a fragmented message.
    case continuation = 0x0
    /// A UTF-8 text frame.
    case text = 0x1
    /// A binary frame.
    case binary = 0x2
    /// Closes the connection.
    case close = 0x8
    /// Asks for a pong.
    case ping = 0x9
    /// Answers a ping.
    case pong = 0xA
  }

  /// One frame as received (payload unmasked).
  package struct Frame: Sendable, Equatable {
    /// True on the last frame of a message.
    package var fin: Bool
    /// The opcode.
    package var opcode: Opcode
    /// The payload.
    package var payload: [UInt8]
  }

  /// A close status code (RFC 6455 §7.4.1).
  package enum CloseCode: UInt16, Sendable {
    /// Normal closure.
    case normal = 1000
    /// A protocol error (unmasked frame, bad opcode, bad control frame).
    case protocolError = 1002
    /// A data type the endpoint does not accept (binary).
    case unsupportedData = 1003
    /// A text message that is not UTF-8.
    case invalidData = 1007
    /// A message over the size limit.
    case tooBig = 1009
  }

  /// The outcome of decoding the bytes received so far.
  package enum Decoded: Sendable, Equatable {
    /// More bytes are needed.
    case incomplete
    /// One frame, and how many bytes it took.
    case frame(Frame, consumed: Int)
    /// Close the connection with this code.
    case failure(CloseCode)
  }

  /// Decodes the first client frame in `bytes`: it must be masked, control frames at most 125
  /// bytes and final, the payload at most `maxPayload` bytes.
  package static func decode(_ bytes: ArraySlice<UInt8>, maxPayload: Int) -> Decoded {
    let base = bytes.startIndex
    guard bytes.count >= 2 else { return .incomplete }
    let first = bytes[base]
    let second = bytes[base + 1]
    guard first & 0x70 == 0 else { return .failure(.protocolError) }  // No extensions were negotiated.
    guard let opcode = Opcode(rawValue: first & 0x0F) else { return .failure(.protocolError) }
    guard second & 0x80 != 0 else { return .failure(.protocolError) }  // Clients must mask.
    let fin = first & 0x80 != 0
    var length = Int(second & 0x7F)
    var offset = 2
    if length == 126 {
      guard bytes.count >= 4 else { return .incomplete }
      length = Int(bytes[base + 2]) << 8 | Int(bytes[base + 3])
      offset = 4
    } else if length == 127 {
      guard bytes.count >= 10 else { return .incomplete }
      var value: UInt64 = 0
      for index in 2..<10 { value = value << 8 | UInt64(bytes[base + index]) }
      guard value <= UInt64(maxPayload) else { return .failure(.tooBig) }
      length = Int(value)
      offset = 10
    }
    if opcode.rawValue >= 0x8, !fin || length > 125 { return .failure(.protocolError) }
    guard length <= maxPayload else { return .failure(.tooBig) }
    guard bytes.count >= offset + 4 + length else { return .incomplete }
    let mask = Array(bytes[(base + offset)..<(base + offset + 4)])
    let start = base + offset + 4
    var payload = Array(bytes[start..<(start + length)])
    for index in payload.indices { payload[index] ^= mask[index & 3] }
    return .frame(Frame(fin: fin, opcode: opcode, payload: payload), consumed: offset + 4 + length)
  }

  /// A server frame (unmasked, final).
  package static func encode(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [0x80 | opcode.rawValue]
    switch payload.count {
    case 0..<126: bytes.append(UInt8(payload.count))
    case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      bytes += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(8 * $0)) }
    }
    return bytes + payload
  }

  /// A close frame with `code`.
  package static func close(_ code: CloseCode) -> [UInt8] {
    encode(.close, [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)])
  }
}

/// Reassembles text messages from frames and answers control frames.
package struct WebSocketReader: Sendable {
  /// What the connection should do next.
  package enum Event: Sendable, Equatable {
    /// Nothing yet: read more.
    case none
    /// A whole text message.
    case text(String)
    /// Send these bytes (a pong), then go on.
    case reply([UInt8])
    /// Send this close frame, then close the connection.
    case close([UInt8])
  }

  private var buffer: [UInt8] = []
  private var message: [UInt8] = []
  private var inMessage = false
  private let maxMessage: Int

  /// Creates a reader for messages of at most `maxMessage` bytes.
  package init(maxMessage: Int) { self.maxMessage = maxMessage }

  /// Adds received bytes.
  package mutating func append(_ bytes: ArraySlice<UInt8>) { buffer += bytes }

  /// The next event from the bytes received so far.
  package mutating func next() -> Event {
    while true {
      guard case .frame(let frame, let consumed) = WebSocket.decode(buffer[...], maxPayload: maxMessage) else {
        if case .failure(let code) = WebSocket.decode(buffer[...], maxPayload: maxMessage) {
          return .close(WebSocket.close(code))
        }
        return .none
      }
      buffer.removeFirst(consumed)
      switch frame.opcode {
      case .ping: return .reply(WebSocket.encode(.pong, frame.payload))
      case .pong: continue
      case .close: return .close(WebSocket.close(.normal))
      case .binary: return .close(WebSocket.close(.unsupportedData))
      case .text, .continuation:
        if frame.opcode == .text && inMessage { return .close(WebSocket.close(.protocolError)) }
        if frame.opcode == .continuation && !inMessage { return .close(WebSocket.close(.protocolError)) }
        message += frame.payload
        inMessage = !frame.fin
        guard message.count <= maxMessage else { return .close(WebSocket.close(.tooBig)) }
        if inMessage { continue }
        defer { message = [] }
        guard let text = String(validating: message, as: UTF8.self) else {
          return .close(WebSocket.close(.invalidData))
        }
        return .text(text)
      }
    }
  }
}
