/// Why a CurveDesign operation could not run on its input.
///
/// Every case names the offending input, so the command-line tool can print the
/// ``description`` as its single `error:` line.
public enum DesignError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not a CSS easing CurveKit understands.
  case unparsableEasing(text: String, reason: String)
  /// A CSS `cubic-bezier()` x control value lies outside [0, 1] (CSS rejects it).
  case easingXOutOfRange(name: String, value: Double)
  /// Only a polynomial of degree at most three is one cubic Bézier segment.
  case notExportable(degree: Int)
  /// An easing must start at level 1 and end at level 0 exactly.
  case endpointNotExact(what: String, value: Double, expected: Double)
  /// A plot or preview was asked for with no curves.
  case nothingToPlot
  /// The external SVG renderer is not installed.
  case rendererMissing(name: String)
  /// The external SVG renderer exited with a non-zero status.
  case rendererFailed(name: String, status: Int)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .unparsableEasing(let text, let reason):
      return "cannot read easing '\(text)': \(reason)"
    case .easingXOutOfRange(let name, let value):
      return "easing control value \(name) = \(value) is outside [0, 1]; CSS requires x1 and x2 in [0, 1]"
    case .notExportable(let degree):
      return "only a cubic (degree ≤ 3) is one Bézier segment, but the curve has degree \(degree); "
        + "fit with \"degree\": 3 to export it"
    case .endpointNotExact(let what, let value, let expected):
      return "\(what) = \(value), but an exported depletion curve needs exactly \(expected) there "
        + "(within \(CubicBezierEasing.endpointTolerance))"
    case .nothingToPlot:
      return "no curves to plot; give at least one spec"
    case .rendererMissing(let name):
      return "PNG output needs '\(name)', which is not on PATH (install librsvg2-bin or librsvg); the SVG was written"
    case .rendererFailed(let name, let status):
      return "'\(name)' failed with status \(status); the SVG was written"
    }
  }
}
