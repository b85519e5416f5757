import CurveCore
import CurveKitTestSupport
import Testing

/// The maximum |t − t_ref| of every inverse method on every article curve, against the
/// Float80 reference (levels where its own bound exceeds 1e-17 are left to the mpmath
/// fixture test), printed as a table and checked against each method's stated bound.
@Suite("Inverse accuracy on the article curves (Float80 reference)")
struct InverseAccuracyTests {
  static let levelCount = 100_000

  /// Largest error of `method` over the levels whose Float80 reference is within 1e-17.
  static func maximumError(
    _ curve: ArticleCurve, _ levels: [Double], _ references: [Float80?], _ solve: (Double) -> Double
  ) -> (error: Double, level: Double) {
    var worst = (error: 0.0, level: Double.nan)
    for (level, reference) in zip(levels, references) {
      guard let reference else { continue }
      let error = Double(abs(Float80(solve(level)) - reference))
      if error > worst.error || error.isNaN { worst = (error, level) }
    }
    return worst
  }

  static func references(_ cubic: Cubic, _ levels: [Double]) -> [Float80?] {
    levels.map { level in
      let reference = Float80Inverse(cubic, level: level)
      return reference.bound <= 1e-17 ? reference.t : nil
    }
  }

  @Test("every method's max error per curve, within its stated bound", arguments: ArticleCurve.allCases)
  func methodErrors(curve: ArticleCurve) throws {
    let cubic = curve.cubic
    let levels = inverseTestLevels(count: Self.levelCount, seed: 0x1_2345)
    let references = Self.references(cubic, levels)
    let checked = references.compactMap { $0 }.count
    #expect(checked >= Self.levelCount - 400, "too few levels with a tight Float80 reference: \(checked)")
    let table = try CubicInverseTable(cubic)
    let rows: [(String, (Double) -> Double, Double)] = [
      ("auto", { cubic.normalizedElapsed(forLevel: $0) }, 4.5e-16),
      ("newton", { cubic.normalizedElapsedByNewton(forLevel: $0) }, 4.5e-16),
      ("table", { table.normalizedElapsed(forLevel: $0) }, 4.5e-16),
      ("cardano+halley", { cubic.normalizedElapsedByCardano(forLevel: $0) }, 4.5e-16),
      ("cardano (no polish)", { cubic.normalizedElapsedByCardano(forLevel: $0, polish: .none) }, 1e-14),
    ]
    for (name, solve, bound) in rows {
      let worst = Self.maximumError(curve, levels, references, solve)
      print(
        "inverse max error | \(curve.rawValue) | \(name) | \(worst.error) | at level \(worst.level) | checked \(checked)"
      )
      #expect(worst.error <= bound, "\(name) on \(curve.rawValue): \(worst.error) at level \(worst.level)")
    }
    print("inverse table | \(curve.rawValue) | polishSteps \(table.polishSteps) | fallback \(table.usesNewtonFallback)")
  }
}
