import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// `Polynomial.linearSegments(maxError:)`: the certified bound, an independent dense scan in
/// Float80, contiguity, and minimality (no greedy end can be pushed further).
@Suite("Linear progress segments")
struct ProgressSegmentTests {
  /// Depletion curves of degree 1, 3, 5 and 10 (coefficients highest power first).
  static let curves: [(name: String, coefficients: [Double])] = [
    ("line", [-1, 1]),
    ("article current", ArticleCurve.current.cubic.coefficients),
    ("steep end", [-0.9, 0.5, -0.6, 1]),
    ("smoothstep 5", [-6, 15, -10, 0, 0, 1]),
    ("1 - t^10", [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
    ("(1 - t)^10", [1, -10, 45, -120, 210, -252, 210, -120, 45, -10, 1]),
  ]

  /// p(t) in Float80 by Horner: error below 1e-17 for these coefficients on [0, 1].
  static func wide(_ polynomial: Polynomial, _ t: Float80) -> Float80 {
    polynomial.coefficients.reduce(Float80(0)) { $0 * t + Float80($1) }
  }

  /// The ramp of `segment` at t, in Float80.
  static func wideRamp(_ segment: LinearSegment, _ t: Float80) -> Float80 {
    let (t0, t1) = (Float80(segment.start), Float80(segment.end))
    return Float80(segment.startLevel)
      + (Float80(segment.endLevel) - Float80(segment.startLevel)) * (t - t0) / (t1 - t0)
  }

  /// A lower bound on the minimax error of any line against p on [a, b]: the discrete minimax
  /// error on 2 001 equally spaced points (golden-section search over the slope of the convex
  /// spread max(p − b·t) − min(p − b·t), in Float80; written independently of MinimaxLine).
  static func minimaxLowerBound(_ polynomial: Polynomial, from a: Double, to b: Double) -> Float80 {
    let count = 2001
    let ts = (0..<count).map { Float80(a) + (Float80(b) - Float80(a)) * Float80($0) / Float80(count - 1) }
    let ys = ts.map { wide(polynomial, $0) }
    func spread(_ slope: Float80) -> Float80 {
      var (low, high) = (Float80.infinity, -Float80.infinity)
      for (t, y) in zip(ts, ys) {
        low = min(low, y - slope * t)
        high = max(high, y - slope * t)
      }
      return high - low
    }
    let slopes = zip(zip(ts, ys), zip(ts, ys).dropFirst()).map { ($1.1 - $0.1) / ($1.0 - $0.0) }
    var (low, high) = (slopes.min() ?? 0, slopes.max() ?? 0)
    for _ in 0..<200 {
      let m1 = low + (high - low) / 3
      let m2 = high - (high - low) / 3
      if spread(m1) <= spread(m2) { high = m2 } else { low = m1 }
    }
    // The spread at any slope is an upper bound of the optimum; the optimum over the grid is a
    // lower bound of the continuous one. Ternary search converged to 1e-30, far below what is asserted.
    return spread((low + high) / 2) / 2
  }

  @Test("every segment is certified within ε and a 20 000-point Float80 scan agrees", arguments: [0.01, 0.005])
  func certifiedAndScanned(maxError: Double) throws {
    for curve in Self.curves {
      let polynomial = try Polynomial(coefficients: curve.coefficients)
      let segments = try polynomial.linearSegments(maxError: maxError)
      #expect(segments.first?.start == 0 && segments.last?.end == 1, "\(curve.name)")
      for (previous, next) in zip(segments, segments.dropFirst()) {
        #expect(previous.end == next.start, "\(curve.name): contiguous")
        #expect(previous.end > previous.start, "\(curve.name): no empty segment")
      }
      #expect(segments.allSatisfy { $0.errorBound <= maxError && $0.errorBound >= 0 }, "\(curve.name)")
      var worst: Float80 = 0
      var index = 0
      for step in 0...20_000 {
        let t = Double(step) / 20_000
        while index < segments.count - 1 && segments[index].end < t { index += 1 }
        let segment = segments[index]
        let difference = abs(Self.wideRamp(segment, Float80(t)) - Self.wide(polynomial, Float80(t)))
        #expect(difference <= Float80(segment.errorBound) + 1e-15, "\(curve.name) at t = \(t)")
        worst = max(worst, difference)
      }
      // The bound is tight, not merely safe: the scan comes within 1 % of the largest bound
      // (a straight line is approximated exactly).
      let largest = Float80(segments.map(\.errorBound).max() ?? 0)
      #expect(curve.name == "line" || worst >= largest * 0.99, "\(curve.name): scan \(worst), bound \(largest)")
    }
  }

  @Test("minimal: no greedy end can move 0.01 % of its length further; a straight line is one segment")
  func minimal() throws {
    for curve in Self.curves {
      let polynomial = try Polynomial(coefficients: curve.coefficients)
      let segments = try polynomial.linearSegments(maxError: 0.01)
      if curve.name == "line" {
        #expect(segments.count == 1 && segments[0].errorBound < 1e-14)
        continue
      }
      #expect(segments.count >= 2, "\(curve.name)")
      for segment in segments.dropLast() {
        let longer = segment.end + max(1e-7, 1e-4 * (segment.end - segment.start))
        let lower = Self.minimaxLowerBound(polynomial, from: segment.start, to: longer)
        #expect(lower > 0.01, "\(curve.name): [\(segment.start), \(longer)] still fits within ε (\(lower))")
        // And the chosen one is not far from the optimum: the exact minimax error is at least ε(1 − 1e-3).
        let own = Self.minimaxLowerBound(polynomial, from: segment.start, to: segment.end)
        #expect(own > 0.01 * (1 - 1e-3) && own <= 0.01 + 1e-12, "\(curve.name): \(own)")
      }
    }
  }

  @Test("the count grows as ε shrinks, like 1/√ε")
  func counts() throws {
    let polynomial = ArticleCurve.current.cubic.polynomial
    let counts = try [0.01, 0.0025, 0.000625].map { try polynomial.linearSegments(maxError: $0).count }
    #expect(counts[0] < counts[1] && counts[1] < counts[2], "\(counts)")
    // Halving √ε doubles the count, up to one segment of rounding up at each end.
    #expect(counts[2] >= 2 * counts[1] - 2 && counts[2] <= 2 * counts[1] + 2, "\(counts)")
  }

  @Test("the certificate rejects a ramp moved by 2ε and accepts the chosen one")
  func certificate() throws {
    let polynomial = ArticleCurve.current.cubic.polynomial
    let segment = try #require(polynomial.linearSegments(maxError: 0.01).first)
    let moved = RampResidualBound.certify(
      polynomial, from: segment.start, to: segment.end, startLevel: segment.startLevel + 0.02,
      endLevel: segment.endLevel + 0.02, target: 0.01)
    guard case .exceeds(let t) = moved else {
      Issue.record("a ramp 2ε off was not rejected: \(moved)")
      return
    }
    #expect(t >= segment.start && t <= segment.end)
    let chosen = RampResidualBound.certify(
      polynomial, from: segment.start, to: segment.end, startLevel: segment.startLevel,
      endLevel: segment.endLevel, target: 0.01)
    guard case .within(let bound) = chosen else {
      Issue.record("the chosen ramp was not certified: \(chosen)")
      return
    }
    #expect(bound <= 0.01 && bound >= segment.errorBound * (1 - 1e-6))
  }

  @Test("bad maxError and too many segments throw typed errors", arguments: [0, -1, .nan, .infinity, 1e-17])
  func invalid(maxError: Double) throws {
    let polynomial = ArticleCurve.current.cubic.polynomial
    #expect(throws: CurveCoreError.self) { try polynomial.linearSegments(maxError: maxError) }
    #expect(throws: CurveCoreError.tooManySegments(limit: 1, maxError: 0.01)) {
      try polynomial.linearSegments(maxError: 0.01, maximumCount: 1)
    }
  }
}
