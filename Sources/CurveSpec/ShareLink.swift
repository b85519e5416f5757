import CurveCore

/// Why a share link or its base64url payload was refused; one line naming the place.
package enum ShareLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A character outside the base64url alphabet (`A–Z a–z 0–9 - _`), at a 1-based position of
  /// the payload. `=` (padding) is refused too: share links carry none.
  case invalidCharacter(String, position: Int)
  /// A length no base64 text has (one character past a multiple of four).
  case invalidLength(Int)
  /// The last character carries bits past the data that are not zero (not the canonical
  /// encoding of any bytes), at its 1-based position.
  case nonCanonical(position: Int)
  /// The payload is longer than ``ShareLink/maximumPayloadCharacters``.
  case tooLong(Int)
  /// The text holds no `#spec=` fragment, or an empty one.
  case noSpec
  /// The decoded bytes are not a valid spec.
  case invalidSpec(SpecError)

  /// One line naming the offending character or rule.
  package var description: String {
    switch self {
    case .invalidCharacter(let character, let position):
      if character == "=" {
        return
          "the share link's payload has padding '=' at position \(position); share links carry base64url without padding"
      }
      return "the share link's payload has '\(EchoedText.escaped(character))' at position \(position); "
        + "base64url allows only A-Z, a-z, 0-9, '-' and '_'"
    case .invalidLength(let length):
      return "the share link's payload has \(length) characters; base64url text never has 4k+1"
    case .nonCanonical(let position):
      return "the share link's payload is not canonical base64url: unused bits set at position \(position)"
    case .tooLong(let length):
      return
        "the share link's payload has \(length) characters, more than the \(ShareLink.maximumPayloadCharacters) allowed"
    case .noSpec:
      return "not a share link: expected http://127.0.0.1/#spec=… (or just #spec=…)"
    case .invalidSpec(let error):
      return "the share link's spec is invalid: \(error.description)"
    }
  }
}

/// Base64url (RFC 4648 §5) without padding: the alphabet `A–Z a–z 0–9 - _`.
package enum Base64URL {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The text of `bytes`, without padding. O(n).
  package static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group: UInt32 = 0
      for k in 0..<3 { group = group << 8 | (k < count ? UInt32(bytes[index + k]) : 0) }
      for k in 0...count { output.append(alphabet[Int(group >> UInt32(18 - 6 * k) & 63)]) }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The value of one base64url character, or nil.
  static func value(of byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "-"): return 62
    case UInt8(ascii: "_"): return 63
    default: return nil
    }
  }

  /// The bytes of base64url `text` (no padding), strictly: every character in the alphabet, a
  /// possible length, and the unused bits of the last character zero, so each byte string has
  /// exactly one text. O(n).
  /// - Throws: ``ShareLinkError`` naming the first offending character's 1-based position.
  package static func decode(_ text: String) throws(ShareLinkError) -> [UInt8] {
    var values: [UInt32] = []
    values.reserveCapacity(text.utf8.count)
    for (offset, character) in text.enumerated() {
      guard character.utf8.count == 1, let byte = character.utf8.first, let value = value(of: byte) else {
        throw .invalidCharacter(String(character), position: offset + 1)
      }
      values.append(value)
    }
    if values.count % 4 == 1 { throw .invalidLength(values.count) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index < values.count {
      let count = min(4, values.count - index)
      var group: UInt32 = 0
      for k in 0..<4 { group = group << 6 | (k < count ? values[index + k] : 0) }
      let produced = count - 1
      // Bits of the last character beyond the produced bytes must be zero.
      let unused = group & ((UInt32(1) << UInt32(24 - 8 * produced)) &- 1)
      if count < 4, unused != 0 { throw .nonCanonical(position: index + count) }
      for k in 0..<produced { bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * k))) }
      index += 4
    }
    return bytes
  }
}

/// A curve in a link: `http://127.0.0.1/#spec=<base64url of the spec's canonical bytes>`.
///
/// The canonical bytes are ``CurveSpec/jsonText``'s (the house style the studio saves), so a
/// link round-trips a spec byte for byte: decoding gives exactly those bytes and sharing them
/// again gives the same link. The spec is in the fragment, which a browser never sends to a
/// server.
package enum ShareLink {
  /// What every link starts with.
  package static let prefix = "http://127.0.0.1/#spec="
  /// The longest payload accepted (256 KiB of text).
  package static let maximumPayloadCharacters = 256 << 10

  /// The link of `spec`.
  package static func link(for spec: CurveSpec) -> String { prefix + Base64URL.encode(Array(spec.jsonText.utf8)) }

  /// The payload of a link: the text after `#spec=` (up to the end or the next `&`), for a whole
  /// link (`http://…/#spec=…`), a fragment (`#spec=…`) or the payload alone.
  /// - Throws: ``ShareLinkError/noSpec`` when a fragment has no `spec=` member, or it is empty.
  package static func payload(in text: String) throws(ShareLinkError) -> String {
    guard let hash = text.firstIndex(of: "#") else {
      guard !text.isEmpty else { throw .noSpec }
      return text
    }
    for member in text[text.index(after: hash)...].split(separator: "&", omittingEmptySubsequences: false)
    where member.hasPrefix("spec=") {
      let payload = String(member.dropFirst(5))
      guard !payload.isEmpty else { throw .noSpec }
      return payload
    }
    throw .noSpec
  }

  /// The spec of a payload, with its canonical bytes.
  /// - Throws: ``ShareLinkError``: too long, not base64url, or not a valid spec.
  package static func spec(fromPayload payload: String) throws(ShareLinkError) -> (spec: CurveSpec, bytes: [UInt8]) {
    guard payload.utf8.count <= maximumPayloadCharacters else { throw .tooLong(payload.utf8.count) }
    let bytes = try Base64URL.decode(payload)
    do {
      let spec = try CurveSpec.parse(utf8: bytes, sourceName: "<share link>")
      return (spec, Array(spec.jsonText.utf8))
    } catch {
      throw .invalidSpec(error)
    }
  }

  /// The spec of a link (see ``payload(in:)``).
  package static func spec(fromLink text: String) throws(ShareLinkError) -> (spec: CurveSpec, bytes: [UInt8]) {
    try spec(fromPayload: payload(in: text))
  }

  /// True when `text` is meant as a link rather than a file name: it holds `#spec=`.
  package static func looksLikeLink(_ text: String) -> Bool { text.containsText("#spec=") }
}
