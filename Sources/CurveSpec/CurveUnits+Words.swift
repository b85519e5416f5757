import CurveCore

/// The one place the words of errors and advice about a spec's values are decided: a spec
/// written in units (a time unit, or percent) is answered in them, with points counted from 1
/// ("point 3", "hour 6", "45 %"); a normalized spec keeps its normalized wording (`t = 0.6`,
/// JSON paths). The CLI, the studio and the library only present these texts.
extension CurveUnits {
  /// True when the values are written in a unit (a time unit or percent): messages then name
  /// points by number and values in the unit, never by JSON path or normalized t.
  public var speaksInUnits: Bool { duration != nil || percent }

  /// A number as written: shortest round-trip, without a trailing ".0" ("12", "12.5").
  public static func text(_ value: Double) -> String {
    let text = (value == 0 ? 0 : value).description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A time given in these units, as written: "hour 6", "day 2.5", or "t = 0.6".
  public func describe(givenTime time: Double) -> String {
    duration == nil ? "t = \(Self.text(time))" : "\(timeUnit.singular) \(Self.text(time))"
  }

  /// A level given in these units, as written: "45 %" or "0.45".
  public func describe(givenLevel level: Double) -> String {
    percent ? "\(Self.text(level)) %" : Self.text(level)
  }

  /// A point given in these units: "hour 6, 45 %" (or "t = 0.6, 0.45").
  public func describe(givenPoint point: DataPoint) -> String {
    "\(describe(givenTime: point.t)), \(describe(givenLevel: point.y))"
  }

  /// A slope (fraction per normalized time) for people: "-5 percentage points per hour",
  /// "-0.05 per day" (three significant decimals at most), or "f′ = -0.5" in normalized units.
  public func describe(slope: Double) -> String {
    guard speaksInUnits else { return "f′ = \(slope)" }
    let shown = display(slope: slope)
    let magnitude = Swift.abs(shown)
    var decimals = 1
    while decimals < 6, magnitude != 0, magnitude < 1 / Self.power(decimals) { decimals += 1 }
    let number = Self.rounded(shown, decimals: decimals + 1, trimmed: true)
    let per = duration == nil ? "per unit of t" : "per \(timeUnit.singular)"
    return percent ? "\(number) percentage points \(per)" : "\(number) \(per)"
  }

  /// A normalized equality constraint for people: "45 % at hour 6", "a slope of -5 percentage
  /// points per hour at hour 6"; its CLI spelling (`value@0.6=0.45`) in normalized units.
  public func describe(constraint: FitConstraint) -> String {
    guard speaksInUnits else { return constraint.description }
    switch constraint {
    case .value(let t, let level): return "\(describe(bound: level)) at \(describe(time: t))"
    case .slope(let t, let slope): return "a slope of \(describe(slope: slope)) at \(describe(time: t))"
    }
  }

  /// A normalized milestone for people: "≥ 10 % until hour 9"; its CLI spelling
  /// (`at least 0.1 until t = 0.9`) in normalized units.
  public func describe(milestone: Milestone) -> String {
    speaksInUnits ? milestone.describe(in: self) : milestone.description
  }

  /// The depletion endpoints for people: "(100 % at hour 0, 0 % at hour 10)", or
  /// "f(0) = 1, f(1) = 0" in normalized units.
  public var endpointsDescription: String {
    guard speaksInUnits else { return "f(0) = 1, f(1) = 0" }
    return "(\(describe(bound: 1)) at \(describe(time: 0)), \(describe(bound: 0)) at \(describe(time: 1)))"
  }

  /// The span of time for people: "hours 0…10" or "[0, 1]".
  public var spanDescription: String {
    duration.map { "\(timeUnit.plural) 0…\(Self.text($0))" } ?? "[0, 1]"
  }

  /// Degrees that work, as advice: "degree 3 works", "degrees 2 and 3 work",
  /// "degrees 1 to 3 work" (`setting` spells the setting, e.g. `"degree": `), or nil when none does.
  public static func workingDegrees(_ degrees: [Int], setting: String) -> String? {
    guard let first = degrees.first, let last = degrees.last else { return nil }
    let consecutive = degrees.count == last - first + 1
    let list: String
    switch degrees.count {
    case 1: return "degree \(first) works (\(setting)\(first))"
    case 2: list = "degrees \(first) and \(last)"
    default:
      list =
        consecutive
        ? "degrees \(first) to \(last)"
        : "degrees " + degrees.dropLast().map { "\($0)" }.joined(separator: ", ") + " and \(last)"
    }
    return "\(list) work (\(setting)\(first))"
  }

  static func power(_ decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return scale
  }
}

/// A spec field in the designer's words, for a spec written in units: `points[2][0]` is
/// "point 3", `milestones[0].until` "milestone 1", `constraints[1].t` "constraint 2",
/// `weights[4]` "the weight of point 5"; any other field keeps its key.
package enum SpecFieldWords {
  /// `field` in words (see the type's summary).
  package static func words(for field: String) -> String {
    guard let open = field.firstIndex(of: "["), let close = field[open...].firstIndex(of: "]"),
      let index = Int(field[field.index(after: open)..<close]), index >= 0, index < Int.max
    else { return field }
    let number = index + 1
    switch field[..<open] {
    case "points": return "point \(number)"
    case "milestones": return "milestone \(number)"
    case "constraints": return "constraint \(number)"
    case "weights": return "the weight of point \(number)"
    default: return field
    }
  }
}
