import CurveCore

/// A JSON value together with where it starts in the source text.
package struct JSONNode: Sendable {
  /// The node's content; arrays and objects hold located children.
  package enum Kind: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// A non-empty array whose every element is an array of exactly two numbers (a spec's
    /// points), held flat: one allocation for the lot instead of two per element.
    /// ``NumberPair/node`` gives an element in the general form.
    case numberPairs([NumberPair])
    /// An object: members in document order, keys unique, each key with its location.
    case object([Member])
  }

  /// One `[first, second]` element of a ``Kind/numberPairs(_:)`` array, with its locations.
  package struct NumberPair: Sendable {
    /// Where the element (its `[`) starts.
    package var location: SourceLocation
    /// The first number and where it starts.
    package var first: Double
    package var firstLocation: SourceLocation
    /// The second number and where it starts.
    package var second: Double
    package var secondLocation: SourceLocation

    /// The element as a general node.
    package var node: JSONNode {
      JSONNode(
        location: location,
        kind: .array([
          JSONNode(location: firstLocation, kind: .number(first)),
          JSONNode(location: secondLocation, kind: .number(second)),
        ]))
    }
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
    case .number(let n): return .number(n)
    case .string(let s): return .string(s)
    case .array(let items): return .array(items.map { $0.value })
    case .numberPairs(let pairs): return .array(pairs.map { [.number($0.first), .number($0.second)] })
    case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.value) })
    }
  }

  /// A short name of the node's type for error messages.
  package var typeDescription: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array, .numberPairs: return "an array"
    case .object: return "an object"
    }
  }
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
///
/// Linear time: one forward pass over the bytes; each value's line and column come in
/// O(1) from counters the pass keeps (counting them from the line's start made a one-line
/// document quadratic); duplicate keys are found with a hash set once an object has more
/// than a few members; numbers are converted from their bytes (``DecimalText``).
package enum JSONParser {
  /// The deepest nesting accepted; deeper documents are rejected rather than risking the stack.
  package static let maximumDepth = 256

  /// Parses one JSON document.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try parse(text, meter: NoWorkMeter())
  }

  /// Parses one JSON document, reporting the parser's steps to `meter` (see ``WorkMeter``):
  /// every read of an input byte, every byte a key comparison or hash covers, every byte
  /// handed to number conversion or UTF-8 validation. The linearity tests bound the total.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String, meter: some WorkMeter) throws(JSONSyntaxError) -> JSONNode {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(JSONSyntaxError) in try parse(utf8: bytes, meter: meter) }
    }
    return try result.get()
  }

  /// Parses one JSON document from UTF-8 bytes.
  /// - Complexity: O(n) in the number of bytes.
  package static func parse(utf8 bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    try parse(utf8: bytes, meter: NoWorkMeter())
  }

  /// Parses one JSON document from UTF-8 bytes, reporting steps as ``parse(_:meter:)`` does.
  package static func parse(utf8 bytes: [UInt8], meter: some WorkMeter) throws(JSONSyntaxError) -> JSONNode {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) in try parse(utf8: buffer, meter: meter) }
    }
    return try result.get()
  }

  static func parse<Meter: WorkMeter>(
    utf8 bytes: UnsafeBufferPointer<UInt8>, meter: Meter
  ) throws(JSONSyntaxError) -> JSONNode {
    var scanner = Scanner(bytes: MeteredBytes(bytes, meter: meter))
    if scanner.bytes.count >= 3 && scanner.bytes[0] == 0xEF && scanner.bytes[1] == 0xBB && scanner.bytes[2] == 0xBF {
      scanner.offset = 3
      scanner.continuationsOnLine = 2
    }
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else { throw scanner.error("empty document, expected a JSON value") }
    let node = try scanner.parseValue(depth: 0)
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw scanner.error("unexpected \(scanner.describeCurrent()) after the JSON value") }
    return node
  }
}

/// The input of a parse: every byte read through the subscript is a step reported to the meter.
private struct MeteredBytes<Meter: WorkMeter> {
  private let base: UnsafeBufferPointer<UInt8>
  let meter: Meter

  init(_ base: UnsafeBufferPointer<UInt8>, meter: Meter) {
    self.base = base
    self.meter = meter
  }

  var count: Int { base.count }

  subscript(index: Int) -> UInt8 {
    meter.add(1)
    return base[index]
  }

  /// The bytes in `range`, for a routine that reads each of them once (a step per byte).
  func handOver(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    meter.add(range.count)
    return UnsafeBufferPointer(rebasing: base[range])
  }
}

private struct Scanner<Meter: WorkMeter> {
  let bytes: MeteredBytes<Meter>
  var offset = 0
  var line = 1
  var lineStart = 0
  /// UTF-8 continuation bytes (10xxxxxx) between `lineStart` and `offset`: they only occur
  /// inside strings (and the byte-order mark), so ``parseString()`` counts them as it goes.
  var continuationsOnLine = 0
  /// Objects with more members than this check duplicate keys with a hash set.
  static var linearKeyLimit: Int { 8 }

  init(bytes: MeteredBytes<Meter>) { self.bytes = bytes }

  var isAtEnd: Bool { offset >= bytes.count }

  /// The current position, counted from the line's start: O(column), for errors only
  /// (once per parse). Values take theirs from ``here()``.
  var location: SourceLocation {
    var column = 1
    var index = lineStart
    while index < offset && index < bytes.count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: line, column: column)
  }

  /// The current position in O(1): a column counts Unicode scalars, i.e. bytes that are
  /// not continuation bytes, and those on this line are counted already.
  func here() -> SourceLocation {
    SourceLocation(line: line, column: offset - lineStart - continuationsOnLine + 1)
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
        continuationsOnLine = 0
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    let start = here()
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
      return JSONNode(location: start, kind: try parseArray(depth: depth + 1))
    case UInt8(ascii: "\""):
      return JSONNode(location: start, kind: .string(try parseString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(location: start, kind: .number(try parseNumber()))
    default:
      if try consumeKeyword("true") { return JSONNode(location: start, kind: .bool(true)) }
      if try consumeKeyword("false") { return JSONNode(location: start, kind: .bool(false)) }
      if try consumeKeyword("null") { return JSONNode(location: start, kind: .null) }
      let words: [StaticString] = ["NaN", "nan", "Infinity", "infinity", "inf"]
      for word in words where matches(word) {
        throw error("'\(word)' is not a JSON number; only finite numbers are allowed")
      }
      throw error("unexpected \(describeCurrent()), expected a JSON value")
    }
  }

  func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let pattern = word.utf8Start
    for index in 0..<count where bytes[offset + index] != pattern[index] { return false }
    return true
  }

  mutating func consumeKeyword(_ word: StaticString) throws(JSONSyntaxError) -> Bool {
    guard matches(word) else { return false }
    let end = offset + word.utf8CodeUnitCount
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
    var keys = Set<String>()
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
      let keyLocation = here()
      let key = try parseString()
      if isDuplicate(key, in: members, keys: &keys) {
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

  /// Whether `key` is already among `members`: compared one by one below
  /// ``linearKeyLimit`` members, then looked up in `keys` (filled with all keys so far).
  /// A comparison or a hash counts the bytes of the key it covers, plus one.
  func isDuplicate(_ key: String, in members: [JSONNode.Member], keys: inout Set<String>) -> Bool {
    let cost = key.utf8.count + 1
    if members.count < Self.linearKeyLimit {
      return members.contains { member in
        bytes.meter.add(cost)
        return member.key == key
      }
    }
    if keys.isEmpty {
      for member in members {
        bytes.meter.add(member.key.utf8.count + 1)
        keys.insert(member.key)
      }
    }
    bytes.meter.add(cost)
    return !keys.insert(key).inserted
  }

  /// An array: ``JSONNode/Kind/numberPairs(_:)`` while every element is `[number, number]`,
  /// else (from the first element of another shape on) the general form.
  mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode.Kind {
    offset += 1
    var items: [JSONNode] = []
    var pairs: [JSONNode.NumberPair] = []
    var isPairs = depth < JSONParser.maximumDepth
    skipWhitespace()
    if !isAtEnd && bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      if isPairs, let pair = try parsePairIfPresent() {
        pairs.append(pair)
      } else {
        if isPairs {
          isPairs = false
          items = pairs.map { pair in
            bytes.meter.add(1)
            return pair.node
          }
          pairs = []
        }
        items.append(try parseValue(depth: depth))
      }
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
        return isPairs ? .numberPairs(pairs) : .array(items)
      }
      throw error("expected ',' or ']' in array, found \(describeCurrent())")
    }
  }

  /// At an element that is `[number, number]` (whitespace allowed): parses and returns it.
  /// At any other shape: nil, with the scanner back where it was (the caller then parses
  /// the element in general, once per array at most, re-reading what this read). A
  /// malformed number throws the error the general parse would.
  mutating func parsePairIfPresent() throws(JSONSyntaxError) -> JSONNode.NumberPair? {
    guard !isAtEnd, bytes[offset] == UInt8(ascii: "[") else { return nil }
    let saved = (offset, line, lineStart, continuationsOnLine)
    func restore(_ scanner: inout Scanner) -> JSONNode.NumberPair? {
      (scanner.offset, scanner.line, scanner.lineStart, scanner.continuationsOnLine) = saved
      return nil
    }
    let location = here()
    offset += 1
    guard let first = try pairElement(before: UInt8(ascii: ",")),
      let second = try pairElement(before: UInt8(ascii: "]"))
    else { return restore(&self) }
    return JSONNode.NumberPair(
      location: location, first: first.value, firstLocation: first.location, second: second.value,
      secondLocation: second.location)
  }

  /// One element of a `[number, number]` pair: whitespace, a number, whitespace and
  /// `terminator`; the number and where it starts, with the scanner past the terminator.
  /// Nil at any other shape (the scanner is then somewhere inside; the caller restores it).
  mutating func pairElement(before terminator: UInt8) throws(JSONSyntaxError) -> (
    value: Double, location: SourceLocation
  )? {
    skipWhitespace()
    guard isAtNumber else { return nil }
    let location = here()
    let value = try parseNumber()
    skipWhitespace()
    guard !isAtEnd, bytes[offset] == terminator else { return nil }
    offset += 1
    return (value, location)
  }

  /// At `-` or a digit.
  var isAtNumber: Bool { !isAtEnd && (bytes[offset] == UInt8(ascii: "-") || isDigit(bytes[offset])) }

  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
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
    let literal = bytes.handOver(start..<offset)
    if let value = DecimalText.value(literal, 0, literal.count) { return value }
    // Overflow, underflow to zero or a very long literal: the general parser decides
    // (two more passes: decoding the text, then `Double(String)`).
    bytes.meter.add(2 * literal.count)
    let text = String(decoding: literal, as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      offset = start
      throw error("number \(text) is out of the range of a double")
    }
    return value
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The string at `offset` (its opening quote). Without escapes it is the validated run
  /// of bytes between the quotes; escapes split it into runs, each validated and appended.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var escaped = false
    var runStart = offset
    func validated(_ scanner: Scanner) throws(JSONSyntaxError) -> String {
      guard let run = String(validating: scanner.bytes.handOver(runStart..<scanner.offset), as: UTF8.self) else {
        throw scanner.error("invalid UTF-8 in string")
      }
      return run
    }
    func flush(_ scanner: Scanner, into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
      guard runStart < scanner.offset else { return }
      let run = try validated(scanner)
      scanner.bytes.meter.add(run.utf8.count)
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while true {
      guard !isAtEnd else { throw error("unterminated string") }
      let byte = bytes[offset]
      if byte == UInt8(ascii: "\"") {
        if !escaped {
          let text = try validated(self)
          offset += 1
          return text
        }
        try flush(self, into: &scalars)
        offset += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in string; escape it") }
      if byte != UInt8(ascii: "\\") {
        if byte & 0xC0 == 0x80 { continuationsOnLine += 1 }
        offset += 1
        continue
      }
      try flush(self, into: &scalars)
      escaped = true
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
