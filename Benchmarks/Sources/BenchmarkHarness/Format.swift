/// Number formatting for the human-readable report (the JSON keeps every figure in full
/// shortest round-trip form).
public enum Format {
  /// A time in ns with three significant digits: `0.412 ns`, `41.2 ns`, `1.23 ms`.
  public static func nanoseconds(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value >= 1e9 { return significant(value / 1e9) + " s" }
    if value >= 1e6 { return significant(value / 1e6) + " ms" }
    if value >= 1e3 { return significant(value / 1e3) + " µs" }
    return significant(value) + " ns"
  }

  /// `value` rounded to three significant digits, without exponent, for 1e-3 ≤ |value| < 1e6.
  public static func significant(_ value: Double, digits: Int = 3) -> String {
    guard value.isFinite, value != 0 else { return value == 0 ? "0" : "–" }
    var magnitude = 0
    var scaled = abs(value)
    while scaled >= 10 {
      scaled /= 10
      magnitude += 1
    }
    while scaled < 1 {
      scaled *= 10
      magnitude -= 1
    }
    let decimals = max(0, digits - 1 - magnitude)
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let rounded = (abs(value) * factor).rounded() / factor
    var text = decimals == 0 ? String(Int(rounded)) : String(rounded)
    // Pad trailing zeros so every figure shows its digits (0.5 → 0.500).
    if decimals > 0 {
      let fraction = text.split(separator: ".").last.map(String.init) ?? ""
      if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
    }
    return (value < 0 ? "-" : "") + text
  }

  /// An error in scientific form with two significant digits: `4.4e-16`, `0`.
  public static func scientific(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "NaN" : "∞" }
    if value == 0 { return "0" }
    var exponent = 0
    var mantissa = abs(value)
    while mantissa >= 10 {
      mantissa /= 10
      exponent += 1
    }
    while mantissa < 1 {
      mantissa *= 10
      exponent -= 1
    }
    var rounded = (mantissa * 10).rounded() / 10
    if rounded >= 10 {
      rounded /= 10
      exponent += 1
    }
    return (value < 0 ? "-" : "") + String(rounded) + "e" + String(exponent)
  }

  /// A ratio: `23.4×`.
  public static func ratio(_ value: Double) -> String {
    value.isFinite ? significant(value) + "×" : "–"
  }
}
