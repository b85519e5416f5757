import Foundation

/// ISO 8601 date-times on the command line, as Unix seconds, in UTC: a strict reader and a
/// writer with millisecond resolution. Deterministic, independent of locale and time zone.
package enum ISO8601Time {
  /// The Unix seconds of `date`, rounded up: the least double u with
  /// `Date(timeIntervalSince1970: u) >= date`. `Date` counts from 2001, so its Unix seconds are
  /// one rounding away; rounding up keeps a change date at or after the change.
  package static func unixSeconds(of date: Date) -> Double {
    var unix = date.timeIntervalSince1970
    var remaining = 4
    while remaining > 0 && Date(timeIntervalSince1970: unix) < date {
      unix = unix.nextUp
      remaining -= 1
    }
    return unix
  }

  /// Unix seconds of `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
  /// - Throws: ``UsageError`` naming `what` and the text when it is not of that form or names
  ///   no valid date (month 13, second 61, …).
  package static func parse(_ text: String, what: String) throws(UsageError) -> Double {
    let problem = UsageError(
      "\(what): '\(text)' is not an ISO 8601 date-time such as 2026-01-05T08:00:00Z or 2026-01-05T09:00:00.5+01:00")
    let scalars = Array(text.unicodeScalars)
    var index = 0
    func digits(_ count: Int) throws(UsageError) -> Int {
      var value = 0
      for _ in 0..<count {
        guard index < scalars.count, isDigit(scalars[index]) else { throw problem }
        value = value * 10 + Int(scalars[index].value - 48)
        index += 1
      }
      return value
    }
    func expect(_ character: Unicode.Scalar) throws(UsageError) {
      guard index < scalars.count, scalars[index] == character else { throw problem }
      index += 1
    }
    let year = try digits(4)
    try expect("-")
    let month = try digits(2)
    try expect("-")
    let day = try digits(2)
    try expect("T")
    let hour = try digits(2)
    try expect(":")
    let minute = try digits(2)
    try expect(":")
    let second = try digits(2)
    var fraction = 0.0
    if index < scalars.count, scalars[index] == "." {
      index += 1
      let start = index
      while index < scalars.count, isDigit(scalars[index]) {
        index += 1
      }
      guard index > start, let value = Double("0." + String(String.UnicodeScalarView(scalars[start..<index]))) else {
        throw problem
      }
      fraction = value
    }
    var offsetMinutes = 0
    guard index < scalars.count else { throw problem }
    if scalars[index] == "Z" {
      index += 1
    } else if scalars[index] == "+" || scalars[index] == "-" {
      let sign = scalars[index] == "-" ? -1 : 1
      index += 1
      let offsetHours = try digits(2)
      try expect(":")
      let offsetMinutesPart = try digits(2)
      guard offsetHours <= 23, offsetMinutesPart <= 59 else { throw problem }
      offsetMinutes = sign * (offsetHours * 60 + offsetMinutesPart)
    } else {
      throw problem
    }
    guard index == scalars.count else { throw problem }
    guard (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day), hour <= 23, minute <= 59,
      second <= 59
    else { throw problem }
    let days = daysFromCivil(year: year, month: month, day: day)
    // Int64: the seconds since 1970 pass Int32's range in 2038 (Int is 32 bits on wasm32).
    let whole = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offsetMinutes * 60)
    return Double(whole) + fraction
  }

  /// `unixSeconds` as `YYYY-MM-DDTHH:MM:SS.mmmZ`: its shortest round-trip decimal (the number
  /// `--json` prints) rounded up to the millisecond, so a change date prints as a time that
  /// already shows the change, and a whole millisecond prints as itself.
  package static func string(fromUnixSeconds unixSeconds: Double) -> String {
    let milliseconds = self.milliseconds(ofUnixSeconds: unixSeconds)
    let (wholeDays, remainder) = floorDivision(milliseconds, 86_400_000)
    let (days, rest) = (Int(wholeDays), Int(remainder))
    let (year, month, day) = civilFromDays(days)
    let hour = rest / 3_600_000
    let minute = rest / 60_000 % 60
    let second = rest / 1000 % 60
    let millisecond = rest % 1000
    func padded(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):"
      + "\(padded(second, 2)).\(padded(millisecond, 3))Z"
  }

  /// The shortest round-trip decimal of `unixSeconds` in milliseconds, rounded up (towards +∞).
  /// Int64, since milliseconds since 1970 are past Int32's range (Int is 32 bits on wasm32).
  static func milliseconds(ofUnixSeconds unixSeconds: Double) -> Int64 {
    let text = unixSeconds.description
    guard unixSeconds.isFinite, !text.contains("e") else { return Int64((unixSeconds * 1000).rounded(.up)) }
    let negative = text.hasPrefix("-")
    let parts = (negative ? text.dropFirst() : Substring(text)).split(separator: ".", omittingEmptySubsequences: false)
    var total = Int64(parts[0]) ?? 0
    let fraction = parts.count > 1 ? Array(parts[1].unicodeScalars) : []
    for index in 0..<3 {
      total = total * 10 + (index < fraction.count ? Int64(fraction[index].value) - 48 : 0)
    }
    let remainder = fraction.count > 3 && fraction[3...].contains { $0 != "0" }
    return negative ? -total : total + (remainder ? 1 : 0)
  }

  /// True for the ASCII digits 0–9.
  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

  /// The quotient rounded towards −∞ and the non-negative remainder.
  static func floorDivision<Integer: BinaryInteger>(_ value: Integer, _ divisor: Integer)
    -> (quotient: Integer, remainder: Integer)
  {
    let remainder = ((value % divisor) + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }

  /// The number of days in `month` of `year` (proleptic Gregorian).
  static func daysInMonth(_ month: Int, year: Int) -> Int {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivision(y, 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (civil_from_days).
  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = floorDivision(shifted, 146_097).quotient
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
