import CurveCore
import CurveFitting
import CurvePipeline
import CurveSpec
import Testing

/// A spec written in units is answered in them: every error and piece of advice the reader, the
/// resolver, the fitter and the ship rule give names points by number and values in the spec's
/// units, never by JSON path, normalized t or the unit interval.
@Suite("Errors and advice in the spec's units")
struct UnitWordsTests {
  /// What no message about a spec in units may contain.
  static let normalizedWords = ["points[", "milestones[", "constraints[", "t = ", "[0, 1]", "value@", "f′("]

  /// A spec over 10 hours in percent, with `members` (JSON members, a leading comma each).
  static func spec(_ points: String, _ members: String = "") -> String {
    #"{"name": "W", "timeUnit": "hours", "duration": 10, "levelUnit": "percent", "points": "#
      + points + members + "}"
  }

  /// Every message the pipeline gives for `text`: the reader's or the resolver's error, else
  /// the ship rule's findings for generated code (and the fit report's rise explanation).
  static func messages(for text: String) -> [String] {
    let spec: CurveSpec
    do { spec = try CurveSpec.parse(text, sourceName: "w.curve.json") } catch { return [error.description] }
    do {
      let curve = try CurveResolver.resolve(CurveRequest(.spec(spec)))
      return curve.diagnostics(for: .generate).map(\.message) + [curve.riseExplanation].compactMap { $0 }
    } catch {
      return [error.description]
    }
  }

  @Test(
    "each message names the point (or milestone, constraint) by number and the values in hours and percent",
    arguments: [
      // The reader.
      (
        spec("[[0, 100], [3, 50], [6, 50], [6, 40], [10, 0]]"),
        ["point 4 (hour 6) repeats point 3 with a different level (40 % vs 50 %)"]
      ),
      (spec("[[2, 90], [12, 50]]"), ["point 2: hour 12 is outside the period, hours 0…10"]),
      (spec("[[5, 250]]"), ["point 1: level 250 % is far outside 0…100 %"]),
      (spec("[[5, 50]]", #", "milestones": [{"until": 12, "atLeast": 10}]"#), ["milestone 1: hour 12 is outside"]),
      (
        spec("[[5, 50]]", #", "milestones": [{"until": 6, "atLeast": 80}, {"from": 2, "atMost": 50}]"#),
        ["milestone 1 (≥ 80 % until hour 6) and milestone 2 (≤ 50 % from hour 2)"]
      ),
      (
        spec("[[5, 50]]", #", "constraints": [{"t": 0, "value": 50}]"#),
        ["constraint 1: 50 % at hour 0 contradicts the depletion endpoints (100 % at hour 0, 0 % at hour 10)"]
      ),
      // The fitter, worded by the resolver, with the degrees that work.
      (
        spec("[[5, 50]]", #", "degree": 4"#),
        [
          "only 1 of the points has a time of its own over 10 hours", "degrees 1 and 2 work (\"degree\": 1)",
          "add points at new times",
        ]
      ),
      (
        // Degree 3 cannot stay at 40 % until hour 9 and still reach 0 % at hour 10; degree 4 can, and
        // three points allow no higher degree.
        spec("[[2, 95], [5, 80], [9, 20]]", #", "monotonic": "enforce", "milestones": [{"until": 9, "atLeast": 40}]"#),
        ["(≥ 40 % until hour 9)", "degree 4 works (\"degree\": 4); or relax a milestone"]
      ),
      (
        spec("[[2, 90], [8, 20]]", #", "monotonic": "enforce", "constraints": [{"t": 5, "slope": 5}]"#),
        [
          "no degree-3 curve meets 100 % at hour 0, 0 % at hour 10, a slope of 5 percentage points per hour at hour 5 "
            + "and never rises over hours 0…10; no degree from 1 to 10 works"
        ]
      ),
      (
        spec("[[2, 90], [8, 20]]", #", "monotonic": "enforce", "minSlope": 20"#),
        ["the minimum slope of 20 percentage points per hour cannot hold", "at most 10 percentage points per hour"]
      ),
      // The ship rule and the report's explanation.
      (
        spec("[[3, 50], [5, 55], [7, 60], [9, 30]]"),
        [
          "rises from 50.1 % to 59.2 % between hour 3.3 and hour 6.46 (its slope there is +4.29 percentage points per hour)",
          "point 2 (hour 5, 55 %) is higher than the earlier point 1 (hour 3, 50 %)",
        ]
      ),
      (
        spec("[[2, 85], [5, 50], [8, 15]]", #", "minSlope": 12"#),
        [
          "falls slower than its minimum slope of 12 percentage points per hour near hour 0 "
            + "(its slope there is -4.79 percentage points per hour)"
        ]
      ),
    ])
  func worded(text: String, expected: [String]) {
    let messages = Self.messages(for: text)
    #expect(!messages.isEmpty, "no message for \(text)")
    let all = messages.joined(separator: "\n")
    for fragment in expected {
      #expect(all.contains(fragment), "\(fragment) not in:\n\(all)")
    }
    for message in messages {
      for word in Self.normalizedWords {
        #expect(!message.contains(word), "\(word) in: \(message)")
      }
      #expect(message.contains("hour") || message.contains("%"), "no unit in: \(message)")
    }
  }

  @Test("the reader's errors keep the field as data and say how the message names it")
  func fieldAsData() throws {
    #expect(throws: SpecError.self) { try CurveSpec.parse(Self.spec("[[2, 90], [12, 50]]"), sourceName: "w") }
    do {
      _ = try CurveSpec.parse(Self.spec("[[2, 90], [12, 50]]"), sourceName: "w.curve.json")
    } catch {
      #expect(error.field == "points[1][0]")
      #expect(error.fieldWords == "point 2")
      #expect(error.location?.line == 1)
    }
    // A normalized spec keeps its path and its normalized words.
    do {
      _ = try CurveSpec.parse(#"{"name": "N", "points": [[0.5, 0.5], [1.5, 0.5]]}"#, sourceName: "n.curve.json")
    } catch {
      #expect(error.field == "points[1][0]")
      #expect(error.fieldWords == nil)
      #expect(error.message.hasPrefix("points[1][0]: t = 1.5 is outside [0, 1]"))
    }
  }

  @Test(
    "fields without units are named in words too, never by JSON path",
    arguments: [
      (spec("[[5, 50]]", #", "milestones": [{"until": 6, "atLeast": 80, "x": 1}]"#), "milestone 1: unknown field"),
      (spec("[[5, 50], [6, 40]]", #", "weights": [1, 0]"#), "the weight of point 2: 0.0 is not positive"),
    ])
  func unitless(text: String, expected: String) {
    let message = Self.messages(for: text).joined(separator: "\n")
    #expect(message.hasPrefix(expected), "\(message)")
    for word in Self.normalizedWords { #expect(!message.contains(word), "\(word) in: \(message)") }
  }

  @Test("a normalized spec's fit failure keeps t and fractions, and still says which degrees work")
  func normalizedFailure() {
    let text = #"{"name": "N", "points": [[0.5, 0.5]], "degree": 4}"#
    let message = Self.messages(for: text).joined()
    #expect(message.hasPrefix("only 1 distinct usable t"), "\(message)")
    #expect(message.contains("degrees 1 and 2 work (\"degree\": 1)"), "\(message)")
  }

  @Test("points given as flags in hours and percent are named in them when out of range")
  func flagPoints() {
    let request = CurveRequest(
      .points([DataPoint(t: 2, y: 90), DataPoint(t: 12, y: 50)]),
      units: CurveRequest.UnitOverride(time: (.hours, 10), percent: true))
    do {
      _ = try CurveResolver.resolve(request)
      Issue.record("points outside the period resolved")
    } catch {
      let message = error.description
      #expect(message == "point 2 (hour 12, 50 %): hour 12 is outside the period, hours 0…10", "\(message)")
    }
  }
}
