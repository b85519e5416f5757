/// An invalid input to a ``DepletionSchedule``; the description names the offending value.
public enum ScheduleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The depletion duration (in seconds) is not a finite positive number.
  case invalidDuration(seconds: Double)

  /// One line naming the offending duration.
  public var description: String {
    switch self {
    case .invalidDuration(let seconds):
      return "depletion duration \(seconds) s is not a finite positive number of seconds"
    }
  }
}
