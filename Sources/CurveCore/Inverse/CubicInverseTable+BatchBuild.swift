#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

// Building the batch kernel of CubicInverseTable+Batch.swift: the choice of variable (u or
// √u) and cell width, the per-cell degree-5 fit to the exact inverse, the tuning that makes
// both ends exact, and the check against Newton that decides whether the kernel is used.

extension CubicInverseTable {
  /// The batch kernel for `cubic`, or nil when none reaches full precision (the batch API
  /// then runs the scalar query per level).
  ///
  /// The variable is w = u, the level offset from the t = 0 end (so the rounding of u stays
  /// relative to t where t is small), or w = √u with u measured from the flatter end, where
  /// the inverse has a square-root branch point and so is analytic in √u; a flat end (|f′|
  /// below 10⁻³ of the level range) tries √u first. The cells are uniform in w, with a power
  /// of two per unit of w (at most 512 cells), so y = w·2ᵏ and z = y − cell are exact. In
  /// each cell a degree-5 polynomial interpolates the exact inverse
  /// (``Cubic/normalizedElapsedByNewton(forLevel:)``) at six Chebyshev points of z, fitted to
  /// t − t₀ so the solve's rounding is relative to the cell's width in t; the end cells'
  /// constant terms are then nudged so both ends come out exactly. The kernel must agree
  /// with Newton to 1.5 ulp(t) + 2⁻⁵³ at 8 levels per cell and at both ends. A curve flat or
  /// nearly flat at both ends, or with a near-flat end whose branch point lies just off the
  /// real axis, fails, and its batch API runs the scalar query.
  /// - Complexity: about 14 Newton solves per cell and variable tried (about 1 ms).
  static func batchKernel(
    _ cubic: Cubic, lowerLevel: Double, upperLevel: Double, tAtLowerLevel: Double, tAtUpperLevel: Double
  ) -> BatchKernel? {
    func exactValue(at t: Double) -> (hi: Double, lo: Double) {
      t == 0 ? (cubic.d, 0) : CubicInverseKernel.compensatedHorner(cubic.a, cubic.b, cubic.c, cubic.d, at: t)
    }
    let lowerEnd = exactValue(at: tAtLowerLevel)
    let upperEnd = exactValue(at: tAtUpperLevel)
    let uRange = (upperEnd.hi - lowerEnd.hi) + (upperEnd.lo - lowerEnd.lo)
    guard uRange.isFinite, uRange > 0 else { return nil }
    // The linear variable is anchored at t = 0, so its rounding (relative to u) stays relative
    // to t where t is small; the square root one at the flatter end (the smaller |f′|).
    let slopeAtLower = abs(CubicInverseKernel.slope(cubic.a, cubic.b, cubic.c, at: tAtLowerLevel))
    let slopeAtUpper = abs(CubicInverseKernel.slope(cubic.a, cubic.b, cubic.c, at: tAtUpperLevel))
    let linear = (squareRoot: false, anchorAtLower: tAtLowerLevel == 0)
    let squareRoot = (squareRoot: true, anchorAtLower: slopeAtLower <= slopeAtUpper)
    // A flat end (|f′| below 1e-3 of the level range there) needs the square root: try it first.
    let candidates = min(slopeAtLower, slopeAtUpper) <= 1e-3 * uRange ? [squareRoot, linear] : [linear, squareRoot]
    for candidate in candidates {
      let anchor = candidate.anchorAtLower ? lowerEnd : upperEnd
      let wMax = candidate.squareRoot ? uRange.squareRoot() : uRange
      // The largest power of two with wMax·2ᵏ ≤ 512 cells.
      var cellsPerW = Double(
        sign: .plus, exponent: Double(BatchKernel.maximumCellCount).exponent - wMax.exponent - 1, significand: 1)
      while wMax * (2 * cellsPerW) <= Double(BatchKernel.maximumCellCount) { cellsPerW *= 2 }
      while wMax * cellsPerW > Double(BatchKernel.maximumCellCount) { cellsPerW /= 2 }
      let cells = Int((wMax * cellsPerW).rounded(.up)) + 1
      let orientation: Double = candidate.anchorAtLower ? 1 : -1
      let offsetScale = candidate.squareRoot ? orientation : orientation * cellsPerW
      func offset(_ level: Double) -> Double { ((level - anchor.hi) - anchor.lo) * offsetScale }
      let data = BatchKernel(
        usesSquareRoot: candidate.squareRoot, anchorHi: anchor.hi, anchorLo: anchor.lo, orientation: orientation,
        offsetScale: offsetScale, offsetLow: max(0, min(offset(lowerLevel), offset(upperLevel))),
        offsetHigh: max(offset(lowerLevel), offset(upperLevel)), cellsPerW: cellsPerW, lastCell: Double(cells - 1),
        lowerLevel: lowerLevel, upperLevel: upperLevel, tAtLowerLevel: tAtLowerLevel, tAtUpperLevel: tAtUpperLevel,
        coefficients: [])
      guard cellsPerW.isFinite, let coefficients = fittedCoefficients(cubic, data, cells: cells, yMax: wMax * cellsPerW)
      else { continue }
      let kernel = data.with(coefficients: coefficients)
      guard let tuned = exactAtEnds(kernel) else { continue }
      if passesCheck(cubic, tuned, cells: cells) { return tuned }
    }
    return nil
  }

  /// The level whose kernel variable is y = w·cellsPerW (clamped to the level range), and the
  /// z the kernel computes for it in its cell.
  static func batchLevel(_ kernel: BatchKernel, y: Double) -> (level: Double, z: Double, cell: Int) {
    let w = y / kernel.cellsPerW
    let u = kernel.usesSquareRoot ? w * w : w
    return batchLevel(
      kernel,
      level: max(
        kernel.lowerLevel, min(kernel.upperLevel, (kernel.anchorHi + kernel.anchorLo) + kernel.orientation * u)))
  }

  /// The z and cell the kernel computes for a level in the level range.
  static func batchLevel(_ kernel: BatchKernel, level: Double) -> (level: Double, z: Double, cell: Int) {
    let offset = max(
      kernel.offsetLow, min(kernel.offsetHigh, ((level - kernel.anchorHi) - kernel.anchorLo) * kernel.offsetScale))
    let kernelY = kernel.usesSquareRoot ? offset.squareRoot() * kernel.cellsPerW : offset
    let cell = min(kernel.lastCell, (kernelY + 0x1p52) - 0x1p52)
    return (level, kernelY - cell, Int(cell))
  }

  /// Each cell's degree-5 interpolant of the exact inverse at six Chebyshev points of z, as
  /// the constant as hi + lo and then the monomial coefficients in z; nil when a point falls
  /// outside its cell or a fit is singular.
  static func fittedCoefficients(_ cubic: Cubic, _ kernel: BatchKernel, cells: Int, yMax: Double) -> [Double]? {
    let points = BatchKernel.coefficientCount - 1
    let nodes = (0..<points).map { cos(Double.pi * (Double($0) + 0.5) / Double(points)) }
    var coefficients = [Double](repeating: 0, count: cells * BatchKernel.stride)
    var matrix = [Double](repeating: 0, count: points * points)
    var values = [Double](repeating: 0, count: points)
    var ts = [Double](repeating: 0, count: points)
    var corrections = [Double](repeating: 0, count: points)
    for cell in 0..<cells {
      // The part of the cell inside [0, yMax]: all of [−½, ½] but in the end cells.
      let low = max(-0.5, -Double(cell))
      let high = min(0.5, yMax - Double(cell))
      for k in 0..<points {
        let sample = batchLevel(kernel, y: Double(cell) + (low + high) / 2 + (high - low) / 2 * nodes[k])
        guard sample.cell == cell else { return nil }
        var power = 1.0
        for column in 0..<points {
          matrix[k * points + column] = power
          power *= sample.z
        }
        let t = cubic.normalizedElapsedByNewton(forLevel: sample.level)
        ts[k] = t
        // The exact root's offset from the rounded t (one Newton step on the compensated
        // residual), so the fit is not tied to the roundings of its data.
        let residual = CubicInverseKernel.residual(cubic.a, cubic.b, cubic.c, cubic.d, at: t, level: sample.level)
        let slope = CubicInverseKernel.slope(cubic.a, cubic.b, cubic.c, at: t)
        let correction = slope != 0 ? -residual / slope : 0
        corrections[k] = abs(correction) <= t.ulp ? correction : 0
      }
      // Fit t − t_ref, so the solve's rounding scales with the cell's width in t.
      let reference = ts[points / 2]
      for k in 0..<points { values[k] = (ts[k] - reference) + corrections[k] }
      guard solveInPlace(&matrix, &values, size: points) else { return nil }
      let (constant, constantLow) = CubicInverseKernel.twoSum(reference, values[0])
      let row = cell * BatchKernel.stride
      coefficients[row] = constant
      coefficients[row + 1] = constantLow
      for k in 1..<points { coefficients[row + 1 + k] = values[k] }
    }
    return coefficients
  }

  /// Solves the `size`×`size` system (row-major `matrix`) for `values` in place, by Gaussian
  /// elimination with partial pivoting; false when singular or not finite.
  static func solveInPlace(_ matrix: inout [Double], _ values: inout [Double], size n: Int) -> Bool {
    for column in 0..<n {
      var pivot = column
      for row in (column + 1)..<n where abs(matrix[row * n + column]) > abs(matrix[pivot * n + column]) { pivot = row }
      guard matrix[pivot * n + column] != 0 else { return false }
      if pivot != column {
        for k in 0..<n { matrix.swapAt(column * n + k, pivot * n + k) }
        values.swapAt(column, pivot)
      }
      for row in (column + 1)..<n {
        let factor = matrix[row * n + column] / matrix[column * n + column]
        for k in column..<n { matrix[row * n + k] -= factor * matrix[column * n + k] }
        values[row] -= factor * values[column]
      }
    }
    for row in stride(from: n - 1, through: 0, by: -1) {
      var sum = values[row]
      for k in (row + 1)..<n { sum -= matrix[row * n + k] * values[k] }
      values[row] = sum / matrix[row * n + row]
    }
    return values.allSatisfy { $0.isFinite }
  }

  /// The kernel with the constant terms of the cells holding the two end levels nudged
  /// (by the miss, then by ulps; at most 24 steps) until the kernel returns exactly
  /// tAtLowerLevel and tAtUpperLevel there, so no select is needed for them; nil when that
  /// fails.
  static func exactAtEnds(_ kernel: BatchKernel) -> BatchKernel? {
    var coefficients = kernel.coefficients
    func query(_ level: Double) -> Double {
      var result = Double.nan
      coefficients.withUnsafeBufferPointer { rows in
        guard let base = rows.baseAddress else { return }
        result = batchInverse(kernel, base, Lanes(repeating: level), squareRoot: kernel.usesSquareRoot)[0]
      }
      return result
    }
    for (level, target) in [(kernel.lowerLevel, kernel.tAtLowerLevel), (kernel.upperLevel, kernel.tAtUpperLevel)] {
      let cell = batchLevel(kernel, level: level).cell
      var steps = 0
      while query(level) != target {
        guard steps < 24 else { return nil }
        let constant = coefficients[cell * BatchKernel.stride + 1]
        let miss = target - query(level)
        // Shift the low part by the miss while that moves it, then by single ulps.
        let shifted = constant + miss
        coefficients[cell * BatchKernel.stride + 1] =
          steps < 8 && shifted != constant ? shifted : (miss > 0 ? constant.nextUp : constant.nextDown)
        steps += 1
      }
    }
    return kernel.with(coefficients: coefficients)
  }

  /// The batch kernel agrees with Newton to 1.5 ulp + 2⁻⁵³ at 8 levels per cell and both ends:
  /// a margin of half an ulp + 2⁻⁵³ under the documented 2 ulp + 2⁻⁵² for the levels between,
  /// where the roundings of u (or √u) and of the polynomial vary from level to level.
  static func passesCheck(_ cubic: Cubic, _ kernel: BatchKernel, cells: Int) -> Bool {
    var levels = [kernel.lowerLevel, kernel.upperLevel]
    for cell in 0..<cells {
      // batchLevel clamps to the level range, so the end cells' outer halves repeat the ends.
      for k in 0..<8 { levels.append(batchLevel(kernel, y: Double(cell) - 0.5 + (Double(k) + 0.5) / 8).level) }
    }
    var results = [Double](repeating: .nan, count: levels.count)
    levels.withUnsafeBufferPointer { input in
      results.withUnsafeMutableBufferPointer { output in batchInverse(kernel, input, into: output, count: input.count) }
    }
    for (level, t) in zip(levels, results) {
      let reference = cubic.normalizedElapsedByNewton(forLevel: level)
      guard abs(t - reference) <= 1.5 * reference.ulp + 0x1p-53 else { return false }
    }
    return true
  }
}
