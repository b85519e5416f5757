import CurveCore

extension CurveSpec {
  /// The first pair of points with the same t but different levels, as 0-based indices
  /// (earlier, later), or nil. A designer's control points must not contradict each other;
  /// repeated identical points are allowed. (Measurement files for `fit --data` may repeat
  /// t with different y: that is ordinary noisy data, and they are not checked.)
  /// - Complexity: O(m) expected.
  public static func conflictingDuplicate(in points: [DataPoint]) -> (first: Int, second: Int)? {
    var seen: [Double: Int] = [:]
    for (index, point) in points.enumerated() {
      let key = point.t + 0.0  // −0 and +0 are the same t.
      if let earlier = seen[key] {
        if points[earlier].y != point.y { return (earlier, index) }
      } else {
        seen[key] = index
      }
    }
    return nil
  }
}
