// The query half of the precomputed table inverse (CubicInverseTable builds the data).
// Embedded verbatim in generated code, with the table data as literals (see
// CubicInverseKernel.swift).

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// One level cell of a table: its node, the expansion of f about it, the guess
  /// polynomial and the bracket of δ = t − node.
  @usableFromInline
  struct TableCell: Sendable, Hashable {
    @usableFromInline var node: Double
    @usableFromInline var valueHi: Double
    @usableFromInline var valueLo: Double
    @usableFromInline var slope: Double
    @usableFromInline var halfCurvature: Double
    @usableFromInline var guess1: Double
    @usableFromInline var guess2: Double
    @usableFromInline var guess3: Double
    @usableFromInline var usesSquareRoot: Bool
    @usableFromInline var lowerOffset: Double
    @usableFromInline var upperOffset: Double
  }

  /// A table over the level range [lowerLevel, upperLevel], cut into `cells.count` equal cells.
  @usableFromInline
  struct Table: Sendable, Hashable {
    /// The curve's t³ coefficient (the expansion's cubic term).
    @usableFromInline var a: Double
    @usableFromInline var polishSteps: Int
    @usableFromInline var lowerLevel: Double
    @usableFromInline var upperLevel: Double
    @usableFromInline var cellsPerLevel: Double
    @usableFromInline var tAtLowerLevel: Double
    @usableFromInline var tAtUpperLevel: Double
    @usableFromInline var cells: [TableCell]
  }

  /// max(floor, x) for a non-NaN x as one `maxsd`: `floor < x ? x : floor`. (Swift's `max`
  /// is `x >= floor ? x : floor`, a compare and three masks, and differs only for ±0 ties.)
  @inlinable @inline(__always)
  static func atLeast(_ floor: Double, _ x: Double) -> Double { floor < x ? x : floor }

  /// The t ∈ [0, 1] with f(t) = level from the table: find the cell by one multiply,
  /// guess δ by the cell's cubic in v (v = level offset, or its square root in a flat-end
  /// cell), then `polishSteps` Halley steps on the residual expanded about the node,
  /// each clamped to the cell's bracket. No data-dependent branch but the step loop.
  @inlinable
  static func tableInverse(_ table: Table, level: Double) -> Double {
    let x = atLeast(table.lowerLevel, min(table.upperLevel, level))
    let position = (x - table.lowerLevel) * table.cellsPerLevel
    let index = Int(atLeast(0, min(Double(table.cells.count - 1), position)))
    let cell = table.cells[index]
    let (difference, error) = twoSum(cell.valueHi, -x)
    let constant = difference + (error + cell.valueLo)
    let offset = -constant
    let root = abs(offset).squareRoot()
    let v = cell.usesSquareRoot ? root : offset
    var delta = v * (cell.guess1 + v * (cell.guess2 + v * cell.guess3))
    delta = atLeast(cell.lowerOffset, min(cell.upperOffset, delta))
    let a = table.a
    for _ in 0..<table.polishSteps {
      let residual = constant + delta * (cell.slope + delta * (cell.halfCurvature + delta * a))
      let derivative = cell.slope + delta * (2 * cell.halfCurvature + 3 * a * delta)
      // Halley: δ −= r·r′ / (r′² − r·r″/2), with r″/2 = f″(t)/2 = half + 3a·δ.
      let halfSecond = cell.halfCurvature + 3 * a * delta
      let denominator = derivative * derivative - residual * halfSecond
      let step = denominator != 0 ? residual * derivative / denominator : 0
      delta = atLeast(cell.lowerOffset, min(cell.upperOffset, delta - step))
    }
    var t = atLeast(0, min(1, cell.node + delta))
    t = level <= table.lowerLevel ? table.tAtLowerLevel : t
    t = level >= table.upperLevel ? table.tAtUpperLevel : t
    return level.isNaN ? level : t
  }
  // curvekit:embed-end
}
