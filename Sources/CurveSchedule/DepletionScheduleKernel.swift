import Foundation

/// The date arithmetic of a depletion schedule as plain static functions of the refill date,
/// the period and the curve's level and inverse functions.
///
/// ``DepletionSchedule`` calls these kernels, and CurveCodegen copies the text between the
/// `curvekit:embed-begin` and `curvekit:embed-end` markers verbatim into generated files made
/// with `--with-schedule` (through the same build-time embedding as CurveCore's inverse
/// kernels), so generated code and the library compute the same dates with the same
/// operations: identical results.
///
/// Rules for the embedded text (it must compile inside any app target, on its own):
/// - only the standard library and Foundation's `Date`;
/// - refer only to `DepletionScheduleKernel` members and to parameters, never to CurveKit types;
/// - no global state, no `fatalError` or force unwraps.
@usableFromInline
enum DepletionScheduleKernel {}

extension DepletionScheduleKernel {
  // curvekit:embed-begin
  /// The widget's whole percentage for `level`: level·100 rounded half away from zero and
  /// clamped to 0…100, as the article's widget computes it; a NaN level gives 0, never a trap.
  @inlinable
  static func widgetPercentage(forLevel level: Double) -> Int {
    let percent = (level * 100).rounded()
    guard !percent.isNaN else { return 0 }
    return Int(min(100, max(0, percent)))
  }

  /// The article's normalized elapsed time at `date`: min(1, max(0, date − lastRefillDate) / duration).
  @inlinable
  static func normalizedElapsed(at date: Date, lastRefillDate: Date, duration: Double) -> Double {
    let elapsed = max(0.0, date.timeIntervalSince(lastRefillDate))
    return min(1.0, elapsed / duration)
  }

  /// The article's `setCurrentFill` as a pure function: the refill date that makes the level at
  /// `date` equal `level`. The level is clamped to [0, 1], inverted, the time clamped to [0, 1]
  /// (NaN → 1), and the clock run back by that fraction of `duration`.
  @inlinable
  static func refillDate(forLevel level: Double, at date: Date, duration: Double, inverse: (Double) -> Double) -> Date {
    let clampedLevel = max(0.0, min(1.0, level))
    let normalized = max(0.0, min(1.0, inverse(clampedLevel)))
    return date.addingTimeInterval(-normalized * duration)
  }

  /// The first date from which the normalized elapsed time is 1, so the level no longer
  /// changes: `lastRefillDate + duration`, moved up by the few ulps its rounding may need.
  @inlinable
  static func endOfPeriod(lastRefillDate: Date, duration: Double) -> Date {
    var end = lastRefillDate.addingTimeInterval(duration).timeIntervalSinceReferenceDate
    var remaining = 8
    while remaining > 0
      && normalizedElapsed(
        at: Date(timeIntervalSinceReferenceDate: end), lastRefillDate: lastRefillDate, duration: duration) < 1
    {
      end = end.nextUp
      remaining -= 1
    }
    return Date(timeIntervalSinceReferenceDate: end)
  }

  /// The first date after `start` and at most `end` at which `isReached` holds, to the
  /// resolution of `Date` (one ulp of its seconds since 2001, ≈ 1.2e-7 s today), for a
  /// predicate that is false at `start`, true at `end` and changes once in between.
  ///
  /// `guess` only makes it fast: the answer is the same for every guess. The predicate is
  /// tried at the guess, then 1 ms, 2 ms, 4 ms, … away until the change is bracketed, then
  /// the bracket is halved until its ends are adjacent doubles; the later end is returned.
  /// Cost: about 15 evaluations of the predicate from a guess within a millisecond.
  @inlinable
  static func firstDate(after start: Date, until end: Date, guess: Date, isReached: (Date) -> Bool) -> Date {
    var lower = start.timeIntervalSinceReferenceDate
    var upper = end.timeIntervalSinceReferenceDate
    let probe = guess.timeIntervalSinceReferenceDate
    if probe > lower && probe < upper {
      var step = 0.001
      if isReached(Date(timeIntervalSinceReferenceDate: probe)) {
        upper = probe
        while probe - step > lower {
          if !isReached(Date(timeIntervalSinceReferenceDate: probe - step)) {
            lower = probe - step
            break
          }
          upper = probe - step
          step *= 2
        }
      } else {
        lower = probe
        while probe + step < upper {
          if isReached(Date(timeIntervalSinceReferenceDate: probe + step)) {
            upper = probe + step
            break
          }
          lower = probe + step
          step *= 2
        }
      }
    }
    while true {
      let middle = lower + (upper - lower) * 0.5
      guard middle > lower && middle < upper else { break }
      if isReached(Date(timeIntervalSinceReferenceDate: middle)) { upper = middle } else { lower = middle }
    }
    return Date(timeIntervalSinceReferenceDate: upper)
  }

  /// The first date after `date` at which the widget's percentage differs from the one shown
  /// at `date`, and the percentage shown from then on; nil when it never changes again.
  ///
  /// The percentage is ``widgetPercentage(forLevel:)`` of `level` at
  /// ``normalizedElapsed(at:lastRefillDate:duration:)``: exactly what the widget shows. On a
  /// monotone curve the change is where level·100 crosses the percentage ± 0.5, so `inverse`
  /// of that level gives the guess, and ``firstDate(after:until:guess:isReached:)`` the first
  /// date showing the new value: at the returned date the new percentage shows, one ulp of
  /// `Date` earlier the old one. A duration that is not finite and positive has no changes.
  @inlinable
  static func nextPercentageChange(
    after date: Date, lastRefillDate: Date, duration: Double, level: (Double) -> Double,
    inverse: (Double) -> Double
  ) -> (date: Date, percentage: Int)? {
    guard duration > 0 && duration.isFinite && date.timeIntervalSinceReferenceDate.isFinite else { return nil }
    func shown(_ date: Date) -> Int {
      widgetPercentage(
        forLevel: level(normalizedElapsed(at: date, lastRefillDate: lastRefillDate, duration: duration)))
    }
    let end = endOfPeriod(lastRefillDate: lastRefillDate, duration: duration)
    let start = date < lastRefillDate ? lastRefillDate : date
    guard start < end else { return nil }
    let current = shown(start)
    let final = shown(end)
    guard final != current else { return nil }
    let threshold = (Double(current) + (final < current ? -0.5 : 0.5)) / 100
    let t = max(0.0, min(1.0, inverse(threshold)))
    let guess = lastRefillDate.addingTimeInterval(t * duration)
    let found = firstDate(after: start, until: end, guess: guess) { shown($0) != current }
    return (found, shown(found))
  }

  /// Every change of the widget's percentage after `start` and at most `end` (nil: until the
  /// level stops changing), in time order: ``nextPercentageChange(after:lastRefillDate:duration:level:inverse:)``
  /// repeated from each change. A full depletion from 100 % has 100 changes; the list stops
  /// after 10 000 in any case.
  @inlinable
  static func percentageChanges(
    from start: Date, through end: Date?, lastRefillDate: Date, duration: Double, level: (Double) -> Double,
    inverse: (Double) -> Double
  ) -> [(date: Date, percentage: Int)] {
    var changes: [(date: Date, percentage: Int)] = []
    var date = start
    while changes.count < 10_000,
      let next = nextPercentageChange(
        after: date, lastRefillDate: lastRefillDate, duration: duration, level: level, inverse: inverse)
    {
      if let end, next.date > end { break }
      changes.append(next)
      date = next.date
    }
    return changes
  }

  /// The first date at which the level has reached `target` (fallen to it or below on a
  /// falling curve, risen to it or above on a rising one), to the resolution of `Date`:
  /// `lastRefillDate` when it holds from the refill on, nil when it never does (or for a NaN
  /// target, or a duration that is not finite and positive).
  @inlinable
  static func date(
    whenLevelReaches target: Double, lastRefillDate: Date, duration: Double, level: (Double) -> Double,
    inverse: (Double) -> Double
  ) -> Date? {
    guard duration > 0 && duration.isFinite && !target.isNaN else { return nil }
    func levelAt(_ date: Date) -> Double {
      level(normalizedElapsed(at: date, lastRefillDate: lastRefillDate, duration: duration))
    }
    let end = endOfPeriod(lastRefillDate: lastRefillDate, duration: duration)
    let falling = levelAt(end) < levelAt(lastRefillDate)
    func reached(_ date: Date) -> Bool { falling ? levelAt(date) <= target : levelAt(date) >= target }
    if reached(lastRefillDate) { return lastRefillDate }
    guard reached(end) else { return nil }
    let t = max(0.0, min(1.0, inverse(target)))
    let guess = lastRefillDate.addingTimeInterval(t * duration)
    return firstDate(after: lastRefillDate, until: end, guess: guess, isReached: reached)
  }
  // curvekit:embed-end
}
