import CurveCore

/// A CSS `linear()` easing of a curve's progress 1 − f(t), with a certified bound on how far
/// it strays, after the printed rounding.
///
/// The stops are placed greedily: from each stop the next is the farthest time (on a grid of
/// 10⁻⁴ of the period, which prints exactly as a percentage with two decimals) for which the
/// whole segment, drawn from the *printed* values, stays within the bound. The distance on a
/// segment [a, b] is certified: with r(t) = g(t) − C(t), C the exact chord of g = 1 − f, the
/// Bernstein coefficients of r on [a, b] enclose it (the convex-hull property), and the printed
/// values differ from g(a), g(b) by at most half a unit in their last place, so
/// |g − L| ≤ max|Bernstein(r)| + max rounding + 10⁻¹⁵ for the printed line L (plus an
/// allowance for the rounding of the bound's own arithmetic). CSS evaluates
/// `linear()` as exactly this piecewise-linear function of the input progress.
public struct LinearEasing: Sendable, Hashable {
  /// One stop: the output progress (as printed) and its input position in [0, 1] (printed as a
  /// percentage with two decimals).
  public struct Stop: Sendable, Hashable {
    /// The output progress, rounded to ``LinearEasing/decimals`` places.
    public let progress: Double
    /// The input position t ∈ [0, 1].
    public let time: Double
  }

  /// The stops, from t = 0 to t = 1.
  public let stops: [Stop]
  /// The certified largest distance between the printed easing and the exact progress, in
  /// progress units (×100 for percentage points).
  public let certifiedError: Double
  /// The bound asked for, in progress units.
  public let maximumError: Double
  /// Decimal places of the printed output values.
  public let decimals: Int

  /// The grid stops snap to: 10⁻⁴ of the period (0.01 %).
  static let grid = 10_000

  /// The certified `linear()` of the progress of `polynomial` (a curve from 1 to 0).
  /// - Parameters:
  ///   - polynomial: the level f; the easing follows 1 − f.
  ///   - maximumError: the bound, in progress units (0.001 is 0.1 percentage points), ≥ 10⁻⁶.
  ///   - decimals: printed decimals of the output values (3…8); their rounding counts in the bound.
  /// - Throws: ``EasingError/linearBoundTooTight(_:)`` when the bound is below what the
  ///   rounding alone costs, or the curve needs more than 10 000 stops.
  /// - Complexity: O(stops · log(grid) · degree²).
  public init(progressOf polynomial: Polynomial, maximumError: Double = 0.001, decimals: Int = 5)
    throws(EasingError)
  {
    let places = max(3, min(8, decimals))
    let rounding = 0.5 * Self.power10(-places)
    guard maximumError.isFinite, maximumError >= 1e-6, maximumError > rounding * 2 else {
      throw .linearBoundTooTight(maximumError)
    }
    let progress = Polynomial.progress(of: polynomial)
    func printed(_ t: Double) -> Double { Self.rounded(progress.value(at: t), places: places) }
    var stops = [Stop(progress: printed(0), time: 0)]
    var worst = 0.0
    var from = 0
    while from < Self.grid {
      // The farthest grid point whose segment meets the bound (the bound grows with the length).
      var (low, high) = (from + 1, Self.grid)
      func error(_ to: Int) -> Double {
        Self.segmentError(progress, from: Double(from) / Double(Self.grid), to: Double(to) / Double(Self.grid))
          + Self.endError(progress, from, to, places: places)
      }
      if error(high) > maximumError {
        while high - low > 1 {
          let middle = (low + high) / 2
          if error(middle) <= maximumError { low = middle } else { high = middle }
        }
        high = low
      }
      let bound = error(high)
      guard bound <= maximumError, stops.count < 10_000 else { throw .linearBoundTooTight(maximumError) }
      worst = max(worst, bound)
      stops.append(Stop(progress: printed(Double(high) / Double(Self.grid)), time: Double(high) / Double(Self.grid)))
      from = high
    }
    self.stops = stops
    self.certifiedError = worst
    self.maximumError = maximumError
    self.decimals = places
  }

  /// How far the printed end values of [from, to] are from the exact progress there.
  static func endError(_ progress: Polynomial, _ from: Int, _ to: Int, places: Int) -> Double {
    let a = Double(from) / Double(grid)
    let b = Double(to) / Double(grid)
    let va = progress.value(at: a)
    let vb = progress.value(at: b)
    return max(abs(rounded(va, places: places) - va), abs(rounded(vb, places: places) - vb)) + 1e-15
  }

  /// A bound on max |g − chord| over [a, b]: the largest Bernstein coefficient of
  /// g(a + (b − a)s) − chord(s), s ∈ [0, 1], plus an allowance for the rounding of the shift
  /// and the conversion (8(n + 1)²·2⁻⁵³ of the coefficients' size).
  static func segmentError(_ progress: Polynomial, from a: Double, to b: Double) -> Double {
    // Taylor shift to a, scaled by h = b − a: q(s) = g(a + h s) = Σ qₖ sᵏ.
    let h = b - a
    var shifted = progress.ascendingCoefficients
    let n = shifted.count - 1
    if n >= 1 {
      for i in 0..<n {
        for k in stride(from: n - 1, through: i, by: -1) { shifted[k] += a * shifted[k + 1] }
      }
    }
    var scale = 1.0
    for k in 0...n {
      shifted[k] *= scale
      scale *= h
    }
    // Subtract the chord q(0) + (q(1) − q(0)) s.
    let q0 = shifted[0]
    let q1 = shifted.reduce(0, +)
    shifted[0] -= q0
    if n >= 1 { shifted[1] -= q1 - q0 } else { return 0 }
    // Monomial → Bernstein: bᵢ = Σₖ≤ᵢ C(i, k)/C(n, k) qₖ.
    let bernstein = (0...n).map { i in
      (0...i).reduce(0.0) { sum, k in sum + binomial(i, k) / binomial(n, k) * shifted[k] }
    }
    // The control polygon overestimates (by 2× for a parabola); four halvings by de Casteljau
    // bring the enclosure within about 1/256 of the true maximum.
    let largest = largestCoefficient(bernstein, halvings: 4)
    let size = shifted.reduce(0) { $0 + abs($1) }
    return largest + 16 * Double(n + 1) * Double(n + 1) * 0x1p-53 * (size + abs(q0) + abs(q1))
  }

  /// max |bᵢ| over the pieces of a Bernstein polynomial halved `halvings` times (de Casteljau):
  /// an enclosure of max |r| on the whole interval.
  static func largestCoefficient(_ coefficients: [Double], halvings: Int) -> Double {
    guard halvings > 0 else { return coefficients.reduce(0) { max($0, abs($1)) } }
    var work = coefficients
    var left: [Double] = []
    var right: [Double] = []
    let n = work.count - 1
    left.append(work[0])
    right.append(work[n])
    for level in 1...max(1, n) where n >= 1 {
      for i in 0...(n - level) { work[i] = (work[i] + work[i + 1]) / 2 }
      left.append(work[0])
      right.append(work[n - level])
    }
    return max(
      largestCoefficient(left, halvings: halvings - 1), largestCoefficient(right.reversed(), halvings: halvings - 1))
  }

  static func binomial(_ n: Int, _ k: Int) -> Double {
    var value = 1.0
    if k > 0 { for j in 1...k { value = value * Double(n - k + j) / Double(j) } }
    return value
  }

  package static func power10(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<abs(exponent) { value *= 10 }
    return exponent < 0 ? 1 / value : value
  }

  /// `value` rounded to `places` decimals (half away from zero), as the text prints it.
  static func rounded(_ value: Double, places: Int) -> Double {
    let scale = power10(places)
    return (value * scale).rounded() / scale
  }
}

extension Polynomial {
  /// 1 − `level`: the progress an easing follows.
  static func progress(of level: Polynomial) -> Polynomial {
    var coefficients = level.coefficients.map { -$0 }
    coefficients[coefficients.count - 1] += 1
    return (try? Polynomial(coefficients: coefficients)) ?? level
  }
}
