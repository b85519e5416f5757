import CurveCore
import CurveEasing
import CurvePipeline

/// The easing of a resolved curve, and the notes that go with it: what `curvekit export` and
/// the studio's export both present, computed once here.
///
/// Whether the curve may be exported at all is the pipeline's one ship decision
/// (``FittedCurve/diagnostics(for:overrides:tolerance:)``); this type only renders a curve
/// that passed it. A curve that does not go from 1 to 0 (shipped under the endpoint override)
/// is exported rescaled to (f − f(1)) / (f(0) − f(1)), which does, with a note.
public struct EasingExport: Sendable, Hashable {
  /// The exact easing of the (possibly rescaled) curve.
  public let easing: CubicBezierEasing
  /// The polynomial the easing reproduces.
  public let polynomial: Polynomial
  /// The export's own notes: the rescaling, control values outside [0, 1].
  public let notes: [Diagnostic]

  /// The easing of `curve`.
  /// - Throws: ``DesignError/invalidEasing(_:)`` for a curve no cubic-bezier can express:
  ///   degree above 3, or f(0) = f(1) (nothing to rescale).
  /// - Complexity: O(1).
  public init(_ curve: FittedCurve) throws(DesignError) {
    var notes: [Diagnostic] = []
    let check = curve.polynomial.depletionCheck()
    var polynomial = curve.polynomial
    if !check.startsFull || !check.endsEmpty {
      let (start, end) = (check.startLevel, check.endLevel)
      guard start != end, let rescaled = Self.rescaled(curve.polynomial, start: start, end: end) else {
        throw .invalidEasing(.endpointNotExact(what: "f(0) − f(1)", value: start - end, expected: 1))
      }
      polynomial = rescaled
      notes.append(
        Diagnostic(
          severity: .note, code: .rescaled,
          message:
            "\(curve.displayName): exported the curve rescaled to go from 1 to 0 (f(0) = \(start), f(1) = \(end))"
        ))
    }
    do { easing = try CubicBezierEasing(progressOf: polynomial) } catch { throw .invalidEasing(error) }
    self.polynomial = polynomial
    for note in easing.rangeNotes {
      notes.append(Diagnostic(severity: .note, code: .handleOutsideRange, message: note))
    }
    self.notes = notes
  }

  /// (f − f(1)) / (f(0) − f(1)) with its constant exactly 1 and its linear term moved by the
  /// rounded f(1), so that it goes from 1 to 0 within rounding; nil when a coefficient overflows.
  static func rescaled(_ polynomial: Polynomial, start: Double, end: Double) -> Polynomial? {
    var coefficients = polynomial.coefficients.map { $0 / (start - end) }
    coefficients[coefficients.count - 1] = 1
    guard let first = try? Polynomial(coefficients: coefficients) else { return nil }
    if coefficients.count >= 2 { coefficients[coefficients.count - 2] -= first.value(at: 1) }
    return try? Polynomial(coefficients: coefficients)
  }
}

extension EasingExport {
  /// The CSS easing a generated TypeScript file carries as `cssEasing`: exactly the
  /// `cubic-bezier()` `curvekit export` prints for `curve`, or nil when the curve has none.
  /// The one place `generate` (CLI) and the studio's `/api/generate` take it from.
  package static func typeScriptEasing(for curve: FittedCurve) -> String? {
    (try? EasingExport(curve))?.easing.cssFunction
  }
}
