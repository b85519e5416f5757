import CurveCore
import CurveKitTestSupport
import Testing

@Suite("CubicInverseTable and the full-precision methods beyond the article curves")
struct CubicInverseTableTests {
  /// Random strictly monotone cubics through (0, 1) and (1, 0) with endpoint slopes
  /// −α, −β from the Fritsch–Carlson monotone region (α, β ∈ [0, 3]), plus flat-ended shapes.
  static func curves() -> [(String, Cubic)] {
    var random = SeededRandomNumberGenerator(seed: 2024)
    var curves: [(String, Cubic)] = [
      ("smoothstep, flat at both ends", Cubic(a: 2, b: -3, c: 0, d: 1)),
      ("increasing smoothstep", Cubic(a: -2, b: 3, c: 0, d: 0)),
      ("flat start only", Cubic(a: 1, b: -2, c: 0, d: 1)),
      ("near-flat end f′(1) = −1e-9", Cubic(a: 0.5 - 1e-9, b: 0, c: -1.5 + 3e-9, d: 1 - 2e-9)),
      ("scaled range [3, 7]", Cubic(a: -2, b: 0, c: -2, d: 7)),
    ]
    for index in 0..<40 {
      let alpha = random.nextUnitDouble() * 3
      let beta = random.nextUnitDouble() * (3 - alpha)
      // f(0) = 1, f(1) = 0, f′(0) = −α, f′(1) = −β.
      curves.append(("random monotone #\(index)", Cubic(a: 2 - alpha - beta, b: 2 * alpha + beta - 3, c: -alpha, d: 1)))
    }
    return curves
  }

  @Test("table, newton and auto agree with the Float80 reference to 2 ulp + 2⁻⁵⁶")
  func randomCurves() throws {
    var random = SeededRandomNumberGenerator(seed: 77)
    var worst = (table: 0.0, newton: 0.0)
    for (name, cubic) in Self.curves() {
      let table = try CubicInverseTable(cubic)
      #expect(!table.usesNewtonFallback, "\(name)")
      let low = min(cubic.d, cubic.level(forNormalizedElapsed: 1))
      let high = max(cubic.d, cubic.level(forNormalizedElapsed: 1))
      for _ in 0..<2_000 {
        let level = low + (high - low) * random.nextUnitDouble()
        let reference = Float80Inverse(cubic, level: level)
        guard reference.bound <= 1e-17 else { continue }
        let tolerance = Float80(2 * Double(reference.t).ulp + 0x1p-56) + reference.bound
        let viaTable = table.normalizedElapsed(forLevel: level)
        let viaNewton = cubic.normalizedElapsedByNewton(forLevel: level)
        #expect(abs(Float80(viaTable) - reference.t) <= tolerance, "\(name) table at \(level)")
        #expect(abs(Float80(viaNewton) - reference.t) <= tolerance, "\(name) newton at \(level)")
        worst.table = max(worst.table, Double(abs(Float80(viaTable) - reference.t)))
        worst.newton = max(worst.newton, Double(abs(Float80(viaNewton) - reference.t)))
      }
    }
    print("inverse max error | 45 other monotone curves | table \(worst.table) | newton \(worst.newton)")
  }

  @Test(
    "the batch kernel is used on every article curve, the flat-ended one included", arguments: ArticleCurve.allCases)
  func batchKernelBuilt(curve: ArticleCurve) throws {
    #expect(try CubicInverseTable(curve.cubic).usesBatchKernel)
  }

  @Test("the batch API is within 2 ulp + 2⁻⁵² of the Float80 reference on 49 curves; ends and NaN exact")
  func batchAccuracy() throws {
    var random = SeededRandomNumberGenerator(seed: 78)
    var worst = 0.0
    var batched = 0
    let curves = Self.curves() + ArticleCurve.allCases.map { ("\($0)", $0.cubic) }
    for (name, cubic) in curves {
      let table = try CubicInverseTable(cubic)
      if table.usesBatchKernel { batched += 1 }
      let low = min(cubic.d, cubic.level(forNormalizedElapsed: 1))
      let high = max(cubic.d, cubic.level(forNormalizedElapsed: 1))
      var levels = (0..<2_001).map { _ in low + (high - low) * random.nextUnitDouble() }
      levels += [low, high, low - 1, high + 1, -.infinity, .infinity, .nan, low.nextUp, high.nextDown]
      let batch = table.normalizedElapsed(forLevels: levels)
      for (level, t) in zip(levels, batch) {
        let scalar = table.normalizedElapsed(forLevel: level)
        guard level.isFinite, level > low - 0.5, level < high + 0.5 else {
          // Well outside the range the conventions are exact: the end values, or NaN.
          #expect(t.bitPattern == scalar.bitPattern || (t.isNaN && scalar.isNaN), "\(name) at \(level)")
          continue
        }
        let reference = Float80Inverse(cubic, level: level)
        guard reference.bound <= 1e-17 else { continue }
        let tolerance = Float80(2 * Double(reference.t).ulp + 0x1p-52) + reference.bound
        #expect(abs(Float80(t) - reference.t) <= tolerance, "\(name) batch at \(level): \(t)")
        worst = max(worst, Double(abs(Float80(t) - reference.t)))
      }
      var short = [Double](repeating: -1, count: 3)
      let written = levels.withUnsafeBufferPointer { input in
        short.withUnsafeMutableBufferPointer { table.normalizedElapsed(forLevels: input, into: $0) }
      }
      #expect(written == 3)
      #expect(short == Array(batch.prefix(3)))
    }
    // Most curves get a batch kernel; the rest (flat or nearly flat at both ends) run the scalar query.
    #expect(batched >= curves.count / 2, "\(batched) of \(curves.count) curves use the batch kernel")
    print("inverse batch max error | \(curves.count) curves, \(batched) with the batch kernel | \(worst)")
  }

  @Test("without a batch kernel the batch API equals the scalar query bit for bit")
  func batchFallback() throws {
    let table = try CubicInverseTable(Cubic(a: 2, b: -3, c: 0, d: 1))  // smoothstep: flat at both ends
    #expect(!table.usesBatchKernel)
    let levels = inverseTestLevels(count: 2_000, seed: 10) + [-1, 2, .nan, 0, 1]
    for (level, t) in zip(levels, table.normalizedElapsed(forLevels: levels)) {
      let scalar = table.normalizedElapsed(forLevel: level)
      #expect(t.bitPattern == scalar.bitPattern || (t.isNaN && scalar.isNaN), "level \(level)")
    }
  }

  @Test("clamping and NaN conventions are the same for every full-precision method")
  func conventions() throws {
    for curve in ArticleCurve.allCases {
      let cubic = curve.cubic
      let table = try CubicInverseTable(cubic)
      for method in [InverseMethod.auto, .newton, .cardano, .table] {
        #expect(cubic.normalizedElapsed(forLevel: 1.5, method: method) == 0)
        #expect(cubic.normalizedElapsed(forLevel: 1, method: method) == 0)
        #expect(cubic.normalizedElapsed(forLevel: -0.5, method: method) == 1)
        #expect(cubic.normalizedElapsed(forLevel: .nan, method: method).isNaN)
      }
      #expect(table.normalizedElapsed(forLevel: -.infinity) == 1)
      #expect(table.normalizedElapsed(forLevel: .nan).isNaN)
    }
  }

  @Test("tables refuse curves they cannot invert, naming the curve")
  func errors() {
    let wiggle = Cubic(a: 4, b: -6, c: 1, d: 1)
    #expect(throws: CubicInverseError.self) { try CubicInverseTable(wiggle) }
    do {
      _ = try CubicInverseTable(wiggle)
    } catch {
      #expect(error.description.contains("not monotone"))
      #expect(error.description.contains("4.0,-6.0,1.0,1.0"))
    }
    #expect(throws: CubicInverseError.noLevelRange(Cubic(a: 0, b: 0, c: 0, d: 0.5))) {
      try CubicInverseTable(Cubic(a: 0, b: 0, c: 0, d: 0.5))
    }
    let infinite = Cubic(a: .infinity, b: 0, c: 0, d: 1)
    #expect(throws: CubicInverseError.nonFiniteCoefficient(infinite)) { try CubicInverseTable(infinite) }
  }
}
