import CurveSpec

/// Durations on the command line: a positive decimal number and a unit, with no space, as in
/// `30min`, `15m`, `1.5h`, `2d`, `1w`, `45s`.
///
/// Units: `s` seconds, `m` or `min` minutes (never months), `h` hours, `d` days of 86 400 s,
/// `w` weeks of 7 days. The unit is required (a bare `30` is refused: seconds or minutes?).
package enum DurationArgument {
  /// The time unit of each suffix (`min` before `m`, which it ends with).
  static let units: [(suffix: String, unit: TimeUnit)] = [
    ("min", .minutes), ("s", .seconds), ("m", .minutes), ("h", .hours), ("d", .days), ("w", .weeks),
  ]

  /// The duration in seconds, finite and positive.
  /// - Throws: ``UsageError`` naming `what` and the text when it is not a positive number
  ///   followed by one of the units, or overflows.
  package static func seconds(_ text: String, what: String) throws(UsageError) -> Double {
    let (value, unit) = try parse(text, what: what)
    let seconds = value * (unit.secondsPerUnit ?? 1)
    guard seconds.isFinite, seconds > 0 else { throw problem(text, what: what) }
    return seconds
  }

  /// The number and its unit as written: `10h` is (10, hours), `36h` is (36, hours), never
  /// converted (so a time in hours divides by a period in hours, exactly).
  /// - Throws: ``UsageError`` naming `what` and the text when it is not a positive finite
  ///   number followed by one of the units; a bare number is told to add one.
  package static func parse(_ text: String, what: String) throws(UsageError) -> (value: Double, unit: TimeUnit) {
    guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else {
      if isDecimal(text), Double(text) != nil {
        throw UsageError(
          "\(what): '\(text)' has no unit; write it with one, e.g. \(text)h or \(text)d (units s, m or min, h, d, w)")
      }
      throw problem(text, what: what)
    }
    let number = String(text.dropLast(unit.suffix.count))
    guard isDecimal(number), let value = Double(number), value > 0, value.isFinite else {
      throw problem(text, what: what)
    }
    return (value, unit.unit)
  }

  /// Digits with at most inner dots: `1.5`, `30`, not `.5`, `5.` or `-1`.
  private static func isDecimal(_ text: String) -> Bool {
    let allowed = text.unicodeScalars.allSatisfy { ($0.value >= 48 && $0.value <= 57) || $0 == "." }
    return allowed && !text.isEmpty && text.unicodeScalars.first != "." && text.unicodeScalars.last != "."
  }

  private static func problem(_ text: String, what: String) -> UsageError {
    UsageError(
      "\(what): '\(text)' is not a duration such as 30min, 30m, 15min, 1.5h, 2d or 1w (units s, m or min, h, d, w)")
  }
}
