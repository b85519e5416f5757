import CurveCore
import CurvePipeline

/// A compact plot of a depletion curve in Unicode braille characters, for terminals.
///
/// ```
/// 100% ┤⠉⠒⠤⣀ •
///      │     ⠉⠒⠤⣀
///   0% ┤         ⠉⠒⠤
///      └────────────
///       0    t     1
/// ```
/// Each character cell holds 2 × 4 braille dots, so a `width` × `height` preview has a
/// resolution of 2·width × 4·height. The curve is solid, the linear reference 1 − t is
/// dotted, and control points are drawn as `•`. The output depends only on the input.
public enum TerminalPreview {
  /// The supported widths, in character cells.
  public static let widthRange = 8...400
  /// The supported heights, in character cells.
  public static let heightRange = 2...100

  /// Renders f on [0, 1] with its control points.
  /// - Parameters:
  ///   - polynomial: the curve f.
  ///   - points: control points drawn as `•` (only when there are at most width / 2 of
  ///     them, so they never hide the curve); the level range grows to show them (up to
  ///     −100 %…200 %).
  ///   - width: plot width in character cells, clamped to ``widthRange``.
  ///   - height: plot height in character cells, clamped to ``heightRange``.
  /// - Returns: `height + 2` lines, each ending in a newline.
  /// - Complexity: O(width · height + points).
  public static func render(_ polynomial: Polynomial, points: [DataPoint] = [], width: Int = 48, height: Int = 10)
    -> String
  {
    let columns = min(max(width, widthRange.lowerBound), widthRange.upperBound)
    let rows = min(max(height, heightRange.lowerBound), heightRange.upperBound)
    let dotColumns = 2 * columns
    let dotRows = 4 * rows
    let samples = (0..<dotColumns).map { polynomial.value(at: Double($0) / Double(dotColumns - 1)) }
    let levels = (samples + points.filter { $0.t >= 0 && $0.t <= 1 }.map(\.y)).filter(\.isFinite)
    let low = max(-1, min(0, levels.min() ?? 0))
    let high = min(2, max(1, levels.max() ?? 1))
    func dotRow(_ level: Double) -> Int {
      let fraction = (high - level) / (high - low)
      // An overflowing value (|f| beyond the double range) is drawn at the nearer edge.
      guard fraction.isFinite else { return level > high ? 0 : dotRows - 1 }
      return Int((min(1, max(0, fraction)) * Double(dotRows - 1)).rounded())
    }
    var dots = [[Bool]](repeating: [Bool](repeating: false, count: dotColumns), count: dotRows)
    for column in stride(from: 0, to: dotColumns, by: 4) {
      dots[dotRow(1 - Double(column) / Double(dotColumns - 1))][column] = true
    }
    var previous = dotRow(samples[0])
    for (column, value) in samples.enumerated() {
      let row = dotRow(value)
      for filled in min(row, previous)...max(row, previous) {
        dots[filled][column] = true
      }
      previous = row
    }
    var cells = [[Character]](repeating: [Character](repeating: " ", count: columns), count: rows)
    for row in 0..<rows {
      for column in 0..<columns {
        cells[row][column] = brailleCell(dots, row: row, column: column)
      }
    }
    // Beyond one mark per two columns the marks would hide the curve (a data file, the
    // samples of an imported easing): then only the curve is drawn.
    let marked = points.count <= columns / 2 ? points : []
    for point in marked where point.t >= 0 && point.t <= 1 && point.y >= low && point.y <= high {
      let column = min(columns - 1, Int(point.t * Double(dotColumns - 1)) / 2)
      cells[dotRow(point.y) / 4][column] = "•"
    }
    return frame(cells, low: low, high: high, dotRow: dotRow)
  }

  /// Renders a resolved curve with the points it was fitted to.
  public static func render(_ curve: FittedCurve, width: Int = 48, height: Int = 10) -> String {
    render(curve.polynomial, points: curve.points, width: width, height: height)
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

  /// Adds the level labels, the axis lines and the time labels around the cells.
  static func frame(_ cells: [[Character]], low: Double, high: Double, dotRow: (Double) -> Int) -> String {
    let columns = cells.first?.count ?? 0
    var labels = [String](repeating: "", count: cells.count)
    for level in [1.0, 0.5, 0.0] {
      let row = dotRow(level) / 4
      if labels[row].isEmpty { labels[row] = PlotNumber.fixed(level * 100) + "%" }
    }
    var text = ""
    for (row, line) in cells.enumerated() {
      let label = labels[row]
      let gutter = String(repeating: " ", count: max(0, 4 - label.count)) + label
      text += gutter + (label.isEmpty ? " │" : " ┤") + String(line) + "\n"
    }
    text += "     └" + String(repeating: "─", count: columns) + "\n"
    let middle = String(repeating: " ", count: max(0, (columns - 1) / 2 - 1)) + "t"
    let tail = String(repeating: " ", count: max(0, columns - 1 - middle.count - 1))
    text += "      0" + middle + tail + "1\n"
    return text
  }
}
