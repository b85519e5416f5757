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
// about 30 instructions per level. CubicInverseTable+BatchBuild.swift builds and checks it.

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
