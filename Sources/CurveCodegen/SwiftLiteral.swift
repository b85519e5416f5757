import CurveCore

/// Swift source spellings of values, chosen so the compiler reads back exactly the value
/// written.
public enum SwiftLiteral {
  /// A `Double` literal that round-trips bit for bit: Swift's shortest round-trip
  /// `description` for normal numbers and zeros (the compiler's literal conversion is
  /// correctly rounded), and `Double(bitPattern:)` for subnormals, whose decimal literals
  /// the compiler warns about.
  /// - Throws: ``CodegenError/nonFiniteValue(_:)`` naming `what` for NaN or infinity.
  public static func double(_ value: Double, what: String) throws(CodegenError) -> String {
    guard value.isFinite else { throw .nonFiniteValue(what) }
    if value.isSubnormal {
      return "Double(bitPattern: 0x\(String(value.bitPattern, radix: 16)))"
    }
    return value.description
  }

  /// A `//` comment line's text with control characters (C0, DEL, C1, the line and
  /// paragraph separators) and bidirectional controls replaced by spaces, so free text from a
  /// spec (names, file names, descriptions) can never end the comment early or make the
  /// source read differently from how it compiles.
  public static func commentText(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { EchoedText.needsEscape($0) ? " " : $0 }))
  }
}
