import CurveCore
import CurvePipeline
import CurveSpec

/// A compact plot of a depletion curve in Unicode braille characters, for terminals.
///
/// ```
/// 100% ┤⠉⠒⠤⣀ ●
///      │     ⠉⠒⠤⣀
///   0% ┤         ⠉⠒⠤
///      └┬───┬───┬───┬
///   day 0   2   4   7
///      ● point  ⠒⠒ curve  ⠂ ⠂ linear 1 − t
/// ```
/// Each character cell holds 2 × 4 braille dots, so a `width` × `height` preview has a
/// resolution of 2·width × 4·height. The curve is solid, the linear reference 1 − t is
/// dotted, and control points are drawn as `●`, a full character that stands out from both.
/// The time axis is labelled in the curve's unit when it has a period (days, hours, …), else in
/// t from 0 to 1. The output depends only on the input.
public enum TerminalPreview {
  /// The supported widths, in character cells.
  public static let widthRange = 8...400
  /// The supported heights, in character cells.
  public static let heightRange = 2...100
  /// The mark of a control point.
  public static let pointMark: Character = "●"
  /// The characters left of the plot: four for the level label, a space, the axis.
  static let gutter = 6

  /// How a preview is laid out.
  public struct Options: Sendable, Hashable {
    /// How the time axis is labelled.
    public enum TimeAxis: Sendable, Hashable {
      /// In the curve's time unit over its period (days, hours, …) when it has one, else normalized.
      case fromCurve
      /// t from 0 to 1.
      case normalized
      /// Days from 0 to the given length.
      case days(Double)
    }

    /// The plot widths a terminal width maps to, in character cells.
    public static let terminalWidthRange = 24...120
    /// The plot width when the terminal's width is not known.
    public static let defaultWidth = 48

    /// The plot width in character cells, clamped to ``TerminalPreview/widthRange``.
    public var width: Int
    /// The plot height in character cells (clamped to ``TerminalPreview/heightRange``); nil
    /// scales it with the width: width / 4.8 (about as tall as wide in dots), 8 to 12 rows.
    public var height: Int?
    /// How the time axis is labelled.
    public var timeAxis: TimeAxis
    /// Whether a key line under the axis says what the marks are.
    public var showsKey: Bool

    /// Options for a plot `width` cells wide.
    public init(width: Int = defaultWidth, height: Int? = nil, timeAxis: TimeAxis = .fromCurve, showsKey: Bool = true) {
      self.width = width
      self.height = height
      self.timeAxis = timeAxis
      self.showsKey = showsKey
    }

    /// Options that fill a terminal `terminalColumns` wide (the `COLUMNS` variable or the
    /// terminal's size), leaving the level labels and one spare column; nil (unknown) gives
    /// ``defaultWidth``.
    public init(
      terminalColumns: Int?, height: Int? = nil, timeAxis: TimeAxis = .fromCurve, showsKey: Bool = true
    ) {
      self.init(
        width: Self.plotWidth(forTerminalColumns: terminalColumns), height: height, timeAxis: timeAxis,
        showsKey: showsKey)
    }

    /// The plot width for a terminal `columns` wide: columns − 7, within
    /// ``terminalWidthRange``; ``defaultWidth`` when unknown.
    public static func plotWidth(forTerminalColumns columns: Int?) -> Int {
      guard let columns else { return defaultWidth }
      let width = columns - TerminalPreview.gutter - 1
      return min(max(width, terminalWidthRange.lowerBound), terminalWidthRange.upperBound)
    }

    /// The height used for a plot of `columns` cells.
    func rows(forColumns columns: Int) -> Int {
      let rows = height ?? min(12, max(8, Int((Double(columns) / 4.8).rounded())))
      return min(max(rows, heightRange.lowerBound), heightRange.upperBound)
    }
  }

  /// Renders a resolved curve with the points it was fitted to, laid out by `options`: the
  /// call for `curvekit fit`, e.g.
  /// `TerminalPreview.render(curve, options: .init(terminalColumns: io.terminalColumns))`.
  /// - Returns: the plot's rows, the axis, the time labels and (with
  ///   ``Options/showsKey``) the key, each line ending in a newline.
  /// - Complexity: O(width · height + points).
  public static func render(_ curve: FittedCurve, options: Options) -> String {
    let period = curve.periodUnits
    return render(
      curve.polynomial, points: curve.points, duration: period.duration, timeUnit: period.timeUnit, options: options)
  }

  /// Renders f on [0, 1] with its control points, laid out by `options`.
  /// - Parameters:
  ///   - polynomial: the curve f.
  ///   - points: control points drawn as ``pointMark`` (only when there are at most width / 2
  ///     of them, so they never hide the curve); the level range grows to show them (up to
  ///     −100 %…200 %).
  ///   - durationDays: the curve's period in days, for ``Options/TimeAxis/fromCurve``.
  ///   - options: the layout.
  /// - Complexity: O(width · height + points).
  public static func render(
    _ polynomial: Polynomial, points: [DataPoint] = [], durationDays: Double? = nil, options: Options
  ) -> String {
    render(polynomial, points: points, duration: durationDays, timeUnit: .days, options: options)
  }

  /// Renders f on [0, 1] with its control points, the time axis from the curve labelled in
  /// `timeUnit` over `duration` ("hour" 0…10).
  /// - Complexity: O(width · height + points).
  public static func render(
    _ polynomial: Polynomial, points: [DataPoint] = [], duration: Double?, timeUnit: TimeUnit, options: Options
  ) -> String {
    let columns = min(max(options.width, widthRange.lowerBound), widthRange.upperBound)
    let rows = options.rows(forColumns: columns)
    let days: Double?
    var unit = TimeUnit.days
    switch options.timeAxis {
    case .fromCurve: (days, unit) = (duration, timeUnit)
    case .normalized: days = nil
    case .days(let length): days = length
    }
    let plot = Plot(polynomial, points: points, columns: columns, rows: rows)
    var text = plot.framed()
    text += timeAxis(
      columns: columns, dotColumns: plot.dotColumns, days: days.flatMap { $0 > 0 ? $0 : nil },
      unit: unit.singular.count <= 4 ? unit.singular : String(unit.singular.prefix(3)))
    if options.showsKey { text += key(marksPoints: plot.marksPoints, columns: columns) }
    return text
  }

  /// The key line under the time labels, no wider than the plot: in full, or compact.
  static func key(marksPoints: Bool, columns: Int) -> String {
    let full = (marksPoints ? "\(pointMark) point   " : "") + "⠒⠒ curve   ⠂ ⠂ linear 1 − t"
    let compact = (marksPoints ? "\(pointMark) point  " : "") + "⠒ curve  ⠂ 1 − t"
    return String(repeating: " ", count: gutter) + (full.count <= columns ? full : compact) + "\n"
  }

  /// Renders f on [0, 1] with its control points, `width` × `height` cells, time in t from 0
  /// to 1, and no key.
  /// - Returns: `height + 2` lines: the rows, the axis and the time labels.
  /// - Complexity: O(width · height + points).
  public static func render(_ polynomial: Polynomial, points: [DataPoint] = [], width: Int = 48, height: Int = 10)
    -> String
  {
    render(
      polynomial, points: points, options: Options(width: width, height: height, timeAxis: .normalized, showsKey: false)
    )
  }

  /// Renders a resolved curve with the points it was fitted to, `width` × `height` cells,
  /// time in days when it has a period, with the key (see ``render(_:options:)``).
  public static func render(_ curve: FittedCurve, width: Int = 48, height: Int = 10) -> String {
    render(curve, options: Options(width: width, height: height))
  }

  /// The braille character for the 2 × 4 dots of cell (row, column).
  static func brailleCell(_ dots: [[Bool]], row: Int, column: Int) -> Character {
    let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    var code: UInt32 = 0
    for dy in 0..<4 {
      for dx in 0..<2 where dots[4 * row + dy][2 * column + dx] {
        code |= bits[dy][dx]
      }
    }
    guard code != 0, let scalar = Unicode.Scalar(0x2800 + code) else { return " " }
    return Character(scalar)
  }
}
