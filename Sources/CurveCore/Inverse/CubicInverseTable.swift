/// A precomputed full-precision inverse t = f⁻¹(level) for one fixed monotone cubic.
///
/// Build it once (``init(_:cellCount:)``), then call ``normalizedElapsed(forLevel:)`` or
/// the batch form as often as needed; it is an immutable `Sendable` value.
///
/// Method: the level range [min(f(0), f(1)), max(f(0), f(1))] is cut into `cellCount`
/// equal cells. Each cell stores a node tⱼ (a double), f(tⱼ) as an exact hi + lo pair, and
/// the Taylor coefficients f′(tⱼ) and f″(tⱼ)/2 (correctly rounded). A query
/// 1. finds its cell by one multiply (no search);
/// 2. guesses δ = t − tⱼ with a cubic in v, where v = level − f(tⱼ) (a Hermite
///    interpolant of the inverse across the cell) or, in a cell at a flat end
///    (f′ ≈ 0 there, node at the endpoint), v = √|level − f(end)|, the local square-root
///    series fitted to the cell;
/// 3. takes ``polishSteps`` Halley steps on r(δ) = (f(tⱼ) − level) + f′·δ + f″/2·δ² + a·δ³,
///    the residual expanded about the node, each clamped to the cell's bracket.
/// Expanding about the node makes the residual's rounding error proportional to |δ|,
/// not to |f|, so the result is within about 0.5 ulp(t) + 2⁻⁵³·|δ| of the exact root even
/// where f′ → 0 (the common methods stop near 1e-8 there).
///
/// Error: ≤ 2 ulp(t) + 2⁻⁵⁶ (checked at build time on 17 levels per cell; if the
/// check fails after 3 steps the table falls back to ``Cubic/normalizedElapsedByNewton(forLevel:)``).
/// Cost per query: one lookup, one square root (selected, not branched), the guess and
/// 1–2 Halley steps of about 16 flops and one division each; no data-dependent branch.
/// Memory: `cellCount` × 88 bytes (5.5 KiB for the default 64 cells), plus up to 28 KiB for
/// the batch kernel.
public struct CubicInverseTable: Sendable {
  /// One cell: its node, expansion and guess polynomial (the kernel's cell type).
  @usableFromInline
  typealias Cell = CubicInverseKernel.TableCell

  /// The default number of cells, 64.
  public static let defaultCellCount = 64

  /// The curve this table inverts.
  public let cubic: Cubic
  /// The number of equal level cells.
  public let cellCount: Int
  /// The fixed number of Halley steps each query takes (1 to 3), the smallest that met
  /// full precision on the build-time check; 0 when the table falls back to Newton.
  public let polishSteps: Int
  /// True when the build-time check failed and queries use safeguarded Newton instead.
  public let usesNewtonFallback: Bool

  /// The query data, in the form the kernel (and generated code) reads.
  @usableFromInline let kernelTable: CubicInverseKernel.Table
  /// The batch API's own SIMD kernel (CubicInverseTable+Batch.swift), or nil when none
  /// passed its build-time check and the batch API runs the scalar query per level.
  var batchKernel: BatchKernel?

  /// True when ``normalizedElapsed(forLevels:into:)`` uses the SIMD batch kernel; false when
  /// no batch kernel passed its build-time accuracy check and each level goes through the
  /// scalar query.
  public var usesBatchKernel: Bool { batchKernel != nil }

  /// Creates a table from built data (see `CubicInverseTable+Build.swift`).
  init(
    cubic: Cubic, cellCount: Int, polishSteps: Int, usesNewtonFallback: Bool, cells: [Cell],
    lowerLevel: Double, upperLevel: Double, cellsPerLevel: Double, tAtLowerLevel: Double, tAtUpperLevel: Double
  ) {
    self.cubic = cubic
    self.cellCount = cellCount
    self.polishSteps = polishSteps
    self.usesNewtonFallback = usesNewtonFallback
    kernelTable = CubicInverseKernel.Table(
      a: cubic.a, polishSteps: polishSteps, lowerLevel: lowerLevel, upperLevel: upperLevel,
      cellsPerLevel: cellsPerLevel, tAtLowerLevel: tAtLowerLevel, tAtUpperLevel: tAtUpperLevel, cells: cells)
  }

  /// The t ∈ [0, 1] with f(t) = level, clamped; NaN for a NaN level.
  ///
  /// Same conventions and reference as ``Cubic/normalizedElapsed(forLevel:method:)``.
  /// - Complexity: O(1), branch-free apart from the loop over ``polishSteps``.
  @inlinable
  public func normalizedElapsed(forLevel level: Double) -> Double {
    if usesNewtonFallback { return cubic.normalizedElapsedByNewton(forLevel: level) }
    return tableInverse(level)
  }

  /// The table query, ``CubicInverseKernel`` `tableInverse`: the text generated code embeds.
  @inlinable @inline(__always)
  func tableInverse(_ level: Double) -> Double {
    CubicInverseKernel.tableInverse(kernelTable, level: level)
  }

  /// Inverts `levels` into `results` and returns how many were written (the shorter of the
  /// two counts).
  ///
  /// Uses the table's batch kernel, built beside the scalar table: two levels at a time in
  /// SIMD lanes, with no branch and no division (a degree-5 polynomial per cell on up to 512
  /// cells uniform in the level offset from one end, or in its square root at a flat end).
  /// Same conventions as ``normalizedElapsed(forLevel:)``: clamped to the level range, the
  /// exact end values at and beyond it, NaN for NaN.
  ///
  /// Error: within 2 ulp(t) + 2⁻⁵² (≤ 4.5e-16) of the exact root: the build checks 1.5 ulp +
  /// 2⁻⁵³ at eight levels per cell against Newton (measured ≤ 2.6e-16 on 47 curves, ≤ 2.2e-16
  /// on the article's), so a result may differ from the scalar query's by a few ulps. Where no batch kernel passes that check
  /// (``usesBatchKernel`` is false: curves flat or nearly flat at both ends), each level goes
  /// through the scalar query and the results equal it bit for bit.
  /// - Complexity: O(n); about 3–4 ns per level on current x86-64 (a sixth of the scalar
  ///   query's time, which this replaces in loops), with no heap allocation.
  @discardableResult
  public func normalizedElapsed(
    forLevels levels: UnsafeBufferPointer<Double>,
    into results: UnsafeMutableBufferPointer<Double>
  ) -> Int {
    let count = min(levels.count, results.count)
    if usesNewtonFallback {
      for index in 0..<count { results[index] = cubic.normalizedElapsedByNewton(forLevel: levels[index]) }
      return count
    }
    if let batchKernel {
      Self.batchInverse(batchKernel, levels, into: results, count: count)
    } else {
      for index in 0..<count { results[index] = tableInverse(levels[index]) }
    }
    return count
  }

  /// The inverse of every level in `levels`, in order.
  public func normalizedElapsed(forLevels levels: [Double]) -> [Double] {
    var results = [Double](repeating: 0, count: levels.count)
    levels.withUnsafeBufferPointer { input in
      results.withUnsafeMutableBufferPointer { output in
        _ = normalizedElapsed(forLevels: input, into: output)
      }
    }
    return results
  }
}

extension CubicInverseTable {
  /// One labelled field of the query data: a Double, or a Bool flag stored as 0 or 1.
  package typealias KernelField = (label: String, value: Double, isFlag: Bool)

  /// The query data as labelled plain values in the kernel's declaration order, for
  /// CurveCodegen to write out as a `CubicInverseKernel.Table(…)` literal: the table's
  /// fields before `cells`, and each cell's fields.
  package var kernelTableFields: (table: [KernelField], cells: [[KernelField]]) {
    let table = kernelTable
    let fields: [KernelField] = [
      ("a", table.a, false), ("polishSteps", Double(table.polishSteps), false),
      ("lowerLevel", table.lowerLevel, false), ("upperLevel", table.upperLevel, false),
      ("cellsPerLevel", table.cellsPerLevel, false), ("tAtLowerLevel", table.tAtLowerLevel, false),
      ("tAtUpperLevel", table.tAtUpperLevel, false),
    ]
    let cells = table.cells.map { cell -> [KernelField] in
      [
        ("node", cell.node, false), ("valueHi", cell.valueHi, false), ("valueLo", cell.valueLo, false),
        ("slope", cell.slope, false), ("halfCurvature", cell.halfCurvature, false), ("guess1", cell.guess1, false),
        ("guess2", cell.guess2, false), ("guess3", cell.guess3, false),
        ("usesSquareRoot", cell.usesSquareRoot ? 1 : 0, true),
        ("lowerOffset", cell.lowerOffset, false), ("upperOffset", cell.upperOffset, false),
      ]
    }
    return (fields, cells)
  }
}
