import CurveKitTestSupport
import Testing

@testable import CurveStudioServer

/// The WebSocket pieces: SHA-1 and base64 against published vectors, the handshake, the
/// frame decoder's refusals, and a live echo over loopback.
@Suite("WebSocket")
struct WebSocketTests {
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test("SHA-1 matches the FIPS 180 vectors")
  func sha1() {
    #expect(Self.hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(Self.hex(SHA1.digest(Array(long.utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      Self.hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test("base64 round trips and matches RFC 4648")
  func base64() {
    for (text, encoded) in [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ] {
      #expect(Base64.encode(Array(text.utf8)) == encoded)
      #expect(Base64.decode(encoded) == Array(text.utf8))
    }
    for bad in ["Zg=", "Z===", "Zm9v!A==", "=Zm9", "Zg==Zg=="] { #expect(Base64.decode(bad) == nil, "\(bad)") }
  }

  @Test("the handshake: RFC 6455's example key, and refusals")
  func handshake() {
    #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    func request(_ headers: [(String, String)], method: String = "GET") -> HTTPRequest {
      HTTPRequest(method: method, target: "/live", headers: HTTPHeaders([("Host", "h")] + headers))
    }
    let good: [(String, String)] = [
      ("Upgrade", "websocket"), ("Connection", "keep-alive, Upgrade"), ("Sec-WebSocket-Version", "13"),
      ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    ]
    let response = WebSocket.upgrade(request(good)) { $0 }
    #expect(response.status == 101)
    #expect(response.headers["Sec-WebSocket-Accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(response.webSocket != nil)
    for index in good.indices {
      var missing = good
      missing.remove(at: index)
      #expect(WebSocket.upgrade(request(missing)) { $0 }.status == 400)
    }
    var shortKey = good
    shortKey[3] = ("Sec-WebSocket-Key", "c2hvcnQ=")
    #expect(WebSocket.upgrade(request(shortKey)) { $0 }.status == 400)
    #expect(WebSocket.upgrade(request(good, method: "POST")) { $0 }.status == 400)
  }

  @Test("frames: masked text is decoded; unmasked, oversized, reserved bits and long control frames are refused")
  func frames() {
    let text = LoopbackConnection.webSocketFrame(opcode: 1, Array("hello".utf8))
    #expect(
      WebSocket.decode(text[...], maxPayload: 100)
        == .frame(.init(fin: true, opcode: .text, payload: Array("hello".utf8)), consumed: text.count))
    #expect(WebSocket.decode(text.dropLast()[...], maxPayload: 100) == .incomplete)
    let unmasked = LoopbackConnection.webSocketFrame(opcode: 1, Array("x".utf8), masked: false)
    #expect(WebSocket.decode(unmasked[...], maxPayload: 100) == .failure(.protocolError))
    let big = LoopbackConnection.webSocketFrame(opcode: 1, [UInt8](repeating: 65, count: 200))
    #expect(WebSocket.decode(big[...], maxPayload: 100) == .failure(.tooBig))
    var reserved = text
    reserved[0] |= 0x40
    #expect(WebSocket.decode(reserved[...], maxPayload: 100) == .failure(.protocolError))
    let longPing = LoopbackConnection.webSocketFrame(opcode: 9, [UInt8](repeating: 0, count: 126))
    #expect(WebSocket.decode(longPing[...], maxPayload: 1000) == .failure(.protocolError))
    let unknownOpcode = LoopbackConnection.webSocketFrame(opcode: 3, [])
    #expect(WebSocket.decode(unknownOpcode[...], maxPayload: 100) == .failure(.protocolError))
  }

  @Test("the reader joins fragments, answers pings, refuses binary and invalid UTF-8")
  func reader() {
    var reader = WebSocketReader(maxMessage: 100)
    reader.append(LoopbackConnection.webSocketFrame(opcode: 1, Array("he".utf8), fin: false)[...])
    reader.append(LoopbackConnection.webSocketFrame(opcode: 9, Array("p".utf8))[...])
    reader.append(LoopbackConnection.webSocketFrame(opcode: 0, Array("llo".utf8))[...])
    #expect(reader.next() == .reply(WebSocket.encode(.pong, Array("p".utf8))))
    #expect(reader.next() == .text("hello"))
    #expect(reader.next() == .none)
    var binary = WebSocketReader(maxMessage: 100)
    binary.append(LoopbackConnection.webSocketFrame(opcode: 2, [1, 2])[...])
    #expect(binary.next() == .close(WebSocket.close(.unsupportedData)))
    var invalid = WebSocketReader(maxMessage: 100)
    invalid.append(LoopbackConnection.webSocketFrame(opcode: 1, [0xFF, 0xFE])[...])
    #expect(invalid.next() == .close(WebSocket.close(.invalidData)))
    var stray = WebSocketReader(maxMessage: 100)
    stray.append(LoopbackConnection.webSocketFrame(opcode: 0, [0x61])[...])
    #expect(stray.next() == .close(WebSocket.close(.protocolError)))
    var fragmentsTooBig = WebSocketReader(maxMessage: 100)
    for opcode: UInt8 in [1, 0, 0] {
      fragmentsTooBig.append(
        LoopbackConnection.webSocketFrame(opcode: opcode, [UInt8](repeating: 65, count: 60), fin: false)[...])
    }
    #expect(fragmentsTooBig.next() == .close(WebSocket.close(.tooBig)))
  }

  @Test("10⁴ seeded random or mutated frame streams: the reader never traps and ends in a defined event")
  func readerFuzz() {
    var generator = SeededRandomNumberGenerator(seed: 0x5753_4653)
    var closes = 0
    var texts = 0
    for _ in 0..<10_000 {
      var bytes: [UInt8]
      if generator.next() % 2 == 0 {
        bytes = (0..<(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      } else {
        let payload = (0..<(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next() % 128) }
        bytes = LoopbackConnection.webSocketFrame(
          opcode: UInt8(generator.next() % 11), payload, fin: generator.next() % 4 != 0)
        for _ in 0..<(generator.next() % 3) where !bytes.isEmpty {
          bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
        }
      }
      var reader = WebSocketReader(maxMessage: 32)
      var offset = 0
      var events = 0
      while offset < bytes.count && events < 100 {
        let chunk = min(bytes.count - offset, 1 + Int(generator.next() % 8))
        reader.append(bytes[offset..<(offset + chunk)])
        offset += chunk
        events += 1
        switch reader.next() {
        case .close: closes += 1
        case .text: texts += 1
        default: break
        }
      }
    }
    #expect(closes > 1000 && texts > 100, "closes \(closes), texts \(texts)")
  }

  @Test("a live connection: upgrade, messages in order, ping, close")
  func live() throws {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
      WebSocket.isUpgrade(request) ? WebSocket.upgrade(request) { "echo: " + $0 } : echo(request)
    }
    try withServer(handler: handler) { server in
      let connection = try #require(LoopbackConnection(port: server.port))
      connection.send(
        "GET /live HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
      let switched = try #require(connection.readResponse())
      #expect(switched.status == 101)
      #expect(switched.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
      #expect(!switched.headers.contains { $0.name.lowercased().hasPrefix("access-control-") })
      for index in 0..<5 {
        connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array("m\(index)".utf8)))
      }
      for index in 0..<5 {
        let frame = try #require(connection.readWebSocketFrame())
        #expect(frame.opcode == 1)
        #expect(String(decoding: frame.payload, as: UTF8.self) == "echo: m\(index)")
      }
      let big = String(repeating: "x", count: 70_000)
      connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array(big.utf8)))
      #expect(connection.readWebSocketFrame().map { $0.payload.count } == 70_006)
      connection.send(LoopbackConnection.webSocketFrame(opcode: 9, Array("hi".utf8)))
      let pong = try #require(connection.readWebSocketFrame())
      #expect(pong.opcode == 0xA && pong.payload == Array("hi".utf8))
      connection.send(LoopbackConnection.webSocketFrame(opcode: 8, [0x03, 0xE8]))
      #expect(connection.readWebSocketFrame()?.opcode == 8)
      #expect(connection.readToEnd().isEmpty)
      #expect(answersNormally(server.port))
    }
  }

  @Test("an unmasked client frame closes the connection with 1002")
  func unmaskedClosesConnection() throws {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in WebSocket.upgrade(request) { $0 } }
    try withServer(handler: handler) { server in
      let connection = try #require(LoopbackConnection(port: server.port))
      connection.send(
        "GET /live HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
      #expect(connection.readResponse()?.status == 101)
      connection.send(LoopbackConnection.webSocketFrame(opcode: 1, Array("x".utf8), masked: false))
      let close = try #require(connection.readWebSocketFrame())
      #expect(close.opcode == 8 && close.payload == [0x03, 0xEA])
      #expect(connection.readToEnd().isEmpty)
    }
  }
}
