import CurveCore
import CurveFitting
import CurveSpec

/// What a designer reads first: the curve in their units, where it crosses the usual levels,
/// how well it meets their points and milestones, and, when it rises, where and why.
extension FittedCurve {
  /// The levels the summary reports crossings of (fractions): 80 %, 50 % and 20 %.
  public static let summaryLevels: [Double] = [0.8, 0.5, 0.2]

  /// Where a non-increasing curve reaches each of `levels` (normalized t), in order; a level
  /// outside the curve's range is left out. Empty when the curve is not non-increasing.
  /// - Complexity: one inverse per level (the cubic's `auto`, else 64 bisection steps).
  public func crossings(of levels: [Double] = summaryLevels) -> [(level: Double, t: Double)] {
    guard verdict.isDecreasing else { return [] }
    let (start, end) = (polynomial.value(at: 0), polynomial.value(at: 1))
    return levels.compactMap { level in
      guard level <= start, level >= end else { return nil }
      if let cubic { return (level, cubic.normalizedElapsed(forLevel: level)) }
      var (low, high) = (0.0, 1.0)
      for _ in 0..<64 {
        let middle = (low + high) / 2
        if polynomial.value(at: middle) > level { low = middle } else { high = middle }
      }
      return (level, (low + high) / 2)
    }
  }

  /// Where the slope panel and the studio mark the curve: rising and flat intervals, with the
  /// spec's `minSlope` (else ``SlopeProfile/defaultFlatThreshold``) as the flat threshold.
  /// The rising intervals always hold the stretch around CurveCore's exact witness, so a
  /// curve the exact verdict says rises is never drawn without a red band.
  public var slopeProfile: SlopeProfile {
    let profile = SlopeProfile(
      polynomial, flatThreshold: minSlope > 0 ? minSlope : SlopeProfile.defaultFlatThreshold)
    guard let witness = risingWitness, !profile.risingIntervals.contains(where: { $0.contains(witness.t) }),
      let stretch = risingStretch()
    else { return profile }
    return profile.includingRising(stretch.from...stretch.to)
  }

  /// The widest stretch of [0, 1] around the rising witness where the slope is positive, as
  /// (from, to) in normalized t, or nil when the curve never rises.
  /// - Complexity: at most 2 × 1024 slope evaluations and 2 × 60 bisection steps.
  public func risingStretch() -> (from: Double, to: Double)? {
    guard let witness = risingWitness else { return nil }
    let slope = polynomial.derivative()
    func rises(_ t: Double) -> Bool { slope.value(at: t) > 0 }
    func edge(toward limit: Double) -> Double {
      let step = (limit - witness.t) / 1024
      var inside = witness.t
      guard step != 0 else { return witness.t }
      for k in 1...1024 {
        let probe = k == 1024 ? limit : witness.t + Double(k) * step
        if !rises(probe) {
          var (a, b) = (inside, probe)
          for _ in 0..<60 {
            let middle = (a + b) / 2
            if rises(middle) { a = middle } else { b = middle }
          }
          return (a + b) / 2
        }
        inside = probe
      }
      return limit
    }
    let from = edge(toward: 0)
    let to = edge(toward: 1)
    return (min(from, to), max(from, to))
  }

  /// The first line of the fit report: the depletion in the designer's units, its crossings,
  /// and how closely it meets the points. For example
  /// "Depletion 100 % → 0 % over 7 days · crosses 80 % on day 2.34, 50 % on day 4.12 ·
  /// misses your points by at most 0.7 percentage points (point 3, day 4)".
  public var summary: String {
    let (start, end) = (polynomial.value(at: 0), polynomial.value(at: 1))
    let check = polynomial.depletionCheck(verdict: verdict)
    let depletion = check.startsFull && check.endsEmpty
    let span = units.periodDescription
    var parts = [
      "\(depletion ? "Depletion" : "Curve") \(units.describe(bound: start)) → \(units.describe(bound: end)) \(span)"
    ]
    let crossed = crossings()
    if !crossed.isEmpty {
      let on = units.timeUnit == .days ? "on" : "at"
      parts.append(
        "crosses "
          + crossed.map { "\(units.describe(bound: $0.level)) \(on) \(units.describe(time: $0.t))" }
          .joined(separator: ", "))
    } else if let stretch = risingStretch() {
      let (start, end) = (units.describe(time: stretch.from), units.describe(time: stretch.to))
      parts.append(start == end ? "rises near \(start)" : "rises between \(start) and \(end)")
    }
    if let report, !points.isEmpty {
      let miss = units.describe(levelDifference: report.maxAbsResidual)
      if miss == "0" || miss.hasPrefix("0 ") {
        parts.append("passes through your points")
      } else if report.maxAbsResidual.isFinite {
        let index = report.maxAbsResidualIndex
        parts.append(
          "misses your points by at most \(units.describe(levelDifference: report.maxAbsResidual)) "
            + "(point \(index + 1), \(units.describe(time: points[index].t)))")
      }
    }
    return parts.joined(separator: " · ")
  }

  /// One line per milestone: "≥ 80 % until day 2: holds, 80.0 % at day 2 (active)".
  public var milestoneLines: [String] {
    milestones.map { milestone in
      let state = milestone.holds(for: polynomial) ? "holds" : "fails"
      let active = milestone.isActive(for: polynomial) ? " (active)" : ""
      return "\(milestone.describe(in: units)): \(state), \(units.describe(level: polynomial.value(at: milestone.t))) "
        + "at \(units.describe(time: milestone.t))\(active)"
    }
  }

  /// Why a curve that should fall rises, in the designer's terms: where, which point or
  /// milestone pulls it up, and advice that works for this curve; nil when it never rises.
  public var riseExplanation: String? {
    guard let stretch = risingStretch(), let witness = risingWitness else { return nil }
    let (low, high) = (polynomial.value(at: stretch.from), polynomial.value(at: stretch.to))
    let (from, to) = units.describe(levels: low, high)
    let (start, end) = (units.describe(time: stretch.from), units.describe(time: stretch.to))
    let slope = witnessText(Diagnostic.Witness(witness))
    var text =
      start == end
      ? "rises near \(units.describe(time: witness.t)) (\(slope))"
      : "rises from \(from) to \(to) between \(start) and \(end) (\(slope))"
    if let culprit = culprit(near: stretch) { text += "; \(culprit)" }
    return text + "; " + advice
  }

  /// Where the curve rises, as evidence: "f′(0.47) = 0.031 > 0" in normalized units, "its slope
  /// there is +0.3 percentage points per hour" in a spec's units (``periodUnits``)
  /// (`comparison`: with the "> 0").
  func witnessText(_ witness: Diagnostic.Witness, comparison: Bool = true) -> String {
    guard periodUnits.speaksInUnits else { return comparison ? "\(witness) > 0" : "\(witness)" }
    let unverified = witness.verified ? "" : " (unverified)"
    return "its slope there is +\(periodUnits.describe(slope: witness.slope))" + unverified
  }

  /// Advice for a curve that rises or falls too slowly: ``CurveRequest/Vocabulary/monotoneAdvice(degree:)``
  /// in the request's words (flags on the command line, spec keys in the studio).
  var advice: String {
    if policy == .enforce {
      return "enforce already applies: a constraint pins the slope to 0 where the rounded curve still rises by an "
        + "ulp; give that slope constraint a slightly negative value"
    }
    return vocabulary.monotoneAdvice(degree: report?.degree ?? polynomial.degree)
  }

  /// What pulls the curve up near `stretch`: an active milestone, a point above an earlier
  /// one, or the point nearest the stretch.
  func culprit(near stretch: (from: Double, to: Double)) -> String? {
    func distance(_ t: Double) -> Double { t < stretch.from ? stretch.from - t : t > stretch.to ? t - stretch.to : 0 }
    if let milestone = milestones.filter({ $0.isActive(for: polynomial) })
      .min(by: { distance($0.t) < distance($1.t) })
    {
      return "the milestone \(milestone.describe(in: units)) holds it up"
    }
    let indexed = points.enumerated().sorted { $0.element.t < $1.element.t }
    for (position, later) in indexed.enumerated() {
      if let earlier = indexed[..<position].first(where: {
        $0.element.y < later.element.y && $0.element.t < later.element.t
      }) {
        return "point \(later.offset + 1) (\(describe(later.element))) is higher than the earlier point "
          + "\(earlier.offset + 1) (\(describe(earlier.element)))"
      }
    }
    guard let nearest = points.enumerated().min(by: { distance($0.element.t) < distance($1.element.t) }) else {
      return nil
    }
    return "point \(nearest.offset + 1) (\(describe(nearest.element))) pulls it up"
  }

  /// "day 2, 82 %" for a normalized point.
  func describe(_ point: DataPoint) -> String {
    "\(units.describe(time: point.t)), \(units.describe(bound: point.y))"
  }
}
