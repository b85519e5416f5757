import CurveEasing
import CurvePipeline

extension EasingExport {
  /// The easing of a resolved curve (rescaled when it does not go from 1 to 0; see
  /// ``notes(for:)``).
  /// - Throws: ``CurveEasing/EasingError`` for a curve no cubic-bezier can express: degree
  ///   above 3, or f(0) = f(1) (nothing to rescale).
  /// - Complexity: O(1).
  public init(_ curve: FittedCurve) throws(EasingError) {
    try self.init(level: curve.polynomial)
  }

  /// The export's own notes on `curve`, worded for people: the rescaling, control values
  /// outside [0, 1].
  public func notes(for curve: FittedCurve) -> [Diagnostic] {
    var notes: [Diagnostic] = []
    if let rescaling {
      notes.append(
        Diagnostic(
          severity: .note, code: .rescaled,
          message:
            "\(curve.displayName): exported the curve rescaled to go from 1 to 0 "
            + "(f(0) = \(rescaling.startLevel), f(1) = \(rescaling.endLevel))"
        ))
    }
    for note in easing.rangeNotes {
      notes.append(Diagnostic(severity: .note, code: .handleOutsideRange, message: note))
    }
    return notes
  }

  /// The CSS easing a generated TypeScript file carries as `cssEasing`: exactly the
  /// `cubic-bezier()` `curvekit export` prints for `curve`, or nil when the curve has none.
  /// The one place `generate` (CLI) and the studio's `/api/generate` take it from.
  package static func typeScriptEasing(for curve: FittedCurve) -> String? {
    (try? EasingExport(curve))?.easing.cssFunction
  }
}
