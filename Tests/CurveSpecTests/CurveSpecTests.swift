import CurveCore
import CurveKitTestSupport
import CurveSpec
import Testing

@Suite("Curve spec decoding")
struct CurveSpecTests {
  @Test("a full spec decodes every field")
  func decodesFullSpec() throws {
    let spec = try CurveSpec.parse(
      """
      {"name": "Steep start", "points": [[0.25, 0.6], [0.5, 0.3], [0.5, 0.3]], "weights": [1, 2, 2],
       "degree": 4, "constraints": [{"t": 0, "value": 1}, {"t": 1, "slope": 0}], "monotonic": "enforce",
       "minSlope": 0.05, "durationDays": 7, "description": "notes",
       "codegen": {"typeName": "SteepStart", "access": "package", "inverse": "table", "withSchedule": true}}
      """, sourceName: "s.curve.json")
    #expect(spec.name == "Steep start")
    #expect(spec.points == [DataPoint(t: 0.25, y: 0.6), DataPoint(t: 0.5, y: 0.3), DataPoint(t: 0.5, y: 0.3)])
    #expect(spec.weights == [1, 2, 2])
    #expect(spec.degree == 4)
    #expect(spec.constraints == [.value(at: 0, equals: 1), .slope(at: 1, equals: 0)])
    #expect(spec.endpoints)
    // The designer's constraints add to the endpoints; the repeated f(0) = 1 counts once.
    #expect(spec.normalizedConstraints == FitConstraint.depletionEndpoints + [.slope(at: 1, equals: 0)])
    #expect(spec.monotonic == .enforce)
    #expect(spec.minSlope == 0.05)
    #expect(spec.durationDays == 7)
    #expect(spec.details == "notes")
    #expect(
      spec.codegen == CodegenOptions(typeName: "SteepStart", access: .package, inverse: .table, withSchedule: true))
  }

  @Test("absent fields take the documented defaults")
  func defaults() throws {
    let spec = try CurveSpec.parse(#"{"name": "d", "points": [[0.5, 0.5]]}"#, sourceName: "d.json")
    #expect(spec.degree == 3)
    #expect(spec.constraints.isEmpty && spec.milestones.isEmpty)
    #expect(spec.endpoints && spec.normalizedConstraints == FitConstraint.depletionEndpoints)
    #expect(spec.timeUnit == .normalized && spec.levelUnit == .fraction && spec.units == .normalized)
    #expect(spec.monotonic == .require)
    #expect(spec.weights == nil && spec.minSlope == nil && spec.codegen == CodegenOptions())
    let general = try CurveSpec.parse(#"{"name": "g", "points": [[5, 1]], "endpoints": false}"#, sourceName: "g.json")
    #expect(general.normalizedConstraints.isEmpty)
  }

  @Test(
    "invalid specs name the field and its line and column",
    arguments: [
      (#"{"name": "x", "points": [[0.5, 0.5]], "degre": 3}"#, "unknown field \"degre\"", "1:39"),
      (#"{"points": [[0.5, 0.5]]}"#, "missing required field \"name\"", "1:1"),
      (#"{"name": "x", "points": []}"#, "points: empty", "1:25"),
      (#"{"name": "x", "points": [[0.5, "nan"]]}"#, "points[0][1]: \"nan\" is not allowed", "1:32"),
      (#"{"name": "x", "points": [[1.5, 0.5]]}"#, "t = 1.5 is outside [0, 1]", "1:27"),
      (#"{"name": "x", "points": [[0.5, 0.5], [0.5, 0.4]]}"#, "t = 0.5 repeats points[0]", "1:38"),
      (#"{"name": "x", "points": [[0.5]]}"#, "expected [t, level]", "1:26"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "weights": [0]}"#, "weights[0]: 0.0 is not positive", "1:51"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "weights": [1, 2]}"#, "2 weights for 1 points", "1:50"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "degree": 2.5}"#, "degree: 2.5 is not an integer", "1:49"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "degree": 11}"#, "from 1 to 10", "1:49"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "monotonic": "always"}"#, "unknown value \"always\"", "1:52"),
      (#"{"name": "x", "points": [[0.5, 0.5]], "constraints": [{"t": 0}]}"#, "missing \"value\" or \"slope\"", "1:55"),
      (
        #"{"name": "x", "points": [[0.5, 0.5]], "codegen": {"typeName": "class"}}"#, "'class' is a Swift keyword",
        "1:63"
      ),
      (
        #"{"name": "x", "points": [[0.5, 0.5]], "codegen": {"typeName": "9Lives"}}"#, "must start with a letter", "1:63"
      ),
      (#"{"name": 3, "points": [[0.5, 0.5]]}"#, "name: expected a string, found a number", "1:10"),
      (#"[1, 2]"#, "expected an object, found an array", "1:1"),
      ("{\n  \"name\": \"x\",\n  \"points\": [[0.5, 0.5]\n}", "malformed JSON", "4:1"),
    ])
  func rejectsInvalidSpecs(text: String, fragment: String, location: String) {
    do {
      _ = try CurveSpec.parse(text, sourceName: "bad.curve.json")
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.message.contains(fragment), "\(error)")
      #expect(error.location?.description == location, "\(error)")
      #expect(error.description.hasSuffix("(bad.curve.json:\(location))"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("type names derive from curve names")
  func typeNames() {
    #expect(SwiftIdentifier.typeName(fromCurveName: "steep start") == "SteepStart")
    #expect(SwiftIdentifier.typeName(fromCurveName: "depletion-curve v2") == "DepletionCurveV2")
    #expect(SwiftIdentifier.typeName(fromCurveName: "7 days") == "Curve7Days")
    #expect(SwiftIdentifier.typeName(fromCurveName: "--") == nil)
    #expect(SwiftIdentifier.problem(withTypeName: "Depletion_2") == nil)
    #expect(SwiftIdentifier.problem(withTypeName: "a-b") != nil)
  }

  @Test("the example specs all load", arguments: ["depletion", "linear", "steep-end", "steep-start"])
  func exampleSpecsLoad(name: String) throws {
    let spec = try CurveSpec.load(path: Fixtures.repositoryRoot + "/examples/curves/\(name).curve.json")
    #expect(spec.sourceName == "\(name).curve.json")
    #expect(spec.points.count == 7)
  }

  @Test("loading reports missing files and directories")
  func loadErrors() {
    #expect(throws: SpecError.self) { try CurveSpec.load(path: "/nonexistent/x.curve.json") }
    do {
      _ = try CurveSpec.load(path: Fixtures.repositoryRoot)
    } catch {
      #expect(error.message.contains("is a directory"))
    }
  }
}
