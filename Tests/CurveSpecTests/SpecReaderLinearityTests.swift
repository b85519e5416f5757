import CurveCore
import CurveKitTestSupport
import CurveSpec
import Testing

/// Issue 12: the JSON reader (parser and spec decoder) does work linear in its input. The
/// reader reports its elementary steps to a ``WorkCounter`` (every read of an input byte,
/// every byte a key comparison or hash covers or a conversion is handed, every element the
/// decoder visits; see ``WorkMeter``); these tests bound the count on large generated
/// documents rather than timing them. A reader that found each value's column by
/// re-reading its line (the old one) would count about n²/2 steps on a one-line document.
@Suite("Spec reader: linear work")
struct SpecReaderLinearityTests {
  /// A spec with `count` points, as many weights, a few constraints and a non-ASCII
  /// description: all on one line (the worst case for line/column tracking), or one point
  /// per line.
  static func spec(points count: Int, oneLine: Bool) -> String {
    var random = SeededRandomNumberGenerator(seed: 91)
    var points: [String] = []
    var weights: [String] = []
    for _ in 0..<count {
      points.append("[\(random.nextUnitDouble()),\(random.nextUnitDouble())]")
      weights.append("\(1 + random.nextUnitDouble())")
    }
    let separator = oneLine ? "," : ",\n  "
    return #"{"name":"größer – 大","description":"\u00e9 ünïcödé","points":["#
      + points.joined(separator: separator) + #"],"weights":["# + weights.joined(separator: separator)
      + #"],"constraints":[{"t":0,"value":1},{"t":1,"slope":0}],"degree":3}"#
  }

  /// A one-line object with `count` keys, each holding a mixed array (general form).
  static func wideObject(keys count: Int) -> String {
    var members: [String] = []
    for index in 0..<count {
      members.append(#""key \#(index) é":[\#(index),"s\u00e8",[1,2],{"a":null},true,[3,[4]]]"#)
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  /// Checks steps per byte at two sizes: at least one (every byte is read), at most
  /// `bound`, and the same within 5 % at both (a quadratic reader doubles it).
  static func expectLinear(_ runs: [(steps: Int, bytes: Int)], bound: Double) {
    for run in runs {
      #expect(run.steps >= run.bytes, "\(run.steps) steps for \(run.bytes) bytes")
      #expect(Double(run.steps) <= bound * Double(run.bytes), "\(run.steps) steps for \(run.bytes) bytes")
    }
    let perByte = runs.map { Double($0.steps) / Double($0.bytes) }
    #expect(abs(perByte[1] - perByte[0]) <= 0.05 * perByte[0], "steps per byte: \(perByte)")
  }

  @Test(
    "a 10⁵-point spec: ≤ 4 steps per byte, the same at half the size (one line, or a point per line)",
    arguments: [true, false])
  func specWorkIsLinear(oneLine: Bool) throws {
    var runs: [(steps: Int, bytes: Int)] = []
    for count in [50_000, 100_000] {
      let text = Self.spec(points: count, oneLine: oneLine)
      let counter = WorkCounter()
      let spec = try CurveSpec.parse(text, sourceName: "big.json", meter: counter)
      #expect(spec.points.count == count && spec.weights?.count == count)
      runs.append((counter.steps, text.utf8.count))
    }
    Self.expectLinear(runs, bound: 4)
  }

  @Test("an object with 40 000 keys and mixed arrays on one line: ≤ 4 steps per byte, the same at 20 000")
  func parserWorkIsLinear() throws {
    var runs: [(steps: Int, bytes: Int)] = []
    for count in [20_000, 40_000] {
      let text = Self.wideObject(keys: count)
      let counter = WorkCounter()
      let node = try JSONParser.parse(text, meter: counter)
      guard case .object(let members) = node.kind else {
        Issue.record("expected an object")
        return
      }
      #expect(members.count == count)
      runs.append((counter.steps, text.utf8.count))
    }
    Self.expectLinear(runs, bound: 4)
  }

  @Test("re-reading is counted: an error's column, found from the line's start, costs the line again")
  func rereadingIsCounted() {
    let values = String(repeating: "0.5,", count: 50_000)
    var steps: [Int] = []
    for text in ["[" + values + "1]", "[" + values + "x]"] {
      let counter = WorkCounter()
      _ = try? JSONParser.parse(text, meter: counter)
      steps.append(counter.steps)
    }
    // The error's location reads the 200 000-byte line once more; the old reader did that
    // for every value.
    #expect(Double(steps[1] - steps[0]) >= 0.99 * Double(values.utf8.count), "\(steps)")
  }

  @Test("duplicate keys are still found among many members")
  func duplicateAmongMany() {
    let text = "{" + (0..<1000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k500":1}"#
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
  }

  /// Every node of `node`, depth first.
  static func allNodes(_ node: JSONNode) -> [JSONNode] {
    switch node.kind {
    case .array(let items): return [node] + items.flatMap(allNodes)
    case .numberPairs(let pairs): return [node] + pairs.flatMap { allNodes($0.node) }
    case .object(let members): return [node] + members.flatMap { allNodes($0.value) }
    default: return [node]
    }
  }

  @Test("every value's line and column point at its first character (multi-byte text, CRLF, BOM)")
  func locationsPointAtValues() throws {
    let text =
      "\u{FEFF}{\"é\": [1, \"ñ€𝄞\", [2.5, -3]],\r\n  \"大\": {\"x\": [[0, 1], [2, 3]], \"y\": null},\n"
      + "\"z\": [[1, 2], [\"a\", 1], true], \"w\": \"𝄞\", \"v\": [[4,\n 5]]}"
    let lines = Array(text.unicodeScalars).split(separator: "\n", omittingEmptySubsequences: false)
    let node = try JSONParser.parse(text)
    var checked = 0
    for node in Self.allNodes(node) {
      let line = lines[node.location.line - 1]
      let scalar = line[line.startIndex + node.location.column - 1]
      let starts: String
      switch node.kind {
      case .array, .numberPairs: starts = "["
      case .object: starts = "{"
      case .string: starts = "\""
      case .null: starts = "n"
      case .bool(let value): starts = value ? "t" : "f"
      case .number: starts = "-0123456789"
      }
      #expect(starts.unicodeScalars.contains(scalar), "\(node.location): \(scalar)")
      checked += 1
    }
    #expect(checked == 29)
  }

  @Test(
    "arrays of number pairs parse flat, and any other shape falls back to the general form",
    arguments: [
      ("[[1, 2], [3, 4]]", true), ("[[1,2]]", true), ("[]", false), ("[[1, 2], [3, 4, 5]]", false),
      ("[[1, 2], \"x\"]", false), ("[[1, 2], [3, [4]]]", false), ("[[1], [2, 3]]", false), ("[[1, 2], []]", false),
      ("[[1, 2], [true, 3]]", false),
    ])
  func pairsAndFallback(text: String, flat: Bool) throws {
    let node = try JSONParser.parse(text)
    if case .numberPairs = node.kind {
      #expect(flat)
    } else {
      #expect(!flat)
    }
    // Same value with whitespace and newlines around every comma (still pairs, if pairs).
    let spaced = try JSONParser.parse(String(text.flatMap { $0 == "," ? Array(" ,\n ") : [$0] }))
    #expect(spaced.value == node.value)
  }

  @Test("a malformed number inside a pair reports the same error as elsewhere")
  func pairErrors() {
    for (text, fragment, column) in [
      ("[[1, 2], [01, 2]]", "leading zeros", 12), ("[[1, 2], [1e999, 2]]", "out of the range", 11),
    ] {
      do {
        _ = try JSONParser.parse(text)
        Issue.record("expected an error for \(text)")
      } catch {
        #expect(error.message.contains(fragment) && error.location.column == column, "\(error)")
      }
    }
  }

  @Test("the duplicate-t check agrees with a brute-force search, sorted or not")
  func conflictingDuplicates() {
    var random = SeededRandomNumberGenerator(seed: 93)
    for trial in 0..<400 {
      let count = Int(random.next() % 30) + 1
      var points = (0..<count).map { _ in
        DataPoint(t: Double(random.next() % 12) / 8, y: Double(random.next() % 3))
      }
      if trial % 2 == 0 { points.sort { $0.t < $1.t } }
      if trial % 7 == 0 { points = points.map { DataPoint(t: $0.t == 0 ? -0.0 : $0.t, y: $0.y) } }
      var expected: (Int, Int)?
      search: for second in points.indices {
        for first in 0..<second where points[first].t == points[second].t {
          if points[first].y != points[second].y { expected = (first, second) }
          break
        }
        if expected != nil { break search }
      }
      let found = CurveSpec.conflictingDuplicate(in: points)
      #expect(found?.first == expected?.0 && found?.second == expected?.1, "\(points)")
    }
  }
}
