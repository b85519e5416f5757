import CurveSpec
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Line reader")
struct LineReaderTests {
  /// Every line `reader` returns, as text.
  static func lines(_ reader: LineReader) -> [String] {
    var result: [String] = []
    while reader.withNextLine({ result.append(String(decoding: $0, as: UTF8.self)) }) {}
    return result
  }

  /// The lines of `text` by the documented rule: split at `\n`, one `\r` before it dropped,
  /// a final unterminated line kept, nothing after a final `\n`.
  static func expectedLines(_ text: String) -> [String] {
    // Bytes, not Characters: "\r\n" is one Character.
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return [] }
    var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if bytes.last == 0x0A { parts.removeLast() }
    return parts.map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0[...], as: UTF8.self) }
  }

  /// Writes `text` to a fresh file under /tmp and returns its path.
  static func temporaryFile(_ text: String) throws -> String {
    let path = "/tmp/curvekit-lines-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
    let file = try #require(fopen(path, "w"))
    fputs(text, file)
    fclose(file)
    return path
  }

  @Test(
    "memory input: terminators, CRLF, blank lines and a final unterminated line",
    arguments: ["", "\n", "a", "a\n", "a\r\nb", "\n\nx\r\n\r\n", "one\ntwo\n\nthree"])
  func memory(text: String) {
    let reader = LineReader(text: text)
    #expect(Self.lines(reader) == Self.expectedLines(text))
    #expect(reader.lineNumber == Self.expectedLines(text).count)
    #expect(!reader.hadReadError)
  }

  @Test("a file read in blocks: lines across block boundaries and a line longer than a block")
  func fileAcrossBlocks() throws {
    // 70 000 lines of varying length put line ends at every offset around each 64 KiB
    // boundary; one 200 000-byte line makes the buffer grow twice.
    var text = ""
    for k in 0..<70_000 { text += String(repeating: "x", count: k % 13) + "\(k)" + (k % 7 == 0 ? "\r\n" : "\n") }
    text += String(repeating: "y", count: 200_000) + "\n" + "last"
    let path = try Self.temporaryFile(text)
    defer { unlink(path) }
    let reader = try LineReader(path: path)
    let lines = Self.lines(reader)
    let expected = Self.expectedLines(text)
    #expect(lines.count == expected.count && lines == expected)
    #expect(reader.lineNumber == 70_002 && !reader.hadReadError)
  }

  @Test("an empty file has no lines")
  func emptyFile() throws {
    let path = try Self.temporaryFile("")
    defer { unlink(path) }
    #expect(Self.lines(try LineReader(path: path)).isEmpty)
  }
}
