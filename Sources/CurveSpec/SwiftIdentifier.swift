/// Validation and derivation of the Swift type names used by generated code.
package enum SwiftIdentifier {
  /// Swift's reserved words that cannot name a type without backticks.
  package static let reservedWords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
    "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
  ]

  /// Names the generated file itself uses; a namespace with one of these names would
  /// shadow it and the file would not compile.
  package static let shadowingNames: Set<String> = [
    "Double", "Int", "Bool", "String", "Array", "Optional", "Sendable", "Hashable", "Date", "TimeInterval",
    "Swift", "Foundation", "Glibc", "Musl", "Darwin", "ucrt", "CubicInverseKernel",
  ]

  /// Why `name` cannot name a generated curve type, or nil when it can: the one check of
  /// a type name, used by the spec reader (with the spec's file:line:column) and by the
  /// CLI's `--type-name`.
  ///
  /// Accepted: an ASCII letter or underscore followed by ASCII letters, digits or
  /// underscores, that is not a reserved word and does not shadow a name the generated
  /// file uses (``shadowingNames``). ASCII-only keeps generated files portable.
  package static func problem(withTypeName name: String) -> String? {
    guard let first = name.unicodeScalars.first else { return "the type name is empty" }
    if reservedWords.contains(name) { return "'\(name)' is a Swift keyword" }
    if shadowingNames.contains(name) { return "'\(name)' would shadow '\(name)', which the generated code uses" }
    guard first == "_" || isLetter(first) else {
      return "'\(name)' is not a valid Swift identifier: it must start with a letter or underscore"
    }
    if let bad = name.unicodeScalars.first(where: { !($0 == "_" || isLetter($0) || isDigit($0)) }) {
      return "'\(name)' is not a valid Swift identifier: character '\(bad.escaped(asASCII: true))' is not allowed"
    }
    return nil
  }

  /// An UpperCamelCase type name derived from a free-form curve name, e.g.
  /// `"steep start"` → `SteepStart`, `"depletion-curve v2"` → `DepletionCurveV2`,
  /// `"Füllstand"` → `Fullstand`, `"Straße"` → `Strasse`: Latin letters with diacritics and
  /// ligatures are spelled in ASCII first (``latinRows``), combining marks are dropped, and
  /// every other character separates words.
  /// Returns nil when no valid identifier can be derived (for example, only punctuation).
  package static func typeName(fromCurveName curveName: String) -> String? {
    var result = ""
    var upperNext = true
    for scalar in curveName.unicodeScalars where !isCombiningMark(scalar) {
      guard let spelling = asciiSpelling(of: scalar) else {
        upperNext = true
        continue
      }
      for letter in spelling.unicodeScalars {
        result.unicodeScalars.append(upperNext ? Unicode.Scalar(uppercased(letter)) : letter)
        upperNext = false
      }
    }
    if let first = result.unicodeScalars.first, isDigit(first) { result = "Curve" + result }
    return problem(withTypeName: result) == nil ? result : nil
  }

  static func isLetter(_ s: Unicode.Scalar) -> Bool {
    (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
  }

  static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

  private static func uppercased(_ s: Unicode.Scalar) -> UInt8 {
    let value = UInt8(truncatingIfNeeded: s.value)
    return value >= 0x61 && value <= 0x7A ? value - 0x20 : value
  }
}
