import CurveKitTestSupport
import Foundation

/// Seeded random specs and command lines, valid and broken, for the fuzz tests.
///
/// Every case is a pure function of (seed, index), so a failure report names the case and
/// it can be replayed alone.
struct FuzzGenerator {
  var rng: SeededRandomNumberGenerator

  init(seed: UInt64, index: Int) {
    rng = SeededRandomNumberGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
  }

  mutating func unit() -> Double { rng.nextUnitDouble() }
  mutating func chance(_ p: Double) -> Bool { unit() < p }
  mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(rng.next() % UInt64(range.count)) }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// A number as JSON text: usually plain, sometimes rounded (to make duplicates) or extreme.
  mutating func number(_ value: Double) -> String {
    if chance(0.3) { return "\((value * 100).rounded() / 100)" }
    return "\(value)"
  }

  /// A valid-looking spec as JSON text (some are still invalid semantically: too few points
  /// for the degree, contradictory constraints, a minimum slope that cannot hold, …).
  mutating func specText() -> String {
    var members: [String] = []
    members.append(#""name": "\#(pick(["Depletion", "Steep start", "x", "Ünïcode curve", "A1"]))""#)
    let count = int(1...9)
    let wiggle = 1.5 * unit()
    // Designer units: days (a period of 1…14 days) and percent, each in a fifth of the specs.
    let days: Double? = chance(0.2) ? (1 + 13 * unit()).rounded() : nil
    let percent = chance(0.2)
    let (timeScale, levelScale) = (days ?? 1, percent ? 100.0 : 1)
    if let days { members += [#""timeUnit": "days""#, #""durationDays": \#(days)"#] }
    if percent { members.append(#""levelUnit": "percent""#) }
    var points: [String] = []
    for _ in 0..<count {
      let t = 0.02 + 0.96 * unit()
      let y = 1 - t + wiggle * t * (1 - t) * (unit() - 0.5) * 2
      points.append("[\(number(t * timeScale)), \(number(y * levelScale))]")
    }
    if chance(0.1) { members.append(#""endpoints": \#(pick(["false", "true"]))"#) }
    if chance(0.25) {
      var milestones: [String] = []
      for _ in 0..<int(1...2) {
        let t = unit()
        let level = min(1, max(0, 1 - t + 0.3 * (unit() - 0.5)))
        milestones.append(
          chance(0.5)
            ? #"{"until": \#(number(t * timeScale)), "atLeast": \#(number(level * levelScale))}"#
            : #"{"from": \#(number(t * timeScale)), "atMost": \#(number(level * levelScale))}"#)
      }
      members.append(#""milestones": [\#(milestones.joined(separator: ", "))]"#)
    }
    members.append(#""points": [\#(points.joined(separator: ", "))]"#)
    if chance(0.25) {
      members.append(#""weights": [\#((0..<count).map { _ in number(0.1 + 3 * unit()) }.joined(separator: ", "))]"#)
    }
    if chance(0.5) { members.append(#""degree": \#(pick([1, 2, 3, 3, 3, 3, 4, 5]))"#) }
    if chance(0.25) {
      var constraints = [#"{"t": 0, "value": 1}"#, #"{"t": 1, "value": 0}"#]
      if chance(0.5) { constraints.append(#"{"t": \#(number(unit())), "slope": \#(number(-3 * unit()))}"#) }
      if chance(0.2) { constraints = chance(0.5) ? [] : [#"{"t": \#(number(unit())), "value": \#(number(unit()))}"#] }
      members.append(#""constraints": [\#(constraints.joined(separator: ", "))]"#)
    }
    if chance(0.7) { members.append(#""monotonic": "\#(pick(["require", "enforce", "enforce", "ignore"]))""#) }
    if chance(0.3) { members.append(#""minSlope": \#(number(pick([0, 0.05, 0.3, 0.9, 1.2]) * unit()))"#) }
    if days == nil, chance(0.2) { members.append(#""durationDays": \#(number(30 * unit() + 0.5))"#) }
    if chance(0.2) {
      members.append(
        #""codegen": {"typeName": "\#(pick(["Curve", "MyCurve", "_x", "Ünï"]))", "access": "\#(pick(["public", "internal", "package"]))"}"#
      )
    }
    return "{" + members.shuffled(using: &rng).joined(separator: ", ") + "}"
  }

  /// Breaks `text` in one of many ways (or returns it unchanged).
  mutating func mutate(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return text }
    switch int(0...11) {
    case 0:  // Delete a character.
      scalars.remove(at: int(0...(scalars.count - 1)))
    case 1:  // Insert a structural or junk character.
      let junk: [Unicode.Scalar] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "0", "-", ".", "e", "\t", "\u{0}", "\u{FEFF}",
      ]
      scalars.insert(pick(junk), at: int(0...scalars.count))
    case 2:  // Truncate.
      scalars = Array(scalars.prefix(int(0...(scalars.count - 1))))
    case 3, 4:  // Replace a number by a non-finite or mistyped value.
      let replacement = pick([
        "NaN", #""nan""#, #""Infinity""#, #""-inf""#, "1e400", "-1e999", "true", "null", #""0.5""#, "[]", "{}", "-0",
        "1.5", "-0.25",
      ])
      return replaceNumber(in: text, with: replacement)
    case 5:  // Unknown field.
      return text.replacingFirst("{", with: #"{"extra": 1, "#)
    case 6:  // Duplicate key.
      return text.replacingFirst("{", with: #"{"name": "Again", "#)
    case 7:  // Conflicting duplicate point / empty points.
      return chance(0.5)
        ? text.replacingFirst(#""points": ["#, with: #""points": [[0.5, 0.1], [0.5, 0.9], "#)
        : text.replacingFirst(#""points": ["#, with: #""points": [], "ignored": ["#)
    case 8:  // Invalid identifier or enum value.
      return text.replacingFirst(
        #""name": "#, with: #""codegen": {"typeName": "\#(pick(["9x", "class", "a-b", ""]))"}, "name": "#)
    case 9:
      return text.replacingFirst(#""monotonic": ""#, with: #""monotonic": "x"#)
    case 10:  // Wrong type for the whole spec.
      return pick(["[]", "null", "3", #""spec""#, ""])
    default:
      return text
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// Replaces the n-th number in `text` by `replacement`.
  mutating func replaceNumber(in text: String, with replacement: String) -> String {
    let characters = Array(text)
    var starts: [Int] = []
    var index = 0
    while index < characters.count {
      if characters[index].isNumber
        || (characters[index] == "-" && index + 1 < characters.count && characters[index + 1].isNumber)
      {
        starts.append(index)
        while index < characters.count, characters[index].isNumber || "-.eE+".contains(characters[index]) { index += 1 }
      } else {
        index += 1
      }
    }
    guard !starts.isEmpty else { return text }
    let start = pick(starts)
    var end = start
    while end < characters.count, characters[end].isNumber || "-.eE+".contains(characters[end]) { end += 1 }
    return String(characters[..<start]) + replacement + String(characters[end...])
  }

  /// A `curvekit fit` command line with --point data, mostly valid, always with --json.
  mutating func fitArguments() -> [String] {
    var arguments = ["fit", "--json"]
    let count = int(1...7)
    let wiggle = 1.5 * unit()
    for _ in 0..<count {
      let t = 0.02 + 0.96 * unit()
      let y = 1 - t + wiggle * t * (1 - t) * (unit() - 0.5) * 2
      arguments += [
        "--point",
        chance(0.03)
          ? pick(["0.5", "a:b", "nan:1", "0.5:inf", "2:0.5", "0.5:0.5:1", ":"]) : "\(number(t)):\(number(y))",
      ]
    }
    if chance(0.4) {
      arguments += ["--degree", chance(0.1) ? pick(["0", "11", "x", "3.5", "-1"]) : "\(pick([1, 2, 3, 3, 4]))"]
    }
    if chance(0.2) {
      for _ in 0..<count { arguments += ["--weight", chance(0.05) ? pick(["0", "-1", "nan"]) : number(0.2 + unit())] }
    }
    if chance(0.15) {
      arguments += ["--constraint", "value@0=1", "--constraint", "value@1=0"]
      if chance(0.5) { arguments += ["--constraint", "slope@\(number(unit()))=\(number(-2 * unit()))"] }
      if chance(0.1) { arguments += ["--constraint", pick(["slope@x=1", "value@0.5", "curve@0=1", "value@0=2"])] }
    } else if chance(0.05) {
      arguments.append("--unconstrained")
    }
    if chance(0.7) {
      arguments += ["--monotonic", chance(0.03) ? "sometimes" : pick(["require", "enforce", "enforce", "ignore"])]
    }
    if chance(0.3) {
      arguments += ["--min-slope", chance(0.05) ? pick(["-1", "nan", "x"]) : number(pick([0.05, 0.3, 1.1]) * unit())]
    }
    if chance(0.02) { arguments.append(pick(["--bogus", "-x", "--json=1", "extra.json"])) }
    return arguments
  }

  /// A fit at degree 6–10 of a depletion (f(0) = 1, f(1) = 0) with one extreme value: a t
  /// down to the smallest subnormal, a y or a weight at either end of the exponent range,
  /// or a constraint at a tiny t (issue 34, finding C).
  mutating func extremeExponentProblem() -> (
    points: [(t: Double, y: Double)], weights: [Double]?, degree: Int, constraints: [(t: Double, value: Double)],
    extreme: String, extremeT: Double?
  ) {
    let degree = int(6...10)
    let count = degree + int(1...6)
    var points = (0..<count).map { index -> (t: Double, y: Double) in
      let t = (Double(index) + 0.2 + 0.6 * unit()) / Double(count)
      return (t, 1 - t + 0.2 * t * (1 - t) * (unit() - 0.5))
    }
    var weights: [Double]? = nil
    var constraints = [(t: 0.0, value: 1.0), (t: 1.0, value: 0.0)]
    let tiny = pick([0x1p-1074, 1e-300, 0x1p-1022, 1e-200, 1e-100]) * (1 + Double(int(0...7)))
    let huge = pick([1e300, 0x1p1023, 1e200, 1e150])
    let index = int(0...(count - 1))
    let extreme: String
    var extremeT: Double? = nil
    switch int(0...5) {
    case 0:
      points[index].t = tiny
      extremeT = tiny
      extreme = "t = \(tiny)"
    case 1:
      points[index].y = chance(0.5) ? huge : -huge
      extreme = "y = \(points[index].y)"
    case 2:
      points[index].y = tiny
      extreme = "y = \(tiny)"
    case 3:
      weights = (0..<count).map { $0 == index ? (chance(0.5) ? tiny : huge) : 1 }
      extreme = "weight = \(weights?[index] ?? 1)"
    case 4:
      constraints.append((t: tiny, value: 1))
      extreme = "value@\(tiny) = 1"
    default:
      points[index].t = tiny
      points[(index + 1) % count].t = tiny * 3
      extremeT = tiny
      extreme = "t = \(tiny) and \(tiny * 3)"
    }
    return (points, weights, degree, constraints, extreme, extremeT)
  }

  /// A `curvekit check --coefficients …` command line.
  mutating func checkArguments() -> [String] {
    let degree = int(0...5)
    var coefficients = (0...degree).map { _ in number(4 * unit() - 2) }
    if chance(0.05) { coefficients[int(0...degree)] = pick(["nan", "inf", "x", ""]) }
    return ["check", "--coefficients", coefficients.joined(separator: ","), "--json"]
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
