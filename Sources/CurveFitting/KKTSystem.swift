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
  private let pinnedConstant: Double?, pinnedSlope: Double?

  /// The value of coefficient k when a constraint at t = 0 fixes it.
  func pinned(_ k: Int) -> Double? { k == 0 ? pinnedConstant : k == 1 ? pinnedSlope : nil }

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
    var pinned: (constant: Double?, slope: Double?) = (nil, nil)
    for j in 0..<n {
      for k in 0..<n {
        matrix[j * size + k] = moments.powers[j + k]
        matrixBounds[j * size + k] = moments.powerBounds[j + k]
      }
      rhs[j] = moments.cross[j]
      rhsBounds[j] = moments.crossBounds[j]
    }
    for (r, constraint) in constraints.enumerated() {
      // Value rows tᵏ, slope rows k·tᵏ⁻¹, in double-double with a running error bound.
      let t = constraint.t
      let isSlope: Bool
      switch constraint {
      case .value(_, let value): (isSlope, rhs[n + r]) = (false, DoubleDouble(value))
      case .slope(_, let slope): (isSlope, rhs[n + r]) = (true, DoubleDouble(slope))
      }
      var power = DoubleDouble(1)
      var powerBound = 0.0
      for k in 0..<n {
        let (entry, bound): (DoubleDouble, Double)
        if !isSlope {
          (entry, bound) = (power, powerBound)
        } else if k == 0 {
          (entry, bound) = (DoubleDouble(0), 0)
        } else {
          let scaled = power * Double(k)
          (entry, bound) = (
            scaled, (Double(k) * powerBound + 4 * Self.u * Self.u * scaled.magnitudeBound + 0x1p-1000).nextUp
          )
        }
        matrix[(n + r) * size + k] = entry
        matrix[k * size + n + r] = entry
        matrixBounds[(n + r) * size + k] = bound
        matrixBounds[k * size + n + r] = bound
        // The next power of t (for a slope row, the power one below the column's).
        if !isSlope || k > 0 {
          power = power * t
          powerBound =
            (powerBound * abs(t) + 4 * Double(k + 1) * Self.u * Self.u * power.magnitudeBound + 0x1p-1000).nextUp
        }
      }
      switch constraint {
      case .value(0, let value): pinned.constant = value
      case .slope(0, let slope): pinned.slope = slope
      default: break
      }
    }
    (pinnedConstant, pinnedSlope) = pinned
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
    values = matrix.map({ $0.value })
    magnitudes = matrix.map({ $0.magnitudeBound })
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

  /// r = q − K·z in double-double, rounded to double into `values`; with `magnitudes`, also
  /// an upper bound of |r_exact| for the exact K and q (|r̂| plus the bound on r_exact − r̂).
  /// With `unit`, the right-hand side is the unit vector e_unit (a column of K⁻¹).
  func residual(at z: [DoubleDouble], unit: Int? = nil, values: inout [Double], magnitudes bounds: inout [Double]?) {
    let gamma = Double(size + 2) * 16 * Self.u * Self.u
    let grow = 1 + Double(size + 2) * Self.u
    let bounded = bounds != nil
    for i in 0..<size {
      var accumulator = unit == nil ? rhs[i] : DoubleDouble(unit == i ? 1 : 0)
      var magnitude = accumulator.magnitudeBound
      var error = unit == nil ? rhsBounds[i] : 0
      for j in 0..<size {
        // The bound below is on the terms' magnitudes, so the cheaper sum is enough.
        accumulator = DoubleDouble.sloppySum(accumulator, -(matrix[i * size + j] * z[j]))
        if bounded {
          let zMagnitude = z[j].magnitudeBound
          magnitude += magnitudes[i * size + j] * zMagnitude
          error += matrixBounds[i * size + j] * zMagnitude
        }
      }
      values[i] = accumulator.value
      if bounds != nil {
        let bound = ((error + gamma * magnitude) * grow + Double(size) * 0x1p-1000).nextUp
        bounds?[i] = (accumulator.magnitudeBound * (1 + Self.u) + bound).nextUp
      }
    }
  }

  /// z ← z + X·r, one refinement step from the rounded residual r.
  func correct(_ z: inout [DoubleDouble], inverse: DenseMatrix, residual: [Double]) {
    for i in 0..<size {
      var total = 0.0
      for j in 0..<size { total += inverse[i, j] * residual[j] }
      z[i] = z[i] + total
    }
  }

  /// The diagonal of K⁻¹ for the unscaled K, each entry refined in double-double to the
  /// accuracy of the sums (a fixed order: the same on every machine).
  func inverseDiagonal(inverse: DenseMatrix, iterations: Int) -> [Double] {
    var values = Array(repeating: 0.0, count: size)
    var noBounds: [Double]? = nil
    return (0..<size).map { column in
      var z = (0..<size).map { DoubleDouble(inverse[$0, column]) }
      for _ in 0..<iterations {
        residual(at: z, unit: column, values: &values, magnitudes: &noBounds)
        correct(&z, inverse: inverse, residual: values)
      }
      return z[column].value * scales[column] * scales[column]
    }
  }

  /// Componentwise bounds on |z* − z| into `bounds`, from upper bounds of |r_exact|
  /// (``residual(at:unit:values:magnitudes:)``): e = X·r + F·e with the rows of |F| ≤ eta.
  func errorBounds(inverse: DenseMatrix, eta: [Double], residualMagnitudes: [Double], into bounds: inout [Double]) {
    let grow = 1 + Double(size + 4) * Self.u
    var largest = 0.0
    var largestEta = 0.0
    for i in 0..<size {
      var total = 0.0
      for j in 0..<size { total += abs(inverse[i, j]) * residualMagnitudes[j] }
      bounds[i] = (total * grow).nextUp
      largest = max(largest, bounds[i])
      largestEta = max(largestEta, eta[i])
    }
    let norm = (largest / (1 - largestEta) * grow).nextUp
    for i in 0..<size { bounds[i] = ((bounds[i] + eta[i] * norm) * grow).nextUp }
  }

  /// √κ₁ of the data block G (the first n rows and columns, equilibrated), the condition
  /// number of the column-scaled design; nil when G is exactly singular in double.
  ///
  /// Everything here is plain Swift in a fixed order on the exact sums, so the figure is the
  /// same on every machine and in the WebAssembly build. Where G is too ill-conditioned for
  /// the certificate (κ₁(G) near 1/u, degree 9–10 in the monomial basis) the double inverse
  /// is itself inexact, and the figure is an estimate of the right magnitude, still the same
  /// bits everywhere.
  /// - Parameter inverse: the whole system's approximate inverse, used when the system is the
  ///   data block (no constraints); without it the block's own inverse is formed.
  func dataCondition(inverse whole: DenseMatrix? = nil) -> Double? {
    guard
      let inverse = (size == n ? whole : nil)
        ?? DenseMatrix(rows: n, entries: (0..<n * n).map { values[($0 / n) * size + $0 % n] }).inverse()
    else { return nil }
    var norm = 0.0
    for column in 0..<n {
      var total = 0.0
      for row in 0..<n { total += magnitudes[row * size + column] }
      norm = max(norm, total)
    }
    return (norm * inverse.oneNorm()).squareRoot()
  }

  /// The correctly rounded coefficients when every one is decided, else nil.
  func decide(_ z: [DoubleDouble], bounds: [Double]) -> [Double]? {
    var result: [Double] = []
    for k in 0..<n {
      if let value = pinned(k) {
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
    (0..<n).map { pinned($0) ?? z[$0].scaled(byPowerOfTwo: scales[$0].exponent).value }
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
    guard b.allSatisfy({ $0.isFinite }) else { return nil }
    return DenseMatrix(rows: size, entries: b)
  }

  /// ‖X‖₁ (largest column sum of magnitudes).
  func oneNorm() -> Double {
    (0..<rows).map { column in (0..<rows).reduce(0.0) { $0 + abs(entries[$1 * rows + column]) } }.max() ?? 0
  }
}
