/// Durations on the command line: a positive decimal number and a unit, with no space, as in
/// `30min`, `15m`, `1.5h`, `2d`, `1w`, `45s`.
///
/// Units: `s` seconds, `m` or `min` minutes (never months), `h` hours, `d` days of 86 400 s,
/// `w` weeks of 7 days. The unit is required (a bare `30` is refused: seconds or minutes?).
package enum DurationArgument {
  /// Seconds per unit, by suffix.
  static let units: [(suffix: String, seconds: Double)] = [
    ("min", 60), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400), ("w", 604_800),
  ]

  /// The duration in seconds, finite and positive.
  /// - Throws: ``UsageError`` naming `what` and the text when it is not a positive number
  ///   followed by one of the units, or overflows.
  package static func seconds(_ text: String, what: String) throws(UsageError) -> Double {
    let problem = UsageError(
      "\(what): '\(text)' is not a duration such as 30min, 30m, 15min, 1.5h, 2d or 1w (units s, m or min, h, d, w)")
    guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { throw problem }
    let number = String(text.dropLast(unit.suffix.count))
    let allowed = number.unicodeScalars.allSatisfy { ($0.value >= 48 && $0.value <= 57) || $0 == "." }
    guard allowed, number.unicodeScalars.first != ".", number.unicodeScalars.last != ".",
      let value = Double(number), value > 0
    else { throw problem }
    let seconds = value * unit.seconds
    guard seconds.isFinite, seconds > 0 else { throw problem }
    return seconds
  }
}
