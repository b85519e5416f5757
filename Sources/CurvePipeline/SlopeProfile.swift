import CurveCore

/// Where a curve's slope f′ is positive (the level rises) or nearly zero (the level
/// looks stuck) on [0, 1]: the regions the plot's slope panel highlights.
public struct SlopeProfile: Sendable, Hashable {
  /// The default flat threshold: |f′| below ⅕ of the average depletion rate (1 per period).
  public static let defaultFlatThreshold = 0.2
  /// The number of grid intervals on [0, 1] scanned for sign changes.
  public static let gridCount = 1024

  /// f′, highest power first.
  public let derivative: Polynomial
  /// Maximal intervals where f′ > ``roundingTolerance``: the level rises there.
  public let risingIntervals: [ClosedRange<Double>]
  /// Maximal intervals where −threshold < f′ ≤ ``roundingTolerance``: the level falls
  /// slower than the threshold (or stands still).
  public let flatIntervals: [ClosedRange<Double>]
  /// The magnitude below which a non-positive slope counts as flat.
  public let flatThreshold: Double
  /// The rounding error bound of evaluating f′ on [0, 1] by Horner's rule,
  /// γ₂ₙ·Σ|f′ coefficients| with γₖ ≈ k·2⁻⁵³: slopes up to this size count as zero, so a
  /// curve fitted with f′(1) = 0 is not reported as rising because of rounding.
  public let roundingTolerance: Double
  /// The smallest f′ found on the grid (the steepest fall).
  public let minimumSlope: Double
  /// The largest f′ found on the grid.
  public let maximumSlope: Double

  /// Scans f′ on [0, 1].
  ///
  /// The scan samples f′ on a uniform grid of ``gridCount`` intervals, plus the vertex of
  /// f′ when f′ is a quadratic (so a cubic's one interior slope extremum is never
  /// missed), and refines every boundary by bisection to full precision. For higher
  /// degrees an excursion narrower than one grid interval can be missed; the exact
  /// verdict is CurveCore's monotonicity check.
  /// - Parameters:
  ///   - polynomial: the curve f.
  ///   - flatThreshold: the |f′| below which the curve counts as flat (≥ 0).
  /// - Complexity: O(gridCount · degree) plus 64 halvings per boundary.
  public init(_ polynomial: Polynomial, flatThreshold: Double = defaultFlatThreshold) {
    let derivative = polynomial.derivative()
    self.derivative = derivative
    self.flatThreshold = max(0, flatThreshold)
    var grid = (0...Self.gridCount).map { Double($0) / Double(Self.gridCount) }
    let curvature = derivative.derivative().coefficients.drop(while: { $0 == 0 })
    if curvature.count == 2, let slope = curvature.first, let offset = curvature.last {
      let vertex = -offset / slope
      if vertex > 0 && vertex < 1 { grid.append(vertex) }
      grid.sort()
    }
    let values = grid.map { derivative.value(at: $0) }
    minimumSlope = values.min() ?? 0
    maximumSlope = values.max() ?? 0
    let threshold = self.flatThreshold
    let tolerance = Double(2 * max(1, derivative.degree)) * 0x1p-53 * derivative.coefficients.reduce(0) { $0 + abs($1) }
    roundingTolerance = tolerance
    risingIntervals = Self.intervals(grid: grid, values: values, of: derivative) { $0 > tolerance }
    flatIntervals = Self.intervals(grid: grid, values: values, of: derivative) { $0 <= tolerance && $0 > -threshold }
  }

  /// The same profile with `stretch` among the rising intervals (merged with any it
  /// overlaps): the stretch around CurveCore's exact witness, which the tolerance of the
  /// scan can miss when the rise is a few ulps high (see ``FittedCurve/slopeProfile``).
  public func includingRising(_ stretch: ClosedRange<Double>) -> SlopeProfile {
    var merged: [ClosedRange<Double>] = []
    for interval in (risingIntervals + [stretch]).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, interval.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
      } else {
        merged.append(interval)
      }
    }
    return SlopeProfile(
      derivative: derivative, risingIntervals: merged, flatIntervals: flatIntervals, flatThreshold: flatThreshold,
      roundingTolerance: roundingTolerance, minimumSlope: minimumSlope, maximumSlope: maximumSlope)
  }

  private init(
    derivative: Polynomial, risingIntervals: [ClosedRange<Double>], flatIntervals: [ClosedRange<Double>],
    flatThreshold: Double, roundingTolerance: Double, minimumSlope: Double, maximumSlope: Double
  ) {
    self.derivative = derivative
    self.risingIntervals = risingIntervals
    self.flatIntervals = flatIntervals
    self.flatThreshold = flatThreshold
    self.roundingTolerance = roundingTolerance
    self.minimumSlope = minimumSlope
    self.maximumSlope = maximumSlope
  }

  /// True when no rising interval was found: the level never goes up on [0, 1].
  public var neverRises: Bool { risingIntervals.isEmpty }

  /// The maximal runs of grid points where `holds(f′)`, with ends refined by bisection.
  private static func intervals(
    grid: [Double], values: [Double], of derivative: Polynomial, where holds: (Double) -> Bool
  ) -> [ClosedRange<Double>] {
    var result: [ClosedRange<Double>] = []
    var start: Double?
    for index in grid.indices {
      let inside = holds(values[index])
      if inside, start == nil {
        start = index == 0 ? grid[0] : boundary(grid[index - 1], grid[index], of: derivative, holds)
      } else if !inside, let begin = start {
        result.append(begin...boundary(grid[index - 1], grid[index], of: derivative, holds))
        start = nil
      }
    }
    if let begin = start, let last = grid.last { result.append(begin...last) }
    return result
  }

  /// The point between `a` and `b` where `holds(f′)` switches, by bisection to adjacent doubles.
  private static func boundary(
    _ a: Double, _ b: Double, of derivative: Polynomial, _ holds: (Double) -> Bool
  ) -> Double {
    var lo = a
    var hi = b
    let startsInside = holds(derivative.value(at: lo))
    while true {
      let mid = lo + (hi - lo) / 2
      if mid <= lo || mid >= hi { break }
      if holds(derivative.value(at: mid)) == startsInside { lo = mid } else { hi = mid }
    }
    return startsInside ? lo : hi
  }
}
