import CurveCore
import CurveDesign
import CurveEasing
import CurveSpec

/// The studio's library of shapes: the article's four and the platform easings designers reach
/// for (CSS, Material 3, Apple), one list, sent to the page in the session (`"presets"`) and
/// applied by `POST /api/shape` (``StudioAPI/shape(_:sourceName:)``), which keeps what the
/// designer set. The page holds no copy of any number here.
package enum StudioLibrary {
  /// One library entry.
  package struct Entry: Sendable {
    /// The id the page sends back (`"css-ease"`, `"current"`, …).
    package var id: String
    /// The name on screen.
    package var name: String
    /// The group on screen: "Article", "CSS", "Material 3", "Apple".
    package var group: String
    /// Where the numbers come from, in words.
    package var source: String
    /// The easing, for the platform entries (the level is 1 − easing); nil for the article's shapes.
    package var easing: CubicBezierEasing?
    /// The article's shape, for its entries.
    package var article: ArticleCurve?
  }

  /// Every entry, the article's shapes first (a new file's starter is the first).
  package static let entries: [Entry] = articleEntries + cssEntries + materialEntries + appleEntries

  static let articleEntries: [Entry] = ArticleCurve.allCases.map { shape in
    Entry(
      id: shape.rawValue, name: StudioAPI.presetName(shape), group: "Article",
      source: "the article's shape, sampled at eighths", article: shape)
  }

  /// CSS Easing Functions Level 1, §2.2: the keywords' control points (``CSSEasing/keywords``, one source).
  static let cssEntries: [Entry] = CSSEasing.keywords.filter { $0.name != "linear" }.compactMap { keyword in
    entry(
      id: "css-" + keyword.name, name: keyword.name, group: "CSS", source: "CSS Easing Functions Level 1, §2.2",
      keyword.controls)
  }

  /// Material 3's easing tokens, as Flutter's `Easing` class defines them
  /// (https://api.flutter.dev/flutter/material/Easing-class.html: `standard` = Cubic(0.2, 0, 0, 1),
  /// `standardDecelerate` = (0, 0, 0, 1), `standardAccelerate` = (0.3, 0, 1, 1),
  /// `emphasizedDecelerate` = (0.05, 0.7, 0.1, 1), `emphasizedAccelerate` = (0.3, 0, 0.8, 0.15)).
  /// Material's plain "emphasized" is a two-piece path, not one cubic Bézier, so it is not listed.
  static let materialEntries: [Entry] = [
    entry(id: "m3-standard", name: "standard", group: "Material 3", source: material, [0.2, 0, 0, 1]),
    entry(
      id: "m3-standard-decelerate", name: "standard decelerate", group: "Material 3", source: material, [0, 0, 0, 1]),
    entry(
      id: "m3-standard-accelerate", name: "standard accelerate", group: "Material 3", source: material, [0.3, 0, 1, 1]),
    entry(
      id: "m3-emphasized-decelerate", name: "emphasized decelerate", group: "Material 3", source: material,
      [0.05, 0.7, 0.1, 1]),
    entry(
      id: "m3-emphasized-accelerate", name: "emphasized accelerate", group: "Material 3", source: material,
      [0.3, 0, 0.8, 0.15]),
  ].compactMap { $0 }

  static let material = "Material 3 easing tokens (Flutter's Easing class)"

  /// Core Animation's named timing functions (CAMediaTimingFunctionName; `default` is documented at
  /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/1521854-default as
  /// the Bézier with control points (0.25, 0.1) and (0.25, 1.0)); SwiftUI's `.easeIn`, `.easeOut` and
  /// `.easeInOut` use the same three curves.
  static let appleEntries: [Entry] = [
    entry(id: "apple-default", name: "default", group: "Apple", source: apple, [0.25, 0.1, 0.25, 1]),
    entry(id: "apple-ease-in", name: "easeIn", group: "Apple", source: apple, [0.42, 0, 1, 1]),
    entry(id: "apple-ease-out", name: "easeOut", group: "Apple", source: apple, [0, 0, 0.58, 1]),
    entry(id: "apple-ease-in-out", name: "easeInEaseOut", group: "Apple", source: apple, [0.42, 0, 0.58, 1]),
  ].compactMap { $0 }

  static let apple = "Core Animation's named timing functions"

  static func entry(id: String, name: String, group: String, source: String, _ controls: [Double]) -> Entry? {
    guard controls.count == 4,
      let easing = try? CubicBezierEasing(x1: controls[0], y1: controls[1], x2: controls[2], y2: controls[3])
    else { return nil }
    return Entry(id: id, name: name, group: group, source: source, easing: easing)
  }

  /// The entry with `id`, if any.
  package static func entry(id: String) -> Entry? { entries.first { $0.id == id } }

  /// The shape an entry or a pasted easing gives, normalized: its points and the constraints it brings.
  package struct Shape: Sendable {
    /// The points, t in [0, 1], levels as fractions.
    var points: [DataPoint]
    /// Constraints the shape brings (the steep start's flat end).
    var constraints: [FitConstraint]
    /// The easing the points sample, for the certified distance; nil for the article's shapes.
    var easing: EasingTarget?
    /// True when an overshooting easing's samples were held to the range from empty to full.
    var clamped: Bool
  }

  /// The points an easing gives: its level 1 − easing(t) at t = k/10, k = 1…9, to 4 decimals
  /// (the certified distance is measured on the curve fitted to these), held within [0, 1].
  package static func shape(of easing: EasingTarget) -> Shape {
    var clamped = false
    let points = (1...9).map { k -> DataPoint in
      let t = Double(k) / 10
      let level = 1 - easing.progress(atTime: t)
      let held = min(1, max(0, level))
      if held != level { clamped = true }
      return DataPoint(t: t, y: (held * 10_000).rounded() / 10_000)
    }
    return Shape(points: points, constraints: [], easing: easing, clamped: clamped)
  }

  /// The shape of an entry.
  package static func shape(of entry: Entry) -> Shape {
    if let easing = entry.easing { return shape(of: .bezier(easing)) }
    let cubic = (entry.article ?? .current).cubic
    let points = (1...7).map { k -> DataPoint in
      let t = Double(k) / 8
      return DataPoint(t: t, y: cubic.level(forNormalizedElapsed: t))
    }
    // The endpoints hold by default; the steep start adds its flat end.
    let constraints: [FitConstraint] = entry.article == .steepStart ? [.slope(at: 1, equals: 0)] : []
    return Shape(points: points, constraints: constraints, easing: nil, clamped: false)
  }

  /// The session's `"presets"`: each entry with its group, source, easing text and its normalized spec.
  package static var json: JSONValue {
    .array(
      entries.map { entry in
        let shape = shape(of: entry)
        let spec = CurveSpec(name: entry.name, points: shape.points, constraints: shape.constraints)
        var members: [(key: String, value: JSONValue)] = [
          ("id", .string(entry.id)), ("name", .string(entry.name)), ("group", .string(entry.group)),
          ("source", .string(entry.source)),
        ]
        if let easing = entry.easing { members.append(("easing", .string(easing.cssFunction))) }
        if let cubic = entry.article?.cubic {
          members.append(("coefficients", .numbers([cubic.a, cubic.b, cubic.c, cubic.d])))
        }
        members.append(("spec", spec.jsonValue))
        return .object(members)
      })
  }
}

/// An easing a shape follows: a cubic Bézier (`cubic-bezier()`, a keyword, a library entry) or a
/// CSS `linear()`; what the studio certifies its curve against.
package enum EasingTarget: Sendable {
  case bezier(CubicBezierEasing)
  case linear(CSSLinearEasing)

  /// The CSS text.
  var cssFunction: String {
    switch self {
    case .bezier(let easing): return easing.cssFunction
    case .linear(let easing): return easing.cssFunction
    }
  }

  /// The easing's progress at time t.
  func progress(atTime t: Double) -> Double {
    switch self {
    case .bezier(let easing): return easing.progress(atTime: t)
    case .linear(let easing): return easing.progress(atTime: t)
    }
  }

  /// An upper bound on max over t ∈ [0, 1] of |easing(t) − (1 − level(t))|, in exact arithmetic
  /// (``ExactDistanceBound``): over the Bézier's parameter, or over each straight piece of a `linear()`.
  func certifiedDistance(level: Polynomial) -> Double {
    var progress = level.coefficients.map { -$0 }
    progress[progress.count - 1] += 1
    switch self {
    case .bezier(let easing):
      return ExactDistanceBound(easing: easing, progress: progress).upper
    case .linear(let easing):
      var worst = 0.0
      for (from, to) in zip(easing.stops, easing.stops.dropFirst()) where to.input > from.input {
        let (a, b) = (DyadicRational(from.input), DyadicRational(to.input))
        let (p, q) = (DyadicRational(from.output), DyadicRational(to.output))
        worst = max(worst, ExactDistanceBound(time: [a, b - a], output: [p, q - p], progress: progress).upper)
      }
      return worst
    }
  }
}
