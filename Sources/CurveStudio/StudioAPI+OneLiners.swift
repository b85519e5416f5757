import CurveDesign
import CurveEasing
import CurveSpec

extension StudioAPI {
  /// The longest animation the one-liners accept, in milliseconds (an hour).
  static let longestAnimationMilliseconds = 3_600_000.0

  /// One line per platform, as each writes the easing, from the rounded easing
  /// (``EasingExport/pastedEasing(precision:)``: the fewest decimals within 0.1 pp of the curve,
  /// or the precision asked for): CSS `cubic-bezier(…)`, SwiftUI's `Animation.timingCurve` over
  /// `milliseconds`, Compose's ``EasingExport/composeExpression(_:)`` and the Web Animations
  /// options a TypeScript `element.animate(keyframes, …)` takes; plus how far the rounding moved
  /// the easing, in words.
  static func oneLiners(_ export: EasingExport, precision: Int?, milliseconds: Double, period: CurveUnits?)
    -> JSONValue?
  {
    guard let rounded = try? export.pastedEasing(precision: precision) else { return nil }
    let values = rounded.texts.joined(separator: ", ")
    let seconds = milliseconds / 1000
    return .object([
      ("css", .string(rounded.cssFunction)),
      ("swiftui", .string("Animation.timingCurve(\(values), duration: \(seconds))")),
      ("compose", .string(EasingExport.composeExpression(rounded))),
      ("waapi", .string("{ duration: \(Self.integerText(milliseconds)), easing: '\(rounded.cssFunction)' }")),
      ("precision", .integer(rounded.precision)),
      ("rounding", .string("rounded to \(rounded.precision) decimals: \(rounded.deviationSummary(period: period))")),
    ])
  }

  /// A whole number of milliseconds as written in code (`350`, not `350.0`).
  static func integerText(_ value: Double) -> String {
    let whole = value.rounded()
    return whole == value && abs(whole) < 0x1p53 ? String(Int64(whole)) : value.description
  }

  /// The animation duration of `?durationMs=`, or 350 ms (SwiftUI's default); nil when invalid.
  static func animationMilliseconds(_ text: String?) -> Double? {
    guard let text else { return 350 }
    guard let value = Double(text) else { return nil }
    return animationMilliseconds(value)
  }

  /// `value` when it is a valid animation duration in milliseconds (positive, at most
  /// ``longestAnimationMilliseconds``), 350 ms when nil; nil when invalid.
  static func animationMilliseconds(_ value: Double?) -> Double? {
    guard let value else { return 350 }
    guard value.isFinite, value > 0, value <= longestAnimationMilliseconds else { return nil }
    return value
  }

  /// The refusal of an invalid animation duration, in the words of both hosts.
  static var animationDurationRefusal: Failure {
    let longest = integerText(longestAnimationMilliseconds)
    return Failure(status: 400, message: "durationMs must be a positive number of milliseconds, at most \(longest)")
  }
}
