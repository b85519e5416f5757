import CurveEasing
import CurveSpec

extension LinearEasing {
  /// The CSS function, e.g. `linear(0, 0.01234 5%, …, 1)`: each stop's output progress, then
  /// its input position as a percentage (left out at 0 % and 100 %).
  public var cssFunction: String {
    let parts = stops.enumerated().map { index, stop -> String in
      let value = Self.text(stop.progress, places: decimals)
      if index == 0 || index == stops.count - 1 { return value }
      return value + " " + Self.text(stop.time * 100, places: 2) + "%"
    }
    return "linear(" + parts.joined(separator: ", ") + ")"
  }

  /// `value` with at most `places` decimals and no trailing zeros ("0.5", "12.34", "1").
  static func text(_ value: Double, places: Int) -> String {
    let text = CurveUnits.rounded(value, decimals: places, trimmed: true)
    guard text.contains("e") else { return text }
    // Tiny values print in exponent form; CSS reads plain decimals everywhere, so write them out.
    var digits = "0."
    var remaining = abs((value * power10(places)).rounded() / power10(places))
    for _ in 0..<places {
      remaining *= 10
      let digit = Int(remaining.rounded(.down))
      digits += String(digit)
      remaining -= Double(digit)
    }
    while digits.hasSuffix("0") { digits.removeLast() }
    return (value < 0 ? "-" : "") + digits
  }

  /// The certified error in percentage points, for people: "0.084".
  public var certifiedPercentagePoints: String { Self.text(certifiedError * 100, places: 4) }
}
