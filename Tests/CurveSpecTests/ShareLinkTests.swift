import CurveKitTestSupport
import Foundation
import Testing

@testable import CurveSpec

/// Base64url without padding (RFC 4648 §5) and the share link built on it.
@Suite("Share links")
struct ShareLinkTests {
  @Test(
    "RFC 4648 test vectors, without padding",
    arguments: [
      ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
      ("foobar", "Zm9vYmFy"),
    ])
  func vectors(_ plain: String, _ encoded: String) throws {
    #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
    #expect(try Base64URL.decode(encoded) == Array(plain.utf8))
  }

  @Test("the URL-safe alphabet: - and _ where base64 has + and /")
  func urlSafe() throws {
    #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    #expect(Base64URL.encode([0xFB, 0xEF, 0xBE]) == "----")
    #expect(Base64URL.encode([0xFF, 0xFF, 0xFF]) == "____")
    #expect(try Base64URL.decode("-_8") == [0xFB, 0xFF])
    var random = SeededRandomNumberGenerator(seed: 20)
    for length in 0..<200 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let text = Base64URL.encode(bytes)
      #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
      #expect(try Base64URL.decode(text) == bytes)
    }
  }

  @Test("bad characters, padding, impossible lengths and set unused bits are refused, naming the position")
  func refusals() {
    #expect(throws: ShareLinkError.invalidCharacter("+", position: 3)) { try Base64URL.decode("Zm+v") }
    #expect(throws: ShareLinkError.invalidCharacter("/", position: 1)) { try Base64URL.decode("/m9v") }
    #expect(throws: ShareLinkError.invalidCharacter("=", position: 3)) { try Base64URL.decode("Zg==") }
    #expect(throws: ShareLinkError.invalidCharacter(" ", position: 5)) { try Base64URL.decode("Zm9v Yg") }
    #expect(throws: ShareLinkError.invalidCharacter("é", position: 2)) { try Base64URL.decode("Zé9v") }
    #expect(throws: ShareLinkError.invalidCharacter("\n", position: 5)) { try Base64URL.decode("Zm9v\n") }
    #expect(throws: ShareLinkError.invalidLength(5)) { try Base64URL.decode("Zm9vY") }
    #expect(throws: ShareLinkError.nonCanonical(position: 2)) { try Base64URL.decode("Zh") }
    #expect(throws: ShareLinkError.nonCanonical(position: 7)) { try Base64URL.decode("Zm9vYmF") }
    let message = ShareLinkError.invalidCharacter("\u{202E}", position: 9).description
    #expect(message.contains("position 9") && message.contains("\\u{202E}"))
    #expect(ShareLinkError.invalidCharacter("=", position: 3).description.contains("padding"))
  }

  static let examples: [String] = {
    let directory = Fixtures.repositoryRoot + "/examples/curves"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".curve.json") }.sorted().map { directory + "/" + $0 }
  }()

  @Test("every example round-trips byte for byte: the link decodes to the canonical bytes and re-shares to itself")
  func examplesRoundTrip() throws {
    #expect(Self.examples.count >= 5)
    for path in Self.examples {
      let spec = try CurveSpec.load(path: path)
      let canonical = Array(spec.jsonText.utf8)
      let link = ShareLink.link(for: spec)
      #expect(link.hasPrefix("http://127.0.0.1/#spec="))
      let payload = try ShareLink.payload(in: link)
      #expect(try Base64URL.decode(payload) == canonical, "\(path)")
      let (decoded, bytes) = try ShareLink.spec(fromLink: link)
      #expect(bytes == canonical)
      #expect(ShareLink.link(for: decoded) == link, "\(path)")
      // The link of the decoded bytes, parsed again as a file would be, is the same link.
      let reread = try CurveSpec.parse(utf8: bytes, sourceName: "x")
      #expect(ShareLink.link(for: reread) == link)
    }
  }

  @Test("the payload is found in a whole link, a fragment with other members, or alone")
  func payloads() throws {
    #expect(try ShareLink.payload(in: "http://127.0.0.1/#spec=Zm9v") == "Zm9v")
    #expect(try ShareLink.payload(in: "http://127.0.0.1:8080/#token=abc&spec=Zm9v&x=1") == "Zm9v")
    #expect(try ShareLink.payload(in: "#spec=Zm9v") == "Zm9v")
    #expect(try ShareLink.payload(in: "Zm9v") == "Zm9v")
    for junk in ["", "http://127.0.0.1/#token=abc", "#spec=", "http://127.0.0.1/#", "#spec"] {
      #expect(throws: ShareLinkError.noSpec, "\(junk)") { try ShareLink.payload(in: junk) }
    }
    #expect(ShareLink.looksLikeLink("http://127.0.0.1/#spec=Zm9v"))
    #expect(!ShareLink.looksLikeLink("my.curve.json"))
  }

  @Test("a link with junk, a payload that is not a spec, or one too long is refused")
  func badLinks() {
    #expect(throws: ShareLinkError.invalidCharacter("!", position: 5)) {
      try ShareLink.spec(fromLink: "http://127.0.0.1/#spec=Zm9v!")
    }
    do {
      _ = try ShareLink.spec(fromLink: "#spec=" + Base64URL.encode(Array("{\"name\": \"x\"}".utf8)))
      Issue.record("a spec without points was accepted")
    } catch {
      guard case .invalidSpec(let inner) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(inner.message.contains("points"))
    }
    #expect(throws: ShareLinkError.self) { try ShareLink.spec(fromLink: "#spec=" + Base64URL.encode(Array("[1".utf8))) }
    let long = String(repeating: "A", count: ShareLink.maximumPayloadCharacters + 4)
    #expect(throws: ShareLinkError.tooLong(long.utf8.count)) { try ShareLink.spec(fromPayload: long) }
  }
}
