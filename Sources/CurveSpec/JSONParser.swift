import CurveCore

/// A JSON value together with where it starts in the source text.
package struct JSONNode: Sendable {
  /// The node's content; arrays and objects hold located children.
  package enum Kind: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number, with its literal text.
    case number(Double, literal: String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// An object: members in document order, keys unique, each key with its location.
    case object([Member])
  }

  /// One `"key": value` member of an object.
  package struct Member: Sendable {
    /// The key.
    package var key: String
    /// Where the key starts.
    package var keyLocation: SourceLocation
    /// The member's value.
    package var value: JSONNode
  }

  /// Where the value starts.
  package var location: SourceLocation
  /// The value.
  package var kind: Kind

  /// The plain value, without locations.
  package var value: JSONValue {
    switch kind {
    case .null: return .null
    case .bool(let b): return .bool(b)
    case .number(let n, _): return .number(n)
    case .string(let s): return .string(s)
    case .array(let items): return .array(items.map(\.value))
    case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.value) })
    }
  }

  /// A short name of the node's type for error messages.
  package var typeDescription: String { value.typeDescription }
}

/// A syntax error in a JSON document, with the line and column where it was found.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  package var message: String
  /// Where.
  package var location: SourceLocation

  /// `message at line L, column C`, control characters in echoed text escaped.
  package var description: String {
    "\(EchoedText.escaped(message)) at line \(location.line), column \(location.column)"
  }
}

/// A strict RFC 8259 JSON parser that reports errors with line and column.
///
/// Strictness choices: no comments, no trailing commas, no NaN/Infinity, no duplicate
/// keys, no numbers that overflow a double, nesting at most ``maximumDepth`` deep, and
/// the text must be valid UTF-8 (a leading byte-order mark is skipped).
package enum JSONParser {
  /// The deepest nesting accepted; deeper documents are rejected rather than risking the stack.
  package static let maximumDepth = 256

  /// Parses one JSON document.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try parse(utf8: Array(text.utf8))
  }

  /// Parses one JSON document from UTF-8 bytes.
  package static func parse(utf8 bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var scanner = Scanner(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.offset = 3 }
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw scanner.error("empty document, expected a JSON value") }
    let node = try scanner.parseValue(depth: 0)
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.error("unexpected \(scanner.describeCurrent()) after the JSON value") }
    return node
  }
}

private struct Scanner {
  let bytes: [UInt8]
  var offset = 0
  var line = 1
  var lineStart = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  var location: SourceLocation {
    var column = 1
    var index = lineStart
    while index < offset && index < bytes.count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: line, column: column)
  }

  func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, location: location) }

  func describeCurrent() -> String {
    guard !isAtEnd else { return "end of input" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0D: offset += 1
      case 0x0A:
        offset += 1
        line += 1
        lineStart = offset
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    let start = location
    guard !isAtEnd else { throw error("unexpected end of input, expected a JSON value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"):
      guard depth < JSONParser.maximumDepth else {
        throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
      }
      return JSONNode(location: start, kind: .object(try parseObject(depth: depth + 1)))
    case UInt8(ascii: "["):
      guard depth < JSONParser.maximumDepth else {
        throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
      }
      return JSONNode(location: start, kind: .array(try parseArray(depth: depth + 1)))
    case UInt8(ascii: "\""):
      return JSONNode(location: start, kind: .string(try parseString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let (value, literal) = try parseNumber()
      return JSONNode(location: start, kind: .number(value, literal: literal))
    default:
      if try consumeKeyword("true") { return JSONNode(location: start, kind: .bool(true)) }
      if try consumeKeyword("false") { return JSONNode(location: start, kind: .bool(false)) }
      if try consumeKeyword("null") { return JSONNode(location: start, kind: .null) }
      for word in ["NaN", "nan", "Infinity", "infinity", "inf"] where matches(word) {
        throw error("'\(word)' is not a JSON number; only finite numbers are allowed")
      }
      throw error("unexpected \(describeCurrent()), expected a JSON value")
    }
  }

  func matches(_ word: String) -> Bool {
    let utf8 = Array(word.utf8)
    return offset + utf8.count <= bytes.count && Array(bytes[offset..<offset + utf8.count]) == utf8
  }

  mutating func consumeKeyword(_ word: String) throws(JSONSyntaxError) -> Bool {
    guard matches(word) else { return false }
    let end = offset + word.utf8.count
    if end < bytes.count, isIdentifierByte(bytes[end]) {
      throw error("unexpected \(describeCurrent()), expected a JSON value")
    }
    offset = end
    return true
  }

  func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
  }

  mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
    offset += 1
    var members: [JSONNode.Member] = []
    skipWhitespace()
    if !isAtEnd && bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return members
    }
    while true {
      skipWhitespace()
      guard !isAtEnd, bytes[offset] == UInt8(ascii: "\"") else {
        throw error("expected a string key in object, found \(describeCurrent())")
      }
      let keyLocation = location
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        throw JSONSyntaxError(message: "duplicate key \"\(key)\"", location: keyLocation)
      }
      skipWhitespace()
      guard !isAtEnd, bytes[offset] == UInt8(ascii: ":") else {
        throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
      }
      offset += 1
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      guard !isAtEnd else { throw error("unexpected end of input, expected ',' or '}' in object") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        skipWhitespace()
        if !isAtEnd && bytes[offset] == UInt8(ascii: "}") { throw error("trailing comma in object") }
        continue
      }
      if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return members
      }
      throw error("expected ',' or '}' in object, found \(describeCurrent())")
    }
  }

  mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
    offset += 1
    var items: [JSONNode] = []
    skipWhitespace()
    if !isAtEnd && bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return items
    }
    while true {
      skipWhitespace()
      items.append(try parseValue(depth: depth))
      skipWhitespace()
      guard !isAtEnd else { throw error("unexpected end of input, expected ',' or ']' in array") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        skipWhitespace()
        if !isAtEnd && bytes[offset] == UInt8(ascii: "]") { throw error("trailing comma in array") }
        continue
      }
      if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return items
      }
      throw error("expected ',' or ']' in array, found \(describeCurrent())")
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> (Double, String) {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard !isAtEnd, isDigit(bytes[offset]) else {
      if matches("Infinity") || matches("inf") {
        throw error("infinity is not a JSON number; only finite numbers are allowed")
      }
      throw error("expected a digit in number")
    }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if !isAtEnd && isDigit(bytes[offset]) { throw error("leading zeros are not allowed in JSON numbers") }
    } else {
      while !isAtEnd && isDigit(bytes[offset]) { offset += 1 }
    }
    if !isAtEnd && bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard !isAtEnd, isDigit(bytes[offset]) else { throw error("expected a digit after the decimal point") }
      while !isAtEnd && isDigit(bytes[offset]) { offset += 1 }
    }
    if !isAtEnd && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
      offset += 1
      if !isAtEnd && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) { offset += 1 }
      guard !isAtEnd, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
      while !isAtEnd && isDigit(bytes[offset]) { offset += 1 }
    }
    let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(literal), value.isFinite else {
      offset = start
      throw error("number \(literal) is out of the range of a double")
    }
    return (value, literal)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var runStart = offset
    func flush(_ scanner: Scanner, into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
      guard runStart < scanner.offset else { return }
      guard let run = String(validating: scanner.bytes[runStart..<scanner.offset], as: UTF8.self) else {
        throw scanner.error("invalid UTF-8 in string")
      }
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while true {
      guard !isAtEnd else { throw error("unterminated string") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        try flush(self, into: &scalars)
        offset += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in string; escape it") }
      if byte != UInt8(ascii: "\\") {
        offset += 1
        continue
      }
      try flush(self, into: &scalars)
      offset += 1
      guard !isAtEnd else { throw error("unterminated escape in string") }
      let escape = bytes[offset]
      offset += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        let high = try parseHex4()
        var code = high
        if (0xD800..<0xDC00).contains(high) {
          guard matches("\\u") else { throw error("unpaired UTF-16 surrogate in string") }
          offset += 2
          let low = try parseHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired UTF-16 surrogate in string") }
          code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("unpaired UTF-16 surrogate in string") }
        scalars.append(scalar)
      default:
        offset -= 1
        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string")
      }
      runStart = offset
    }
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw error("expected four hex digits after \\u")
      }
      value = value * 16 + digit
      offset += 1
    }
    return value
  }
}
