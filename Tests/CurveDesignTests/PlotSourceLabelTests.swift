import CurveCore
import CurveDesign
import Testing

/// Issue 14 item 7: two curves of the same name are told apart by their sources, in the
/// legend and the title; names cannot break the SVG.
@Suite("SVG plot: sources in the legend and title")
struct PlotSourceLabelTests {
  static func series(_ name: String, source: String?) throws -> PlotSeries {
    var series = PlotSeries(name: name, polynomial: try Polynomial(coefficients: [-1, 1]), points: [])
    series.source = source
    return series
  }

  static func texts(_ svg: String) -> [String] {
    let inspector = SVGInspector()
    #expect(inspector.parse(svg), "\(inspector.parseError ?? "")")
    return inspector.texts
  }

  @Test("same names: the title names the files once, each legend entry its own")
  func sameNames() throws {
    let svg = try SVGPlot.render([
      try Self.series("Plateau", source: "plateau-a.curve.json"),
      try Self.series("Plateau", source: "plateau-b.curve.json"),
    ])
    let texts = Self.texts(svg)
    #expect(texts.filter { $0 == "Plateau: plateau-a.curve.json vs plateau-b.curve.json" }.count == 2, "title, heading")
    // "Plateau (plateau-a.curve.json)" is 30 characters: the legend drops the extension.
    #expect(texts.contains("Plateau (plateau-a)") && texts.contains("Plateau (plateau-b)"), "\(texts)")
    #expect(!texts.contains("Plateau vs Plateau"))
  }

  @Test("labels: short ones whole, long names shortened before the source, no source as before")
  func labels() throws {
    let short = Self.texts(
      try SVGPlot.render([try Self.series("P", source: "a.json"), try Self.series("P", source: "b.json")]))
    #expect(short.contains("P (a.json)") && short.contains("P: a.json vs b.json"))
    let long = Self.texts(
      try SVGPlot.render([
        try Self.series("A very long descriptive curve name", source: "v1/x.curve.json"),
        try Self.series("A very long descriptive curve name", source: "v2/x.curve.json"),
      ]))
    #expect(long.contains("A very long descript… (v1/x)"), "28 characters: \(long)")
    #expect(long.contains("2 curves compared"), "a title over 60 characters")
    let plain = Self.texts(try SVGPlot.render([try Self.series("Depletion", source: nil)]))
    #expect(plain.contains("Depletion") && !plain.contains { $0.contains("(") && $0.hasPrefix("Depletion") })
    let mixed = Self.texts(
      try SVGPlot.render([try Self.series("A", source: "a.json"), try Self.series("B", source: nil)]))
    #expect(mixed.contains("A (a.json) vs B"))
  }

  @Test("control and bidirectional characters in a name are escaped, so the SVG stays well-formed")
  func controlCharacters() throws {
    let svg = try SVGPlot.render([try Self.series("Bad\u{1}name\u{202E}", source: "a\nb.curve.json")])
    let texts = Self.texts(svg)
    #expect(texts.contains { $0.contains("Bad\\u{1}name\\u{202E}") }, "\(texts)")
    #expect(!svg.unicodeScalars.contains { $0.value == 0x01 || $0.value == 0x202E })
  }
}
