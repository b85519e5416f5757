import CurveCore

extension TerminalPreview {
  /// The plot area: braille cells holding the curve, the dotted reference and the marks.
  struct Plot {
    let columns: Int
    let rows: Int
    let low: Double
    let high: Double
    let cells: [[Character]]
    /// True when the points were drawn (at most one per two columns).
    let marksPoints: Bool

    var dotColumns: Int { 2 * columns }
    var dotRows: Int { 4 * rows }

    init(_ polynomial: Polynomial, points: [DataPoint], columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
      let dotColumns = 2 * columns
      let dotRows = 4 * rows
      let samples = (0..<dotColumns).map { polynomial.value(at: Double($0) / Double(dotColumns - 1)) }
      let levels = (samples + points.filter { $0.t >= 0 && $0.t <= 1 }.map { $0.y }).filter { $0.isFinite }
      let low = max(-1, min(0, levels.min() ?? 0))
      let high = min(2, max(1, levels.max() ?? 1))
      self.low = low
      self.high = high
      func dotRow(_ level: Double) -> Int { Self.dotRow(level, low: low, high: high, dotRows: dotRows) }
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
          cells[row][column] = TerminalPreview.brailleCell(dots, row: row, column: column)
        }
      }
      // Beyond one mark per two columns the marks would hide the curve (a data file, the
      // samples of an imported easing): then only the curve is drawn.
      marksPoints = !points.isEmpty && points.count <= columns / 2
      for point in marksPoints ? points : [] where point.t >= 0 && point.t <= 1 && point.y >= low && point.y <= high {
        cells[dotRow(point.y) / 4][TerminalPreview.cell(ofTime: point.t, dotColumns: dotColumns)] =
          TerminalPreview.pointMark
      }
      self.cells = cells
    }

    /// The dot row of `level` (0 at the top); an overflowing value (|f| beyond the double
    /// range) is drawn at the nearer edge.
    static func dotRow(_ level: Double, low: Double, high: Double, dotRows: Int) -> Int {
      let fraction = (high - level) / (high - low)
      guard fraction.isFinite else { return level > high ? 0 : dotRows - 1 }
      return Int((min(1, max(0, fraction)) * Double(dotRows - 1)).rounded())
    }

    /// The rows with their level labels (100 %, 50 %, 0 %) and the axis line.
    func framed() -> String {
      var labels = [String](repeating: "", count: rows)
      for level in [1.0, 0.5, 0.0] {
        let row = Self.dotRow(level, low: low, high: high, dotRows: dotRows) / 4
        if labels[row].isEmpty { labels[row] = PlotNumber.fixed(level * 100) + "%" }
      }
      var text = ""
      for (row, line) in cells.enumerated() {
        let label = labels[row]
        let padding = String(repeating: " ", count: max(0, TerminalPreview.gutter - 2 - label.count))
        text += padding + label + (label.isEmpty ? " │" : " ┤") + String(line) + "\n"
      }
      return text
    }
  }

  /// The cell column of time t ∈ [0, 1] (the cell of its nearest dot column).
  static func cell(ofTime t: Double, dotColumns: Int) -> Int {
    min(dotColumns / 2 - 1, max(0, Int((t * Double(dotColumns - 1)).rounded()) / 2))
  }

  /// The axis line with a `┬` at each tick, then the tick labels under it: days (or the unit
  /// `name`, at most five characters) 0…`days` when given, else t 0…1, at the smallest round step whose labels stay apart, and the
  /// end of the range labelled too when there is room.
  static func timeAxis(columns: Int, dotColumns: Int, days: Double?, unit name: String = "day") -> String {
    let length = days ?? 1
    let ticks = ticks(length: length, columns: columns, dotColumns: dotColumns)
    var axis = [Character](repeating: "─", count: columns)
    var labels = [Character](repeating: " ", count: columns)
    for tick in ticks {
      axis[tick.column] = "┬"
      let start = min(tick.column, columns - tick.label.count)
      for (offset, character) in tick.label.enumerated() { labels[start + offset] = character }
    }
    let unit = days == nil ? "t" : name
    let gutter = String(repeating: " ", count: max(0, gutter - 1 - unit.count)) + unit + " "
    return String(repeating: " ", count: self.gutter - 1) + "└" + String(axis) + "\n" + gutter
      + String(String(labels).reversed().drop(while: { $0 == " " }).reversed()) + "\n"
  }

  /// The labelled ticks: multiples of the smallest step of 1, 2, 2.5 or 5 × 10ᵏ whose labels
  /// keep two spaces between them, plus the end of the range when it is not a multiple and fits.
  static func ticks(length: Double, columns: Int, dotColumns: Int) -> [(column: Int, label: String)] {
    func label(_ value: Double) -> String { PlotNumber.fixed(value, decimals: 3) }
    func column(_ value: Double) -> Int { cell(ofTime: value / length, dotColumns: dotColumns) }
    var magnitude = 1.0
    while magnitude * 10 <= length { magnitude *= 10 }
    while magnitude > length { magnitude /= 10 }
    let candidates = [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10].map { $0 * magnitude }
    for step in candidates {
      let count = Int((length / step * (1 + 1e-12)).rounded(.down))
      var ticks = (0...count).map { (column: column(Double($0) * step), label: label(Double($0) * step)) }
      if fits(ticks, columns: columns) {
        let end = (column: column(length), label: label(length))
        if Double(count) * step < length * (1 - 1e-12), fits(ticks + [end], columns: columns) { ticks.append(end) }
        return ticks
      }
    }
    return [(column(0), label(0)), (column(length), label(length))]
  }

  /// True when two spaces at least separate neighbouring labels, none overflows, and no two
  /// ticks share a column.
  static func fits(_ ticks: [(column: Int, label: String)], columns: Int) -> Bool {
    var end = -2
    var lastColumn = -1
    for tick in ticks {
      let start = min(tick.column, columns - tick.label.count)
      guard start >= end + 2, tick.column > lastColumn, start >= 0 else { return false }
      end = start + tick.label.count
      lastColumn = tick.column
    }
    return true
  }
}
