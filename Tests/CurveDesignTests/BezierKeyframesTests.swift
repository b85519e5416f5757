import CurveCore
import CurveDesign
import CurveEasing
import Testing

/// Keyframes (issue 21, item 4): the progress of a cubic split exactly into Bézier pieces whose
/// handles are in [0, 1], checked against a Float80 evaluation of the exact curve.
@Suite("Bézier keyframes: handles in [0, 1], exact to 1e-15")
struct BezierKeyframesTests {
  /// Cubics f (highest power first) with f(0) = 1, f(1) = 0, non-increasing on [0, 1].
  static let curves: [[Double]] = [
    [-0.131963982801121, -0.0930282018562079, -0.775007815342671, 1],  // the article's curve
    [0.5, 0, -1.5, 1],  // steep start's flat end
    [-0.5, 0, -0.5, 1],  // steep end
    [-3, 6, -4, 1],  // f′(0) = −4: the progress starts too steep for one piece, flat at t = 2/3
    [2, -3, 0, 1],  // smoothstep down, flat at both ends
    [0, 0, -1, 1],  // the straight line
    [-1, 0, 0, 1],  // f′(1) = −3: the in-handle exactly 0
  ]

  /// The progress Bézier of the piece from `frame` to `next` at local τ, in Float80.
  static func piece(_ frame: BezierKeyframes.Keyframe, _ next: BezierKeyframes.Keyframe, at tau: Float80) -> Float80 {
    let (v0, v1) = (Float80(frame.value), Float80(next.value))
    let (y1, y2) = (Float80(frame.outValue ?? .nan), Float80(frame.inValue ?? .nan))
    let s = 1 - tau
    let eased = 3 * s * s * tau * y1 + 3 * s * tau * tau * y2 + tau * tau * tau
    return v0 + (v1 - v0) * eased
  }

  @Test("every piece has handles in [0, 1] and reproduces 1 − f within 1e-15", arguments: curves)
  func exact(_ coefficients: [Double]) throws {
    let level = try Polynomial(coefficients: coefficients)
    let keyframes = try BezierKeyframes(progressOf: level).keyframes
    #expect(keyframes.first?.time == 0 && keyframes.last?.time == 1)
    #expect(keyframes.last?.outValue == nil && keyframes.last?.inValue == nil)
    var worst: Float80 = 0
    for (frame, next) in zip(keyframes, keyframes.dropFirst()) {
      #expect(frame.time < next.time)
      let (out, into) = (try #require(frame.outValue), try #require(frame.inValue))
      #expect(out >= 0 && out <= 1 && into >= 0 && into <= 1, "handles \(out), \(into) at t = \(frame.time)")
      let (u, h) = (Float80(frame.time), Float80(next.time) - Float80(frame.time))
      for step in 0...2_000 {
        let tau = Float80(step) / 2_000
        let t = u + h * tau
        let exact = 1 - coefficients.reduce(Float80(0)) { $0 * t + Float80($1) }
        worst = max(worst, abs(Self.piece(frame, next, at: tau) - exact))
      }
    }
    #expect(worst <= 1e-15, "largest distance \(worst)")
  }

  @Test("one piece when the whole curve's handles are in range; a split only where needed")
  func pieceCounts() throws {
    #expect(try BezierKeyframes(progressOf: Polynomial(coefficients: Self.curves[0])).keyframes.count == 2)
    #expect(try BezierKeyframes(progressOf: Polynomial(coefficients: Self.curves[5])).keyframes.count == 2)
    let steep = try BezierKeyframes(progressOf: Polynomial(coefficients: Self.curves[3])).keyframes
    #expect(steep.count == 3, "f′(0) = −4 needs its first handle at 4/3 as one piece; two pieces do")
    // The greedy piece is the longest: lengthening the first piece by a little breaks the range.
    let end = steep[1].time
    let g = { (t: Double) in 1 - (((-3 * t + 6) * t - 4) * t + 1) }
    let slope = { (t: Double) in -((-9 * t + 12) * t - 4) }
    let longer = min(1, end + 1e-6)
    let out = longer * slope(0) / (3 * (g(longer) - g(0)))
    let into = 1 - longer * slope(longer) / (3 * (g(longer) - g(0)))
    #expect(!(out >= 0 && out <= 1 && into >= 0 && into <= 1))
  }

  @Test("a degree above 3 is refused with a named reason")
  func refusals() throws {
    let quintic = try Polynomial(coefficients: [1, 0, 0, 0, -2, 1])
    #expect(throws: EasingError.notExportable(degree: 5)) { try BezierKeyframes(progressOf: quintic) }
  }
}
