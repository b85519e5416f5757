import CurveKitTestSupport
import CurveStudioServer
import Foundation
import Testing

/// 10⁴ seeded malformed and random requests against a live server: it must never crash,
/// every answer must be a well-formed status line with an expected status, and the server
/// must go on answering a valid request. `CURVEKIT_HTTP_FUZZ_CASES` and
/// `CURVEKIT_HTTP_FUZZ_SEED` change the count and the inputs.
@Suite("HTTP server fuzz")
struct HTTPFuzzTests {
  static let caseCount = ProcessInfo.processInfo.environment["CURVEKIT_HTTP_FUZZ_CASES"].flatMap(Int.init) ?? 10_000
  static let seed = ProcessInfo.processInfo.environment["CURVEKIT_HTTP_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x4854_5450

  static let template = Array(
    "PUT /api/spec?spec=0 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{\"spec\": 1}\n"
      .utf8)
  static let specials: [UInt8] = [0, 9, 10, 13, 32, 34, 35, 37, 44, 58, 59, 63, 127, 128, 0xC3, 0xFF]
  static let methods = ["GET", "POST", "PUT", "HEAD", "OPTIONS", "DELETE", "PATCH", "get", "G\u{0}T", "", "CONNECT"]
  static let targets = [
    "/", "/api/spec", "*", "http://x/", "/%00", "/a?b=%zz", "//", "/" + String(repeating: "x", count: 9000),
  ]
  static let versions = ["HTTP/1.1", "HTTP/1.0", "HTTP/2", "HTTP/1.1 ", "http/1.1", "HTTP/9.9", ""]
  static let lengths = ["0", "5", "-1", "1e3", " 7 ", "18446744073709551616", "3, 3", "3,4", "", "1048577"]

  static func random<T>(_ items: [T], _ generator: inout SeededRandomNumberGenerator) -> T {
    items[Int(generator.next() % UInt64(items.count))]
  }

  /// One fuzz case: a mutated valid request, a soup of random parts, or random bytes.
  static func makeCase(_ generator: inout SeededRandomNumberGenerator) -> [UInt8] {
    switch generator.next() % 4 {
    case 0:
      var bytes = template
      for _ in 0..<(1 + generator.next() % 4) {
        let index = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 4 {
        case 0: bytes[index] = random(specials, &generator)
        case 1: bytes.insert(random(specials, &generator), at: index)
        case 2: bytes.remove(at: index)
        default: bytes = Array(bytes.prefix(index))
        }
        if bytes.isEmpty { break }
      }
      return bytes
    case 1:
      var text = "\(random(methods, &generator)) \(random(targets, &generator)) \(random(versions, &generator))\r\n"
      if generator.next() % 4 != 0 { text += "Host: 127.0.0.1:8080\r\n" }
      for _ in 0..<(generator.next() % 6) {
        switch generator.next() % 5 {
        case 0: text += "Content-Length: \(random(lengths, &generator))\r\n"
        case 1: text += "Transfer-Encoding: chunked\r\n"
        case 2: text += " folded\r\n"
        case 3: text += "X-\(generator.next() % 100): \(String(repeating: "v", count: Int(generator.next() % 200)))\r\n"
        default: text += "Cookie: a=b; \u{1}\r\n"
        }
      }
      text += generator.next() % 5 == 0 ? "\n" : "\r\n"
      return Array(text.utf8) + (0..<(generator.next() % 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    case 2:
      return (0..<(generator.next() % 300)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    default:
      let line = String(repeating: "A", count: Int(generator.next() % 40_000))
      return Array("GET / HTTP/1.1\r\nHost: h\r\nX: \(line)\r\n\r\n".utf8)
    }
  }

  @Test("10⁴ malformed or random requests: no crash, well-formed answers, still serving")
  func fuzz() throws {
    let allowed: Set<Int> = [200, 400, 408, 413, 414, 431, 501, 505]
    let configuration = HTTPServerConfiguration(requestTimeout: .seconds(2), maxConnections: 64)
    try withServer(configuration) { server in
      var generator = SeededRandomNumberGenerator(seed: Self.seed)
      var statuses: [Int: Int] = [:]
      for index in 0..<Self.caseCount {
        let bytes = Self.makeCase(&generator)
        let answer = try #require(LoopbackHTTP.raw(port: server.port, bytes), "case \(index): cannot connect")
        if answer.isEmpty { continue }  // An unfinished request: the server waited, then saw the end.
        let text = String(decoding: answer.prefix(12), as: UTF8.self)
        let status = Int(text.dropFirst(9).prefix(3)) ?? -1
        #expect(text.hasPrefix("HTTP/1.1 ") && allowed.contains(status), "case \(index) (seed \(Self.seed)): \(text)")
        statuses[status, default: 0] += 1
        if index % 1000 == 999 { #expect(answersNormally(server.port), "case \(index)") }
      }
      #expect(answersNormally(server.port))
      // Every kind of refusal was exercised.
      for status in [400, 413, 414, 431, 501, 505] { #expect(statuses[status, default: 0] > 0, "\(statuses)") }
    }
  }
}
