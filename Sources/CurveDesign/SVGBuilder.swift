import CurveCore
import CurveSpec

/// A minimal, deterministic SVG/XML writer: elements are appended in order, attributes
/// keep the order given, text is escaped, and numbers go through ``PlotNumber``.
struct SVGBuilder {
  /// The document text so far.
  private(set) var text = ""
  private var depth = 0

  /// Appends raw text (the XML declaration).
  mutating func raw(_ content: String) {
    text += content
  }

  /// Appends `<name a="v" …/>`.
  mutating func empty(_ name: String, _ attributes: [(String, String)]) {
    text += indent + "<\(name)\(Self.attributeText(attributes))/>\n"
  }

  /// Appends `<name …>text</name>` with the text escaped.
  mutating func text(_ name: String, _ attributes: [(String, String)], _ content: String) {
    text += indent + "<\(name)\(Self.attributeText(attributes))>\(Self.escape(content))</\(name)>\n"
  }

  /// Appends `<name …>`, the children `body` writes, then `</name>`.
  mutating func group(_ name: String, _ attributes: [(String, String)], _ body: (inout SVGBuilder) -> Void) {
    text += indent + "<\(name)\(Self.attributeText(attributes))>\n"
    depth += 1
    body(&self)
    depth -= 1
    text += indent + "</\(name)>\n"
  }

  /// Appends a comment (the text must not contain `--`; dashes are replaced).
  mutating func comment(_ content: String) {
    text += indent + "<!-- \(content.replacingDoubleDashes()) -->\n"
  }

  private var indent: String { String(repeating: "  ", count: depth) }

  private static func attributeText(_ attributes: [(String, String)]) -> String {
    attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
  }

  /// Escapes the five XML special characters, and writes control characters (which XML 1.0
  /// does not allow, even as references) and bidirectional controls as CurveCore's visible
  /// escapes (`\n`, `\u{202E}`), so a spec name can neither break nor reorder the document.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in EchoedText.escaped(text) {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}

extension String {
  fileprivate func replacingDoubleDashes() -> String {
    var result = self
    while result.containsText("--") {
      result = result.split(separator: "-", omittingEmptySubsequences: false).joined(separator: "–")
    }
    return result
  }
}

/// Deterministic number text for plots: fixed decimals for coordinates, a few
/// significant digits for labels, always through Swift's shortest round-trip printing.
public enum PlotNumber {
  /// `value` rounded to `decimals` places (0…6), printed without a trailing `.0` and
  /// never as `-0`. Rounding divides an integer by an exact power of ten, so the
  /// result is the double nearest the decimal and prints as that decimal.
  public static func fixed(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "0" }
    let places = max(0, min(6, decimals))
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale + 0.0
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return "\(Int64(rounded))"  // Int64: below 1e15 but above a 32-bit Int
    }
    return "\(rounded)"
  }

  /// `value` to `digits` significant digits (1…15), e.g. 0.0012345 → `0.00123`,
  /// 1.3877e-17 → `1.39e-17` (scientific below 1e-4). Zero prints as `0`; ±∞ and NaN
  /// print as `∞`, `−∞` and `undefined`.
  public static func significant(_ value: Double, digits: Int = 3) -> String {
    guard !value.isNaN else { return "undefined" }
    guard value.isFinite else { return value < 0 ? "−∞" : "∞" }
    guard value != 0 else { return "0" }
    let places = max(1, min(15, digits))
    var exponent = 0
    var magnitude = abs(value)
    while magnitude >= 10 {
      magnitude /= 10
      exponent += 1
    }
    while magnitude < 1 {
      magnitude *= 10
      exponent -= 1
    }
    if exponent < -4 || exponent >= 15 {
      var mantissa = Double(fixed(magnitude, decimals: places - 1)) ?? magnitude
      if mantissa >= 10 {
        mantissa /= 10
        exponent += 1
      }
      return (value < 0 ? "-" : "") + fixed(mantissa, decimals: places - 1) + "e\(exponent)"
    }
    let shift = places - 1 - exponent
    var power = 1.0
    for _ in 0..<abs(shift) { power *= 10 }
    let rounded = shift >= 0 ? (value * power).rounded() / power : (value / power).rounded() * power
    let result = rounded + 0.0
    if result == result.rounded(), abs(result) < 1e15 { return "\(Int64(result))" }
    return "\(result)"
  }
}
