import CurveFitting
import Foundation
import Testing

/// NIST StRD linear least squares: every certified parameter, its standard deviation and
/// the residual SD, reproduced by the unconstrained fitter, scored by the LRE.
@Suite("NIST StRD polynomial datasets")
struct NISTStRDTests {
  /// Each dataset and the smallest LRE accepted for every certified parameter, its
  /// standard deviation, the residual SD and R² (issue 12: 13 on every dataset).
  static let cases: [(name: String, minimumLRE: Double)] = [
    ("Norris", 13), ("Pontius", 13), ("Wampler1", 13), ("Wampler2", 13), ("Wampler3", 13),
    ("Wampler4", 13), ("Wampler5", 13), ("Filip", 13),
  ]

  @Test("certified parameters, standard deviations and residual SD", arguments: cases.map(\.name))
  func certifiedValues(name: String) throws {
    let minimum = try #require(Self.cases.first { $0.name == name }?.minimumLRE)
    let dataset = try NISTDataset(named: name)
    let report = try LeastSquaresFitter.fit(
      FitProblem(points: dataset.points, degree: dataset.degree, constraints: [])
    )
    let ascending = Array(report.coefficients.reversed())
    let errors = try #require(report.standardErrors).reversed().map { $0 }
    let residualSD = try #require(report.residualStandardDeviation)
    #expect(report.rank == dataset.degree + 1)

    var row: [String] = []
    for k in 0...dataset.degree {
      let parameter = logRelativeError(ascending[k], certified: dataset.parameters[k])
      let deviation = logRelativeError(errors[k], certified: dataset.standardDeviations[k])
      #expect(parameter >= minimum, "\(name) B\(k) = \(ascending[k]) LRE \(parameter)")
      #expect(deviation >= minimum, "\(name) SD(B\(k)) = \(errors[k]) LRE \(deviation)")
      row.append("B\(k) \(Self.format(parameter))/\(Self.format(deviation))")
    }
    let residual = logRelativeError(residualSD, certified: dataset.residualStandardDeviation)
    #expect(residual >= minimum, "\(name) residual SD \(residualSD) LRE \(residual)")
    let r2 = logRelativeError(try #require(report.rSquared), certified: dataset.rSquared)
    #expect(r2 >= minimum, "\(name) R² LRE \(r2)")
    let minimumAchieved =
      ([residual]
      + row.indices.map { k in
        min(
          logRelativeError(ascending[k], certified: dataset.parameters[k]),
          logRelativeError(errors[k], certified: dataset.standardDeviations[k]))
      }).min() ?? 0
    print(
      "LRE | \(name) | degree \(dataset.degree) | min \(Self.format(minimumAchieved)) | residual SD \(Self.format(residual)) | R² \(Self.format(r2)) | parameter/SD: \(row.joined(separator: ", "))"
    )
  }

  /// One decimal place, without Foundation formatting.
  static func format(_ lre: Double) -> String {
    "\((lre * 10).rounded(.down) / 10)"
  }
}
