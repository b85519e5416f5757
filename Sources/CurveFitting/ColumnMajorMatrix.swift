import CurveCore

/// A dense real matrix stored column by column, the layout LAPACK expects.
///
/// Element (row i, column j) lives at `elements[i + j * rows]`, so the leading dimension
/// is `rows`. Internal to CurveFitting: it only carries data to and from ``LAPACK``.
struct ColumnMajorMatrix: Sendable, Hashable {
  /// The number of rows (the leading dimension).
  let rows: Int
  /// The number of columns.
  let columns: Int
  /// The entries, column after column; `rows * columns` of them.
  var elements: [Double]

  /// A `rows × columns` matrix of zeros.
  init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    elements = Array(repeating: 0, count: rows * columns)
  }

  /// The entry in row `row`, column `column`.
  subscript(row: Int, column: Int) -> Double {
    get { elements[row + column * rows] }
    set { elements[row + column * rows] = newValue }
  }

  /// The transpose, a `columns × rows` matrix.
  var transposed: ColumnMajorMatrix {
    var result = ColumnMajorMatrix(rows: columns, columns: rows)
    for column in 0..<columns {
      for row in 0..<rows {
        result[column, row] = self[row, column]
      }
    }
    return result
  }

  /// True when every entry is finite.
  var isFinite: Bool { elements.allSatisfy({ $0.isFinite }) }
}
