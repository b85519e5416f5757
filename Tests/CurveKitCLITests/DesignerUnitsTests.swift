import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// Curves in the designer's language: days and percent, milestones, endpoints that stay put,
/// and reports that explain, through the command line.
@Suite("Designer units, milestones and explaining reports")
struct DesignerUnitsTests {
  /// Writes `json` to a fresh temporary spec file.
  func spec(_ json: String, name: String = "week") throws -> (path: String, cleanup: () -> Void) {
    let directory = try TemporaryDirectory("units")
    return (try directory.write(json, to: "\(name).curve.json"), directory.remove)
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The numbers of the top-level array `key`, read exactly (Foundation's JSONSerialization
  /// does not round-trip every double on Linux; CurveSpec's reader does).
  func exactNumbers(_ text: String, _ key: String) throws -> [Double] {
    guard case .array(let items)? = try JSONParser.parse(text).value[key] else {
      throw SpecError("no array \(key)", source: "output")
    }
    return items.compactMap { item -> Double? in
      if case .number(let value) = item { return value }
      return nil
    }
  }

  @Test("a spec in days and percent fits exactly as its normalized twin (coefficients to 1e-12)")
  func daysPercentTwin() throws {
    let (designer, cleanDesigner) = try spec(
      #"""
      {"name": "Week", "timeUnit": "days", "durationDays": 7, "levelUnit": "percent",
       "points": [[1, 93], [2, 82], [3.5, 60], [5, 33], [6, 15]],
       "constraints": [{"t": 7, "slope": -10}], "minSlope": 1, "monotonic": "enforce"}
      """#)
    defer { cleanDesigner() }
    let (twin, cleanTwin) = try spec(
      """
      {"name": "Week", "points": [[\(1.0 / 7), 0.93], [\(2.0 / 7), 0.82], [\(3.5 / 7), 0.6], [\(5.0 / 7), 0.33],
       [\(6.0 / 7), 0.15]], "constraints": [{"t": 1, "slope": \(-10.0 * 7 / 100)}], "minSlope": \(1.0 * 7 / 100),
       "monotonic": "enforce"}
      """)
    defer { cleanTwin() }
    let first = runCurveKit(["fit", designer, "--json"])
    let second = runCurveKit(["fit", twin, "--json"])
    #expect(first.status == 0 && second.status == 0, "\(first.errors)\(second.errors)")
    let a = try exactNumbers(first.output, "coefficients")
    let b = try exactNumbers(second.output, "coefficients")
    #expect(a.count == 4 && b.count == 4)
    for (x, y) in zip(a, b) { #expect(abs(x - y) <= 1e-12, "\(a) vs \(b)") }
    // The report speaks days and percent.
    let human = runCurveKit(["fit", designer, "--no-preview"])
    #expect(human.output.hasPrefix("Depletion 100 % → 0 % over 7 days · crosses 80 % on day "), "\(human.output)")
  }

  @Test("invert --days 7 --percent 50 agrees with a 200-step bisection to 1e-12 days")
  func invertInDays() throws {
    let cubic = ArticleCurve.current.cubic
    let result = runCurveKit(["invert", "--coefficients", cubic.description, "--days", "7", "--percent", "50"])
    #expect(result.status == 0, "\(result.errors)")
    let day = try #require(Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if cubic.polynomial.value(at: middle) > 0.5 { low = middle } else { high = middle }
    }
    #expect(abs(day - 7 * (low + high) / 2) <= 1e-12, "\(day) vs \(7 * (low + high) / 2)")
    // eval speaks the same units: the level on that day is 50 %.
    let level = runCurveKit(["eval", "--coefficients", cubic.description, "--days", "7", "--percent", "\(day)"])
    #expect(abs((Double(level.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 50) <= 1e-12)
  }

  @Test("an added slope constraint keeps f(0) = 1 and f(1) = 0 exactly")
  func slopeConstraintKeepsEndpoints() throws {
    let result = runCurveKit([
      "fit", "--point", "0.25:0.9", "--point", "0.5:0.6", "--point", "0.75:0.3", "--constraint", "slope@0=0",
      "--json",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let object = try json(result.output)
    let coefficients = try exactNumbers(result.output, "coefficients")
    let polynomial = try Polynomial(coefficients: coefficients)
    #expect(polynomial.value(at: 0) == 1)
    // The coefficients are the exact optimum correctly rounded, so f(1) = 0 holds to the
    // rounding of their sum: within 4 ulps of their size.
    let size = coefficients.reduce(0) { $0 + abs($1) }
    #expect(abs(polynomial.value(at: 1)) <= 4 * 0x1p-53 * max(1, size))
    #expect(coefficients[2] == 0, "f′(0) = 0 exactly")
    #expect(object["correctlyRounded"] as? Bool == true)
    let constraints = try #require(object["constraints"] as? [[String: Any]])
    #expect(constraints.count == 3)
    for constraint in constraints {
      #expect(abs(try #require(constraint["residual"] as? Double)) <= 4 * 0x1p-53 * max(1, size))
    }
  }

  @Test("fit --json on a non-monotone fit exits 1 and prints one JSON object with a rising witness")
  func nonMonotoneJSON() throws {
    let result = runCurveKit([
      "fit", "--point", "0.3:0.5", "--point", "0.5:0.55", "--point", "0.7:0.6", "--point", "0.9:0.3", "--json",
    ])
    #expect(result.status == 1)
    #expect(isOneLineError(result.errors), "\(result.errors)")
    let object = try json(result.output)
    let monotonicity = try #require(object["monotonicity"] as? [String: Any])
    #expect(monotonicity["verdict"] as? String == "notMonotone")
    let witness = try #require(monotonicity["witness"] as? [String: Any])
    let t = try #require(witness["t"] as? Double)
    let slope = try #require(witness["slope"] as? Double)
    #expect(slope > 0)
    let coefficients = try exactNumbers(result.output, "coefficients")
    #expect(try Polynomial(coefficients: coefficients).exactSlope(at: t) > 0, "f′ > 0 exactly at the witness")
  }

  @Test("milestones: the report lists each with its margin; enforce meets them; impossible ones exit 1")
  func milestoneReport() throws {
    let (path, cleanup) = try spec(
      #"""
      {"name": "Week", "timeUnit": "days", "durationDays": 7, "levelUnit": "percent",
       "points": [[2, 82], [4, 50], [6, 15]], "monotonic": "enforce",
       "milestones": [{"until": 2, "atLeast": 85}, {"from": 6, "atMost": 20}]}
      """#)
    defer { cleanup() }
    let result = runCurveKit(["fit", path, "--no-preview"])
    #expect(result.status == 0, "\(result.errors)")
    // "≥ 85 % until day 2: holds, 85.0 % at day 2 (active)", "≤ 20 % from day 6: holds".
    Snapshot.assertMatches(result.output, named: "fit-week-milestones.txt")
    let impossible = runCurveKit([
      "fit", "--days", "7", "--percent", "--point", "1:95", "--point", "3.5:50", "--point", "6:10", "--at-least",
      "2.1:80",
      "--at-most", "4.9:25",
      "--monotonic", "enforce",
    ])
    #expect(impossible.status == 1, "\(impossible.errors)")
    #expect(isOneLineError(impossible.errors) && impossible.errors.contains("no monotone degree-3 curve"))
  }

  @Test(
    "bad designer input exits 2 with one line naming the field",
    arguments: [
      (#"{"name": "w", "points": [[0.5, 80]]}"#, "it looks like a percentage: add \"levelUnit\": \"percent\""),
      (#"{"name": "w", "levelUnit": "percent", "points": [[0.5, 180]]}"#, "point 1: level 180 % is far outside"),
      (#"{"name": "w", "timeUnit": "days", "points": [[2, 0.5]]}"#, "\"days\" needs \"durationDays\""),
      (#"{"name": "w", "timeUnit": "days", "durationDays": 7, "points": [[8, 0.5]]}"#, "point 1: day 8 is outside"),
      (
        #"{"name": "w", "timeUnit": "days", "durationDays": 7, "levelUnit": "percent", "points": [[3, 60]], "milestones": [{"until": 3, "atLeast": 80}, {"from": 2, "atMost": 50}]}"#,
        "milestone 1 (≥ 80 % until day 3) and milestone 2 (≤ 50 % from day 2) contradict"
      ),
      (#"{"name": "w", "points": [[0.5, 0.5]], "constraints": [{"t": 1, "value": 0.1}]}"#, "\"endpoints\": false"),
      (
        #"{"name": "w", "points": [[0.5, 0.5]], "monotonic": "ignore", "milestones": [{"until": 0.2, "atLeast": 0.9}]}"#,
        "milestones: they need"
      ),
      (#"{"name": "w", "points": [[0.5, 0.5]], "milestones": [{"until": 0.2}]}"#, "expected {\"until\": T"),
    ])
  func badInput(text: String, fragment: String) throws {
    let (path, cleanup) = try spec(text)
    defer { cleanup() }
    let result = runCurveKit(["fit", path])
    #expect(result.status == 2, "\(result.output)")
    #expect(isOneLineError(result.errors) && result.errors.contains(fragment), "\(result.errors)")
  }
}
