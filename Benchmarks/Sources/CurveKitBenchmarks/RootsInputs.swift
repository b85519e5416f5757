import BenchmarkHarness
import Foundation

/// Inputs for the real-roots cases: random cubics, and the hard cases from the literature
/// with their mpmath references (Tests/Fixtures/core-inverse/roots_reference.tsv, written by
/// scripts/fixtures/core_inverse_mpmath.py; each case names its source).
enum RootsInputs {
  /// `count` cubics with every coefficient uniform in [−1, 1), highest power first (the
  /// distribution MattiasFredriksson/cubic_solver_real uses).
  static func random(count: Int) -> [[Double]] {
    var generator = SeededRandomNumberGenerator(seed: 0x5007)
    return (0..<count).map { _ in (0..<4).map { _ in generator.nextDouble(in: -1, 1) } }
  }

  /// One hard case: coefficients and the exact real roots (ascending, with multiplicity).
  struct HardCase {
    let name: String
    let coefficients: [Double]
    /// The real roots of the double-coefficient cubic, as hi + lo pairs rounded to Float80.
    let roots: [Float80]
  }

  /// The fixture, relative to this source file.
  static let fixturePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/core-inverse/roots_reference.tsv").path

  /// The hard cases with a nonzero polynomial, or nil when the fixture is missing.
  static func hard() -> [HardCase]? {
    guard let text = try? String(contentsOfFile: fixturePath, encoding: .utf8) else { return nil }
    var cases: [HardCase] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      guard fields.count == 3 else { continue }
      let coefficients = fields[1].split(separator: ",").compactMap { Double($0) }
      guard coefficients.count == 4, coefficients.contains(where: { $0 != 0 }) else { continue }
      var roots: [Float80] = []
      if fields[2] != "none" {
        for root in fields[2].split(separator: ";") {
          let parts = root.split(separator: "|").compactMap { Double($0) }
          guard parts.count == 3 else { continue }
          if parts[2] == 0 { roots.append(Float80(parts[0]) + Float80(parts[1])) }
        }
      }
      cases.append(HardCase(name: String(fields[0]), coefficients: coefficients, roots: roots.sorted()))
    }
    return cases
  }

  /// |p(r)| / Σ|cᵢ||r|ⁱ in Float80: the relative backward error of a computed root r
  /// (how much the coefficients must change, relatively, for r to be an exact root).
  static func backwardError(_ coefficients: [Double], root: Double) -> Double {
    let x = Float80(root)
    var value: Float80 = 0
    var scale: Float80 = 0
    for coefficient in coefficients {
      value = value * x + Float80(coefficient)
      scale = scale * abs(x) + abs(Float80(coefficient))
    }
    return scale == 0 ? 0 : Double(abs(value) / scale)
  }

  /// Compares `computed` with a hard case's roots: nil when the counts differ, otherwise
  /// the largest relative error max|r − ref| / max(|ref|, 1e-300).
  static func relativeError(_ computed: [Double], _ hardCase: HardCase) -> Double? {
    guard computed.count == hardCase.roots.count else { return nil }
    var worst = 0.0
    for (value, reference) in zip(computed.sorted(), hardCase.roots) {
      let error = abs(Float80(value) - reference) / max(abs(reference), 1e-300)
      worst = max(worst, Double(error))
    }
    return worst
  }

  /// The largest error of a simple root in ulps of the exact root (the reference rounded to
  /// Double), for computed roots matched to a hard case's in order; 0 when none is simple.
  static func worstSimpleRootULPs(_ computed: [Double], _ hardCase: HardCase) -> Double {
    let references = hardCase.roots
    guard computed.count == references.count else { return .infinity }
    var worst = 0.0
    for (index, (value, reference)) in zip(computed.sorted(), references).enumerated() {
      let repeated =
        (index > 0 && references[index - 1] == reference)
        || (index + 1 < references.count && references[index + 1] == reference)
      let rounded = Double(reference)
      guard !repeated, rounded != 0 else { continue }
      worst = max(worst, Double(abs(Float80(value) - reference)) / rounded.ulp)
    }
    return worst
  }
}
