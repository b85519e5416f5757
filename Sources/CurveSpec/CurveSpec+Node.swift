extension CurveSpec {
  /// Decodes a spec from an already parsed JSON node, for example the `spec` member of a
  /// studio request body, with the same strict validation as ``parse(utf8:sourceName:)``.
  /// - Throws: ``SpecError`` naming the field (see ``SpecError/field``).
  package static func decode(_ node: JSONNode, sourceName: String) throws(SpecError) -> CurveSpec {
    try SpecDecoder(source: sourceName, meter: NoWorkMeter()).decodeSpec(node)
  }
}

extension SpecError {
  /// The spec field the error is about, as a path such as `points[3][0]`, `weights[1]`,
  /// `codegen.typeName` or `name`; nil when the error is not about one field (malformed JSON,
  /// an unreadable file).
  ///
  /// Every spec error message starts with the field's path and a colon, or says which field
  /// is missing or unknown; this reads it back from there.
  public var field: String? {
    for marker in ["missing required field \"", "unknown field \""] where message.hasPrefix(marker) {
      return message.dropFirst(marker.count).split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
    guard let colon = message.firstIndex(of: ":"), message[colon...].hasPrefix(": ") else { return nil }
    let path = message[..<colon]
    return Self.isFieldPath(path) ? String(path) : nil
  }

  /// `name`, `points[3][0]`, `constraints[1].t`, `codegen.typeName`: identifiers joined by
  /// `.`, each followed by any number of `[index]`.
  static func isFieldPath(_ text: Substring) -> Bool {
    var expectingName = true
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if expectingName {
        guard character.isASCII, character.isLetter else { return false }
        while index < text.endIndex, text[index].isASCII, text[index].isLetter || text[index].isNumber {
          index = text.index(after: index)
        }
        expectingName = false
        continue
      }
      switch character {
      case ".":
        expectingName = true
        index = text.index(after: index)
      case "[":
        index = text.index(after: index)
        let digits = text[index...].prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return false }
        index = digits.endIndex
        guard index < text.endIndex, text[index] == "]" else { return false }
        index = text.index(after: index)
      default: return false
      }
    }
    return !expectingName
  }
}
