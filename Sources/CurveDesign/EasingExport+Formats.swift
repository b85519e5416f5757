import CurveCore
import CurveEasing
import CurveSpec

extension EasingExport {
  /// A CSS snippet with a certified `linear()` easing: a comment naming the curve, the bound it
  /// meets after the printed rounding and the stop count, then a `:root` custom property
  /// `--<name>-easing-linear`.
  /// - Parameters:
  ///   - name: the curve's name, for the comment and the property.
  ///   - linear: the easing (``LinearEasing``) of ``polynomial``.
  public func cssLinearSnippet(name: String, linear: LinearEasing) -> String {
    var text = "/* \(CubicBezierEasing.commentSafe(name)): progress = 1 − level, as CSS linear(). */\n"
    text +=
      "/* within \(linear.certifiedPercentagePoints) percentage points of the curve (certified, after rounding; "
      + "asked: \(LinearEasing.text(linear.maximumError * 100, places: 4))), \(linear.stops.count) stops. */\n"
    let property = "--\(CubicBezierEasing.kebabCase(name))-easing-linear"
    text += ":root {\n  \(property): \(linear.cssFunction);\n}\n"
    return text
  }

  /// A W3C Design Tokens (DTCG, format 2025.10) file: a `cubicBezier` token with the exact
  /// Bézier of the progress (`"$value": [x1, y1, x2, y2]`) and, when the curve has a duration,
  /// a `duration` token in milliseconds; `$extensions` under `dev.curvekit` records the curve's
  /// name and the Bézier's certified distance from the curve (0: it is exact).
  /// - Parameters:
  ///   - name: the curve's name: the group's key (kebab-case) and the recorded name.
  ///   - period: the curve's period, for the `duration` token (in ms: duration × seconds per
  ///     unit × 1000, one rounding).
  public func designTokens(name: String, period: CurveUnits?) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      (
        "easing",
        .object([
          ("$type", .string("cubicBezier")),
          ("$value", .numbers([easing.x1, easing.y1, easing.x2, easing.y2])),
          ("$description", .string("progress = 1 − level of \(name), exact (the cubic in t is this Bézier)")),
          (
            "$extensions",
            .object([
              (
                "dev.curvekit",
                .object([
                  ("name", .string(name)), ("certifiedErrorPercentagePoints", .number(0)),
                  ("coefficients", .numbers(polynomial.coefficients)),
                ])
              )
            ])
          ),
        ])
      )
    ]
    if let period, let days = period.duration, let perUnit = period.timeUnit.secondsPerUnit, days > 0, days.isFinite {
      members.append(
        (
          "duration",
          .object([
            ("$type", .string("duration")),
            ("$value", .object([("value", .number(days * (perUnit * 1_000))), ("unit", .string("ms"))])),
            (
              "$description",
              .string("the depletion period: \(LinearEasing.text(days, places: 6)) \(period.timeUnit.plural)")
            ),
          ])
        ))
    }
    return .object([(CubicBezierEasing.kebabCase(name), .object(members))])
  }
}

extension EasingExport {
  /// `--format compose`: a comment naming the curve, the decimals and the rounded easing's
  /// largest deviation from the curve (the CSS comment's sentence), then
  /// `val <name>Easing = CubicBezierEasing(…f, …f, …f, …f)` (androidx.compose.animation.core).
  /// - Parameters:
  ///   - name: the curve's name; the value is named after it (`depletionEasing`).
  ///   - rounded: the rounded easing, from ``pastedEasing(precision:)``.
  ///   - period: the curve's period, to name the time of the deviation in the designer's unit.
  public func composeSnippet(name: String, rounded: RoundedEasing, period: CurveUnits? = nil) -> String {
    var text = "// \(CubicBezierEasing.commentSafe(name)): progress = 1 − level, as a Compose CubicBezierEasing.\n"
    for note in easing.rangeNotes { text += "// note: \(note).\n" }
    text += "// rounded to \(rounded.precision) decimals: \(rounded.deviationSummary(period: period)).\n"
    text += "// import androidx.compose.animation.core.CubicBezierEasing\n"
    text += "val \(CubicBezierEasing.lowerCamelCase(name))Easing = \(Self.composeExpression(rounded))\n"
    return text
  }
}
