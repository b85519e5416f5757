import CurveCore

/// The centred and scaled variable u = (t − centre)/scale in which the fitter builds its
/// design, and the exact-as-possible map back to monomial coefficients in t.
///
/// Monomials in t are badly conditioned when t is far from 0 or spans a wide range (NIST
/// Filip: cond ≈ 10¹⁵ in the raw Vandermonde); in u ∈ [−1, 1] the same fit has a scaled
/// condition number of about 10³. `scale` is a power of two, so the division is exact.
struct ScaledMonomialBasis: Sendable {
  /// The midpoint of the abscissas' range.
  let centre: Double
  /// A power of two at least half the abscissas' range (1 when they all coincide).
  let scale: Double
  /// The number of coefficients, degree + 1.
  let count: Int

  /// The basis for a degree-`degree` fit whose abscissas (data and constraints) are `abscissas`.
  init(abscissas: [Double], degree: Int) {
    self.init(low: abscissas.min() ?? 0, high: abscissas.max() ?? 0, degree: degree)
  }

  /// The basis for `problem`: its points' and constraints' abscissas, without copying them.
  /// - Complexity: O(m + p).
  init(problem: FitProblem) {
    var low = Double.infinity
    var high = -Double.infinity
    for point in problem.points {
      low = min(low, point.t)
      high = max(high, point.t)
    }
    for constraint in problem.constraints {
      low = min(low, constraint.t)
      high = max(high, constraint.t)
    }
    if low > high { (low, high) = (0, 0) }
    self.init(low: low, high: high, degree: problem.degree)
  }

  /// The basis for abscissas spanning `low`…`high`.
  init(low: Double, high: Double, degree: Int) {
    centre = low / 2 + high / 2
    let halfWidth = high / 2 - low / 2
    if halfWidth > 0, halfWidth.isFinite {
      // The smallest power of two ≥ halfWidth.
      let power = Double(sign: .plus, exponent: halfWidth.exponent, significand: 1)
      // 2¹⁰²³ cannot double: then u can reach just over 1 in magnitude, which is harmless.
      scale = power < halfWidth && power < .greatestFiniteMagnitude / 2 ? power * 2 : power
    } else {
      scale = 1
    }
    count = degree + 1
  }

  /// u(t) = (t − centre)/scale.
  func u(_ t: Double) -> Double { (t - centre) / scale }

  /// The design row for a value at t: u⁰, u¹, …, uⁿ⁻¹.
  func valueRow(at t: Double) -> [Double] {
    let u = u(t)
    var row = Array(repeating: 1.0, count: count)
    for power in 1..<count { row[power] = row[power - 1] * u }
    return row
  }

  /// The design row for a slope at t: d/dt uᵏ = k·uᵏ⁻¹/scale.
  func slopeRow(at t: Double) -> [Double] {
    let powers = valueRow(at: t)
    var row = Array(repeating: 0.0, count: count)
    for power in 1..<count { row[power] = Double(power) * powers[power - 1] / scale }
    return row
  }

  /// The matrix M with b = M·a, where a are ascending coefficients in u and b the
  /// ascending monomial coefficients in t. Column k holds the expansion of ((t − centre)/scale)ᵏ,
  /// built by repeated multiplication by (t − centre)/scale; each entry has a relative
  /// error of at most about k·2⁻⁵³.
  var toMonomial: ColumnMajorMatrix {
    var matrix = ColumnMajorMatrix(rows: count, columns: count)
    matrix.elements.withUnsafeMutableBufferPointer { elements in
      elements[0] = 1
      for power in 1..<count {
        // Column `power` from column `power − 1`, in place in the storage.
        let previous = (power - 1) * count
        let current = power * count
        for row in 0...power {
          let shifted = row > 0 ? elements[previous + row - 1] : 0
          elements[current + row] = (shifted - centre * elements[previous + row]) / scale
        }
      }
    }
    return matrix
  }
}
