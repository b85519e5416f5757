import CurveCore
import CurveSpec
import Testing

@Suite("Two-column data files")
struct DataFileReaderTests {
  @Test("comments, blank lines, tabs and CRLF are handled")
  func parsesLines() throws {
    let reader = LineReader(text: "# t y\n\n0.5 0.25\r\n  1e-1\t-2  \n#end\n0x1p-2 3", sourceName: "d.txt")
    let points = try DataFileReader.readPoints(reader: reader)
    #expect(points == [DataPoint(t: 0.5, y: 0.25), DataPoint(t: 0.1, y: -2), DataPoint(t: 0.25, y: 3)])
  }

  @Test(
    "bad lines name the line and column",
    arguments: [
      ("0.5 0.25\n0.7\n", "expected two numbers", "2:1"),
      ("0.5 0.25 9\n", "more than two fields", "1:10"),
      ("0.5 abc\n", "y: 'abc' is not a number", "1:5"),
      ("1 2\nnan 0.5\n", "t: 'nan' is not finite", "2:1"),
      ("1 inf\n", "y: 'inf' is not finite", "1:3"),
    ])
  func reportsBadLines(text: String, fragment: String, location: String) {
    do {
      _ = try DataFileReader.readPoints(reader: LineReader(text: text, sourceName: "d.txt"))
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.message.contains(fragment), "\(error)")
      #expect(error.location?.description == location, "\(error)")
    }
  }

  @Test("a missing file is a clean error")
  func missingFile() {
    #expect(throws: SpecError.self) { try LineReader(path: "/nonexistent/data.txt") }
  }
}
