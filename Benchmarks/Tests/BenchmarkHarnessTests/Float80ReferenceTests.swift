import CurveCore
import Foundation
import Testing

@testable import CurveKitBenchmarks

/// The benchmarks' Float80 inverse reference against the 60-digit mpmath references of
/// Tests/Fixtures/core-inverse/inverse_reference.csv (written by
/// scripts/fixtures/core_inverse_mpmath.py), flat end of steepStart included.
@Suite("Float80 inverse reference")
struct Float80ReferenceTests {
  static let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/core-inverse/inverse_reference.csv").path

  @Test("agrees with mpmath to 2⁻⁶⁰ (far below the 4.5e-16 being checked)")
  func agreesWithMpmath() throws {
    let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
    var checked = 0
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",")
      guard fields.count == 4, let curve = ArticleCurve(rawValue: String(fields[0])),
        let level = Double(fields[1]), let hi = Double(fields[2]), let lo = Double(fields[3])
      else { continue }
      let reference = Float80Cubic(curve.cubic).inverse(level: level)
      let exact = Float80(hi) + Float80(lo)
      #expect(abs(reference - exact) <= 0x1p-60, "\(curve) at level \(level)")
      checked += 1
    }
    #expect(checked > 0)
  }
}
