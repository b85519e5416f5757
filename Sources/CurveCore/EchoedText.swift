/// The one rule for user text echoed in a message (a key, a name, a path, an argument):
/// characters that would break the line, hide text or reorder it are written as escapes, so
/// every error's `description` stays one honest line for terminals, logs and JSON errors.
///
/// Escaped: the C0 controls U+0000–U+001F (`\0`, `\t`, `\n`, `\r`, else `\u{1B}` style),
/// DEL U+007F, the C1 controls U+0080–U+009F, the line and paragraph separators
/// U+2028/U+2029, the byte-order mark U+FEFF, and the bidirectional controls (U+061C,
/// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). Everything else, backslashes included, is
/// kept, so escaping is idempotent: escaping an escaped text changes nothing, and a key
/// written `"\name"` in a JSON file reads back as `\name`, as it was typed.
package enum EchoedText {
  /// `text` with every character of the rule above written as an escape.
  /// - Complexity: O(text.unicodeScalars.count).
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\0": result += "\\0"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// True for the characters ``escaped(_:)`` rewrites.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0x2028, 0x2029, 0xFEFF: return true
    default: return false
    }
  }
}
