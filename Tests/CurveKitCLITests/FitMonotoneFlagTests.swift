import CurveKitCLI
import Testing

/// `curvekit fit --monotonic require|enforce|ignore [--min-slope S]`.
@Suite("curvekit fit --monotonic")
struct FitMonotoneFlagTests {
  static let risingMiddle = ["--point", "0.3:0.5", "--point", "0.5:0.55", "--point", "0.7:0.6", "--point", "0.9:0.3"]

  @Test("require (the default for depletion points) exits 1 with the witness")
  func requireFails() {
    for extra in [[], ["--monotonic", "require"]] {
      let result = runCurveKit(["fit"] + Self.risingMiddle + extra)
      #expect(result.status == 1)
      #expect(isOneLineError(result.errors))
      #expect(result.errors.contains("not non-increasing") && result.errors.contains("f′("))
    }
  }

  @Test("enforce exits 0 and reports the active constraint, RMSE rise and KKT residual")
  func enforce() {
    let human = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "enforce"])
    #expect(human.status == 0)
    #expect(human.output.contains("flat at t≈") && human.output.contains("RMSE rise") && human.output.contains("KKT"))
    let json = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "enforce", "--min-slope", "0.05", "--json"])
    #expect(json.status == 0)
    #expect(json.output.hasPrefix("{") && json.output.hasSuffix("}\n"))
    #expect(json.output.contains(#""policy": "enforce""#) && json.output.contains(#""minSlope": 0.05"#))
    #expect(json.output.contains(#""decreasing": true"#) && json.output.contains(#""kktRelativeResidual""#))
  }

  @Test("ignore reports the violation and exits 0")
  func ignore() {
    let result = runCurveKit(["fit"] + Self.risingMiddle + ["--monotonic", "ignore"])
    #expect(result.status == 0)
    #expect(result.output.contains("not monotone: f′("))
  }

  @Test("bad policy, slope or degree exit 2 with one line", arguments: [
    (["--monotonic", "sometimes"], "unknown value 'sometimes'"),
    (["--monotonic", "enforce", "--min-slope", "-0.1"], "negative"),
    (["--monotonic", "enforce", "--min-slope", "nan"], "--min-slope"),
    (["--monotonic", "enforce", "--min-slope", "2"], "minSlope 2.0 cannot hold"),
    (["--monotonic", "enforce", "--degree", "5", "--point", "0.1:0.9", "--point", "0.2:0.8"], "not supported for degree 5"),
  ])
  func badSettings(extra: [String], fragment: String) {
    let result = runCurveKit(["fit"] + Self.risingMiddle + extra)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors))
    #expect(result.errors.contains(fragment), "\(result.errors)")
  }
}
