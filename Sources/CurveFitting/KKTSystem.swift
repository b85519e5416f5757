@_spi(CurveKitTooling) import CurveCore

/// The KKT system of a constrained least-squares problem in double-double, with rigorous
/// componentwise bounds on how far each entry is from the exact one (see
/// ``CorrectRounding``). Unknowns: the n ascending coefficients, then one multiplier per
/// constraint. Rows and columns are equilibrated by powers of two, which is exact.
struct KKTSystem {
  let n: Int
  let size: Int
  /// Row-major entries and their error bounds.
  private(set) var matrix: [DoubleDouble]
  private(set) var matrixBounds: [Double]
  /// The entries rounded to double and upper bounds of their magnitudes (set by ``equilibrate()``).
  private(set) var values: [Double] = []
  private(set) var magnitudes: [Double] = []
  private(set) var rhs: [DoubleDouble]
  private(set) var rhsBounds: [Double]
  /// The power-of-two scale of each unknown (x = scale·z).
  private(set) var scales: [Double]
  /// Coefficients fixed outright by a constraint at t = 0 (f(0) = v fixes c₀, f′(0) = s fixes c₁).
  let pinned: [Double?]

  private static let u = 0x1p-53

  init(moments: Moments, constraints: [FitConstraint]) {
    let n = moments.degree + 1
    let size = n + constraints.count
    self.n = n
    self.size = size
    matrix = Array(repeating: DoubleDouble(0), count: size * size)
    matrixBounds = Array(repeating: 0, count: size * size)
    rhs = Array(repeating: DoubleDouble(0), count: size)
    rhsBounds = Array(repeating: 0, count: size)
    scales = Array(repeating: 1, count: size)
    var pinned: [Double?] = Array(repeating: nil, count: n)
    for j in 0..<n {
      for k in 0..<n {
        matrix[j * size + k] = moments.powers[j + k]
        matrixBounds[j * size + k] = moments.powerBounds[j + k]
      }
      rhs[j] = moments.cross[j]
      rhsBounds[j] = moments.crossBounds[j]
    }
    for (r, constraint) in constraints.enumerated() {
      let (row, bounds, target) = Self.row(constraint, count: n)
      for k in 0..<n {
        matrix[(n + r) * size + k] = row[k]
        matrix[k * size + n + r] = row[k]
        matrixBounds[(n + r) * size + k] = bounds[k]
        matrixBounds[k * size + n + r] = bounds[k]
      }
      rhs[n + r] = DoubleDouble(target)
      switch constraint {
      case .value(0, let value): pinned[0] = value
      case .slope(0, let slope): pinned[1] = slope
      default: break
      }
    }
    self.pinned = pinned
  }

  /// A constraint's row in t (value: tᵏ; slope: k·tᵏ⁻¹) in double-double with error bounds,
  /// and its target.
  static func row(_ constraint: FitConstraint, count n: Int) -> (row: [DoubleDouble], bounds: [Double], target: Double)
  {
    var powers = [DoubleDouble(1)]
    var powerBounds = [0.0]
    for k in 1..<n {
      powers.append(powers[k - 1] * constraint.t)
      powerBounds.append(
        (powerBounds[k - 1] * abs(constraint.t) + 4 * Double(k) * u * u * powers[k].magnitudeBound + 0x1p-1000).nextUp)
    }
    switch constraint {
    case .value(_, let value):
      return (powers, powerBounds, value)
    case .slope(_, let slope):
      var row = [DoubleDouble(0)]
      var bounds = [0.0]
      for k in 1..<n {
        let scaled = powers[k - 1] * Double(k)
        row.append(scaled)
        bounds.append((Double(k) * powerBounds[k - 1] + 4 * u * u * scaled.magnitudeBound + 0x1p-1000).nextUp)
      }
      return (row, bounds, slope)
    }
  }

  /// Scales unknown j by 2^−e with 2^e ≈ √(Kⱼⱼ) (constraint rows by their largest entry), so
  /// the scaled matrix has entries of order one. False when an entry would leave the range
  /// where the scaling is exact.
  mutating func equilibrate() -> Bool {
    for j in 0..<n {
      let diagonal = matrix[j * size + j].high
      scales[j] = diagonal > 0 ? Double(sign: .plus, exponent: -(diagonal.squareRoot().exponent), significand: 1) : 1
    }
    for r in n..<size {
      var largest = 0.0
      for k in 0..<n { largest = max(largest, abs(matrix[r * size + k].high) * scales[k]) }
      scales[r] = largest > 0 ? Double(sign: .plus, exponent: -largest.exponent, significand: 1) : 1
    }
    for i in 0..<size {
      for j in 0..<size {
        let factor = scales[i] * scales[j]
        let index = i * size + j
        matrix[index] = matrix[index].scaled(byPowerOfTwo: factor.exponent)
        matrixBounds[index] = (matrixBounds[index] * factor).nextUp
      }
      rhs[i] = rhs[i].scaled(byPowerOfTwo: scales[i].exponent)
      rhsBounds[i] = (rhsBounds[i] * scales[i]).nextUp
    }
    values = matrix.map(\.value)
    magnitudes = matrix.map(\.magnitudeBound)
    return matrix.allSatisfy { abs($0.high) < 0x1p800 && ($0.high == 0 || abs($0.high) > 0x1p-800) }
  }

  /// X ≈ K⁻¹ in double by Gauss–Jordan elimination with partial pivoting (fixed order).
  func approximateInverse() -> DenseMatrix? {
    DenseMatrix(rows: size, entries: values).inverse()
  }

  /// A rigorous upper bound η on ‖I − X·K‖∞ for the exact scaled K, or nil when η ≥ ½.
  func contraction(of inverse: DenseMatrix) -> [Double]? {
    let gamma = Double(size + 4) * Self.u
    var rowSums = Array(repeating: 0.0, count: size)
    for i in 0..<size {
      var total = 0.0
      for j in 0..<size {
        var value = i == j ? 1.0 : 0.0
        var magnitude = i == j ? 1.0 : 0.0
        var entryError = 0.0
        for k in 0..<size {
          let x = inverse[i, k]
          value -= x * values[k * size + j]
          magnitude += abs(x) * magnitudes[k * size + j]
          entryError += abs(x) * matrixBounds[k * size + j]
        }
        total += abs(value) + gamma * magnitude + entryError * (1 + gamma)
      }
      rowSums[i] = (total * (1 + gamma)).nextUp
    }
    guard let eta = rowSums.max(), eta < 0.5 else { return nil }
    return rowSums
  }

  /// z₀ from LAPACK's coefficients (multipliers start at zero).
  func start(from candidate: [Double]) -> [DoubleDouble] {
    (0..<size).map { $0 < n && $0 < candidate.count ? DoubleDouble(candidate[$0] / scales[$0]) : DoubleDouble(0) }
  }

  /// r = q − K·z in double-double, and a bound on |r_exact − r̂| (exact K and q).
  func residual(at z: [DoubleDouble]) -> (residual: [DoubleDouble], bound: [Double]) {
    let gamma = Double(size + 2) * 16 * Self.u * Self.u
    var residual: [DoubleDouble] = []
    var bounds: [Double] = []
    residual.reserveCapacity(size)
    bounds.reserveCapacity(size)
    let zMagnitudes = z.map(\.magnitudeBound)
    for i in 0..<size {
      var accumulator = rhs[i]
      var magnitude = rhs[i].magnitudeBound
      var error = rhsBounds[i]
      for j in 0..<size {
        accumulator = accumulator - matrix[i * size + j] * z[j]
        magnitude += magnitudes[i * size + j] * zMagnitudes[j]
        error += matrixBounds[i * size + j] * zMagnitudes[j]
      }
      residual.append(accumulator)
      bounds.append(((error + gamma * magnitude) * (1 + Double(size + 2) * Self.u) + Double(size) * 0x1p-1000).nextUp)
    }
    return (residual, bounds)
  }

  /// b − K·z in double-double, rounded to double, with no bound: for corrections that no
  /// rounding decision rests on. `b` is the system's right-hand side, or the unit vector
  /// e_`unit` (a column of K⁻¹).
  func residualValues(at z: [DoubleDouble], unit: Int? = nil) -> [Double] {
    (0..<size).map { i in
      var accumulator = unit.map { DoubleDouble($0 == i ? 1 : 0) } ?? rhs[i]
      for j in 0..<size { accumulator = accumulator - matrix[i * size + j] * z[j] }
      return accumulator.value
    }
  }

  /// The diagonal of K⁻¹ for the unscaled K, each entry refined in double-double to the
  /// accuracy of the sums (a fixed order: the same on every machine).
  func inverseDiagonal(inverse: DenseMatrix, iterations: Int) -> [Double] {
    (0..<size).map { column in
      var z = (0..<size).map { DoubleDouble(inverse[$0, column]) }
      for _ in 0..<iterations {
        let correction = inverse.multiply(residualValues(at: z, unit: column))
        for index in z.indices { z[index] = z[index] + correction[index] }
      }
      return z[column].value * scales[column] * scales[column]
    }
  }

  /// Componentwise bounds on |z* − z| from the residual: e = X·r + F·e.
  func errorBounds(inverse: DenseMatrix, eta: [Double], residual: [DoubleDouble], residualBound: [Double]) -> [Double] {
    let grow = 1 + Double(size + 4) * Self.u
    let magnitudes = zip(residual, residualBound).map { ($0.magnitudeBound * (1 + Self.u) + $1).nextUp }
    var first = Array(repeating: 0.0, count: size)
    for i in 0..<size {
      var total = 0.0
      for j in 0..<size { total += abs(inverse[i, j]) * magnitudes[j] }
      first[i] = (total * grow).nextUp
    }
    let largestEta = eta.max() ?? 1
    let norm = ((first.max() ?? 0) / (1 - largestEta) * grow).nextUp
    return (0..<size).map { ((first[$0] + eta[$0] * norm) * grow).nextUp }
  }

  /// ‖K‖₁ of the scaled matrix (largest column sum of magnitudes).
  func oneNorm() -> Double {
    (0..<size).map { column in (0..<size).reduce(0.0) { $0 + matrix[$1 * size + column].magnitudeBound } }.max() ?? 0
  }

  /// The correctly rounded coefficients when every one is decided, else nil.
  func decide(_ z: [DoubleDouble], bounds: [Double]) -> [Double]? {
    var result: [Double] = []
    for k in 0..<n {
      if let value = pinned[k] {
        result.append(value)
        continue
      }
      let scale = scales[k]
      guard
        let rounded = CorrectRounding.decidedRounding(
          z[k].scaled(byPowerOfTwo: scale.exponent), bound: (bounds[k] * scale).nextUp)
      else { return nil }
      result.append(rounded)
    }
    return result
  }

  /// The unscaled coefficients of z, rounded to nearest (no certificate).
  func nearest(_ z: [DoubleDouble]) -> [Double] {
    (0..<n).map { pinned[$0] ?? z[$0].scaled(byPowerOfTwo: scales[$0].exponent).value }
  }
}

/// A small dense square matrix of doubles, row-major.
struct DenseMatrix {
  let rows: Int
  var entries: [Double]

  subscript(row: Int, column: Int) -> Double { entries[row * rows + column] }

  /// The inverse by Gauss–Jordan elimination with partial pivoting, or nil when a pivot is
  /// zero or a result is not finite.
  func inverse() -> DenseMatrix? {
    let size = rows
    var a = entries
    var b = Array(repeating: 0.0, count: size * size)
    for i in 0..<size { b[i * size + i] = 1 }
    for column in 0..<size {
      var pivot = column
      for row in (column + 1)..<max(size, column + 1) where abs(a[row * size + column]) > abs(a[pivot * size + column])
      {
        pivot = row
      }
      guard a[pivot * size + column] != 0 else { return nil }
      if pivot != column {
        for k in 0..<size {
          a.swapAt(pivot * size + k, column * size + k)
          b.swapAt(pivot * size + k, column * size + k)
        }
      }
      let inversePivot = 1 / a[column * size + column]
      for k in 0..<size {
        a[column * size + k] *= inversePivot
        b[column * size + k] *= inversePivot
      }
      for row in 0..<size where row != column {
        let factor = a[row * size + column]
        guard factor != 0 else { continue }
        for k in 0..<size {
          a[row * size + k] -= factor * a[column * size + k]
          b[row * size + k] -= factor * b[column * size + k]
        }
      }
    }
    guard b.allSatisfy(\.isFinite) else { return nil }
    return DenseMatrix(rows: size, entries: b)
  }

  /// ‖X‖₁ (largest column sum of magnitudes).
  func oneNorm() -> Double {
    (0..<rows).map { column in (0..<rows).reduce(0.0) { $0 + abs(entries[$1 * rows + column]) } }.max() ?? 0
  }

  /// X·v.
  func multiply(_ vector: [Double]) -> [Double] {
    (0..<rows).map { row in
      var total = 0.0
      for column in 0..<rows { total += entries[row * rows + column] * vector[column] }
      return total
    }
  }
}
