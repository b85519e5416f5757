import CurveEasing

/// Why a plot could not be drawn or rasterized.
///
/// Every case names the offending input, so the command-line tool can print the
/// ``description`` as its single `error:` line.
public enum DesignError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A plot or preview was asked for with no curves.
  case nothingToPlot
  /// The external SVG renderer is not installed.
  case rendererMissing(name: String)
  /// The external SVG renderer exited with a non-zero status.
  case rendererFailed(name: String, status: Int)
  /// A rounded easing was asked for with a number of decimals outside
  /// ``RoundedEasing/precisionRange``.
  case precisionOutOfRange(Int)
  /// Control values that do not form a CSS easing.
  case invalidEasing(EasingError)
  /// A `linear()` bound (in progress units) below what printing the values costs, or one that
  /// would need more than 10 000 stops.
  case linearBoundTooTight(Double)
  /// A curve whose progress cannot be split into keyframes with handles in [0, 1]: it is not
  /// strictly monotone on [0, 1] (a piece would not move).
  case keyframesUnavailable(reason: String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .nothingToPlot:
      return "no curves to plot; give at least one spec"
    case .rendererMissing(let name):
      return "PNG output needs '\(name)', which is not on PATH (install librsvg2-bin or librsvg)"
    case .rendererFailed(let name, let status):
      return "'\(name)' failed with status \(status)"
    case .precisionOutOfRange(let precision):
      return "a precision of \(precision) decimals is outside \(RoundedEasing.precisionRange.lowerBound)…"
        + "\(RoundedEasing.precisionRange.upperBound)"
    case .linearBoundTooTight(let bound):
      return "a linear() easing within \(bound * 100) percentage points needs more stops or digits than it can have; "
        + "allow at least 0.001 percentage points"
    case .invalidEasing(let error):
      return error.description
    case .keyframesUnavailable(let reason):
      return "no keyframes with handles in [0, 1]: \(reason)"
    }
  }
}
