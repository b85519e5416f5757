import CurveFitting
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import Testing

/// The `monotonic` policies: require (fit, fail with a witness), enforce, ignore.
@Suite("Fitting under a monotonic policy")
struct PolicyFitTests {
  static let risingMiddle = #"{"name": "r", "points": [[0.3, 0.5], [0.5, 0.55], [0.7, 0.6], [0.9, 0.3]]"#

  func spec(_ extra: String) throws -> CurveSpec {
    try CurveSpec.parse(Self.risingMiddle + extra + "}", sourceName: "r.curve.json")
  }

  /// The spec resolved once; its `require` violation, when it has one, thrown.
  func fit(_ spec: CurveSpec) throws -> PolicyFitResult {
    let curve = try CurveResolver.resolve(CurveRequest(.spec(spec)))
    if let violation = curve.policyViolation { throw violation }
    return try #require(curve.fit)
  }

  @Test("require fails with a witness where the slope is positive")
  func requireFails() throws {
    #expect {
      _ = try fit(spec(""))
    } throws: { error in
      guard let error = error as? CurveFitError, case .notMonotone(let t, let slope, 0, _) = error.underlying else {
        return false
      }
      return t > 0 && t < 1 && slope > 0 && "\(error)".contains("not non-increasing")
        && "\(error)".hasSuffix("(r.curve.json)")
    }
  }

  @Test("enforce returns the monotone optimum; ignore reports the violation")
  func enforceAndIgnore() throws {
    let enforced = try fit(spec(#", "monotonic": "enforce""#))
    #expect(enforced.verdict == .holds)
    #expect(enforced.monotone?.activeConstraints.count == 1)
    #expect(enforced.report.rss >= (enforced.monotone?.unconstrained.rss ?? .infinity))
    let ignored = try fit(spec(#", "monotonic": "ignore""#))
    guard case .fails = ignored.verdict else {
      Issue.record("expected a failing verdict, got \(ignored.verdict)")
      return
    }
    #expect(ignored.monotone == nil)
  }

  @Test("minSlope from the spec is enforced and required")
  func minSlope() throws {
    let enforced = try fit(spec(#", "monotonic": "enforce", "minSlope": 0.05"#))
    #expect(MonotoneSlopeCheck.check(enforced.report.polynomial, minSlope: 0.05) == .holds)
    let gentle = #"{"name": "g", "points": [[0.25, 0.9], [0.5, 0.6], [0.75, 0.3]], "minSlope": 0.9}"#
    #expect(throws: CurveFitError.self) { try fit(CurveSpec.parse(gentle, sourceName: "g.json")) }
  }

  @Test("enforce works on degree 5: the result is proven non-increasing and no worse than require's")
  func enforceDegreeFive() throws {
    let body =
      #"{"name": "d", "points": [[0.1,0.9],[0.2,0.45],[0.25,0.45],[0.3,0.8],[0.35,0.85],[0.5,0.5],[0.7,0.3],[0.9,0.1]], "degree": 5, "monotonic": "#
    let enforced = try fit(CurveSpec.parse(body + #""enforce"}"#, sourceName: "d.json"))
    #expect(enforced.verdict == .holds)
    #expect(enforced.report.polynomial.slopeStaysAtOrBelow(negativeOf: 0))
    // require refuses the same data (its plain fit rises near the dragged point).
    #expect(throws: CurveFitError.self) { try fit(CurveSpec.parse(body + #""require"}"#, sourceName: "d.json")) }
  }
}
