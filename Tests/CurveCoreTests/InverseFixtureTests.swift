import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

/// One row of `core-inverse/inverse_reference.csv` (made by
/// scripts/fixtures/core_inverse_mpmath.py at 60 digits): t_ref = tHi + tLo.
struct InverseFixtureRow {
  let curve: ArticleCurve
  let level: Double
  let tHi: Double
  let tLo: Double

  /// |t − t_ref|, computed without losing the low part (t − tHi is exact when close).
  func error(of t: Double) -> Double { abs((t - tHi) - tLo) }

  static func load() throws -> [InverseFixtureRow] {
    let text = try String(contentsOfFile: Fixtures.path("core-inverse/inverse_reference.csv"), encoding: .utf8)
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: ",").map(String.init)
      guard fields.count == 4, let curve = ArticleCurve(rawValue: fields[0]),
        let level = Double(fields[1]), let hi = Double(fields[2]), let lo = Double(fields[3])
      else { return nil }
      return InverseFixtureRow(curve: curve, level: level, tHi: hi, tLo: lo)
    }
  }
}

/// The mpmath fixture covers what Float80 cannot: levels within 2⁻¹⁰⁷⁴…1e-1 of both
/// ends (the flat end of steepStart included), exact endpoints and out-of-range levels.
@Suite("Inverse accuracy against the 60-digit mpmath fixture")
struct InverseFixtureTests {
  @Test("the fixture holds ≥ 3000 levels per article curve")
  func fixtureSize() throws {
    let rows = try InverseFixtureRow.load()
    for curve in ArticleCurve.allCases {
      #expect(rows.filter { $0.curve == curve }.count >= 3000)
    }
  }

  @Test(
    "auto, newton and table are within 4.5e-16 everywhere; cardano's error is reported",
    arguments: ArticleCurve.allCases)
  func fullPrecisionMethods(curve: ArticleCurve) throws {
    let rows = try InverseFixtureRow.load().filter { $0.curve == curve }
    let cubic = curve.cubic
    let table = try CubicInverseTable(cubic)
    let methods: [(String, (Double) -> Double, Double)] = [
      ("auto", { cubic.normalizedElapsed(forLevel: $0) }, 4.5e-16),
      ("newton", { cubic.normalizedElapsedByNewton(forLevel: $0) }, 4.5e-16),
      ("table", { table.normalizedElapsed(forLevel: $0) }, 4.5e-16),
      ("cardano+halley", { cubic.normalizedElapsedByCardano(forLevel: $0) }, 1e-8),
      ("cardano (no polish)", { cubic.normalizedElapsedByCardano(forLevel: $0, polish: .none) }, 1e-7),
    ]
    for (name, solve, bound) in methods {
      var worst = (error: 0.0, level: Double.nan)
      for row in rows {
        let error = row.error(of: solve(row.level))
        if !(error <= worst.error) { worst = (error, row.level) }
      }
      print(
        "inverse max error (mpmath) | \(curve.rawValue) | \(name) | \(worst.error) | at level \(worst.level) | \(rows.count) levels"
      )
      #expect(worst.error <= bound, "\(name) on \(curve.rawValue): \(worst.error) at level \(worst.level)")
    }
  }
}
