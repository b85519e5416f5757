import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

@Suite("Polynomial inverse (degree 4 to 10) against the mpmath fixture")
struct PolynomialInverseTests {
  @Test("the fixture holds every curve with ≥ 1500 levels each")
  func fixtureSize() throws {
    let (curves, rows) = try PolynomialFixtureRow.load()
    #expect(curves.count >= 6)
    for name in curves.keys {
      #expect(rows.filter { $0.curve == name }.count >= 1500, "\(name)")
    }
  }

  @Test("auto is within 1e-15 of the exact root away from flat points, within the stated bound at them")
  func fullPrecision() throws {
    let (curves, rows) = try PolynomialFixtureRow.load()
    for (name, polynomial) in curves.sorted(by: { $0.key < $1.key }) {
      var worst = (error: 0.0, level: Double.nan)
      var worstFlat = (error: 0.0, level: Double.nan, allowance: 0.0)
      for row in rows where row.curve == name {
        let t = polynomial.normalizedElapsed(forLevel: row.level)
        #expect(polynomial.normalizedElapsed(forLevel: row.level, method: .newton).bitPattern == t.bitPattern)
        let error = row.error(of: t)
        if row.allowance == 0 {
          if !(error <= worst.error) { worst = (error, row.level) }
          #expect(error <= 1e-15, "\(name) at level \(row.level): \(error)")
        } else {
          if !(error <= worstFlat.error) { worstFlat = (error, row.level, row.allowance) }
          #expect(error <= max(1e-15, row.allowance), "\(name) at flat level \(row.level): \(error)")
        }
      }
      print(
        "polynomial inverse max error (mpmath) | \(name) | degree \(polynomial.degree) | \(worst.error) away from flat "
          + "points | \(worstFlat.error) at them (allowance \(worstFlat.allowance))")
    }
  }

  @Test(
    "the article's bisection on a polynomial is within 2⁻³² of the root where |f′| ≥ 1e-3, outside its early returns")
  func bisection() throws {
    let (curves, rows) = try PolynomialFixtureRow.load()
    for (name, polynomial) in curves {
      // Plain Horner comparisons move the bisection by its rounding error over |f′|.
      let slope = polynomial.derivative()
      for row in rows where row.curve == name && row.level > 0.001 && row.level < 0.999 {
        guard abs(slope.value(at: row.tHi)) >= 1e-3 else { continue }
        let t = polynomial.normalizedElapsed(forLevel: row.level, method: .bisection)
        #expect(row.error(of: t) <= 0x1p-32, "\(name) at \(row.level): t \(t) ref \(row.tHi)")
      }
    }
  }

  @Test("up to degree 3 a polynomial is its cubic, bit for bit; cardano and table exist for cubics only")
  func cubicsAndMethods() throws {
    var random = SeededRandomNumberGenerator(seed: 0x90E7)
    for curve in ArticleCurve.allCases {
      let polynomial = curve.cubic.polynomial
      for _ in 0..<2_000 {
        let t = random.nextUnitDouble() * 1.2 - 0.1
        #expect(
          polynomial.level(forNormalizedElapsed: t).bitPattern == curve.cubic.level(forNormalizedElapsed: t).bitPattern)
        let level = random.nextUnitDouble()
        for method in InverseMethod.allCases where method != .table {
          #expect(
            polynomial.normalizedElapsed(forLevel: level, method: method).bitPattern
              == curve.cubic.normalizedElapsed(forLevel: level, method: method).bitPattern)
        }
      }
    }
    let quintic = try Polynomial(coefficients: [-6, 15, -10, 0, 0, 1])
    #expect(quintic.normalizedElapsed(forLevel: 0.5, method: .cardano).isNaN)
    #expect(quintic.normalizedElapsed(forLevel: 0.5, method: .table).isNaN)
    #expect(quintic.normalizedElapsed(forLevel: 0.5) == 0.5, "smootherstep is symmetric: f(0.5) = 0.5 exactly")
    #expect(quintic.normalizedElapsed(forLevel: 2) == 0)
    #expect(quintic.normalizedElapsed(forLevel: -1) == 1)
    #expect(quintic.normalizedElapsed(forLevel: .nan).isNaN)
    #expect(InverseMethod.allCases.filter { $0.isAvailable(forDegree: 5) } == [.auto, .bisection, .newton])
    #expect(InverseMethod.allCases.allSatisfy { $0.isAvailable(forDegree: 3) })
  }

  @Test("the clamped Horner level clamps like the cubic's: NaN → f(1), below 0 → f(0)")
  func level() throws {
    let polynomial = try Polynomial(coefficients: [-6, 15, -10, 0, 0, 1])
    #expect(polynomial.level(forNormalizedElapsed: .nan) == polynomial.value(at: 1))
    #expect(polynomial.level(forNormalizedElapsed: -3) == 1)
    #expect(polynomial.level(forNormalizedElapsed: 7) == polynomial.value(at: 1))
    #expect(polynomial.level(forNormalizedElapsed: 0.25) == polynomial.value(at: 0.25))
  }
}
