import CurveCore
import Testing

@Suite("Echoed text: one escaping rule for user text in messages")
struct EchoedTextTests {
  @Test(
    "control, separator and bidirectional characters become visible escapes",
    arguments: [
      ("\name", "\\name"), ("a\tb", "a\\tb"), ("a\rb", "a\\rb"), ("nul\u{0}", "nul\\0"),
      ("esc\u{1B}[31m", "esc\\u{1B}[31m"),
      ("del\u{7F}", "del\\u{7F}"), ("nel\u{85}", "nel\\u{85}"), ("ls\u{2028}ps\u{2029}", "ls\\u{2028}ps\\u{2029}"),
      ("\u{202E}txt.exe", "\\u{202E}txt.exe"), ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
      ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{61C}"), ("bom\u{FEFF}", "bom\\u{FEFF}"),
    ])
  func escapes(input: String, expected: String) {
    #expect(EchoedText.escaped(input) == expected)
  }

  @Test("printable text, non-ASCII letters, emoji and backslashes are kept; escaping is idempotent")
  func keeps() {
    for text in ["Füllstand", "Steep start", "a\\b", "C:\\x", "👩‍💻 curve", "日本語", "", "\\u{1B}"] {
      #expect(EchoedText.escaped(text) == text, "\(text)")
    }
    var scalars = String.UnicodeScalarView()
    for value in UInt32(0)...0x3000 {
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    let all = String(scalars)
    let once = EchoedText.escaped(all)
    #expect(EchoedText.escaped(once) == once)
    #expect(!once.unicodeScalars.contains(where: EchoedText.needsEscape))
    #expect(!once.contains { $0.isNewline })
  }
}
