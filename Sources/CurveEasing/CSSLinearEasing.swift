/// A CSS `linear()` easing read from its text (CSS Easing Functions Level 2): output progress
/// values at input progress stops, joined by straight lines, as design tools and spring
/// generators export them (`linear(0, 0.25 40%, 0.8 70%, 1)`).
public struct CSSLinearEasing: Sendable, Hashable {
  /// One stop: the input progress (time) and the output progress there.
  public struct Stop: Sendable, Hashable {
    /// The input progress, 0 at the start and 1 at the end.
    public let input: Double
    /// The output progress at ``input``.
    public let output: Double
    /// The input as a percentage, as written or placed (``input`` is it over 100).
    let percent: Double
  }

  /// The stops, inputs non-decreasing from 0 to 1 (equal inputs are a jump).
  public let stops: [Stop]

  /// Reads `linear(…)`: comma-separated stops, each a number and zero, one or two percentages
  /// (two make two stops with the same output). Inputs left out are placed as CSS places them:
  /// 0 for the first, 1 for the last, evenly between their neighbours for the others; an input
  /// below an earlier one is raised to it.
  /// - Throws: ``EasingError/unparsableEasing(text:reason:)`` naming what is wrong: not
  ///   `linear(…)`, fewer than two stops, a stop that is not a number, or stops outside 0 %…100 %
  ///   (a curve in t on [0, 1] cannot follow them).
  /// - Complexity: O(length of text).
  public static func parse(_ text: String) throws(EasingError) -> CSSLinearEasing {
    let trimmed = text.trimmingWhitespace()
    let rest = String(trimmed.dropFirst("linear".count)).trimmingWhitespace()
    guard trimmed.lowercased().hasPrefix("linear"), rest.first == "(", rest.last == ")" else {
      throw .unparsableEasing(text: text, reason: "expected linear(output [input%], …)")
    }
    var outputs: [Double] = []
    var inputs: [Double?] = []
    for (index, part) in rest.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
      .enumerated()
    {
      let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
      guard let first = words.first, let output = CSSEasing.number(first), words.count <= 3 else {
        throw .unparsableEasing(text: text, reason: "stop \(index + 1) must be a number and at most two percentages")
      }
      var percentages: [Double] = []
      for word in words.dropFirst() {
        guard word.hasSuffix("%"), let value = CSSEasing.number(String(word.dropLast())) else {
          throw .unparsableEasing(text: text, reason: "stop \(index + 1): '\(word)' is not a percentage")
        }
        percentages.append(value)
      }
      if percentages.isEmpty {
        outputs.append(output)
        inputs.append(nil)
      }
      for input in percentages {
        outputs.append(output)
        inputs.append(input)
      }
    }
    guard outputs.count >= 2 else {
      throw .unparsableEasing(text: text, reason: "linear() needs at least two stops")
    }
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = max(100, inputs.compactMap { $0 }.max() ?? 100) }
    // In percent: raise each known input to the largest before it, then spread the unknown ones evenly.
    var largest = -Double.infinity
    for index in inputs.indices {
      if let input = inputs[index] {
        largest = max(largest, input)
        inputs[index] = largest
      }
    }
    var index = 0
    while index < inputs.count {
      if inputs[index] != nil {
        index += 1
        continue
      }
      let start = index - 1
      var end = index
      while inputs[end] == nil { end += 1 }
      let (from, to) = (inputs[start] ?? 0, inputs[end] ?? 100)
      for k in (start + 1)..<end { inputs[k] = from + (to - from) * Double(k - start) / Double(end - start) }
      index = end
    }
    let known = inputs.compactMap { $0 }
    guard known.first == 0, known.last == 100 else {
      throw .unparsableEasing(
        text: text, reason: "the stops must run from 0% to 100% to be a curve on the whole period")
    }
    return CSSLinearEasing(stops: zip(known, outputs).map { Stop(input: $0 / 100, output: $1, percent: $0) })
  }

  /// The output progress at input `t` in [0, 1]: on the segment holding t (at a jump, the later stop's).
  public func progress(atTime t: Double) -> Double {
    guard var previous = stops.first else { return t }
    for stop in stops.dropFirst() {
      if t < stop.input {
        let width = stop.input - previous.input
        return width > 0
          ? previous.output + (stop.output - previous.output) * (t - previous.input) / width : stop.output
      }
      previous = stop
    }
    return previous.output
  }

  /// The CSS text, every stop with its input: `linear(0 0%, 0.5 40%, 1 100%)`.
  public var cssFunction: String {
    "linear(" + stops.map { "\($0.output) \($0.percent)%" }.joined(separator: ", ") + ")"
  }
}
