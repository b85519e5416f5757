import CurveCore
import CurveFitting
import CurvePipeline
import CurveSpec

/// The comment header every generated file starts with, in every language: the marker, the
/// target's lint suppressions, the source, the fit, the exact verdict and the inverse.
///
/// Swift, Kotlin and TypeScript all read `//` line comments, so the header is one text; only
/// the tool lines differ. No timestamp, no absolute path: the same curve gives the same bytes.
enum GeneratedHeader {
  /// The header for `curve`, ending in a blank line.
  /// - Parameters:
  ///   - inverseSummary: the `Inverse:` line's text, e.g. "auto (one-off full-precision solver)".
  ///   - toolLines: the target's suppression comments, placed right after the marker.
  ///   - extraLines: further `//` lines after the inverse line (each without the `// ` prefix).
  static func text(_ curve: FittedCurve, inverseSummary: String, toolLines: [String], extraLines: [String] = [])
    -> String
  {
    var lines = [SwiftCodeGenerator.headerMarker] + toolLines + ["//"]
    lines.append("// Source: \(SwiftLiteral.commentText(curve.displayName))")
    if let report = curve.report {
      let count = curve.pointCount
      lines.append(
        "// Fit: \(count) point\(count == 1 ? "" : "s"), RMSE \(report.rmse), max residual \(report.maxAbsResidual) "
          + "(monotonic: \(curve.policy.rawValue))")
    } else {
      lines.append("// Fit: none (coefficients given directly)")
    }
    lines.append("// Monotonicity: \(SwiftLiteral.commentText("\(curve.verdict) (exact verdict on [0, 1])"))")
    lines.append("// Inverse: \(inverseSummary)")
    lines += extraLines.map { "// \($0)" }
    return lines.map { $0 + "\n" }.joined() + "\n"
  }
}
