/// Why a plot could not be drawn or rasterized.
///
/// Every case names the offending input, so the command-line tool can print the
/// ``description`` as its single `error:` line. (The easing math's errors are CurveEasing's
/// `EasingError`.)
public enum DesignError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A plot or preview was asked for with no curves.
  case nothingToPlot
  /// The external SVG renderer is not installed.
  case rendererMissing(name: String)
  /// The external SVG renderer exited with a non-zero status.
  case rendererFailed(name: String, status: Int)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .nothingToPlot:
      return "no curves to plot; give at least one spec"
    case .rendererMissing(let name):
      return "PNG output needs '\(name)', which is not on PATH (install librsvg2-bin or librsvg)"
    case .rendererFailed(let name, let status):
      return "'\(name)' failed with status \(status)"
    }
  }
}
