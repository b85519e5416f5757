import CurveCore
import CurveEasing
import CurveSpec

extension CubicBezierEasing {
  /// One line per y control outside [0, 1], saying which platforms reject it; empty
  /// when both are inside.
  public var rangeNotes: [String] {
    controlValuesOutsideUnitInterval.map { entry in
      "\(entry.name) = \(entry.value) is outside [0, 1]: CSS, SwiftUI and Core Animation accept it (overshoot), "
        + "but UICubicTimingParameters and some design tools reject it"
    }
  }

  /// A CSS snippet: comments naming the curve and any range notes, then a `:root` rule
  /// with a custom property holding the easing, e.g. `--depletion-easing: cubic-bezier(…);`,
  /// for use as `transition-timing-function: var(--depletion-easing)`.
  /// - Parameters:
  ///   - name: the curve's name, used in the comment and the property name.
  ///   - rounded: a rounded form to offer next to the exact one: a second property
  ///     `--depletion-easing-rounded`, and a comment with its largest deviation.
  ///   - period: the curve's period (its unit and duration), to name the time of that
  ///     deviation in the designer's unit.
  public func cssSnippet(name: String, rounded: RoundedEasing? = nil, period: CurveUnits? = nil) -> String {
    var text = "/* \(Self.commentSafe(name)): progress = 1 − level, \(exactnessPhrase). */\n"
    for note in rangeNotes { text += "/* note: \(note). */\n" }
    if let rounded {
      text +=
        "/* rounded to \(rounded.precision) decimals: \(rounded.deviationSummary(period: period)). */\n"
    }
    let property = "--\(Self.kebabCase(name))-easing"
    text += ":root {\n  \(property): \(cssFunction);\n"
    if let rounded { text += "  \(property)-rounded: \(rounded.cssFunction);\n" }
    text += "}\n"
    return text
  }

  /// SwiftUI source: an `Animation.timingCurve` and a `UnitCurve.bezier` (iOS 17+)
  /// holding the easing, with comments naming the curve and any range notes.
  /// - Parameters:
  ///   - name: the curve's name; the declarations are named after it.
  ///   - duration: the animation's duration in seconds (SwiftUI's default is 0.35).
  ///   - rounded: a rounded form to offer next to the exact one: `…AnimationRounded` and
  ///     `…UnitCurveRounded`, after a comment with its largest deviation.
  ///   - period: the curve's period (its unit and duration), to name the time of that
  ///     deviation in the designer's unit.
  public func swiftUISnippet(
    name: String, duration: Double = 0.35, rounded: RoundedEasing? = nil, period: CurveUnits? = nil
  ) -> String {
    let base = Self.lowerCamelCase(name)
    var text = "// \(Self.commentSafe(name)): progress = 1 − level, \(exactnessPhrase).\n"
    for note in rangeNotes { text += "// note: \(note).\n" }
    text += Self.swiftUIDeclarations(base, [x1, y1, x2, y2].map { $0.description }, duration: duration)
    if let rounded {
      text += "// rounded to \(rounded.precision) decimals: \(rounded.deviationSummary(period: period)).\n"
      text += Self.swiftUIDeclarations(base, rounded.texts, duration: duration, suffix: "Rounded")
    }
    return text
  }

  /// `let <base>Animation<suffix> = Animation.timingCurve(…)` and the `UnitCurve.bezier`
  /// with the control values written as given (x1, y1, x2, y2).
  static func swiftUIDeclarations(_ base: String, _ values: [String], duration: Double, suffix: String = "")
    -> String
  {
    let (x1, y1, x2, y2) = (values[0], values[1], values[2], values[3])
    var text =
      "let \(base)Animation\(suffix) = Animation.timingCurve(\(x1), \(y1), \(x2), \(y2), duration: \(duration))\n"
    text += "let \(base)UnitCurve\(suffix) = UnitCurve.bezier(\n"
    text += "  startControlPoint: UnitPoint(x: \(x1), y: \(y1)),\n"
    text += "  endControlPoint: UnitPoint(x: \(x2), y: \(y2))\n"
    text += ")\n"
    return text
  }

  /// The easing as a JSON object: name, control values, the CSS function, the level's
  /// Bernstein control values, whether x(s) = s, and the range notes; with `rounded`, a
  /// `rounded` object: precision, the rounded control values and CSS function, the largest
  /// deviation (level units) and where (`t`, and the time in `period`'s unit named by it:
  /// `day`, `hour`, …), and the method.
  public func jsonValue(name: String, rounded: RoundedEasing? = nil, period: CurveUnits? = nil) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(name)),
      ("x1", .number(x1)), ("y1", .number(y1)), ("x2", .number(x2)), ("y2", .number(y2)),
      ("css", .string(cssFunction)),
      ("levelBernstein", .numbers(levelControlValues)),
      ("polynomialInTime", .bool(isPolynomialInTime)),
      ("notes", .array(rangeNotes.map { .string($0) })),
    ]
    if let rounded {
      var at: [(key: String, value: JSONValue)] = [("t", .number(rounded.worstTime))]
      if let period, let duration = period.duration {
        at.append((period.timeUnit.singular, .number(rounded.worstTime * duration)))
      }
      let easing = rounded.easing
      let method =
        "largest |rounded level - curve level| over \(RoundedEasing.gridIntervals + 1) Bézier parameters, "
        + "each maximum refined by golden-section search"
      members.append(
        (
          "rounded",
          .object([
            ("precision", .number(Double(rounded.precision))),
            ("x1", .number(easing.x1)), ("y1", .number(easing.y1)), ("x2", .number(easing.x2)),
            ("y2", .number(easing.y2)),
            ("css", .string(rounded.cssFunction)),
            ("maxDeviation", .number(rounded.maxDeviation)),
            ("at", .object(at)),
            ("method", .string(method)),
          ])
        ))
    }
    return .object(members)
  }

  /// A name for a `/* … */` or `//` comment: control and bidirectional characters as
  /// spaces, and `*/` broken, so a spec's name cannot end the comment.
  static func commentSafe(_ name: String) -> String {
    let line = String(String.UnicodeScalarView(name.unicodeScalars.map { EchoedText.needsEscape($0) ? " " : $0 }))
    return line.replacingText("*/", with: "* /")
  }

  private var exactnessPhrase: String {
    isPolynomialInTime ? "exactly the curve (its time handles are at ⅓ and ⅔)" : "a general cubic Bézier"
  }

  /// `"Steep Start"` → `steep-start`; `curve` when nothing usable remains.
  static func kebabCase(_ name: String) -> String {
    let words = words(of: name).map { $0.lowercased() }
    return words.isEmpty ? "curve" : words.joined(separator: "-")
  }

  /// `"Steep Start"` → `steepStart`; a leading digit gets a `curve` prefix.
  static func lowerCamelCase(_ name: String) -> String {
    let words = words(of: name)
    guard let first = words.first else { return "curve" }
    let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let result = first.lowercased() + rest.joined()
    return result.first?.isNumber == true ? "curve" + result : result
  }

  /// The ASCII letter-and-digit runs of `name`, after spelling its Latin letters in ASCII as
  /// generated type names do (`"Füllstand"` → `fullstand`, not `f-llstand`).
  private static func words(of name: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in SwiftIdentifier.transliterated(name) {
      if character.isASCII && (character.isLetter || character.isNumber) {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
