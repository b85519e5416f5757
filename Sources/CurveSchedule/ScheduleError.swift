/// An invalid input to a ``DepletionSchedule``; the description names the offending value.
public enum ScheduleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The depletion duration (in seconds) is not a finite positive number.
  case invalidDuration(seconds: Double)
  /// A maximum error for progress segments is not a finite positive number, or is too small to
  /// certify in double precision (below about 1e-14).
  case invalidMaxError(Double)
  /// More than `limit` progress segments would be needed (or could be certified) for `maxError`.
  case tooManySegments(limit: Int, maxError: Double)
  /// A refresh interval (in seconds) is not finite and positive, or divides the period into
  /// more than `limit` refreshes.
  case invalidRefreshInterval(seconds: Double, limit: Int)
  /// The curve is not monotone on [0, 1], so a staleness bound from the ends of each refresh
  /// interval would not be certified.
  case notMonotone

  /// One line naming the offending duration.
  public var description: String {
    switch self {
    case .invalidDuration(let seconds):
      return "depletion duration \(seconds) s is not a finite positive number of seconds"
    case .invalidMaxError(let value):
      return "maximum error \(value) is not a finite positive level difference large enough to certify (about 1e-14)"
    case .tooManySegments(let limit, let maxError):
      return "maximum error \(maxError) needs more than \(limit) progress segments; allow a larger error"
    case .invalidRefreshInterval(let seconds, let limit):
      return "refresh interval \(seconds) s is not a finite positive interval giving at most \(limit) refreshes"
    case .notMonotone:
      return "the curve is not monotone on [0, 1]; its refresh staleness cannot be certified from interval ends"
    }
  }
}
