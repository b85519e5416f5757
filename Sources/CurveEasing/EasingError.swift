import CurveCore

/// Why a CSS easing could not be read, or a curve could not become one (exactly, rounded, as
/// `linear()` stops or as keyframes).
///
/// Every case names the offending input, so the command-line tool can print the
/// ``description`` as its single `error:` line; echoed text has its control characters
/// escaped (`\n`, `\u{202E}`).
public enum EasingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not a CSS easing CurveKit understands.
  case unparsableEasing(text: String, reason: String)
  /// A CSS `cubic-bezier()` x control value lies outside [0, 1] (CSS rejects it).
  case easingXOutOfRange(name: String, value: Double)
  /// Only a polynomial of degree at most three is one cubic Bézier segment.
  case notExportable(degree: Int)
  /// An easing must start at level 1 and end at level 0 exactly.
  case endpointNotExact(what: String, value: Double, expected: Double)
  /// A rounded easing was asked for with a number of decimals outside
  /// ``RoundedEasing/precisionRange``.
  case precisionOutOfRange(Int)
  /// A `linear()` bound (in progress units) below what printing the values costs, or one that
  /// would need more than 10 000 stops.
  case linearBoundTooTight(Double)
  /// A curve whose progress cannot be split into keyframes with handles in [0, 1]: it is not
  /// strictly monotone on [0, 1] (a piece would not move).
  case keyframesUnavailable(reason: String)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .unparsableEasing(let text, let reason):
      return "cannot read easing '\(EchoedText.escaped(text))': \(EchoedText.escaped(reason))"
    case .easingXOutOfRange(let name, let value):
      return "easing control value \(name) = \(value) is outside [0, 1]; CSS requires x1 and x2 in [0, 1]"
    case .notExportable(let degree):
      return "only a cubic (degree ≤ 3) is one Bézier segment, but the curve has degree \(degree); "
        + "fit with \"degree\": 3 to export it"
    case .endpointNotExact(let what, let value, let expected):
      return "\(what) = \(value), but an exported depletion curve needs exactly \(expected) there "
        + "(within \(CubicBezierEasing.endpointTolerance))"
    case .precisionOutOfRange(let precision):
      return "a precision of \(precision) decimals is outside \(RoundedEasing.precisionRange.lowerBound)…"
        + "\(RoundedEasing.precisionRange.upperBound)"
    case .linearBoundTooTight(let bound):
      return "a linear() easing within \(bound * 100) percentage points needs more stops or digits than it can have; "
        + "allow at least 0.001 percentage points"
    case .keyframesUnavailable(let reason):
      return "no keyframes with handles in [0, 1]: \(reason)"
    }
  }
}
