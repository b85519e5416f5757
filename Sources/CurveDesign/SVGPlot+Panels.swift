import CurveCore
import CurvePipeline

extension SVGPlot {
  /// The level panel: grid, rising bands, linear reference, axes, curves, whiskers, points.
  static func drawMainPanel(_ svg: inout SVGBuilder, series: [PlotSeries], layout: PlotLayout) {
    let frame = layout.main
    svg.group("g", [("id", "level-panel")]) { svg in
      svg.empty("rect", frame.rectAttributes + [("fill", "#f9fafb"), ("stroke", "none")])
      drawGrid(&svg, frame: frame, ticks: layout.levelTicks, timeTicks: layout.timeTicks)
      svg.group("g", [("class", "rising-bands"), ("fill", risingColour), ("fill-opacity", "0.16")]) { svg in
        for curve in series { drawBands(&svg, curve.slope.risingIntervals, in: frame) }
      }
      svg.empty(
        "line",
        [
          ("class", "linear-reference"), ("x1", PlotNumber.fixed(frame.x(0))), ("y1", PlotNumber.fixed(frame.y(1))),
          ("x2", PlotNumber.fixed(frame.x(1))), ("y2", PlotNumber.fixed(frame.y(0))),
          ("stroke", "#9ca3af"), ("stroke-width", "1.5"), ("stroke-dasharray", "6 5"),
        ])
      drawAxes(
        &svg, frame: frame, layout: layout, ticks: layout.levelTicks, label: { PlotNumber.fixed($0 * 100) + " %" })
      svg.text("text", rotatedTitle(frame), "level")
      drawMilestones(&svg, series: series, layout: layout)
      svg.group("g", [("clip-path", "url(#main-clip)")]) { svg in
        for curve in series {
          for interval in curve.slope.risingIntervals {
            svg.empty(
              "path",
              [
                ("class", "rising-halo"),
                ("d", bezierPath(curve.polynomial, from: interval.lowerBound, to: interval.upperBound, in: frame)),
                ("fill", "none"), ("stroke", risingColour), ("stroke-opacity", "0.45"), ("stroke-width", "10"),
                ("stroke-linecap", "round"),
              ])
          }
        }
        for (index, curve) in series.enumerated() {
          svg.empty(
            "path",
            [
              ("class", "curve"), ("d", bezierPath(curve.polynomial, in: frame)), ("fill", "none"),
              ("stroke", colour(index)), ("stroke-width", "2.75"), ("stroke-linejoin", "round"),
            ])
        }
        for (index, curve) in series.enumerated() {
          drawPoints(&svg, curve, colour: colour(index), frame: frame)
        }
      }
    }
  }

  /// Each milestone as a guide line at its level over the span it governs (≥ L until u: from
  /// t = 0 to u; ≤ U from v: from v to 1), ending in a tick at its time, with its label.
  static func drawMilestones(_ svg: inout SVGBuilder, series: [PlotSeries], layout: PlotLayout) {
    let frame = layout.main
    let milestones = series.enumerated().flatMap { index, curve in curve.milestones.map { (index, $0) } }
    guard !milestones.isEmpty else { return }
    svg.group("g", [("class", "milestones"), ("font-size", "11"), ("fill", milestoneColour)]) { svg in
      for (index, milestone) in milestones {
        let (from, to, anchor): (Double, Double, String)
        switch milestone {
        case .atLeast(_, let until): (from, to, anchor) = (0, until, "start")
        case .atMost(_, let start): (from, to, anchor) = (start, 1, "end")
        }
        let y = PlotNumber.fixed(frame.y(milestone.level))
        svg.empty(
          "line",
          [
            ("class", "milestone"), ("x1", PlotNumber.fixed(frame.x(from))), ("y1", y),
            ("x2", PlotNumber.fixed(frame.x(to))), ("y2", y), ("stroke", milestoneColour), ("stroke-width", "2"),
            ("stroke-dasharray", "2 3"), ("data-series", "\(index)"),
          ])
        svg.empty(
          "line",
          [
            ("x1", PlotNumber.fixed(frame.x(milestone.t))), ("y1", PlotNumber.fixed(frame.y(milestone.level) - 6)),
            ("x2", PlotNumber.fixed(frame.x(milestone.t))), ("y2", PlotNumber.fixed(frame.y(milestone.level) + 6)),
            ("stroke", milestoneColour), ("stroke-width", "2"),
          ])
        let sign = milestone.isAtLeastBound ? "≥" : "≤"
        let label =
          "\(sign) \(PlotNumber.significant(milestone.level * 100, digits: 4)) % "
          + (milestone.isAtLeastBound ? "until " : "from ") + layout.describe(milestone.t...milestone.t)
        let x = milestone.isAtLeastBound ? frame.x(0) + 4 : frame.x(1) - 4
        svg.text(
          "text",
          [
            ("class", "milestone-label"), ("x", PlotNumber.fixed(x)),
            ("y", PlotNumber.fixed(frame.y(milestone.level) - 5)),
            ("text-anchor", anchor),
          ], label)
      }
    }
  }

  /// The control points of one curve, each with a whisker from the point to the curve.
  static func drawPoints(_ svg: inout SVGBuilder, _ curve: PlotSeries, colour: String, frame: PlotFrame) {
    svg.group("g", [("class", "points")]) { svg in
      for (point, residual) in zip(curve.points, curve.residuals) {
        let x = PlotNumber.fixed(frame.x(point.t))
        svg.empty(
          "line",
          [
            ("class", "residual"), ("x1", x), ("y1", PlotNumber.fixed(frame.y(point.y))),
            ("x2", x), ("y2", PlotNumber.fixed(frame.y(point.y - residual))),
            ("stroke", colour), ("stroke-width", "2"), ("stroke-linecap", "round"),
          ])
      }
      for point in curve.points {
        svg.empty(
          "circle",
          [
            ("class", "control-point"), ("cx", PlotNumber.fixed(frame.x(point.t))),
            ("cy", PlotNumber.fixed(frame.y(point.y))),
            ("r", "4.5"), ("fill", "#ffffff"), ("stroke", colour), ("stroke-width", "2"),
          ])
      }
    }
  }

  /// The slope panel: flat and rising bands, the zero line, f′ of each curve, axes.
  static func drawSlopePanel(_ svg: inout SVGBuilder, series: [PlotSeries], layout: PlotLayout) {
    let frame = layout.slope
    svg.group("g", [("id", "slope-panel")]) { svg in
      svg.empty("rect", frame.rectAttributes + [("fill", "#f9fafb"), ("stroke", "none")])
      drawGrid(&svg, frame: frame, ticks: layout.slopeTicks, timeTicks: layout.timeTicks)
      svg.group("g", [("class", "flat-bands"), ("fill", flatColour), ("fill-opacity", "0.28")]) { svg in
        for curve in series { drawBands(&svg, curve.slope.flatIntervals, in: frame) }
      }
      svg.group("g", [("class", "rising-bands"), ("fill", risingColour), ("fill-opacity", "0.22")]) { svg in
        for curve in series { drawBands(&svg, curve.slope.risingIntervals, in: frame) }
      }
      drawAxes(&svg, frame: frame, layout: layout, ticks: layout.slopeTicks, label: { PlotNumber.significant($0) })
      svg.empty(
        "line",
        [
          ("class", "zero-slope"), ("x1", PlotNumber.fixed(frame.left)), ("y1", PlotNumber.fixed(frame.y(0))),
          ("x2", PlotNumber.fixed(frame.right)), ("y2", PlotNumber.fixed(frame.y(0))),
          ("stroke", "#111827"), ("stroke-width", "1.25"),
        ])
      svg.text("text", rotatedTitle(frame), "slope f′")
      svg.group("g", [("clip-path", "url(#slope-clip)")]) { svg in
        for (index, curve) in series.enumerated() {
          svg.empty(
            "path",
            [
              ("class", "slope"), ("d", bezierPath(curve.slope.derivative, in: frame)), ("fill", "none"),
              ("stroke", colour(index)), ("stroke-width", "2"),
            ])
        }
      }
      svg.text(
        "text",
        [
          ("x", PlotNumber.fixed(frame.left + frame.width / 2)), ("y", PlotNumber.fixed(frame.bottom + 40)),
          ("font-size", "13"), ("text-anchor", "middle"), ("fill", "#374151"),
        ], layout.timeTitle)
    }
  }

  /// Full-height bands over the given time intervals.
  static func drawBands(_ svg: inout SVGBuilder, _ intervals: [ClosedRange<Double>], in frame: PlotFrame) {
    for interval in intervals {
      let x0 = frame.x(interval.lowerBound)
      let x1 = max(frame.x(interval.upperBound), x0 + 1.5)
      svg.empty(
        "rect",
        [
          ("x", PlotNumber.fixed(x0)), ("y", PlotNumber.fixed(frame.top)),
          ("width", PlotNumber.fixed(x1 - x0)), ("height", PlotNumber.fixed(frame.height)),
        ])
    }
  }

  /// Light grid lines at the value ticks and time ticks.
  static func drawGrid(
    _ svg: inout SVGBuilder, frame: PlotFrame, ticks: [Double], timeTicks: [(t: Double, label: String)]
  ) {
    svg.group("g", [("class", "grid"), ("stroke", "#e5e7eb"), ("stroke-width", "1")]) { svg in
      for value in ticks {
        let y = PlotNumber.fixed(frame.y(value))
        svg.empty(
          "line", [("x1", PlotNumber.fixed(frame.left)), ("y1", y), ("x2", PlotNumber.fixed(frame.right)), ("y2", y)])
      }
      for tick in timeTicks {
        let x = PlotNumber.fixed(frame.x(tick.t))
        svg.empty(
          "line", [("x1", x), ("y1", PlotNumber.fixed(frame.top)), ("x2", x), ("y2", PlotNumber.fixed(frame.bottom))])
      }
    }
  }

  /// The left and bottom axis lines with ticks and labels.
  static func drawAxes(
    _ svg: inout SVGBuilder, frame: PlotFrame, layout: PlotLayout, ticks: [Double], label: (Double) -> String
  ) {
    svg.group("g", [("class", "axes"), ("stroke", "#374151"), ("stroke-width", "1.25")]) { svg in
      let (left, bottom) = (PlotNumber.fixed(frame.left), PlotNumber.fixed(frame.bottom))
      svg.empty("line", [("x1", left), ("y1", PlotNumber.fixed(frame.top)), ("x2", left), ("y2", bottom)])
      svg.empty("line", [("x1", left), ("y1", bottom), ("x2", PlotNumber.fixed(frame.right)), ("y2", bottom)])
      for value in ticks {
        let y = PlotNumber.fixed(frame.y(value))
        svg.empty("line", [("x1", PlotNumber.fixed(frame.left - 5)), ("y1", y), ("x2", left), ("y2", y)])
      }
      for tick in layout.timeTicks {
        let x = PlotNumber.fixed(frame.x(tick.t))
        svg.empty("line", [("x1", x), ("y1", bottom), ("x2", x), ("y2", PlotNumber.fixed(frame.bottom + 5))])
      }
    }
    svg.group("g", [("class", "tick-labels"), ("font-size", "12"), ("fill", "#374151")]) { svg in
      for value in ticks {
        svg.text(
          "text",
          [
            ("x", PlotNumber.fixed(frame.left - 9)), ("y", PlotNumber.fixed(frame.y(value) + 4)),
            ("text-anchor", "end"),
          ], label(value))
      }
      for tick in layout.timeTicks {
        svg.text(
          "text",
          [
            ("x", PlotNumber.fixed(frame.x(tick.t))), ("y", PlotNumber.fixed(frame.bottom + 19)),
            ("text-anchor", "middle"),
          ], tick.label)
      }
    }
  }

  /// Attributes of a vertical axis title left of `frame`.
  static func rotatedTitle(_ frame: PlotFrame) -> [(String, String)] {
    let x = PlotNumber.fixed(frame.left - 58)
    let y = PlotNumber.fixed(frame.top + frame.height / 2)
    return [
      ("x", x), ("y", y), ("transform", "rotate(-90 \(x) \(y))"), ("font-size", "13"),
      ("text-anchor", "middle"), ("fill", "#374151"),
    ]
  }
}
