import CurveCore
import CurveDesign
import CurveKitTestSupport
import CurvePipeline
import Testing

/// Issue 14 item 7: the preview follows the terminal's width, labels time in days when the
/// curve has a period, and marks the control points so they stand out from the reference.
@Suite("Terminal preview: width, days and marks")
struct TerminalPreviewLayoutTests {
  static func curve(_ name: String) throws -> FittedCurve {
    try CurveResolver.resolve(
      CurveRequest(.specFile(path: Fixtures.repositoryRoot + "/examples/curves/\(name).curve.json")))
  }

  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  @Test("the plot width follows the terminal's columns, within 24…120 cells")
  func terminalWidth() throws {
    typealias Options = TerminalPreview.Options
    #expect(Options.plotWidth(forTerminalColumns: nil) == 48)
    #expect(Options.plotWidth(forTerminalColumns: 80) == 73)
    #expect(Options.plotWidth(forTerminalColumns: 10) == 24)
    #expect(Options.plotWidth(forTerminalColumns: 1000) == 120)
    let curve = try Self.curve("depletion")
    for columns in [40, 80, 132, 200] {
      let text = TerminalPreview.render(curve, options: Options(terminalColumns: columns))
      let lines = Self.lines(text)
      let width = Options.plotWidth(forTerminalColumns: columns)
      let rows = lines.prefix { !$0.contains("└") }
      for line in lines { #expect(line.count <= 6 + width, "\(columns): \(line)") }
      #expect(rows.allSatisfy { $0.count == 6 + width }, "\(columns)")
      #expect(6 + width < columns || columns < 6 + 24 + 1, "a spare column at the right edge")
      #expect((8...12).contains(rows.count), "the height grows with the width, 8 to 12 rows")
    }
  }

  @Test("time in days when the curve has durationDays, each label under its tick")
  func days() throws {
    let curve = try Self.curve("depletion")
    #expect(curve.durationDays == 7)
    for width in [24, 48, 73, 120] {
      let lines = Self.lines(TerminalPreview.render(curve, options: .init(width: width)))
      let axis = try #require(lines.firstIndex { $0.contains("└") })
      let (ticks, labels) = (Array(lines[axis]), Array(lines[axis + 1]))
      #expect(lines[axis + 1].hasPrefix("  day 0"), "\(lines[axis + 1])")
      var values: [Double] = []
      var index = 6
      while index < labels.count {
        guard labels[index] != " " else {
          index += 1
          continue
        }
        let start = index
        while index < labels.count, labels[index] != " " { index += 1 }
        let value = try #require(Double(String(labels[start..<index])))
        values.append(value)
        // The tick of day v is at the cell of t = v / 7 (a right-aligned last label ends there).
        let column = 6 + min(width - 1, Int((value / 7 * Double(2 * width - 1)).rounded()) / 2)
        #expect(ticks[column] == "┬" && (column == start || column == index - 1), "width \(width): day \(value)")
      }
      #expect(values.first == 0 && values.last == 7, "width \(width): \(values)")
      #expect(values == values.sorted() && values.count >= 3, "width \(width): \(values)")
      #expect(ticks.filter { $0 == "┬" }.count == values.count)
    }
    let normalized = Self.lines(TerminalPreview.render(curve, options: .init(timeAxis: .normalized)))
    #expect(normalized.contains { $0.hasPrefix("    t 0") })
    let month = Self.lines(TerminalPreview.render(curve, options: .init(timeAxis: .days(30))))
    #expect(month.contains { $0.hasPrefix("  day 0") && $0.hasSuffix("30") })
  }

  @Test("control points are ● in the plot, distinct from the braille curve and reference; the key says so")
  func marks() throws {
    let curve = try Self.curve("steep-start")
    let lines = Self.lines(TerminalPreview.render(curve, options: .init(width: 60)))
    let axis = try #require(lines.firstIndex { $0.contains("└") })
    let plot = lines[..<axis].joined()
    #expect(plot.filter { $0 == TerminalPreview.pointMark }.count == curve.points.count)
    #expect(!plot.contains("•"), "not the bullet, which reads like one more braille dot")
    #expect(lines.last == "      ● point   ⠒⠒ curve   ⠂ ⠂ linear 1 − t")
    let bare = Self.lines(TerminalPreview.render(try Polynomial(coefficients: [-1, 1]), options: .init()))
    #expect(bare.last == "      ⠒⠒ curve   ⠂ ⠂ linear 1 − t", "no points, no point in the key")
    let noKey = Self.lines(TerminalPreview.render(curve, options: .init(showsKey: false)))
    #expect(!noKey.contains { $0.contains("linear 1 − t") })
  }
}
