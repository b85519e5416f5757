import CurveEasing
import CurveSpec

extension RoundedEasing {
  /// One sentence for a comment or a report: "max deviation of the rounded easing from the
  /// curve: X (level units) at t = T", with the time in `period`'s unit when it has one
  /// ("(day 2.5)", "(hour 3.1)"), and how it was computed.
  public func deviationSummary(period: CurveUnits? = nil) -> String {
    let day = period.flatMap { units in units.duration.map { " (\(units.timeUnit.singular) \(worstTime * $0))" } } ?? ""
    return "max deviation of the rounded easing from the curve: \(maxDeviation) (level units) at t = \(worstTime)"
      + "\(day); the largest over \(Self.gridIntervals + 1) Bézier parameters, each maximum refined by "
      + "golden-section search"
  }
}
