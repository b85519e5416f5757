import CurveCore
import CurveDesign
import CurveFitting
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects element names, classes and text from an XML document; records parse errors.
final class SVGInspector: NSObject, XMLParserDelegate {
  private(set) var elements: [(name: String, attributes: [String: String])] = []
  private(set) var texts: [String] = []
  private(set) var parseError: String?
  private var buffer = ""

  /// Parses `text`; returns false when the document is not well-formed.
  func parse(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = self
    let ok = parser.parse()
    if !ok, parseError == nil { parseError = parser.parserError.map { "\($0)" } ?? "unknown" }
    return ok
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append((elementName, attributes))
    buffer = ""
  }

  // XMLParser may deliver one text node in several pieces; join them per element.
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    buffer += string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    let trimmed = buffer.trimmingCharacters(in: .whitespacesAndNewlines)
    if !trimmed.isEmpty { texts.append(trimmed) }
    buffer = ""
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    self.parseError = "\(parseError) at line \(parser.lineNumber)"
  }

  /// The elements named `name` whose class is `className` (any class when nil).
  func count(_ name: String, class className: String? = nil) -> Int {
    elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }.count
  }
}

/// The four example specs, loaded from examples/curves.
func exampleSpecs() throws -> [CurveSpec] {
  try ["depletion", "linear", "steep-end", "steep-start"].map { name in
    try CurveSpec.load(path: Fixtures.repositoryRoot + "/examples/curves/\(name).curve.json")
  }
}

/// A spec whose cubic fit rises near t = 0 and has visible residuals.
func sketchSpec() throws -> CurveSpec {
  try CurveSpec.load(path: Fixtures.repositoryRoot + "/docs/gallery/specs/designer-sketch.curve.json")
}

@Suite("SVG plot")
struct SVGPlotTests {
  @Test("one curve: well-formed XML with every expected element")
  func singleCurve() throws {
    let spec = try sketchSpec()
    let series = try seriesOf(spec)
    let svg = try SVGPlot.render([series], options: PlotOptions(durationDays: 7))
    let inspector = SVGInspector()
    #expect(inspector.parse(svg), "\(inspector.parseError ?? "")")
    #expect(inspector.elements.first?.name == "svg")
    #expect(inspector.count("path", class: "curve") == 1)
    #expect(inspector.count("path", class: "slope") == 1)
    #expect(inspector.count("circle", class: "control-point") == spec.points.count)
    #expect(inspector.count("line", class: "residual") == spec.points.count)
    #expect(inspector.count("line", class: "linear-reference") == 1)
    #expect(inspector.count("g", class: "rising-bands") == 2)
    #expect(inspector.count("path", class: "rising-halo") == 1, "the rising start is marked on the curve")
    #expect(inspector.count("rect") > 0 && inspector.count("g", class: "legend-entry") == 1)
    #expect(inspector.texts.contains("Designer Sketch"))
    #expect(inspector.texts.contains { $0.hasPrefix("✗ rises: days 0–") }, "\(inspector.texts)")
    #expect(inspector.texts.contains("time (days)") && inspector.texts.contains("100 %"))
    #expect(inspector.texts.contains("slope f′"))
  }

  @Test("several specs overlay in distinct colours, each with its own legend entry")
  func overlay() throws {
    let series = try exampleSpecs().map { try seriesOf($0) }
    let svg = try SVGPlot.render(series)
    let inspector = SVGInspector()
    #expect(inspector.parse(svg), "\(inspector.parseError ?? "")")
    let curves = inspector.elements.filter { $0.attributes["class"] == "curve" }
    #expect(curves.count == 4)
    #expect(Set(curves.compactMap { $0.attributes["stroke"] }).count == 4)
    #expect(inspector.count("g", class: "legend-entry") == 4)
    #expect(inspector.texts.filter { $0 == "✓ never rises" }.count == 4)
    #expect(inspector.texts.contains("time (fraction of the period)"))
  }

  @Test("the output is deterministic and escapes names")
  func determinism() throws {
    var spec = try sketchSpec()
    spec.name = "A <b> & \"c\""
    let first = try SVGPlot.render([try seriesOf(spec)], options: PlotOptions(durationDays: 7))
    let second = try SVGPlot.render([try seriesOf(spec)], options: PlotOptions(durationDays: 7))
    #expect(first == second)
    #expect(first.contains("A &lt;b&gt; &amp; &quot;c&quot;"))
    let inspector = SVGInspector()
    #expect(inspector.parse(first), "\(inspector.parseError ?? "")")
  }

  /// The committed gallery (scripts/gallery.sh) parses, and each file has its curves.
  @Test(
    "the gallery SVGs are well-formed",
    arguments: [
      ("depletion", 1), ("linear", 1), ("steep-end", 1), ("steep-start", 1), ("designer-sketch", 1), ("comparison", 4),
    ])
  func gallery(name: String, curves: Int) throws {
    let path = Fixtures.repositoryRoot + "/docs/gallery/\(name).svg"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let inspector = SVGInspector()
    #expect(inspector.parse(text), "\(name): \(inspector.parseError ?? "")")
    #expect(inspector.count("path", class: "curve") == curves)
    #expect(inspector.count("g", class: "legend-entry") == curves)
  }

  /// Values beyond the double range (f(1) overflows to ∞) still give a finite,
  /// well-formed picture and a preview, with the curve clipped.
  @Test("overflowing curves render without crashing")
  func overflow() throws {
    let wild = try Polynomial(coefficients: [1e308, 1e308, -1e308, 1])
    let svg = try SVGPlot.render([PlotSeries(name: "wild", polynomial: wild, points: [DataPoint(t: 0.5, y: 0.5)])])
    let inspector = SVGInspector()
    #expect(inspector.parse(svg), "\(inspector.parseError ?? "")")
    #expect(!svg.contains("inf") && !svg.contains("nan"))
    #expect(TerminalPreview.render(wild, points: [DataPoint(t: 0.5, y: .infinity)]).split(separator: "\n").count == 12)
  }

  @Test("no curves is an error")
  func empty() {
    #expect(throws: DesignError.nothingToPlot) { try SVGPlot.render([]) }
  }

  /// A cubic is drawn as one exact Bézier segment: its control points, mapped back to
  /// data space, are the Bernstein control values of f (to the 0.01-unit rounding).
  @Test("a cubic is one exact Bézier segment")
  func exactPath() throws {
    let cubic = ArticleCurve.current.cubic
    let series = PlotSeries(name: "current", polynomial: cubic.polynomial, points: [])
    let svg = try SVGPlot.render([series])
    let inspector = SVGInspector()
    #expect(inspector.parse(svg))
    let d = try #require(inspector.elements.first { $0.attributes["class"] == "curve" }?.attributes["d"])
    let numbers = d.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "C" }).compactMap { Double($0) }
    #expect(numbers.count == 8, "M + one C segment: \(d)")
    // The frame maps t ∈ [0, 1] to x ∈ [left, left + width]; recover the scale from P0, P3.
    let (x0, y0, x3) = (numbers[0], numbers[1], numbers[6])
    let bernstein = [cubic.d, cubic.d + cubic.c / 3, cubic.d + (2 * cubic.c + cubic.b) / 3, 0]
    let scaleY = (numbers[7] - y0) / (bernstein[3] - bernstein[0])
    for index in 0..<4 {
      let x = numbers[2 * index]
      let y = numbers[2 * index + 1]
      #expect(abs(x - (x0 + Double(index) / 3 * (x3 - x0))) <= 0.005 + 1e-9)
      #expect(abs(y - (y0 + (bernstein[index] - bernstein[0]) * scaleY)) <= 0.01 + 1e-9)
    }
  }

  @Test(
    "PNG rendering with rsvg-convert",
    .enabled(
      if: SVGRasterizer.rendererPath() != nil,
      "rsvg-convert is not installed (apt-get install librsvg2-bin); PNG rendering skipped"))
  func png() throws {
    let temporary = try TemporaryDirectory("png")
    defer { temporary.remove() }
    let directory = temporary.url
    let svgPath = directory.appendingPathComponent("plot.svg").path
    let pngPath = directory.appendingPathComponent("plot.png").path
    let series = try exampleSpecs().map { try seriesOf($0) } + [try seriesOf(sketchSpec())]
    try SVGPlot.render(series).write(toFile: svgPath, atomically: true, encoding: .utf8)
    try SVGRasterizer.convert(svgPath: svgPath, pngPath: pngPath)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: pngPath))
    #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "PNG signature")
    // IHDR width and height (big-endian at offsets 16 and 20) match the SVG's 880 × height.
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 880)
  }
}

/// The plot series of a spec's ordinary least-squares fit (policy `ignore`), resolved once.
func seriesOf(_ spec: CurveSpec) throws -> PlotSeries {
  PlotSeries(try CurveResolver.resolve(CurveRequest(.spec(spec), policy: .ignore)))
}
