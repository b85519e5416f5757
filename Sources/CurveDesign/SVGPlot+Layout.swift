import CurveCore
import CurvePipeline
import CurveSpec

/// A rectangle on the page with the data ranges it shows: maps data to SVG coordinates.
struct PlotFrame {
  /// The left edge, in SVG units.
  var left: Double
  /// The top edge, in SVG units.
  var top: Double
  /// The width, in SVG units.
  var width: Double
  /// The height, in SVG units.
  var height: Double
  /// The data value shown at the bottom edge.
  var low: Double
  /// The data value shown at the top edge.
  var high: Double

  /// The SVG x of time t ∈ [0, 1].
  func x(_ t: Double) -> Double { left + t * width }
  /// The SVG y of data value v.
  func y(_ v: Double) -> Double { top + (high - v) / (high - low) * height }
  /// The bottom edge, in SVG units.
  var bottom: Double { top + height }
  /// The right edge, in SVG units.
  var right: Double { left + width }

  /// `x`, `y`, `width`, `height` attributes of the frame's rectangle.
  var rectAttributes: [(String, String)] {
    [
      ("x", PlotNumber.fixed(left)), ("y", PlotNumber.fixed(top)),
      ("width", PlotNumber.fixed(width)), ("height", PlotNumber.fixed(height)),
    ]
  }
}

/// Where everything goes on the page, and the ticks of each axis.
struct PlotLayout {
  /// The page width, in SVG units.
  let width = 880.0
  /// The page height, in SVG units (grows with the legend).
  let height: Double
  /// The level panel.
  let main: PlotFrame
  /// The slope panel.
  let slope: PlotFrame
  /// The left edge of the legend.
  let legendLeft = 600.0
  /// The time ticks: position t ∈ [0, 1] and label.
  let timeTicks: [(t: Double, label: String)]
  /// The time axis title.
  let timeTitle: String
  /// The level ticks (multiples of 0.25 inside the panel's range).
  let levelTicks: [Double]
  /// The slope ticks.
  let slopeTicks: [Double]
  /// The plot's length in ``timeUnit``, if the time axis has a unit.
  let duration: Double?
  /// The time axis' unit.
  let timeUnit: TimeUnit

  /// The height of one series' legend block.
  static let legendBlockHeight = 92.0
  /// The height of the key below the series blocks.
  static let keyHeight = 150.0

  init(series: [PlotSeries], options: PlotOptions) {
    var levelLow = 0.0
    var levelHigh = 1.0
    var slopeLow = -0.25
    var slopeHigh = 0.0
    for curve in series {
      for k in 0...200 {
        let v = curve.polynomial.value(at: Double(k) / 200)
        levelLow = min(levelLow, v)
        levelHigh = max(levelHigh, v)
      }
      for point in curve.points {
        levelLow = min(levelLow, point.y)
        levelHigh = max(levelHigh, point.y)
      }
      slopeLow = min(slopeLow, curve.slope.minimumSlope)
      slopeHigh = max(slopeHigh, curve.slope.maximumSlope)
    }
    // Keep the ranges finite and bounded even for wild curves (the curve is clipped).
    slopeLow = max(-1e6, slopeLow.isNaN ? -1 : slopeLow)
    slopeHigh = min(1e6, slopeHigh.isNaN ? 0 : slopeHigh)
    levelLow = max(-1, levelLow - 0.05)
    levelHigh = min(2, levelHigh + 0.05)
    let slopePad = 0.1 * (slopeHigh - slopeLow)
    slopeLow -= slopePad
    slopeHigh += slopePad

    let top = 52.0
    main = PlotFrame(left: 84, top: top, width: 470, height: 300, low: levelLow, high: levelHigh)
    slope = PlotFrame(left: 84, top: top + 360, width: 470, height: 110, low: slopeLow, high: slopeHigh)
    let legendNeeds = top + Double(series.count) * Self.legendBlockHeight + Self.keyHeight + 16
    height = max(slope.bottom + 56, legendNeeds)

    levelTicks = stride(from: (levelLow * 4).rounded(.up), through: (levelHigh * 4).rounded(.down), by: 1).map {
      $0 / 4
    }
    let slopeStep = Self.niceStep((slopeHigh - slopeLow) / 3)
    slopeTicks = stride(
      from: (slopeLow / slopeStep).rounded(.up), through: (slopeHigh / slopeStep).rounded(.down), by: 1
    )
    .map { $0 * slopeStep }

    duration = options.duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    timeUnit = duration == nil ? .normalized : options.timeUnit
    timeTicks = PlotData.timeTicks(duration: duration)
    timeTitle = duration == nil ? "time (fraction of the period)" : "time (\(timeUnit.plural))"
  }

  /// The shared axis step (``PlotData/niceStep(_:)``).
  static func niceStep(_ rough: Double) -> Double { PlotData.niceStep(rough) }

  /// A time interval in the axis' unit, e.g. `t 0.82–1`, `days 5.74–7` or `hour 3`.
  func describe(_ interval: ClosedRange<Double>) -> String {
    let scale = duration ?? 1
    let from = PlotNumber.significant(interval.lowerBound * scale)
    let to = PlotNumber.significant(interval.upperBound * scale)
    let unit = from == to ? timeUnit.singular : timeUnit.plural
    return from == to ? "\(unit) \(from)" : "\(unit) \(from)–\(to)"
  }
}
