import CurveSpec
import Testing

@Suite("Strict JSON parser")
struct JSONParserTests {
  @Test("valid documents parse to the expected values, keys in order")
  func parsesValidDocuments() throws {
    let node = try JSONParser.parse(#"{"b": [1, -2.5e-3, true, null], "a": "x\u00e9\n", "c": {}}"#)
    #expect(node.value == ["b": [1.0, -0.0025, true, nil], "a": "xé\n", "c": [:]])
    guard case .object(let members) = node.kind else {
      Issue.record("expected an object")
      return
    }
    #expect(members.map(\.key) == ["b", "a", "c"])
    #expect(members[1].keyLocation == SourceLocation(line: 1, column: 33))
  }

  @Test("surrogate pairs decode to one scalar")
  func surrogatePairs() throws {
    #expect(try JSONParser.parse(#""\ud83d\ude00""#).value == "😀")
  }

  @Test(
    "malformed documents report what and where",
    arguments: [
      ("", "empty document", 1, 1),
      ("{\"a\": 1,}", "trailing comma in object", 1, 9),
      ("[1, 2", "unexpected end of input", 1, 6),
      ("{\n  \"a\": NaN\n}", "'NaN' is not a JSON number", 2, 8),
      ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\"", 1, 10),
      ("[01]", "leading zeros", 1, 3),
      ("[1e999]", "out of the range of a double", 1, 2),
      ("\"abc", "unterminated string", 1, 5),
      ("[1] x", "after the JSON value", 1, 5),
      ("{\"é\": tru}", "expected a JSON value", 1, 7),
      ("[-Infinity]", "infinity is not a JSON number", 1, 3),
    ])
  func reportsErrors(text: String, fragment: String, line: Int, column: Int) {
    do {
      _ = try JSONParser.parse(text)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.message.contains(fragment), "\(error)")
      #expect(error.location == SourceLocation(line: line, column: column), "\(error)")
    }
  }

  @Test("nesting beyond the limit is rejected instead of overflowing the stack")
  func deepNesting() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
  }

  @Test("writing then parsing round-trips every double exactly")
  func writerRoundTrip() throws {
    let values: [Double] = [
      0, -0.0, 1, 0.1, 1.0 / 3, 0x1p-1063, 0x1p-1074, .greatestFiniteMagnitude, -123456789.125, 1e16,
    ]
    let document: JSONValue = ["values": .numbers(values), "name": "q\"\\\u{01}", "nested": [["a": nil]]]
    for pretty in [true, false] {
      let text = JSONWriter.string(document, pretty: pretty)
      let parsed = try JSONParser.parse(text).value
      #expect(parsed == document)
      guard case .array(let items)? = parsed["values"] else {
        Issue.record("values missing")
        continue
      }
      for (item, expected) in zip(items, values) {
        guard case .number(let n) = item else { continue }
        #expect(n.bitPattern == expected.bitPattern)
      }
    }
    #expect(JSONWriter.number(0.1) == "0.1")
    #expect(JSONWriter.number(.nan) == "null")
  }
}
