/// Writes ``JSONValue``s deterministically: object members in the order given, numbers in
/// Swift's shortest round-trip form, two-space indentation when pretty.
public enum JSONWriter {
  /// The JSON text of `value`. Pretty output ends without a trailing newline.
  /// - Parameters:
  ///   - value: the value to write.
  ///   - pretty: indent nested values by two spaces per level.
  public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
    var output = ""
    write(value, into: &output, indent: pretty ? 0 : nil)
    return output
  }

  /// A number as JSON: Swift's shortest round-trip `description` (`1.0`, `0.1`, `1e-20`),
  /// which is valid JSON for every finite double. Non-finite numbers become `null`.
  public static func number(_ value: Double) -> String {
    value.isFinite ? value.description : "null"
  }

  /// A string as a quoted JSON string literal.
  public static func quoted(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }

  private static func write(_ value: JSONValue, into output: inout String, indent: Int?) {
    switch value {
    case .null: output += "null"
    case .bool(let b): output += b ? "true" : "false"
    case .number(let n): output += number(n)
    case .integer(let n): output += String(n)
    case .string(let s): output += quoted(s)
    case .array(let items):
      // Arrays of scalars stay on one line; they are coefficient lists and points.
      let scalarOnly = items.allSatisfy {
        if case .array = $0 { return false }
        if case .object = $0 { return false }
        return true
      }
      guard let level = indent, !items.isEmpty, !scalarOnly else {
        output += "["
        for (index, item) in items.enumerated() {
          if index > 0 { output += indent == nil ? "," : ", " }
          write(item, into: &output, indent: indent)
        }
        output += "]"
        return
      }
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += String(repeating: "  ", count: level + 1)
        write(item, into: &output, indent: level + 1)
        output += index + 1 < items.count ? ",\n" : "\n"
      }
      output += String(repeating: "  ", count: level) + "]"
    case .object(let members):
      guard let level = indent, !members.isEmpty else {
        output += "{"
        for (index, member) in members.enumerated() {
          if index > 0 { output += "," }
          output += quoted(member.key) + ":"
          write(member.value, into: &output, indent: nil)
        }
        output += "}"
        return
      }
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += String(repeating: "  ", count: level + 1) + quoted(member.key) + ": "
        write(member.value, into: &output, indent: level + 1)
        output += index + 1 < members.count ? ",\n" : "\n"
      }
      output += String(repeating: "  ", count: level) + "}"
    }
  }
}
