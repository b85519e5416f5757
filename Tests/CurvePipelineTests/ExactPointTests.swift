import CurveCore
import CurvePipeline
import CurveSpec
import Testing

/// Issue 20, "exact" points: the studio turns a point into a value constraint
/// (`{"t": …, "value": …}` in the spec's units), and the fit passes exactly through it.
@Suite("Exact points")
struct ExactPointTests {
  static let specs = [
    // Days and percent, as a designer writes them: day 3.5 of 7 at 50 %.
    """
    {"name": "Exact", "timeUnit": "days", "durationDays": 7, "levelUnit": "percent",
     "points": [[1, 95], [2, 84], [5, 28], [6, 14]], "constraints": [{"t": 3.5, "value": 50}]}
    """,
    // Normalized: two exact points and a higher degree.
    """
    {"name": "Two exact", "points": [[0.125, 0.9], [0.5, 0.55], [0.875, 0.1]], "degree": 4,
     "constraints": [{"t": 0.25, "value": 0.8125}, {"t": 0.75, "value": 0.1875}], "monotonic": "ignore"}
    """,
  ]

  /// The exact optimum meets each constraint exactly; its coefficients, each rounded to the
  /// nearest double (CorrectRounding), move f(t) by at most half an ulp of each term cᵢtⁱ. So
  /// "4 ulps" is of the evaluation's scale, max(|value|, Σ|cᵢ|tⁱ), as the depletion rule's
  /// "within 4 ulps of the coefficients' size" is.
  @Test("a spec with a value constraint fits through it: |f(t) − value| ≤ 4 ulps", arguments: specs)
  func passesThrough(_ text: String) throws {
    let spec = try CurveSpec.parse(text, sourceName: "exact.curve.json")
    let curve = try CurveResolver.resolve(CurveRequest(.spec(spec)))
    let (timeScale, levelScale) = (spec.durationDays ?? 1, spec.levelUnit == .percent ? 100.0 : 1)
    var checked = 0
    for constraint in spec.constraints {
      guard case .value(let t, let value) = constraint else { continue }
      let (tNormalized, level) = (t / timeScale, value / levelScale)
      let fitted = curve.polynomial.value(at: tNormalized, scheme: .compensatedHorner)
      // Σ|cᵢ|tⁱ by Horner on the absolute values (t ≥ 0).
      let scale = curve.polynomial.coefficients.reduce(0.0) { sum, c in sum * tNormalized + abs(c) }
      #expect(abs(fitted - level) <= 4 * max(abs(level), scale).ulp, "f(\(tNormalized)) = \(fitted), asked \(level)")
      checked += 1
    }
    #expect(checked == spec.constraints.count)
    // The same points without the constraint do not pass through it: the constraint did the work.
    var loose = spec
    loose.constraints = []
    let plain = try CurveResolver.resolve(CurveRequest(.spec(loose)))
    guard case .value(let t, let value) = spec.constraints[0] else { return }
    #expect(abs(plain.polynomial.value(at: t / timeScale) - value / levelScale) > 1e-6)
  }
}
