import CurveCore

extension CurveSpec {
  /// The first pair of points with the same t but different levels, as 0-based indices
  /// (earlier, later), or nil. A designer's control points must not contradict each other;
  /// repeated identical points are allowed. (Measurement files for `fit --data` may repeat
  /// t with different y: that is ordinary noisy data, and they are not checked.)
  /// - Complexity: O(m): one pass when the points are sorted by t (equal t are then
  ///   neighbours), else a hash table (O(m) expected).
  public static func conflictingDuplicate(in points: [DataPoint]) -> (first: Int, second: Int)? {
    conflictingDuplicate(in: points, meter: NoWorkMeter())
  }

  /// ``conflictingDuplicate(in:)``, reporting a step per point looked at in the sorted pass
  /// and per hash table lookup (see ``WorkMeter``).
  static func conflictingDuplicate(in points: [DataPoint], meter: some WorkMeter) -> (first: Int, second: Int)? {
    if case .sorted(let pair) = conflictingDuplicateIfSorted(points, meter: meter) { return pair }
    var seen: [Double: Int] = [:]
    seen.reserveCapacity(points.count)
    for (index, point) in points.enumerated() {
      meter.add(1)
      let key = point.t + 0.0  // −0 and +0 are the same t.
      if let earlier = seen[key] {
        if points[earlier].y != point.y { return (earlier, index) }
      } else {
        seen[key] = index
      }
    }
    return nil
  }

  /// What the one-pass check on sorted points found.
  private enum SortedCheck {
    /// The points are not sorted by t: the check did not apply.
    case unsorted
    /// Sorted; the first conflicting pair, if any.
    case sorted((first: Int, second: Int)?)
  }

  /// For points sorted by t (non-decreasing), the first conflict, found by comparing each
  /// point with the first of its run of equal t.
  private static func conflictingDuplicateIfSorted(_ points: [DataPoint], meter: some WorkMeter) -> SortedCheck {
    var runStart = 0
    for index in points.indices.dropFirst() {
      meter.add(1)
      let (previous, point) = (points[index - 1].t, points[index])
      if point.t < previous { return .unsorted }
      if point.t == previous {
        if point.y != points[runStart].y { return .sorted((runStart, index)) }
      } else {
        runStart = index
      }
    }
    return .sorted(nil)
  }
}
