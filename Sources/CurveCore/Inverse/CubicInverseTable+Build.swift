extension CubicInverseTable {
  /// Builds the table for a monotone cubic.
  ///
  /// Nodes are solved to full precision by ``Cubic/normalizedElapsedByNewton(forLevel:)``.
  /// A cell at an end of the level range uses the square-root guess, about the endpoint,
  /// when that guesses better than the Hermite one (a flat or nearly flat end). The
  /// number of polish steps is the smallest (1…3) for which 17 levels per cell agree with
  /// Newton to 2 ulp + 2⁻⁵⁶; if none does, the table falls back to Newton (``usesNewtonFallback``).
  /// - Parameters:
  ///   - cubic: the curve; it must be finite, monotone on [0, 1] and have f(0) ≠ f(1).
  ///   - cellCount: the number of level cells, clamped to 2…4096; 64 by default.
  /// - Throws: ``CubicInverseError`` naming the curve when it cannot be inverted.
  /// - Complexity: about 18·`cellCount` Newton solves for the scalar table and about 5 000 more
  ///   for the batch kernel (about 0.5–1 ms in all).
  public init(_ cubic: Cubic, cellCount: Int = CubicInverseTable.defaultCellCount) throws(CubicInverseError) {
    guard cubic.isFinite else { throw .nonFiniteCoefficient(cubic) }
    if let witness = cubic.monotonicityWitness() {
      throw .notMonotone(cubic, witness: witness.t, slope: witness.slope)
    }
    let count = max(2, min(4096, cellCount))
    let (endHi, endLo) = CubicInverseKernel.compensatedHorner(cubic.a, cubic.b, cubic.c, cubic.d, at: 1)
    let startValue = cubic.d
    let endValue = endHi + endLo
    guard startValue != endValue else { throw .noLevelRange(cubic) }
    let increasing = endValue > startValue
    let lower = min(startValue, endValue)
    let upper = max(startValue, endValue)
    let width = (upper - lower) / Double(count)
    let perLevel = Double(count) / (upper - lower)
    guard width.isFinite, perLevel.isFinite, width > 0 else { throw .noLevelRange(cubic) }
    let tLower = increasing ? 0.0 : 1.0
    let tUpper = increasing ? 1.0 : 0.0
    let gridLevels = (0...count).map { lower + Double($0) * width }
    var nodes = gridLevels.map { cubic.normalizedElapsedByNewton(forLevel: $0) }
    nodes[0] = tLower
    nodes[count] = tUpper

    var cells: [Cell] = []
    cells.reserveCapacity(count)
    for index in 0..<count {
      // End cells expand about the endpoint itself, so t near 0 keeps its relative accuracy.
      let isEnd = index == 0 || index == count - 1
      let node = isEnd ? (index == 0 ? tLower : tUpper) : nodes[index]
      let partner = index == 0 ? nodes[1] : nodes[index + 1]
      let regular = Self.hermiteCell(cubic, node: node, partner: partner)
      // Near either end, the square-root guess about that end may fit better (flat ends).
      let nearLower = index < Self.squareRootCandidateCells
      let nearUpper = index >= count - Self.squareRootCandidateCells
      guard nearLower || nearUpper else {
        cells.append(regular)
        continue
      }
      let endpoint = nearLower ? tLower : tUpper
      let root = Self.squareRootCell(
        cubic, endpoint: endpoint, cellNodes: (nodes[index], nodes[index + 1]),
        cellLevels: (gridLevels[index], gridLevels[index + 1]))
      let samples = (1...8).map { gridLevels[index] + width * Double($0) / 9 }
      let references = samples.map { cubic.normalizedElapsedByNewton(forLevel: $0) }
      let rootError = root.map { Self.guessError($0, cubic, samples, references) } ?? .infinity
      cells.append(rootError < Self.guessError(regular, cubic, samples, references) ? (root ?? regular) : regular)
    }

    var chosen: CubicInverseTable?
    var checkLevels: [Double] = []
    for index in 0..<count {
      for k in 0...16 { checkLevels.append(gridLevels[index] + width * Double(k) / 16) }
    }
    let references = checkLevels.map { cubic.normalizedElapsedByNewton(forLevel: $0) }
    for steps in 1...3 {
      let candidate = CubicInverseTable(
        cubic: cubic, cellCount: count, polishSteps: steps, usesNewtonFallback: false, cells: cells,
        lowerLevel: lower, upperLevel: upper, cellsPerLevel: perLevel,
        tAtLowerLevel: tLower, tAtUpperLevel: tUpper)
      let passes = zip(checkLevels, references).allSatisfy { level, reference in
        let got = candidate.tableInverse(level)
        return abs(got - reference) <= 2 * reference.ulp + 0x1p-56
      }
      if passes {
        chosen = candidate
        break
      }
    }
    self =
      chosen
      ?? CubicInverseTable(
        cubic: cubic, cellCount: count, polishSteps: 0, usesNewtonFallback: true, cells: cells,
        lowerLevel: lower, upperLevel: upper, cellsPerLevel: perLevel,
        tAtLowerLevel: tLower, tAtUpperLevel: tUpper)
    if !usesNewtonFallback {
      batchKernel = Self.batchKernel(
        cubic, lowerLevel: lower, upperLevel: upper, tAtLowerLevel: tLower, tAtUpperLevel: tUpper)
    }
  }

  /// A cell expanded about `node` with no guess yet and a bracket reaching 5 % past
  /// `partner` and `node` on either side.
  static func expandedCell(_ cubic: Cubic, node: Double, partner: Double) -> Cell {
    let (value, valueError) = CubicInverseKernel.compensatedHorner(cubic.a, cubic.b, cubic.c, cubic.d, at: node)
    let (threeA, threeAError) = CubicInverseKernel.twoProduct(3, cubic.a)
    let (slopeHi, slopeLo) = CubicInverseKernel.compensatedHorner(0, threeA, 2 * cubic.b, cubic.c, at: node)
    let (halfHi, halfLo) = CubicInverseKernel.compensatedHorner(0, 0, threeA, cubic.b, at: node)
    let margin = 0.05 * abs(partner - node) + 0x1p-60
    return Cell(
      node: node, valueHi: value, valueLo: valueError,
      slope: slopeHi + (slopeLo + threeAError * node * node),
      halfCurvature: halfHi + (halfLo + threeAError * node),
      guess1: 0, guess2: 0, guess3: 0, usesSquareRoot: false,
      lowerOffset: min(0, partner - node) - margin, upperOffset: max(0, partner - node) + margin)
  }

  /// A cell whose guess is the cubic Hermite interpolant of the inverse, in
  /// v = level − f(node), matching t and dt/dlevel = 1/f′ at both nodes.
  static func hermiteCell(_ cubic: Cubic, node: Double, partner: Double) -> Cell {
    var cell = expandedCell(cubic, node: node, partner: partner)
    let far = expandedCell(cubic, node: partner, partner: node)
    let levelStep = (far.valueHi - cell.valueHi) + (far.valueLo - cell.valueLo)
    let tStep = partner - node
    let q1 = 1 / cell.slope
    let r1 = (tStep - q1 * levelStep) / (levelStep * levelStep)
    let r2 = (1 / far.slope - q1) / levelStep
    cell.guess1 = q1
    cell.guess3 = (r2 - 2 * r1) / levelStep
    cell.guess2 = 3 * r1 - r2
    return cell
  }

  /// How many cells at each end may use the square-root guess.
  static let squareRootCandidateCells = 4

  /// A cell with its node at a (flat) `endpoint` and the guess δ(v) = v·(g₁ + g₂v + g₃v²),
  /// v = √|level − f(endpoint)|: the local square-root series, fitted to the exact inverse
  /// at three levels inside the cell's level range.
  static func squareRootCell(
    _ cubic: Cubic, endpoint: Double, cellNodes: (Double, Double), cellLevels: (Double, Double)
  ) -> Cell? {
    var cell = expandedCell(cubic, node: endpoint, partner: endpoint)
    let margin = 0.05 * abs(cellNodes.1 - cellNodes.0) + 0x1p-60
    cell.lowerOffset = min(cellNodes.0, cellNodes.1) - endpoint - margin
    cell.upperOffset = max(cellNodes.0, cellNodes.1) - endpoint + margin
    cell.usesSquareRoot = true
    var points: [(v: Double, y: Double)] = []
    for fraction in [0.1, 0.5, 0.9] {
      let level = cellLevels.0 + (cellLevels.1 - cellLevels.0) * fraction
      let t = cubic.normalizedElapsedByNewton(forLevel: level)
      let (difference, error) = CubicInverseKernel.twoSum(cell.valueHi, -level)
      let v = abs(difference + (error + cell.valueLo)).squareRoot()
      guard v > 0 else { return nil }
      points.append((v, (t - endpoint) / v))
    }
    let d12 = (points[1].y - points[0].y) / (points[1].v - points[0].v)
    let d23 = (points[2].y - points[1].y) / (points[2].v - points[1].v)
    let d123 = (d23 - d12) / (points[2].v - points[0].v)
    cell.guess3 = d123
    cell.guess2 = d12 - d123 * (points[0].v + points[1].v)
    cell.guess1 = points[0].y - d12 * points[0].v + d123 * points[0].v * points[1].v
    guard cell.guess1.isFinite, cell.guess2.isFinite, cell.guess3.isFinite else { return nil }
    return cell
  }

  /// The largest |guess − reference| of a cell's unpolished guess over the samples.
  static func guessError(_ cell: Cell, _ cubic: Cubic, _ levels: [Double], _ references: [Double]) -> Double {
    var worst = 0.0
    for (level, reference) in zip(levels, references) {
      let (difference, error) = CubicInverseKernel.twoSum(cell.valueHi, -level)
      let offset = -(difference + (error + cell.valueLo))
      let v = cell.usesSquareRoot ? abs(offset).squareRoot() : offset
      let guess = cell.node + v * (cell.guess1 + v * (cell.guess2 + v * cell.guess3))
      let miss = abs(guess - reference)
      worst = miss.isNaN ? .infinity : max(worst, miss)
    }
    return worst
  }
}
