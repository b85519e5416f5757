import CurveCore
import CurveSpec
import Testing

/// Issue 14 item 5: error messages that echo input escape control characters, in the
/// library itself (not only in the CLI, which prints one line anyway).
@Suite("Spec errors echo input on one line")
struct SpecErrorEscapingTests {
  /// The fuzz cases 66700 and 81300 of seed 20261201: a key written `"\name"` decodes to a
  /// newline and "ame", and the message used to span two lines.
  @Test(
    "keys and values with control characters are escaped in the description",
    arguments: [
      (#"{"\name": "x", "points": [[0.5, 0.5]]}"#, #"unknown field "\name""#),
      (#"{"name": "x", "points": [[0.5, 0.5]], "\tdegree": 3}"#, #"unknown field "\tdegree""#),
      (#"{"name": "x", "points": [[0.5, 0.5]], "a\u0000b": 3}"#, #"unknown field "a\0b""#),
      (#"{"name": "x", "points": [[0.5, 0.5]], "\u202eevil": 3}"#, #"unknown field "\u{202E}evil""#),
      (#"{"name": "x", "points": [[0.5, 0.5]], "monotonic": "re\tquire"}"#, #"unknown value "re\tquire""#),
      (#"{"name": "x", "\name": 1, "\name": 2}"#, #"duplicate key "\name""#),
      (
        #"{"name": "x", "points": [[0.5, 0.5]], "codegen": {"typeName": "A\u001bB"}}"#,
        #"'A\u{1B}B' is not a valid Swift identifier"#
      ),
    ])
  func escapedDescription(text: String, fragment: String) {
    do {
      _ = try CurveSpec.parse(text, sourceName: "fuzz.curve.json")
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.description.contains(fragment), "\(error)")
      #expect(error.message.contains(fragment), "\(error.message)")
      #expect(!error.description.unicodeScalars.contains(where: EchoedText.needsEscape), "\(error)")
      #expect(error.description.hasSuffix(")") && error.description.contains("(fuzz.curve.json:"))
    }
  }

  @Test("a source name and a message set after creation are escaped too")
  func escapedSource() {
    var error = SpecError("bad", source: "a\nb.curve.json", location: SourceLocation(line: 1, column: 2))
    #expect(error.description == "bad (a\\nb.curve.json:1:2)")
    error.message = "line\none"
    #expect(error.description == "line\\none (a\\nb.curve.json:1:2)")
  }

  @Test("file names are escaped where they are displayed")
  func displayNames() {
    #expect(FileIO.displayName(of: "/tmp/x/a\nb.curve.json") == "a\\nb.curve.json")
    #expect(FileIO.displayName(of: "/tmp/x/plain.curve.json") == "plain.curve.json")
    #expect(FileWriteError("cannot write 'a\tb'").description == "cannot write 'a\\tb'")
  }
}
