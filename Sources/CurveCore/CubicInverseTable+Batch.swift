#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

// The batch table inverse: a second, SIMD-shaped table built beside the scalar one, queried
// two levels at a time in SIMD2 lanes with no branch and no division. Not embedded in
// generated code, which only carries the scalar query (CubicInverseKernel+Table.swift).
//
// Why a second table: the scalar query (cell lookup, Hermite guess, one Halley step with a
// division, clamps and end selects) is about 70 operations on 11 gathered fields per level;
// written for SSE2 lanes, bit for bit the same, it still took about 15 ns per level (about
// 90 instructions). A degree-5 polynomial per cell, on up to 512 cells uniform in a variable
// in which the inverse is analytic (the level offset from one end, or its square root when
// that end is flat), reaches full precision with no polish step: 6 gathered coefficients and
// about 30 instructions per level.

extension CubicInverseTable {
  /// Two lanes of doubles: one SSE2 register.
  typealias Lanes = SIMD2<Double>

  /// The data of the batch kernel; see `batchKernel(_:lowerLevel:upperLevel:tAtLowerLevel:tAtUpperLevel:)`
  /// for how it is chosen and checked.
  struct BatchKernel: Sendable {
    /// At most this many cells uniform in w ∈ [0, wMax].
    static let maximumCellCount = 512
    /// Numbers per cell: t = c₀ + (c₀′ + z·(c₁ + … + z·c₅)) with c₀ + c₀′ the value at z = 0
    /// as a double-double, z = w·cellsPerW − cell ∈ [−½, ½].
    static let coefficientCount = 7
    /// Doubles from one cell's row to the next: the coefficients padded to 64 bytes, so the
    /// row index becomes a byte offset by a shift.
    static let stride = 8

    /// True when w = √u (a flat end at the anchor), false when w = u.
    let usesSquareRoot: Bool
    /// f at the anchor end exactly, as hi + lo.
    let anchorHi: Double
    let anchorLo: Double
    /// +1 when the anchor is the lower level (u = level − f(anchor)), −1 when it is the upper.
    let orientation: Double
    /// What the kernel multiplies level − f(anchor) by: `orientation·cellsPerW` when w = u
    /// (so it yields y at once, exactly), `orientation` when w = √u.
    let offsetScale: Double
    /// That product's value at the two ends of the level range, ascending and at least 0:
    /// clamping it there is clamping the level (the product is monotone in the level).
    let offsetLow: Double
    let offsetHigh: Double
    /// Cells per unit of w: a power of two, so y = w·cellsPerW is exact.
    let cellsPerW: Double
    /// The index of the last cell, as a double (cells 0…⌈wMax·cellsPerW⌉, at most 513).
    let lastCell: Double
    let lowerLevel: Double
    let upperLevel: Double
    let tAtLowerLevel: Double
    let tAtUpperLevel: Double
    /// `lastCell + 1` rows of `stride` doubles, the first `coefficientCount` used.
    let coefficients: [Double]

    /// The same kernel with other coefficients.
    func with(coefficients: [Double]) -> BatchKernel {
      BatchKernel(
        usesSquareRoot: usesSquareRoot, anchorHi: anchorHi, anchorLo: anchorLo, orientation: orientation,
        offsetScale: offsetScale, offsetLow: offsetLow, offsetHigh: offsetHigh, cellsPerW: cellsPerW,
        lastCell: lastCell, lowerLevel: lowerLevel, upperLevel: upperLevel, tAtLowerLevel: tAtLowerLevel,
        tAtUpperLevel: tAtUpperLevel, coefficients: coefficients)
    }
  }

  /// `bound < x ? bound : x` lane by lane: `minpd`, which keeps a NaN x.
  @inline(__always)
  static func laneAtMost(_ bound: Lanes, _ x: Lanes) -> Lanes {
    Lanes(bound[0] < x[0] ? bound[0] : x[0], bound[1] < x[1] ? bound[1] : x[1])
  }

  /// `x < bound ? bound : x` lane by lane: `maxpd`, which keeps a NaN x.
  @inline(__always)
  static func laneAtLeast(_ bound: Lanes, _ x: Lanes) -> Lanes {
    Lanes(x[0] < bound[0] ? bound[0] : x[0], x[1] < bound[1] ? bound[1] : x[1])
  }

  /// The batch query on two levels, with the scalar query's conventions: clamped to the
  /// level range, the exact end values at and beyond it (the end cells' constant terms are
  /// tuned so the polynomial gives them exactly), NaN for NaN (every clamp but the cell
  /// index's keeps a NaN). No branch, no division. Each lane-wise operation is written as
  /// two scalar expressions of one shape so the optimizer emits packed SSE2 (`minpd`,
  /// `maxpd`, `sqrtpd`); `SIMD.replacing(with:where:)` and `SIMD.squareRoot()` compile to much
  /// longer code (the latter through libm) on a generic x86-64 build.
  @inline(__always)
  static func batchInverse(
    _ kernel: BatchKernel, _ rows: UnsafePointer<Double>, _ level: Lanes, squareRoot: Bool
  ) -> Lanes {
    // The offset from the anchor, scaled and clamped to the level range's (so NaN stays NaN).
    let offset = ((level - kernel.anchorHi) - kernel.anchorLo) * kernel.offsetScale
    let clamped = laneAtLeast(
      Lanes(repeating: kernel.offsetLow), laneAtMost(Lanes(repeating: kernel.offsetHigh), offset))
    // y = √u·cellsPerW, exact but for the root (cellsPerW is a power of two), or u·cellsPerW as
    // it is. The max with a literal 0 (a no-op: offsetLow ≥ 0) shows the optimizer that the
    // root needs no libm fallback, so it emits one `sqrtpd`.
    let u = laneAtLeast(Lanes(), clamped)
    let y = squareRoot ? Lanes(u[0].squareRoot(), u[1].squareRoot()) * kernel.cellsPerW : clamped
    // Cell c covers y ∈ [c − ½, c + ½]: adding 2⁵² rounds y to c (0 ≤ y < 2⁵¹), whose bits
    // then hold c, with no conversion and its range checks. A NaN y reads the last cell
    // (its z stays NaN, so the result is NaN).
    let last = kernel.lastCell
    let shifter = Lanes(repeating: 0x1p52)
    let biased = Lanes(y[0] < last ? y[0] : last, y[1] < last ? y[1] : last) + shifter
    let z = y - (biased - shifter)
    let bias = 0x1p52.bitPattern
    let row0 = rows + Int(truncatingIfNeeded: biased[0].bitPattern &- bias) &* BatchKernel.stride
    let row1 = rows + Int(truncatingIfNeeded: biased[1].bitPattern &- bias) &* BatchKernel.stride
    // c₀′ + c₁z + … + c₅z⁵ in Estrin's scheme (three dependent levels instead of Horner's
    // six), then one rounding to t with c₀.
    let z2 = z * z
    let z4 = z2 * z2
    let p01 = Lanes(row0[1], row1[1]) + z * Lanes(row0[2], row1[2])
    let p23 = Lanes(row0[3], row1[3]) + z * Lanes(row0[4], row1[4])
    let p45 = Lanes(row0[5], row1[5]) + z * Lanes(row0[6], row1[6])
    let t = Lanes(row0[0], row1[0]) + ((p01 + z2 * p23) + z4 * p45)
    return laneAtLeast(Lanes(), laneAtMost(Lanes(repeating: 1), t))
  }

  /// The batch loop: two levels per step through the lane kernel, the last one alone; the
  /// variable (u or √u) is chosen once per call, outside the loop.
  static func batchInverse(
    _ kernel: BatchKernel, _ levels: UnsafeBufferPointer<Double>, into results: UnsafeMutableBufferPointer<Double>,
    count: Int
  ) {
    kernel.coefficients.withUnsafeBufferPointer { coefficients in
      guard let rows = coefficients.baseAddress, let input = levels.baseAddress, let output = results.baseAddress
      else { return }
      if kernel.usesSquareRoot {
        squareRootLoop(kernel, rows, input, output, count)
      } else {
        linearLoop(kernel, rows, input, output, count)
      }
    }
  }

  /// `batchInverse(_:_:into:count:)` for w = u.
  @inline(never)
  static func linearLoop(
    _ kernel: BatchKernel, _ rows: UnsafePointer<Double>, _ input: UnsafePointer<Double>,
    _ output: UnsafeMutablePointer<Double>, _ count: Int
  ) {
    loop(kernel, rows, input, output, count, squareRoot: false)
  }

  /// `batchInverse(_:_:into:count:)` for w = √u.
  @inline(never)
  static func squareRootLoop(
    _ kernel: BatchKernel, _ rows: UnsafePointer<Double>, _ input: UnsafePointer<Double>,
    _ output: UnsafeMutablePointer<Double>, _ count: Int
  ) {
    loop(kernel, rows, input, output, count, squareRoot: true)
  }

  /// The loop both entry points inline with a constant `squareRoot`, so each is compiled
  /// without the test: eight levels per step (four independent SIMD pairs issued together,
  /// which hides the square root's latency), then four, then a pair, then a last level in
  /// both lanes.
  @inline(__always)
  static func loop(
    _ kernel: BatchKernel, _ rows: UnsafePointer<Double>, _ input: UnsafePointer<Double>,
    _ output: UnsafeMutablePointer<Double>, _ count: Int, squareRoot: Bool
  ) {
    var index = 0
    while index + 8 <= count {
      let t0 = batchInverse(kernel, rows, Lanes(input[index], input[index + 1]), squareRoot: squareRoot)
      let t1 = batchInverse(kernel, rows, Lanes(input[index + 2], input[index + 3]), squareRoot: squareRoot)
      let t2 = batchInverse(kernel, rows, Lanes(input[index + 4], input[index + 5]), squareRoot: squareRoot)
      let t3 = batchInverse(kernel, rows, Lanes(input[index + 6], input[index + 7]), squareRoot: squareRoot)
      output[index] = t0[0]
      output[index + 1] = t0[1]
      output[index + 2] = t1[0]
      output[index + 3] = t1[1]
      output[index + 4] = t2[0]
      output[index + 5] = t2[1]
      output[index + 6] = t3[0]
      output[index + 7] = t3[1]
      index += 8
    }
    while index + 4 <= count {
      let t = batchInverse(kernel, rows, Lanes(input[index], input[index + 1]), squareRoot: squareRoot)
      let next = batchInverse(kernel, rows, Lanes(input[index + 2], input[index + 3]), squareRoot: squareRoot)
      output[index] = t[0]
      output[index + 1] = t[1]
      output[index + 2] = next[0]
      output[index + 3] = next[1]
      index += 4
    }
    while index + 2 <= count {
      let t = batchInverse(kernel, rows, Lanes(input[index], input[index + 1]), squareRoot: squareRoot)
      output[index] = t[0]
      output[index + 1] = t[1]
      index += 2
    }
    if index < count {
      output[index] = batchInverse(kernel, rows, Lanes(input[index], input[index]), squareRoot: squareRoot)[0]
    }
  }
}

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
    return values.allSatisfy(\.isFinite)
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
