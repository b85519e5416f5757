import CurveCore

/// An easing's control values rounded to a few decimals, the form designers paste
/// (`cubic-bezier(0.333, 0.258, 0.667, 0.731)`), with how far that rounded easing strays
/// from the curve it came from.
///
/// The deviation is measured on the rounded Bézier itself: at each parameter s, its point
/// (x(s), y(s)) is the time x(s) and the level 1 − y(s), compared with the curve's level
/// f(x(s)) at that same time. x is non-decreasing from 0 to 1 (its controls 0, x1, x2, 1 are),
/// so the largest |1 − y(s) − f(x(s))| over s is the largest level error over all times.
/// It is found on a grid of ``gridIntervals`` + 1 parameters, each of the largest local maxima
/// then refined by golden-section search; what remains is the evaluation rounding (≈ 1e-16),
/// plus, only if two extrema fall within one grid step, the grid's own error.
public struct RoundedEasing: Sendable, Hashable {
  /// The supported numbers of decimals.
  public static let precisionRange = 1...12
  /// The number of grid intervals in the Bézier parameter.
  public static let gridIntervals = 4096
  /// How many of the largest grid maxima are refined.
  static let refinedMaxima = 8

  /// The number of decimals.
  public let precision: Int
  /// The rounded control values as written: at most ``precision`` decimals, no trailing
  /// zeros, never `-0` (x1, y1, x2, y2).
  public let texts: [String]
  /// The easing of exactly those values (each text read back as a double).
  public let easing: CubicBezierEasing
  /// The largest |rounded level − curve level| over time, in level units (1 = 100 %).
  public let maxDeviation: Double
  /// The time t ∈ [0, 1] where it occurs.
  public let worstTime: Double

  /// Rounds `exact` to `precision` decimals and measures the rounded easing against the
  /// depletion curve `level` (the f that `exact` is the progress 1 − f of).
  /// - Throws: ``EasingError/precisionOutOfRange(_:)`` outside ``precisionRange``;
  ///   the easing's own error if the rounded values were not an easing (rounding
  ///   keeps x1 and x2 in [0, 1], since 0 and 1 are exact at every precision, so this does not
  ///   happen for an easing from ``CubicBezierEasing/init(progressOf:)``).
  /// - Complexity: O(``gridIntervals``) Bézier evaluations, plus 60 per refined maximum.
  public init(_ exact: CubicBezierEasing, level: Polynomial, precision: Int) throws(EasingError) {
    guard Self.precisionRange.contains(precision) else { throw .precisionOutOfRange(precision) }
    let values = [exact.x1, exact.y1, exact.x2, exact.y2]
    texts = values.map { Self.decimal($0, places: precision) }
    let rounded = zip(texts, values).map { text, value in Double(text) ?? value }
    easing = try CubicBezierEasing(x1: rounded[0], y1: rounded[1], x2: rounded[2], y2: rounded[3])
    self.precision = precision
    let (deviation, s) = Self.largestDeviation(of: easing, from: level)
    maxDeviation = deviation
    worstTime = easing.time(atParameter: s)
  }

  /// `cubic-bezier(x1, y1, x2, y2)` with the rounded texts.
  public var cssFunction: String { "cubic-bezier(\(texts.joined(separator: ", ")))" }

  /// `value` rounded to `places` decimals (half away from zero, on value·10^places), written
  /// without trailing zeros or a trailing point, and `0` rather than `-0`. A value too large
  /// for that (|value|·10^places ≥ 2⁵³) is written in shortest round-trip form.
  static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled.isFinite, abs(scaled) < 0x1p53 else { return value.description }
    let integer = Int64(scaled)
    guard integer != 0 else { return "0" }
    var digits = String(integer.magnitude)
    if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
    let point = digits.index(digits.endIndex, offsetBy: -places)
    var fraction = String(digits[point...])
    while fraction.last == "0" { fraction.removeLast() }
    let whole = String(digits[..<point])
    return (integer < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// The largest |1 − y(s) − f(x(s))| and its parameter s: a grid, then golden-section
  /// search on the brackets around the largest local maxima.
  static func largestDeviation(of easing: CubicBezierEasing, from level: Polynomial) -> (Double, Double) {
    func deviation(_ s: Double) -> Double {
      abs(1 - easing.progress(atParameter: s) - level.value(at: easing.time(atParameter: s)))
    }
    let n = gridIntervals
    let grid = (0...n).map { deviation(Double($0) / Double(n)) }
    let peaks = (0...n).filter { i in (i == 0 || grid[i] >= grid[i - 1]) && (i == n || grid[i] >= grid[i + 1]) }
      .sorted { grid[$0] > grid[$1] }.prefix(refinedMaxima)
    var best = (value: grid[0], s: 0.0)
    for i in peaks {
      if grid[i] > best.value { best = (grid[i], Double(i) / Double(n)) }
      var lo = Double(max(0, i - 1)) / Double(n)
      var hi = Double(min(n, i + 1)) / Double(n)
      let ratio = (5.0.squareRoot() - 1) / 2
      var a = hi - ratio * (hi - lo)
      var b = lo + ratio * (hi - lo)
      var (fa, fb) = (deviation(a), deviation(b))
      // 60 steps shrink the bracket by 0.618⁶⁰ ≈ 3e-13 of 2/4096: below a double's spacing.
      for _ in 0..<60 {
        if fa >= fb {
          hi = b
          (b, fb) = (a, fa)
          a = hi - ratio * (hi - lo)
          fa = deviation(a)
        } else {
          lo = a
          (a, fa) = (b, fb)
          b = lo + ratio * (hi - lo)
          fb = deviation(b)
        }
      }
      for (s, value) in [(a, fa), (b, fb)] where value > best.value { best = (value, s) }
    }
    return (best.value, best.s)
  }
}
