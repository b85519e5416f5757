import CurveCore
import Foundation

/// One row of `polynomial-inverse/inverse_reference.csv` (scripts/fixtures/polynomial_inverse_mpmath.py,
/// 60 digits): t_ref = tHi + tLo, and `allowance`, the stated bound at a flat point.
public struct PolynomialFixtureRow: Sendable {
  /// The curve's name in the fixture.
  public let curve: String
  /// The level.
  public let level: Double
  /// The reference root rounded to the nearest double.
  public let tHi: Double
  /// The remainder: t_ref = tHi + tLo.
  public let tLo: Double
  /// 0 where the root is well conditioned, else the stated bound at a flat point.
  public let allowance: Double

  /// |t − t_ref| without losing the low part.
  public func error(of t: Double) -> Double { abs((t - tHi) - tLo) }

  /// The curves of the fixture, by name, and its rows.
  public static func load() throws -> (curves: [String: Polynomial], rows: [PolynomialFixtureRow]) {
    let text = try String(contentsOfFile: Fixtures.path("polynomial-inverse/inverse_reference.csv"), encoding: .utf8)
    var curves: [String: Polynomial] = [:]
    var rows: [PolynomialFixtureRow] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if fields.first == "curve", fields.count >= 3 {
        curves[fields[1]] = try Polynomial(coefficients: fields[2].split(separator: " ").compactMap { Double($0) })
      } else if fields.count == 5, let level = Double(fields[1]), let hi = Double(fields[2]),
        let lo = Double(fields[3]),
        let allowance = Double(fields[4])
      {
        rows.append(PolynomialFixtureRow(curve: fields[0], level: level, tHi: hi, tLo: lo, allowance: allowance))
      }
    }
    return (curves, rows)
  }
}
