import CurveCore
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// The house-style spec writer (what the studio saves) and the field path of spec errors
/// (what the studio's 422 answers name).
@Suite("Spec writer and error fields")
struct SpecWriterTests {
  static let specFiles = [
    "examples/curves/depletion.curve.json", "examples/curves/linear.curve.json",
    "examples/curves/steep-end.curve.json", "examples/curves/steep-start.curve.json",
    "examples/curves/water-day.curve.json",
    "docs/gallery/specs/designer-sketch.curve.json",
    "examples/HabitTracker/Sources/DepletionCurveModel/DepletionCurve.curve.json",
  ]

  @Test(
    "every checked-in spec is already in the house style: writing it back gives the same bytes", arguments: specFiles)
  func roundTripsByteForByte(_ relativePath: String) throws {
    let path = Fixtures.repositoryRoot + "/" + relativePath
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let spec = try CurveSpec.parse(text, sourceName: relativePath)
    #expect(spec.jsonText == text)
  }

  @Test("every field survives writing and reading back, and writing is idempotent")
  func everyField() throws {
    let general = CurveSpec(
      name: "All \"fields\"", points: [DataPoint(t: -0.5, y: 1.25), DataPoint(t: 2, y: 1e-20)], weights: [1, 2.5],
      degree: 2, endpoints: false, constraints: [.value(at: 0, equals: 1), .slope(at: 1, equals: -0.5)],
      monotonic: .ignore, minSlope: 0, durationDays: 6.5,
      codegen: CodegenOptions(
        typeName: "AllFields", access: .package, inverse: .table, withSchedule: false,
        conformances: ["DepletionModel", "HabitCurve"], packageName: "com.example.curves"),
      details: "line one\nline two")
    let designer = CurveSpec(
      name: "Weekly", points: [DataPoint(t: 2, y: 82), DataPoint(t: 4, y: 50), DataPoint(t: 6, y: 15)],
      milestones: [.atLeast(level: 80, until: 2), .atMost(level: 20, from: 6)], monotonic: .enforce,
      timeUnit: .days, levelUnit: .percent, durationDays: 7)
    for spec in [general, designer] {
      let text = spec.jsonText
      let back = try CurveSpec.parse(text, sourceName: "x")
      #expect(back.jsonText == text)
      #expect(back.name == spec.name && back.details == spec.details)
      #expect(back.points == spec.points && back.weights == spec.weights && back.degree == spec.degree)
      #expect(back.endpoints == spec.endpoints && back.constraints == spec.constraints)
      #expect(back.milestones == spec.milestones && back.timeUnit == spec.timeUnit && back.levelUnit == spec.levelUnit)
      #expect(back.monotonic == spec.monotonic && back.minSlope == spec.minSlope)
      #expect(back.durationDays == spec.durationDays && back.codegen == spec.codegen)
      #expect(text.hasSuffix("}\n"))
    }
    #expect(general.jsonText.contains("    {\"t\": 1, \"slope\": -0.5}\n"))
    #expect(general.jsonText.contains("\"codegen\": {\"typeName\": \"AllFields\", \"access\": \"package\""))
    #expect(general.jsonText.contains("\"endpoints\": false,\n"))
    #expect(designer.jsonText.contains("\"timeUnit\": \"days\",\n  \"levelUnit\": \"percent\",\n"))
    let milestones = "\"milestones\": [\n    {\"until\": 2, \"atLeast\": 80},\n    {\"from\": 6, \"atMost\": 20}\n  ]"
    #expect(designer.jsonText.contains(milestones))
  }

  @Test("defaults are left out; an empty constraint list (which adds nothing) is not written")
  func defaults() throws {
    let empty = try CurveSpec.parse("{\"name\": \"U\", \"points\": [[0.5, 0.5]], \"constraints\": []}", sourceName: "x")
    #expect(!empty.jsonText.contains("constraints"))
    let plain = CurveSpec(name: "P", points: [DataPoint(t: 0.5, y: 0.5)])
    #expect(plain.jsonText == "{\n  \"name\": \"P\",\n  \"points\": [\n    [0.5, 0.5]\n  ],\n  \"degree\": 3\n}\n")
  }

  @Test(
    "SpecError.field names the offending field",
    arguments: [
      ("{\"name\": \"x\", \"points\": [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7], [1.5, 0.5]]}", "points[3][0]"),
      ("{\"name\": \"x\", \"points\": [[0.1, \"nan\"]]}", "points[0][1]"),
      ("{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"weights\": [0]}", "weights[0]"),
      ("{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"degree\": 0}", "degree"),
      ("{\"points\": [[0.1, 0.9]]}", "name"),
      ("{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"colour\": 1}", "colour"),
      ("{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"codegen\": {\"typeName\": \"1x\"}}", "codegen.typeName"),
      (
        "{\"name\": \"x\", \"points\": [[0.1, 0.9]], \"constraints\": [{\"t\": \"a\", \"value\": 1}]}",
        "constraints[0].t"
      ),
    ])
  func fieldPaths(_ text: String, _ field: String) {
    do {
      _ = try CurveSpec.parse(text, sourceName: "x")
      Issue.record("expected an error")
    } catch {
      #expect(error.field == field, "\(error)")
    }
  }

  @Test("malformed JSON has no field")
  func noField() {
    do {
      _ = try CurveSpec.parse("{\"name\": ", sourceName: "x")
      Issue.record("expected an error")
    } catch {
      #expect(error.field == nil)
    }
  }
}
