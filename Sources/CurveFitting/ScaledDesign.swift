/// The weighted design in the scaled basis, with unit-norm columns, and the map from its
/// coefficients back to ascending monomial coefficients in t.
///
/// Row i, column k holds wᵢ·uᵢᵏ / dₖ, where uᵢ = (tᵢ − centre)/scale and dₖ is the 2-norm
/// of column k (taken over the extra rows too, so a constrained fit scales A and B alike).
/// Column scaling makes the pivoted QR's rank decision independent of the units of t.
struct ScaledDesign: Sendable {
  /// The `m × n` scaled design.
  let matrix: ColumnMajorMatrix
  /// wᵢ·yᵢ.
  let rhs: [Double]
  /// dₖ, the column norms divided out.
  let columnScales: [Double]
  /// T = M·D⁻¹: ascending monomial coefficients b = T·α for design coefficients α.
  let toMonomial: ColumnMajorMatrix

  /// Builds the design of `problem` in `basis`; `extraRows` (constraint rows in u) only
  /// contribute to the column norms.
  /// - Throws: ``FitError/nonFiniteResult(quantity:)`` when an entry overflows.
  /// - Complexity: O(m·n).
  init(problem: FitProblem, basis: ScaledMonomialBasis, extraRows: [[Double]]) throws(FitError) {
    let n = basis.count
    var matrix = ColumnMajorMatrix(rows: problem.points.count, columns: n)
    var rhs: [Double] = []
    rhs.reserveCapacity(problem.points.count)
    for (index, point) in problem.points.enumerated() {
      let weight = problem.weight(at: index)
      let u = basis.u(point.t)
      var entry = weight
      for column in 0..<n {
        matrix[index, column] = entry
        entry *= u
      }
      rhs.append(weight * point.y)
    }
    guard matrix.isFinite else { throw .nonFiniteResult(quantity: "the design matrix") }
    guard rhs.allSatisfy(\.isFinite) else { throw .nonFiniteResult(quantity: "a weighted y") }

    var scales: [Double] = []
    let m = matrix.rows
    for column in 0..<n {
      let dataNorm = Self.euclideanNorm(matrix.elements[(column * m)..<((column + 1) * m)])
      let norm = Self.euclideanNorm([dataNorm, Self.euclideanNorm(extraRows.map { $0[column] })])
      scales.append(norm > 0 && norm.isFinite ? norm : 1)
    }
    for column in 0..<n {
      for row in 0..<matrix.rows { matrix[row, column] /= scales[column] }
    }
    var toMonomial = basis.toMonomial
    for column in 0..<n {
      for row in 0..<n { toMonomial[row, column] /= scales[column] }
    }
    guard toMonomial.isFinite else { throw .nonFiniteResult(quantity: "the change of basis") }
    self.matrix = matrix
    self.rhs = rhs
    columnScales = scales
    self.toMonomial = toMonomial
  }

  /// b = T·α, ascending monomial coefficients in t.
  func monomialCoefficients(_ alpha: [Double]) -> [Double] {
    multiply(toMonomial, alpha)
  }

  /// The 2-norm without overflow or underflow: scaled by the largest magnitude first.
  static func euclideanNorm(_ values: some Collection<Double>) -> Double {
    let largest = values.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else { return largest }
    let sum = values.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }
    return largest * sum.squareRoot()
  }
}

/// matrix · vector.
func multiply(_ matrix: ColumnMajorMatrix, _ vector: [Double]) -> [Double] {
  var result = Array(repeating: 0.0, count: matrix.rows)
  for column in 0..<matrix.columns {
    let factor = vector[column]
    for row in 0..<matrix.rows { result[row] += matrix[row, column] * factor }
  }
  return result
}

/// matrixᵀ · vector.
func multiplyTransposed(_ matrix: ColumnMajorMatrix, _ vector: [Double]) -> [Double] {
  (0..<matrix.columns).map { column in
    var sum = 0.0
    for row in 0..<matrix.rows { sum += matrix[row, column] * vector[row] }
    return sum
  }
}
