import CurveCore
import Foundation

/// Linear progress ramps for platforms that animate only straight lines between two dates
/// (WidgetKit's `ProgressView(timerInterval:)`, CSS transitions) within a reload budget.
extension DepletionSchedule {
  /// The fewest linear ramps that keep the shown level within `maxError` of the curve's level
  /// over the whole period, as dates: ``CurveCore/Polynomial/linearSegments(maxError:maximumCount:)``
  /// of ``curve``, mapped to ``lastRefillDate`` + t·``duration``.
  ///
  /// Error bound: each segment's ``ProgressSegment/errorBound`` is certified and at most
  /// `maxError`. The first segment starts at ``lastRefillDate``, the last ends at
  /// ``emptyDate`` exactly, and each `to` is the next `from`.
  /// - Parameters:
  ///   - maxError: in level units (0.01 = one percentage point); finite and positive.
  ///   - maximumCount: the most segments before giving up.
  /// - Throws: ``ScheduleError/invalidMaxError(_:)``, ``ScheduleError/tooManySegments(limit:maxError:)``.
  /// - Complexity: milliseconds per segment; a typical curve needs 5 to 20 at one percentage point.
  public func progressSegments(maxError: Double, maximumCount: Int = 1000) throws(ScheduleError) -> [ProgressSegment] {
    try Self.progressSegments(
      lastRefillDate: lastRefillDate, duration: duration, polynomial: curve.polynomial, maxError: maxError,
      maximumCount: maximumCount)
  }

  /// ``progressSegments(maxError:maximumCount:)`` for any ``CurveCore/Polynomial`` of normalized
  /// time (degree up to 10, as generated code supports), like
  /// ``percentageChanges(lastRefillDate:duration:from:through:level:inverse:)``.
  /// - Parameters:
  ///   - lastRefillDate: when the supply was last full.
  ///   - duration: the time from full to empty in seconds; finite and positive.
  ///   - polynomial: the level at normalized time t ∈ [0, 1].
  ///   - maxError: in level units; finite and positive.
  ///   - maximumCount: the most segments before giving up.
  /// - Throws: ``ScheduleError/invalidDuration(seconds:)``, ``ScheduleError/invalidMaxError(_:)``,
  ///   ``ScheduleError/tooManySegments(limit:maxError:)``.
  public static func progressSegments(
    lastRefillDate: Date, duration: TimeInterval, polynomial: Polynomial, maxError: Double, maximumCount: Int = 1000
  ) throws(ScheduleError) -> [ProgressSegment] {
    guard duration.isFinite, duration > 0 else { throw .invalidDuration(seconds: duration) }
    let segments: [LinearSegment]
    do {
      segments = try polynomial.linearSegments(maxError: maxError, maximumCount: maximumCount)
    } catch {
      switch error {
      case .tooManySegments(let limit, let maxError): throw .tooManySegments(limit: limit, maxError: maxError)
      default: throw .invalidMaxError(maxError)
      }
    }
    return segments.map { segment in
      ProgressSegment(
        from: lastRefillDate.addingTimeInterval(segment.start * duration),
        to: lastRefillDate.addingTimeInterval(segment.end * duration),
        startLevel: segment.startLevel, endLevel: segment.endLevel, errorBound: segment.errorBound)
    }
  }
}
