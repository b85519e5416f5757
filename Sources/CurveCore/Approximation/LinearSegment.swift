/// One straight piece of a piecewise-linear approximation of a level curve, in normalized time:
/// the ramp from ``startLevel`` at ``start`` to ``endLevel`` at ``end``, never farther than
/// ``errorBound`` from the curve on [start, end] (certified).
public struct LinearSegment: Sendable, Hashable {
  /// The normalized time the ramp starts, in [0, 1].
  public var start: Double
  /// The normalized time the ramp ends, in (start, 1].
  public var end: Double
  /// The ramp's level at ``start`` (a fraction, like the curve's).
  public var startLevel: Double
  /// The ramp's level at ``end``.
  public var endLevel: Double
  /// A certified upper bound on |ramp(t) − f(t)| over t ∈ [start, end], f the exact polynomial.
  public var errorBound: Double

  /// Creates a segment.
  public init(start: Double, end: Double, startLevel: Double, endLevel: Double, errorBound: Double) {
    self.start = start
    self.end = end
    self.startLevel = startLevel
    self.endLevel = endLevel
    self.errorBound = errorBound
  }

  /// The ramp's level at normalized time `t` (linear interpolation; not clamped to the segment).
  public func level(at t: Double) -> Double {
    startLevel + (endLevel - startLevel) * ((t - start) / (end - start))
  }
}

extension Polynomial {
  /// The fewest straight ramps that stay within `maxError` of the polynomial on [0, 1]: what
  /// a widget that can only animate linearly between two dates (WidgetKit's
  /// `ProgressView(timerInterval:)`) needs to show the curve within `maxError`.
  ///
  /// Each segment's end levels are free (consecutive ramps may meet at different levels).
  /// A segment [t₀, t₁] is *feasible* when some line stays within ε of p on it, that is when
  /// the minimax (Chebyshev) linear approximation of p on [t₀, t₁] has error ≤ ε.
  ///
  /// **Why greedy is optimal.** Feasibility is monotone under shrinking: a line within ε on
  /// [t₀, t₁] is within ε on any sub-interval. Let 0 = s₀ < s₁ < … < sₘ = 1 be the breaks of
  /// any feasible solution and g₀ = 0 < g₁ < … those of the greedy one (each gᵢ the furthest
  /// feasible end from gᵢ₋₁). By induction gᵢ ≥ sᵢ: [gᵢ₋₁, sᵢ] ⊆ [sᵢ₋₁, sᵢ] is feasible, so
  /// the furthest end from gᵢ₋₁ is at least sᵢ. Hence the greedy reaches 1 after at most m
  /// segments.
  ///
  /// **Implementation.** From the current start, [start, 1] is tried first; otherwise the end
  /// is found by bisection to a resolution of 2⁻⁴⁰ (about 0.55 µs of a 7-day period), each
  /// candidate's line by `MinimaxLine` and its feasibility decided by a *certified* bound
  /// (`RampResidualBound`: branch and bound with every rounding bounded). So every segment's
  /// ``LinearSegment/errorBound`` is rigorous and at most `maxError`, and the count is minimal
  /// up to the certification's slack (ends within 2⁻⁴⁰ of the furthest certified end; the
  /// estimated line's error within about 1e-9 relative of the exact minimax error). The last
  /// segment ends at exactly 1 and each starts where the previous ends. The reported bound is
  /// tightened after the choice (the smallest of error·(1 + 2⁻³⁰), …, `maxError` certified).
  ///
  /// - Parameters:
  ///   - maxError: ε in level units (0.01 = one percentage point); finite and positive.
  ///   - maximumCount: the most segments to produce before giving up (the count grows like
  ///     √(max|p″| / ε)).
  /// - Throws: ``CurveCoreError/invalidMaxError(_:)`` unless `maxError` is finite and positive
  ///   and large enough to certify in doubles (about 1e-14 for levels near 1);
  ///   ``CurveCoreError/tooManySegments(limit:maxError:)`` past `maximumCount` segments.
  /// - Complexity: O(k·40·(2 000 + pieces·n)) flops for k segments: milliseconds per segment.
  public func linearSegments(maxError: Double, maximumCount: Int = 1000) throws(CurveCoreError) -> [LinearSegment] {
    guard maxError.isFinite, maxError > 0 else { throw .invalidMaxError(maxError) }
    var segments: [LinearSegment] = []
    var start = 0.0
    while start < 1 {
      guard segments.count < maximumCount else { throw .tooManySegments(limit: maximumCount, maxError: maxError) }
      guard let segment = longestSegment(from: start, maxError: maxError) else {
        throw .invalidMaxError(maxError)
      }
      segments.append(segment)
      start = segment.end
    }
    return segments
  }

  /// The longest certified segment from `start` (to 2⁻⁴⁰), with its tightened bound; nil when
  /// no segment of positive length could be certified.
  func longestSegment(from start: Double, maxError: Double) -> LinearSegment? {
    func attempt(_ end: Double) -> (startLevel: Double, endLevel: Double, error: Double)? {
      let line = MinimaxLine.fit(self, from: start, to: end)
      guard line.error <= maxError else { return nil }
      let outcome = RampResidualBound.certify(
        self, from: start, to: end, startLevel: line.startLevel, endLevel: line.endLevel, target: maxError)
      guard case .within = outcome else { return nil }
      return line
    }
    var best: (end: Double, line: (startLevel: Double, endLevel: Double, error: Double))?
    if let line = attempt(1) {
      best = (1, line)
    } else {
      var (low, high) = (start, 1.0)
      while high - low > 0x1p-40 {
        let middle = low + (high - low) / 2
        guard middle > low, middle < high else { break }
        if let line = attempt(middle) {
          best = (middle, line)
          low = middle
        } else {
          high = middle
        }
      }
    }
    guard let best else { return nil }
    return LinearSegment(
      start: start, end: best.end, startLevel: best.line.startLevel, endLevel: best.line.endLevel,
      errorBound: tightBound(from: start, to: best.end, line: best.line, maxError: maxError))
  }

  /// The smallest of error·(1 + 2⁻³⁰) + 2⁻⁵⁰, error·(1 + 2⁻²⁰) + 2⁻⁴⁰, error·(1 + 2⁻¹⁰) + 2⁻³⁰
  /// and `maxError` that certifies (the last one always does: the segment was chosen so).
  func tightBound(
    from start: Double, to end: Double, line: (startLevel: Double, endLevel: Double, error: Double),
    maxError: Double
  ) -> Double {
    for (relative, absolute) in [(0x1p-30, 0x1p-50), (0x1p-20, 0x1p-40), (0x1p-10, 0x1p-30)] {
      let target = line.error * (1 + relative) + absolute
      guard target < maxError else { break }
      let outcome = RampResidualBound.certify(
        self, from: start, to: end, startLevel: line.startLevel, endLevel: line.endLevel, target: target)
      if case .within(let bound) = outcome { return bound }
    }
    let outcome = RampResidualBound.certify(
      self, from: start, to: end, startLevel: line.startLevel, endLevel: line.endLevel, target: maxError)
    if case .within(let bound) = outcome { return bound }
    return maxError
  }
}
