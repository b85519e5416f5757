import CurveCore
import CurveFitting
import CurveKitTestSupport
import Foundation

/// A NIST StRD linear least-squares dataset read from its original `.dat` file.
///
/// Everything comes from the file: the data block's line range and the certified values'
/// line range are read from the header ("Certified Values (lines a to b)", "Data (lines c
/// to d)"), the parameters from the `Bk estimate sd` lines inside that range.
struct NISTDataset {
  /// The dataset name, e.g. "Filip".
  let name: String
  /// (x, y) observations; the file's data block is `y x`.
  let points: [DataPoint]
  /// Certified B0, B1, … (ascending powers of x).
  let parameters: [Double]
  /// Certified standard deviations of B0, B1, ….
  let standardDeviations: [Double]
  /// Certified residual standard deviation.
  let residualStandardDeviation: Double
  /// Certified R².
  let rSquared: Double

  /// The polynomial degree: one less than the number of certified parameters.
  var degree: Int { parameters.count - 1 }

  /// Parses `Tests/Fixtures/nist/<name>.dat`.
  init(named name: String) throws {
    self.name = name
    let text = try String(contentsOfFile: Fixtures.path("nist/\(name).dat"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let certified = try Self.lineRange(in: lines, label: "Certified Values")
    let data = try Self.lineRange(in: lines, label: "Data")

    var parameters: [Int: (Double, Double)] = [:]
    var residualSD: Double?
    var rSquared: Double?
    for line in lines[certified] {
      let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if fields.count == 3, fields[0].hasPrefix("B"), let index = Int(fields[0].dropFirst()),
        let estimate = Double(fields[1]), let sd = Double(fields[2])
      {
        parameters[index] = (estimate, sd)
      } else if fields.starts(with: ["Standard", "Deviation"]), let value = fields.last.flatMap(Double.init) {
        residualSD = value
      } else if fields.first == "R-Squared", let value = fields.last.flatMap(Double.init) {
        rSquared = value
      }
    }
    guard !parameters.isEmpty, let residualSD, let rSquared,
      parameters.keys.sorted() == Array(0..<parameters.count)
    else { throw ParseError(name: name, what: "certified values") }
    self.parameters = (0..<parameters.count).compactMap { parameters[$0]?.0 }
    standardDeviations = (0..<parameters.count).compactMap { parameters[$0]?.1 }
    residualStandardDeviation = residualSD
    self.rSquared = rSquared

    points = try lines[data].compactMap { line in
      let fields = line.split(whereSeparator: \.isWhitespace)
      if fields.isEmpty { return nil }
      guard fields.count == 2, let y = Double(fields[0]), let x = Double(fields[1]) else {
        throw ParseError(name: name, what: "data line '\(line)'")
      }
      return DataPoint(t: x, y: y)
    }
  }

  /// The 0-based index range of "`label` (lines a to b)" in the header (1-based, inclusive).
  private static func lineRange(in lines: [String], label: String) throws -> ClosedRange<Int> {
    for line in lines.prefix(30) {
      guard let labelRange = line.range(of: label + " "), let open = line.range(of: "(lines ") else { continue }
      guard labelRange.lowerBound < open.lowerBound else { continue }
      let numbers = line[open.upperBound...].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      guard numbers.count == 2, numbers[0] >= 1, numbers[0] <= numbers[1] else { break }
      return (numbers[0] - 1)...min(numbers[1] - 1, lines.count - 1)
    }
    throw ParseError(name: "header", what: "line range of \(label)")
  }

  /// A malformed fixture.
  struct ParseError: Error, CustomStringConvertible {
    let name: String
    let what: String
    var description: String { "\(name): cannot parse \(what)" }
  }
}

/// The log relative error of `computed` against `certified`, NIST's accuracy score:
/// −log₁₀(|c − t|/|t|), or −log₁₀|c − t| when the certified value is exactly 0, capped at 15.
func logRelativeError(_ computed: Double, certified: Double) -> Double {
  let error = certified == 0 ? abs(computed) : abs(computed - certified) / abs(certified)
  guard error > 0 else { return 15 }
  return min(15, -log10(error))
}
