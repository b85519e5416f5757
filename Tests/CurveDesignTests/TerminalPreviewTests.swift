import CurveCore
import CurveDesign
import CurveFitting
import CurveKitTestSupport
import Testing

@Suite("Terminal preview")
struct TerminalPreviewTests {
  @Test("shape: height + 2 lines of fixed width, deterministic")
  func shape() throws {
    let cubic = ArticleCurve.current.cubic
    let points = [0.25, 0.5, 0.75].map { DataPoint(t: $0, y: cubic.level(forNormalizedElapsed: $0)) }
    let text = TerminalPreview.render(cubic.polynomial, points: points, width: 40, height: 8)
    print(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 10)
    for line in lines.prefix(8) { #expect(line.count == 6 + 40, "\(line)") }
    #expect(text == TerminalPreview.render(cubic.polynomial, points: points, width: 40, height: 8))
    #expect(text.filter { $0 == TerminalPreview.pointMark }.count == 3)
    #expect(lines[0].hasPrefix("100% ┤") && lines[7].hasPrefix("  0% ┤"))
    #expect(lines[8].hasPrefix("     └┬") && lines[8].count == 6 + 40)
    #expect(lines[8].dropFirst(6).allSatisfy { $0 == "─" || $0 == "┬" })
    #expect(lines[9].hasPrefix("    t 0") && lines[9].hasSuffix(" 1"), "normalized time")
  }

  /// The curve starts at level 1 (top-left dot) and ends at level 0 (bottom-right dot).
  @Test("the curve runs from the top-left dot to the bottom-right dot")
  func endpoints() {
    let text = TerminalPreview.render(ArticleCurve.steepEnd.cubic.polynomial, width: 20, height: 5)
    let lines = text.split(separator: "\n").map { Array($0) }
    let topLeft = lines[0][6].unicodeScalars.first?.value ?? 0
    let bottomRight = lines[4][25].unicodeScalars.first?.value ?? 0
    #expect(topLeft & 0x2800 == 0x2800 && topLeft & 0x01 != 0, "top-left dot set")
    #expect(bottomRight & 0x2800 == 0x2800 && bottomRight & 0x80 != 0, "bottom-right dot set")
  }

  @Test("many points are not marked, so they never hide the curve")
  func manyPoints() {
    let line = ArticleCurve.moreLinear.cubic.polynomial
    let points = (1..<64).map { DataPoint(t: Double($0) / 64, y: 1 - Double($0) / 64) }
    #expect(!TerminalPreview.render(line, points: points, width: 40).contains(TerminalPreview.pointMark))
    #expect(
      TerminalPreview.render(line, points: Array(points.prefix(20)), width: 40).contains(TerminalPreview.pointMark))
  }

  @Test("sizes are clamped to the supported ranges")
  func clamping() {
    let line = ArticleCurve.moreLinear.cubic.polynomial
    let tiny = TerminalPreview.render(line, width: 1, height: 0)
    #expect(tiny.split(separator: "\n").count == TerminalPreview.heightRange.lowerBound + 2)
    #expect(tiny.split(separator: "\n")[0].count == 6 + TerminalPreview.widthRange.lowerBound)
  }

  @Test("the range grows to show an overshooting curve")
  func overshoot() throws {
    // f = t³ + 2t² − 4t + 1 dips to about −0.48 before returning to 0.
    let text = TerminalPreview.render(try Polynomial(coefficients: [1, 2, -4, 1]), width: 30, height: 8)
    #expect(text.split(separator: "\n")[7].hasPrefix("     │"), "0 % is no longer the bottom row")
    #expect(text.contains("  0% ┤"))
  }
}
