import CurveCore

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
    let (matrix, rhs) = try Self.unscaledDesign(problem: problem, basis: basis)
    try self.init(unscaled: matrix, rhs: rhs, basis: basis, extraRows: extraRows)
  }

  /// The design before column scaling: row i holds wᵢ·uᵢᵏ, and the right-hand side wᵢ·yᵢ.
  /// - Throws: ``FitError/nonFiniteResult(quantity:)`` when an entry overflows.
  static func unscaledDesign(
    problem: FitProblem, basis: ScaledMonomialBasis
  ) throws(FitError) -> (matrix: ColumnMajorMatrix, rhs: [Double]) {
    let n = basis.count
    let m = problem.points.count
    var matrix = ColumnMajorMatrix(rows: m, columns: n)
    var rhs = Array(repeating: 0.0, count: m)
    var finiteRhs = true
    matrix.elements.withUnsafeMutableBufferPointer { elements in
      for (index, point) in problem.points.enumerated() {
        let weight = problem.weight(at: index)
        let u = basis.u(point.t)
        var entry = weight
        for column in 0..<n {
          elements[index + column * m] = entry
          entry *= u
        }
        rhs[index] = weight * point.y
        finiteRhs = finiteRhs && rhs[index].isFinite
      }
    }
    guard matrix.isFinite else { throw .nonFiniteResult(quantity: "the design matrix") }
    guard finiteRhs else { throw .nonFiniteResult(quantity: "a weighted y") }
    return (matrix, rhs)
  }

  /// Scales the columns of `matrix` (any matrix with the design's column space and column
  /// norms: the design itself, or the R of its QR factorization) to unit norm, the norm
  /// being taken over `matrix` and `extraRows` together.
  /// - Throws: ``FitError/nonFiniteResult(quantity:)`` when the change of basis overflows.
  init(unscaled: ColumnMajorMatrix, rhs: [Double], basis: ScaledMonomialBasis, extraRows: [[Double]]) throws(FitError) {
    let n = basis.count
    var matrix = unscaled
    var scales: [Double] = []
    scales.reserveCapacity(n)
    let m = matrix.rows
    matrix.elements.withUnsafeMutableBufferPointer { elements in
      for column in 0..<n {
        let data = UnsafeMutableBufferPointer(rebasing: elements[(column * m)..<((column + 1) * m)])
        // ‖(data norm, extra-rows norm)‖, each part as euclideanNorm computes it.
        let dataNorm = Self.euclideanNorm(data)
        let extraNorm = Self.euclideanNorm(extraRows.lazy.map { $0[column] })
        let norm = Self.euclideanNorm(dataNorm, extraNorm)
        let scale = norm > 0 && norm.isFinite ? norm : 1
        scales.append(scale)
        for row in 0..<m { data[row] /= scale }
      }
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

  /// `euclideanNorm([a, b])` with the same operations in the same order, without an array.
  static func euclideanNorm(_ a: Double, _ b: Double) -> Double {
    let largest = max(max(0, abs(a)), abs(b))
    guard largest > 0, largest.isFinite else { return largest }
    let sum = (0 + (a / largest) * (a / largest)) + (b / largest) * (b / largest)
    return largest * sum.squareRoot()
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
