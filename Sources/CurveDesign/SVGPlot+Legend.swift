import CurveCore
import CurvePipeline

extension SVGPlot {
  /// The verdict line of one curve: symbol, colour and text, from CurveCore's exact
  /// verdict, with the rising regions of the slope scan when it found them.
  static func verdict(_ curve: PlotSeries, layout: PlotLayout) -> (text: String, colour: String) {
    switch curve.verdict {
    case .strictlyDecreasing, .nonIncreasing:
      return ("✓ never rises", goodColour)
    case .constant:
      return ("✗ constant: never falls", risingColour)
    case .strictlyIncreasing, .nonDecreasing:
      return ("✗ rises everywhere", risingColour)
    case .notMonotone(let rising, _):
      let intervals = curve.slope.risingIntervals
      let place =
        intervals.isEmpty
        ? "near " + layout.describe(rising.t...rising.t)
        : intervals.map(layout.describe).joined(separator: ", ")
      return ("✗ rises: \(place)", risingColour)
    }
  }

  /// Where the curve levels off, in the words `fit` and `check` use: "flat at t = …" for the
  /// exact verdict's flat points (f′ = 0 there), "nearly flat: …" for the stretches where
  /// |f′| is below the flat threshold; nil when neither exists.
  static func flatText(_ curve: PlotSeries, layout: PlotLayout) -> String? {
    var parts: [String] = []
    let exact = curve.verdict.flatPoints.map { layout.describe($0.t...$0.t) }
    if !exact.isEmpty { parts.append("flat at \(exact.joined(separator: ", "))") }
    let nearly = curve.slope.flatIntervals.map(layout.describe)
    if !nearly.isEmpty { parts.append("nearly flat: \(nearly.joined(separator: ", "))") }
    return parts.isEmpty ? nil : "◼ " + parts.joined(separator: "; ")
  }

  /// The legend: one block per curve (name, verdict, flat regions, fit statistics), then
  /// a key to the marks.
  static func drawLegend(_ svg: inout SVGBuilder, series: [PlotSeries], layout: PlotLayout) {
    let left = layout.legendLeft
    svg.group("g", [("id", "legend"), ("font-size", "12"), ("fill", "#374151")]) { svg in
      var y = layout.main.top + 6
      for (index, curve) in series.enumerated() {
        svg.group("g", [("class", "legend-entry")]) { svg in
          svg.empty(
            "line",
            [
              ("x1", PlotNumber.fixed(left)), ("y1", PlotNumber.fixed(y)), ("x2", PlotNumber.fixed(left + 26)),
              ("y2", PlotNumber.fixed(y)), ("stroke", colour(index)), ("stroke-width", "3"),
            ])
          svg.text(
            "text",
            [
              ("x", PlotNumber.fixed(left + 34)), ("y", PlotNumber.fixed(y + 5)), ("font-size", "14"),
              ("font-weight", "bold"), ("fill", "#111827"),
            ], legendLabel(curve.name, source: curve.source))
          let verdict = verdict(curve, layout: layout)
          svg.text(
            "text",
            [
              ("class", "verdict"), ("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(y + 24)), ("font-size", "13"),
              ("font-weight", "bold"), ("fill", verdict.colour),
            ], verdict.text)
          let flat = flatText(curve, layout: layout)
          svg.text(
            "text",
            [
              ("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(y + 42)),
              ("fill", flat == nil ? "#6b7280" : "#b45309"),
            ],
            flat ?? "never flat")
          let fit = "\(curve.points.count) points · max |r| \(PlotNumber.significant(curve.maxAbsResidual))"
          svg.text("text", [("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(y + 59))], fit)
          var stats = "RMSE \(PlotNumber.significant(curve.rmse))"
          if let r2 = curve.rSquared { stats += " · R² \(PlotNumber.significant(r2, digits: 6))" }
          svg.text("text", [("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(y + 75))], stats)
        }
        y += PlotLayout.legendBlockHeight
      }
      drawKey(
        &svg, top: y, left: left, thresholds: series.map { $0.slope.flatThreshold },
        milestones: series.contains { !$0.milestones.isEmpty })
    }
  }

  /// The widest legend name, in characters.
  static let legendNameWidth = 28

  /// A legend name: `name (source)`, shortened to ``legendNameWidth`` characters. The
  /// source (which tells same-named curves apart) is kept: first its `.curve.json` or
  /// `.json` extension is dropped, then the name is shortened with "…"; only a source longer
  /// than two thirds of the width is itself cut.
  static func legendLabel(_ name: String, source: String? = nil) -> String {
    let width = legendNameWidth
    func cut(_ text: String) -> String { text.count <= width ? text : String(text.prefix(width - 1)) + "…" }
    guard let source else { return cut(name) }
    let full = "\(name) (\(source))"
    guard full.count > width else { return full }
    var short = source
    for suffix in [".curve.json", ".json"] where short.hasSuffix(suffix) && short.count > suffix.count {
      short = String(short.dropLast(suffix.count))
      break
    }
    let tail = " (\(short))"
    if name.count + tail.count <= width { return name + tail }
    guard tail.count <= 2 * width / 3 else { return cut(full) }
    return String(name.prefix(width - tail.count - 1)) + "…" + tail
  }

  /// What each mark means.
  static func drawKey(
    _ svg: inout SVGBuilder, top: Double, left: Double, thresholds: [Double], milestones: Bool = false
  ) {
    svg.group("g", [("class", "key")]) { svg in
      svg.empty(
        "line",
        [
          ("x1", PlotNumber.fixed(left)), ("y1", PlotNumber.fixed(top - 8)), ("x2", PlotNumber.fixed(left + 220)),
          ("y2", PlotNumber.fixed(top - 8)), ("stroke", "#d1d5db"), ("stroke-width", "1"),
        ])
      let textX = PlotNumber.fixed(left + 34)
      func row(_ index: Int) -> Double { top + 12 + Double(index) * 21 }
      svg.empty(
        "line",
        [
          ("x1", PlotNumber.fixed(left)), ("y1", PlotNumber.fixed(row(0))), ("x2", PlotNumber.fixed(left + 26)),
          ("y2", PlotNumber.fixed(row(0))), ("stroke", "#374151"), ("stroke-width", "2.75"),
        ])
      svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(0) + 4))], "fitted curve")
      svg.empty(
        "line",
        [
          ("x1", PlotNumber.fixed(left + 13)), ("y1", PlotNumber.fixed(row(1) - 9)),
          ("x2", PlotNumber.fixed(left + 13)),
          ("y2", PlotNumber.fixed(row(1) + 1)), ("stroke", "#374151"), ("stroke-width", "2"),
        ])
      svg.empty(
        "circle",
        [
          ("cx", PlotNumber.fixed(left + 13)), ("cy", PlotNumber.fixed(row(1) + 3)), ("r", "4.5"), ("fill", "#ffffff"),
          ("stroke", "#374151"), ("stroke-width", "2"),
        ])
      svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(1) + 4))], "point, whisker to curve = residual")
      svg.empty(
        "line",
        [
          ("x1", PlotNumber.fixed(left)), ("y1", PlotNumber.fixed(row(2))), ("x2", PlotNumber.fixed(left + 26)),
          ("y2", PlotNumber.fixed(row(2))), ("stroke", "#9ca3af"), ("stroke-width", "1.5"), ("stroke-dasharray", "6 5"),
        ])
      svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(2) + 4))], "linear reference")
      swatch(&svg, x: left, y: row(3) - 7, colour: risingColour, opacity: "0.3")
      svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(3) + 4))], "rising: the level goes up")
      swatch(&svg, x: left, y: row(4) - 7, colour: flatColour, opacity: "0.4")
      let distinct = Array(Set(thresholds)).sorted()
      let threshold = distinct.count == 1 ? PlotNumber.significant(distinct[0]) : "its threshold"
      svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(4) + 4))], "nearly flat: |f′| < \(threshold)")
      var footnote = 5
      if milestones {
        svg.empty(
          "line",
          [
            ("x1", PlotNumber.fixed(left)), ("y1", PlotNumber.fixed(row(5))), ("x2", PlotNumber.fixed(left + 26)),
            ("y2", PlotNumber.fixed(row(5))), ("stroke", milestoneColour), ("stroke-width", "2"),
            ("stroke-dasharray", "2 3"),
          ])
        svg.text("text", [("x", textX), ("y", PlotNumber.fixed(row(5) + 4))], "milestone: stay above / below")
        footnote = 6
      }
      svg.text(
        "text", [("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(row(footnote) + 4)), ("fill", "#6b7280")],
        "f′ = change per period; average is −1")
    }
  }

  /// A small filled square for the key.
  private static func swatch(_ svg: inout SVGBuilder, x: Double, y: Double, colour: String, opacity: String) {
    svg.empty(
      "rect",
      [
        ("x", PlotNumber.fixed(x)), ("y", PlotNumber.fixed(y)), ("width", "26"), ("height", "14"),
        ("fill", colour), ("fill-opacity", opacity),
      ])
  }
}
