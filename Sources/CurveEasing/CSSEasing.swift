/// Reading CSS easing functions: `cubic-bezier(x1, y1, x2, y2)`, the cubic keywords,
/// and the bare `x1, y1, x2, y2` form design tools (Figma, cubic-bezier.com) copy.
public enum CSSEasing {
  /// The CSS keywords that are cubic Béziers, with their control values
  /// (CSS Easing Functions Level 1, §2.2).
  public static let keywords: [(name: String, controls: [Double])] = [
    ("linear", [0, 0, 1, 1]),
    ("ease", [0.25, 0.1, 0.25, 1]),
    ("ease-in", [0.42, 0, 1, 1]),
    ("ease-out", [0, 0, 0.58, 1]),
    ("ease-in-out", [0.42, 0, 0.58, 1]),
  ]

  /// Parses one easing.
  ///
  /// Accepts `cubic-bezier(x1, y1, x2, y2)` (function name case-insensitive, any spaces),
  /// a keyword from ``keywords``, or four comma-separated numbers. Numbers use CSS syntax:
  /// optional sign, digits with an optional fraction, optional exponent.
  /// - Throws: ``EasingError/unparsableEasing(text:reason:)`` for anything else (including
  ///   `steps()` and `linear()` lists, which are not Béziers), and
  ///   ``EasingError/easingXOutOfRange(name:value:)`` for x1 or x2 outside [0, 1].
  /// - Complexity: O(length of text).
  public static func parse(_ text: String) throws(EasingError) -> CubicBezierEasing {
    let trimmed = text.trimmingWhitespace()
    let lowered = trimmed.lowercased()
    if let keyword = keywords.first(where: { $0.name == lowered }) {
      let c = keyword.controls
      return try CubicBezierEasing(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
    }
    var arguments = Substring(trimmed)
    if lowered.hasPrefix("cubic-bezier") {
      arguments = arguments.dropFirst("cubic-bezier".count)
      arguments = Substring(String(arguments).trimmingWhitespace())
      guard arguments.first == "(", arguments.last == ")" else {
        throw .unparsableEasing(text: text, reason: "expected cubic-bezier(x1, y1, x2, y2)")
      }
      arguments = arguments.dropFirst().dropLast()
    } else if lowered.contains("(") {
      let function = lowered.prefix(while: { $0 != "(" })
      throw .unparsableEasing(
        text: text,
        reason: "'\(function)()' is not a cubic Bézier; only cubic-bezier() and its keywords can be imported")
    } else if !lowered.contains(",") {
      let names = keywords.map { $0.name }.joined(separator: ", ")
      throw .unparsableEasing(
        text: text, reason: "unknown keyword (expected cubic-bezier(x1, y1, x2, y2) or one of: \(names))")
    }
    let parts = arguments.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw .unparsableEasing(text: text, reason: "expected 4 comma-separated numbers, found \(parts.count)")
    }
    var values: [Double] = []
    for (index, part) in parts.enumerated() {
      let item = String(part).trimmingWhitespace()
      guard let value = number(item) else {
        let name = ["x1", "y1", "x2", "y2"][index]
        throw .unparsableEasing(text: text, reason: "\(name) '\(item)' is not a number")
      }
      values.append(value)
    }
    return try CubicBezierEasing(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
  }

  /// A CSS `<number>`: `[+-]? (digits | digits? . digits) ([eE] [+-]? digits)?`, finite.
  static func number(_ text: String) -> Double? {
    var scalars = Substring(text).unicodeScalars[...]
    func digits() -> Int {
      var count = 0
      while let first = scalars.first, ("0"..."9").contains(first) {
        scalars.removeFirst()
        count += 1
      }
      return count
    }
    if let sign = scalars.first, sign == "+" || sign == "-" { scalars.removeFirst() }
    var mantissaDigits = digits()
    if scalars.first == "." {
      scalars.removeFirst()
      let fraction = digits()
      guard fraction > 0 else { return nil }
      mantissaDigits += fraction
    }
    guard mantissaDigits > 0 else { return nil }
    if let e = scalars.first, e == "e" || e == "E" {
      scalars.removeFirst()
      if let sign = scalars.first, sign == "+" || sign == "-" { scalars.removeFirst() }
      guard digits() > 0 else { return nil }
    }
    guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[start...end])
  }
}
