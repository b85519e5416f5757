import CurveCore
import CurveSchedule
import CurveSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a page needs to draw a resolved curve, computed once here so that no page re-derives
/// it (the studio's fit answers carry it as `"plot"`, next to `fit --json`'s members): the unit
/// scales, the panels' ranges, the time ticks in the designer's unit, the curve and its slope
/// as Hermite knots, and the times where the widget's percentage changes, for the preview.
///
/// A page draws each pair of consecutive knots (t₀, f₀, f′₀), (t₁, f₁, f′₁) as the cubic
/// Bézier with controls f₀ + h·f′₀/3 and f₁ − h·f′₁/3 (h = t₁ − t₀): exact for a cubic
/// (two knots) and for its quadratic slope, within drawing precision above (64 segments).
package struct PlotData {
  let curve: FittedCurve

  /// The plot data of `curve`.
  package init(_ curve: FittedCurve) { self.curve = curve }

  /// Segments per curve above degree 3.
  package static let segments = 64
  /// The grid the preview's percentage changes are searched on (then bisected to the double).
  static let percentageGrid = 1024

  /// The `"plot"` object.
  package var json: JSONValue {
    let polynomial = curve.polynomial
    let slope = polynomial.derivative()
    var levelLow = 0.0
    var levelHigh = 1.0
    var slopeLow = 0.0
    var slopeHigh = 0.0
    for k in 0...100 {
      let t = Double(k) / 100
      levelLow = min(levelLow, polynomial.value(at: t))
      levelHigh = max(levelHigh, polynomial.value(at: t))
      slopeLow = min(slopeLow, slope.value(at: t))
      slopeHigh = max(slopeHigh, slope.value(at: t))
    }
    return .object([
      ("units", unitsJSON),
      ("levelRange", .numbers([finite(levelLow, -1), finite(levelHigh, 2)])),
      ("slopeRange", .numbers([finite(slopeLow, -1e6), finite(slopeHigh, 1e6)])),
      ("timeTicks", timeTicks),
      ("curve", Self.knots(polynomial)),
      ("slopeCurve", Self.knots(slope)),
      ("percentages", percentageSteps),
    ])
  }

  /// Where the widget's percentage (``DepletionSchedule/widgetPercentage(forLevel:)``, the
  /// app's own rounding) changes on [0, 1]: `[[t, percentage], …]` from t = 0, each t the first
  /// double showing that percentage (bisected to adjacent doubles between grid points), so a
  /// preview shows at any time exactly what the app shows.
  var percentageSteps: JSONValue {
    let polynomial = curve.polynomial
    func percentage(_ t: Double) -> Int { DepletionSchedule.widgetPercentage(forLevel: polynomial.value(at: t)) }
    var steps: [(t: Double, percentage: Int)] = [(0, percentage(0))]
    var (from, shown) = (0.0, percentage(0))
    for k in 1...Self.percentageGrid {
      let to = Double(k) / Double(Self.percentageGrid)
      // Every change in (from, to]: the first one by bisection, then the rest of the cell.
      while percentage(to) != shown, steps.count < 10_000 {
        var (low, high) = (from, to)
        while true {
          let middle = low + (high - low) / 2
          if middle <= low || middle >= high { break }
          if percentage(middle) == shown { low = middle } else { high = middle }
        }
        shown = percentage(high)
        steps.append((high, shown))
        from = high
      }
      from = to
    }
    return .array(steps.map { .array([.number($0.t), .integer($0.percentage)]) })
  }

  /// `value` limited to ±|bound| when it is not finite or beyond it (a wild curve is clipped).
  func finite(_ value: Double, _ bound: Double) -> Double {
    guard value.isFinite else { return bound }
    return bound < 0 ? max(bound, value) : min(bound, value)
  }

  /// The spec's number units (what its points are written in) and the display units (the
  /// period's unit whenever a duration is known): `{"spec": {"timeScale", "levelScale"},
  /// "display": {"timeUnit", "duration", "durationDays", "percent"}}` (`durationDays` only for
  /// days, else null). A page multiplies by these; it knows no unit rule itself.
  var unitsJSON: JSONValue { Self.unitsJSON(spec: curve.spec?.units ?? curve.units, display: curve.units) }

  /// ``unitsJSON`` for a spec's number units and its display units.
  package static func unitsJSON(spec specUnits: CurveUnits, display: CurveUnits) -> JSONValue {
    .object([
      (
        "spec",
        .object([
          ("timeScale", .number(specUnits.duration ?? 1)), ("levelScale", .number(specUnits.percent ? 100 : 1)),
        ])
      ),
      (
        "display",
        .object([
          ("timeUnit", .string(display.timeUnit.rawValue)),
          ("duration", display.duration.map(JSONValue.number) ?? .null),
          ("durationDays", display.durationDays.map(JSONValue.number) ?? .null), ("percent", .bool(display.percent)),
        ])
      ),
    ])
  }

  /// The time axis in the designer's unit: about seven steps of 1, 2, 2.5 or 5 × 10ᵏ hours
  /// (days, …), or quarters of the period.
  var timeTicks: JSONValue {
    .array(Self.timeTicks(duration: curve.units.duration).map { tick($0.t, label: $0.label) })
  }

  func tick(_ t: Double, label: String) -> JSONValue { .object([("t", .number(t)), ("label", .string(label))]) }

  /// The one rule for a time axis, shared by the SVG plot and the studio: with a duration (in
  /// the designer's unit: hours, days, …), ticks every ``niceStep(_:)`` of duration/7, labelled
  /// in that unit with up to four significant digits; else the quarters of the period,
  /// labelled 0, 0.25, 0.5, 0.75, 1. Positions are normalized t.
  package static func timeTicks(duration: Double?) -> [(t: Double, label: String)] {
    guard let days = duration, days > 0, days.isFinite else {
      return (0...4).map { k in (Double(k) / 4, CurveUnits.rounded(Double(k) / 4, decimals: 2, trimmed: true)) }
    }
    let step = niceStep(days / 7)
    let count = Int((days / step).rounded(.down))
    return (0...max(0, min(count, 100))).map { k in (Double(k) * step / days, significant(Double(k) * step)) }
  }

  /// The smallest of 1, 2, 2.5, 5 × 10ᵏ that is at least `rough`.
  package static func niceStep(_ rough: Double) -> Double {
    guard rough.isFinite, rough > 0 else { return 1 }
    guard rough > 1e-290, rough < 1e290 else { return rough }
    var power = 1.0
    while power > rough { power /= 10 }
    while power * 10 <= rough { power *= 10 }
    for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * power >= rough { return factor * power }
    return 10 * power
  }

  /// `value` with at most four significant digits, shortest form ("2.5", "14", "0.125").
  static func significant(_ value: Double) -> String {
    guard value != 0, value.isFinite else { return "0" }
    let magnitude = Int(log10(abs(value)).rounded(.down))
    return CurveUnits.rounded(value, decimals: min(15, max(0, 3 - magnitude)), trimmed: true)
  }

  /// Hermite knots [t, f(t), f′(t)] of `polynomial` on [0, 1]: the ends for degree ≤ 3,
  /// ``segments`` + 1 evenly spaced ones above.
  static func knots(_ polynomial: Polynomial) -> JSONValue {
    let slope = polynomial.derivative()
    let count = polynomial.degree <= 3 ? 1 : segments
    return .array(
      (0...count).map { k in
        let t = Double(k) / Double(count)
        return .array([.number(t), .optionalNumber(polynomial.value(at: t)), .optionalNumber(slope.value(at: t))])
      })
  }
}
