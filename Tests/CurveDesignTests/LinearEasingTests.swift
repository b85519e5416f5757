import CurveCore
import CurveDesign
import CurveEasing
import CurveKitTestSupport
import Foundation
import Testing

/// CSS linear() (issue 21): the printed easing meets its certified bound, checked densely in
/// Float80 against the exact progress, and uses few stops.
@Suite("CSS linear(): certified distance after rounding, few stops")
struct LinearEasingTests {
  /// The stops of a printed `linear(…)`: (input t, output progress), as a browser reads them.
  static func parse(_ css: String) -> [(t: Double, value: Double)] {
    let inner = css.dropFirst("linear(".count).dropLast()
    let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return parts.enumerated().map { index, part in
      let pieces = part.split(separator: " ")
      let value = Double(pieces[0]) ?? .nan
      if pieces.count == 2 { return ((Double(pieces[1].dropLast()) ?? .nan) / 100, value) }
      return (index == 0 ? 0 : 1, value)
    }
  }

  static func piecewise(_ stops: [(t: Double, value: Double)], at t: Float80) -> Float80 {
    for i in 1..<stops.count where t <= Float80(stops[i].t) {
      let (a, b) = (Float80(stops[i - 1].t), Float80(stops[i].t))
      let (va, vb) = (Float80(stops[i - 1].value), Float80(stops[i].value))
      return b > a ? va + (vb - va) * (t - a) / (b - a) : vb
    }
    return Float80(stops.last?.value ?? .nan)
  }

  /// The greedy placement on the exact curve (no rounding, the error sampled), on the same grid.
  static func greedyCount(_ progress: (Float80) -> Float80, bound: Float80) -> Int {
    var count = 1
    var from = 0
    while from < 10_000 {
      var to = from + 1
      func fits(_ end: Int) -> Bool {
        let (a, b) = (Float80(from) / 10_000, Float80(end) / 10_000)
        let (va, vb) = (progress(a), progress(b))
        for k in 0...64 {
          let t = a + (b - a) * Float80(k) / 64
          if abs(progress(t) - (va + (vb - va) * (t - a) / (b - a))) > bound { return false }
        }
        return true
      }
      while to < 10_000, fits(to + 1) { to += 1 }
      count += 1
      from = to
    }
    return count
  }

  @Test(
    "every article curve within 0.1 and 0.5 pp: the printed easing meets the certified bound",
    arguments: [0.001, 0.005])
  func certified(bound: Double) throws {
    for shape in ArticleCurve.allCases {
      let polynomial = shape.cubic.polynomial
      let linear = try LinearEasing(progressOf: polynomial, maximumError: bound)
      #expect(linear.certifiedError <= bound)
      let stops = Self.parse(linear.cssFunction)
      #expect(stops.count == linear.stops.count && stops.first?.t == 0 && stops.last?.t == 1)
      let c = polynomial.coefficients.map { Float80($0) }
      func progress(_ t: Float80) -> Float80 { 1 - c.reduce(0) { $0 * t + $1 } }
      var worst: Float80 = 0
      for k in 0...100_000 {
        let t = Float80(k) / 100_000
        worst = max(worst, abs(Self.piecewise(stops, at: t) - progress(t)))
      }
      #expect(worst <= Float80(linear.certifiedError) + 1e-12, "\(shape): measured \(worst)")
      let greedy = Self.greedyCount(progress, bound: Float80(bound))
      print(
        "linear() | \(shape) | \(bound * 100) pp | \(linear.stops.count) stops (greedy on the exact curve: \(greedy)) | certified \(linear.certifiedError * 100) pp | measured \(worst * 100) pp"
      )
      #expect(linear.stops.count <= greedy + 1, "\(shape): \(linear.stops.count) stops, greedy \(greedy)")
    }
  }

  @Test("a bound tighter than the printed rounding is refused, naming it")
  func tooTight() {
    #expect(throws: EasingError.linearBoundTooTight(1e-7)) {
      try LinearEasing(progressOf: ArticleCurve.current.cubic.polynomial, maximumError: 1e-7)
    }
  }
}
