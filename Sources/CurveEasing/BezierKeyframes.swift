import CurveCore

/// The progress curve g = 1 − f of a depletion cubic, split exactly into keyframes whose Bézier
/// handles all lie in [0, 1], for targets that refuse handles outside it (UIKit's
/// `UICubicTimingParameters`, the Lottie format, After Effects' speed graph).
///
/// On a piece [u, v] of length h the cubic g(u + h·τ) has the Bernstein (Bézier) coefficients
/// b₀ = g(u), b₁ = b₀ + h·g′(u)/3, b₂ = b₃ − h·g′(v)/3, b₃ = g(v), and with time handles at ⅓
/// and ⅔ the Bézier's time is linear in τ: the piece *is* the cubic (de Casteljau's split of a
/// Bézier is exact), so no approximation is involved, only the rounding of four doubles. Each
/// piece is written as a keyframe easing from its value to the next one, with the normalized
/// handles (⅓, (b₁ − b₀)/(b₃ − b₀)) and (⅔, (b₂ − b₀)/(b₃ − b₀)). The pieces are chosen greedily:
/// from each start, the longest piece (to the double, by bisection) whose two normalized
/// handle values are in [0, 1]; a short enough piece of a monotone cubic always qualifies.
///
/// Accuracy: every piece reproduces g within a few ulps of its values (the keyframe tests measure
/// ≤ 1e-15 against a Float80 evaluation on 10⁴ points per curve).
public struct BezierKeyframes: Sendable, Hashable {
  /// One keyframe: the progress `value` at normalized `time`, and the handles of the piece
  /// that starts here (nil on the last keyframe).
  public struct Keyframe: Sendable, Hashable {
    /// The normalized time t ∈ [0, 1] of the keyframe.
    public var time: Double
    /// The progress 1 − f(time).
    public var value: Double
    /// The piece's first handle's normalized value (its time is ⅓), in [0, 1].
    public var outValue: Double?
    /// The piece's second handle's normalized value (its time is ⅔), in [0, 1].
    public var inValue: Double?
  }

  /// The keyframes from t = 0 to t = 1, in order.
  public let keyframes: [Keyframe]

  /// The keyframes of the progress of `level`, a cubic with f(0) ≠ f(1) that is monotone on [0, 1].
  /// - Throws: ``EasingError/notExportable(degree:)`` for a degree above 3,
  ///   ``EasingError/keyframesUnavailable(reason:)`` for a curve that is not strictly monotone.
  /// - Complexity: O(k·60) cubic evaluations for k keyframes.
  public init(progressOf level: Polynomial) throws(EasingError) {
    guard level.degree <= 3, let cubic = try? Cubic(level) else {
      throw .notExportable(degree: level.degree)
    }
    // g = 1 − f, and g′.
    let (a, b, c, d) = (-cubic.a, -cubic.b, -cubic.c, 1 - cubic.d)
    func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t + d }
    func slope(_ t: Double) -> Double { (3 * a * t + 2 * b) * t + c }
    func handles(_ u: Double, _ v: Double) -> (out: Double, in: Double)? {
      let rise = value(v) - value(u)
      guard rise != 0 else { return nil }
      let h = v - u
      let out = h * slope(u) / (3 * rise)
      let into = 1 - h * slope(v) / (3 * rise)
      // A handle within a few ulps of the range (an exact 0 or 1 after rounding) is clamped to
      // it: that moves the piece by at most 8·2⁻⁵³·|rise|, far below the 1e-15 it keeps.
      let slack = 8 * 0x1p-53
      guard out >= -slack, out <= 1 + slack, into >= -slack, into <= 1 + slack else { return nil }
      return (min(1, max(0, out)), min(1, max(0, into)))
    }
    var keyframes: [Keyframe] = []
    var start = 0.0
    while start < 1 {
      guard keyframes.count < 1_000 else { throw .keyframesUnavailable(reason: "more than 1 000 pieces") }
      var end = 1.0
      if handles(start, end) == nil {
        var (low, high) = (start, 1.0)
        while true {
          let middle = low + (high - low) / 2
          guard middle > low, middle < high else { break }
          if handles(start, middle) != nil { low = middle } else { high = middle }
        }
        end = low
      }
      guard end > start, let piece = handles(start, end) else {
        throw .keyframesUnavailable(reason: "the curve is flat or turns near t = \(start)")
      }
      keyframes.append(Keyframe(time: start, value: value(start), outValue: piece.out, inValue: piece.in))
      start = end
    }
    keyframes.append(Keyframe(time: 1, value: value(1), outValue: nil, inValue: nil))
    self.keyframes = keyframes
  }
}
