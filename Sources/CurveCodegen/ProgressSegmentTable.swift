import CurveCore
import CurvePipeline

/// The linear ramps a generated file carries for `progressSegments` (`--progress-segments`):
/// for each error limit, ``CurveCore/Polynomial/linearSegments(maxError:maximumCount:)`` of the
/// curve, computed once at generation time, so every language returns the same ramps as
/// `curvekit timeline --segments --max-error PP` without certifying anything at run time.
///
/// The ramps live in normalized time; a file maps them to dates with the refill and the period.
struct ProgressSegmentTable: Sendable, Hashable {
  /// The error limit in percentage points, as given (`--progress-segments 0.5,1`).
  var limit: Double
  /// The certified largest distance of the ramps from the curve, in percentage points (≤ limit).
  var bound: Double
  /// start, end, startLevel, endLevel of each ramp in turn (normalized time, level fraction).
  var values: [Double]

  /// The tables for `limits` (percentage points), sorted increasingly, duplicates dropped.
  /// - Throws: ``CodegenError/progressSegmentsUnavailable(limit:reason:)`` for a limit that is
  ///   not finite and positive, too small to certify, or needs more than 1 000 ramps.
  /// - Complexity: milliseconds per ramp.
  static func make(for curve: FittedCurve, limits: [Double]) throws(CodegenError) -> [ProgressSegmentTable] {
    var tables: [ProgressSegmentTable] = []
    for limit in Set(limits).sorted() {
      guard limit.isFinite, limit > 0 else { throw .progressSegmentsUnavailable(limit: limit, reason: "not positive") }
      let segments: [LinearSegment]
      do {
        segments = try curve.polynomial.linearSegments(maxError: limit / 100)
      } catch {
        throw .progressSegmentsUnavailable(limit: limit, reason: error.description)
      }
      tables.append(
        ProgressSegmentTable(
          limit: limit, bound: 100 * (segments.map { $0.errorBound }.max() ?? 0),
          values: segments.flatMap { [$0.start, $0.end, $0.startLevel, $0.endLevel] }))
    }
    return tables
  }

  /// The limits in words, for doc comments: "0.5, 1 percentage points (certified 0.49…, 0.99…)".
  static func summary(_ tables: [ProgressSegmentTable]) -> String {
    let limits = tables.map { $0.limit.description }.joined(separator: ", ")
    let bounds = tables.map { "\($0.values.count / 4) ramps within \($0.bound)" }.joined(separator: "; ")
    return "\(limits) percentage points (\(bounds))"
  }
}
