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
  /// - Parameter name: the curve's name, used in the comment and the property name.
  public func cssSnippet(name: String) -> String {
    var text = "/* \(name): progress = 1 − level, \(exactnessPhrase). */\n"
    for note in rangeNotes { text += "/* note: \(note). */\n" }
    text += ":root {\n  --\(Self.kebabCase(name))-easing: \(cssFunction);\n}\n"
    return text
  }

  /// SwiftUI source: an `Animation.timingCurve` and a `UnitCurve.bezier` (iOS 17+)
  /// holding the easing, with comments naming the curve and any range notes.
  /// - Parameters:
  ///   - name: the curve's name; the declarations are named after it.
  ///   - duration: the animation's duration in seconds (SwiftUI's default is 0.35).
  public func swiftUISnippet(name: String, duration: Double = 0.35) -> String {
    let base = Self.lowerCamelCase(name)
    var text = "// \(name): progress = 1 − level, \(exactnessPhrase).\n"
    for note in rangeNotes { text += "// note: \(note).\n" }
    text += "let \(base)Animation = Animation.timingCurve(\(x1), \(y1), \(x2), \(y2), duration: \(duration))\n"
    text += "let \(base)UnitCurve = UnitCurve.bezier(\n"
    text += "  startControlPoint: UnitPoint(x: \(x1), y: \(y1)),\n"
    text += "  endControlPoint: UnitPoint(x: \(x2), y: \(y2))\n"
    text += ")\n"
    return text
  }

  /// The easing as a JSON object: name, control values, the CSS function, the level's
  /// Bernstein control values, whether x(s) = s, and the range notes.
  public func jsonValue(name: String) -> JSONValue {
    [
      "name": .string(name),
      "x1": .number(x1), "y1": .number(y1), "x2": .number(x2), "y2": .number(y2),
      "css": .string(cssFunction),
      "levelBernstein": .numbers(levelControlValues),
      "polynomialInTime": .bool(isPolynomialInTime),
      "notes": .array(rangeNotes.map { .string($0) }),
    ]
  }

  private var exactnessPhrase: String {
    isPolynomialInTime ? "exact (x(s) = s, so y is the polynomial itself)" : "a general cubic Bézier"
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
