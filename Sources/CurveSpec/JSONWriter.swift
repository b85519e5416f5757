/// Writes ``JSONValue``s deterministically: object members in the order given, numbers in
/// Swift's shortest round-trip form, two-space indentation when pretty.
public enum JSONWriter {
  /// The JSON text of `value`. Pretty output ends without a trailing newline.
  /// - Parameters:
  ///   - value: the value to write.
  ///   - pretty: indent nested values by two spaces per level.
  public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
    // UTF-8 bytes, not String appends: the studio's fit answer (about 11 KB, mostly plot
    // samples) took a third of the route's time in String's append path on wasm32.
    var output: [UInt8] = []
    output.reserveCapacity(4096)
    write(value, into: &output, indent: pretty ? 0 : nil)
    return String(decoding: output, as: UTF8.self)
  }

  /// A number as JSON: Swift's shortest round-trip `description` (`1.0`, `0.1`, `1e-20`),
  /// which is valid JSON for every finite double. Non-finite numbers become `null`.
  public static func number(_ value: Double) -> String {
    value.isFinite ? value.description : "null"
  }

  /// A string as a quoted JSON string literal.
  public static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    appendQuoted(string, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `string` as a quoted literal. Works on UTF-8 bytes: every byte of a multi-byte
  /// sequence is at least 0x80, so only ASCII bytes are ever escaped, as a scalar walk would.
  private static func appendQuoted(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"", to: &output)
      case UInt8(ascii: "\\"): append("\\\\", to: &output)
      case UInt8(ascii: "\n"): append("\\n", to: &output)
      case UInt8(ascii: "\r"): append("\\r", to: &output)
      case UInt8(ascii: "\t"): append("\\t", to: &output)
      case 0x08: append("\\b", to: &output)
      case 0x0C: append("\\f", to: &output)
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        append("\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex, to: &output)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func append(_ text: String, to output: inout [UInt8]) {
    output.append(contentsOf: text.utf8)
  }

  private static func newline(indent level: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    for _ in 0..<(2 * level) { output.append(UInt8(ascii: " ")) }
  }

  private static func write(_ value: JSONValue, into output: inout [UInt8], indent: Int?) {
    switch value {
    case .null: append("null", to: &output)
    case .bool(let b): append(b ? "true" : "false", to: &output)
    case .number(let n): append(number(n), to: &output)
    case .integer(let n): append(String(n), to: &output)
    case .string(let s): appendQuoted(s, to: &output)
    case .array(let items):
      // Arrays of scalars stay on one line; they are coefficient lists and points.
      let scalarOnly = items.allSatisfy {
        if case .array = $0 { return false }
        if case .object = $0 { return false }
        return true
      }
      guard let level = indent, !items.isEmpty, !scalarOnly else {
        output.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
          if index > 0 { append(indent == nil ? "," : ", ", to: &output) }
          write(item, into: &output, indent: indent)
        }
        output.append(UInt8(ascii: "]"))
        return
      }
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        newline(indent: level + 1, into: &output)
        write(item, into: &output, indent: level + 1)
        if index + 1 < items.count { output.append(UInt8(ascii: ",")) }
      }
      newline(indent: level, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard let level = indent, !members.isEmpty else {
        output.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          appendQuoted(member.key, to: &output)
          output.append(UInt8(ascii: ":"))
          write(member.value, into: &output, indent: nil)
        }
        output.append(UInt8(ascii: "}"))
        return
      }
      output.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        newline(indent: level + 1, into: &output)
        appendQuoted(member.key, to: &output)
        append(": ", to: &output)
        write(member.value, into: &output, indent: level + 1)
        if index + 1 < members.count { output.append(UInt8(ascii: ",")) }
      }
      newline(indent: level, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }
}
