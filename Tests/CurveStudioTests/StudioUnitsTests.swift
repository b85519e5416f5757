import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// The studio in the designer's unit: a spec in hours loads, fits and is labelled in hours
/// (the server computes the labels and ticks), and POST /api/convert rescales to a new unit
/// or a new duration with every point kept where it is on the plot.
@Suite("Studio time units")
struct StudioUnitsTests {
  static let waterDay = Fixtures.repositoryRoot + "/examples/curves/water-day.curve.json"

  @Test("a spec in hours fits, with ticks every 2 hours from 0 to 10 and the hours in its units")
  func hoursFit() throws {
    let text = try String(contentsOfFile: Self.waterDay, encoding: .utf8)
    let fixture = try StudioFixture([("water-day.curve.json", text)])
    let response = try #require(fixture.request("POST", "/api/fit?spec=0", body: StudioFixture.body(text)))
    #expect(response.status == 200, "\(response.text)")
    let plot = try #require(StudioFixture.object(response)["plot"] as? [String: Any])
    let ticks = try #require(plot["timeTicks"] as? [[String: Any]])
    #expect(ticks.compactMap { $0["label"] as? String } == ["0", "2", "4", "6", "8", "10"])
    #expect(ticks.compactMap { $0["t"] as? Double } == [0, 0.2, 0.4, 0.6, 0.8, 1])
    let units = try #require(plot["units"] as? [String: Any])
    let display = try #require(units["display"] as? [String: Any])
    #expect(display["timeUnit"] as? String == "hours" && display["duration"] as? Double == 10)
    #expect((units["spec"] as? [String: Any])?["timeScale"] as? Double == 10)
    let summary = try #require(StudioFixture.object(response)["summary"] as? String)
    #expect(summary.contains("over 10 hours") && summary.contains("at hour "), "\(summary)")
  }

  @Test("POST /api/convert: hours to minutes keeps the period; a new duration rescales the points")
  func convert() throws {
    let text = try String(contentsOfFile: Self.waterDay, encoding: .utf8)
    let fixture = try StudioFixture([("water-day.curve.json", text)])
    let spec = try CurveSpec.parse(text, sourceName: "water-day.curve.json")
    func converted(_ extra: String) throws -> CurveSpec {
      let body = "{\"spec\": \(text), \(extra)}"
      let response = try #require(fixture.request("POST", "/api/convert?spec=0", body: body))
      #expect(response.status == 200, "\(response.text)")
      let answer = try JSONParser.parse(response.text).value
      let specText = JSONWriter.string(try #require(answer["spec"]))
      return try CurveSpec.parse(specText, sourceName: "converted")
    }
    let minutes = try converted(#""timeUnit": "minutes", "levelUnit": "percent""#)
    #expect(minutes.timeUnit == .minutes && minutes.duration == 600)
    #expect(minutes.points.map(\.t) == spec.points.map { $0.t * 60 })
    let longer = try converted(#""timeUnit": "hours", "levelUnit": "percent", "duration": 12"#)
    #expect(longer.duration == 12)
    for (a, b) in zip(longer.normalizedPoints, spec.normalizedPoints) { #expect(abs(a.t - b.t) <= 1e-14) }
    let refused = fixture.request(
      "POST", "/api/convert?spec=0",
      body: "{\"spec\": \(text), \"timeUnit\": \"hours\", \"levelUnit\": \"percent\", "
        + "\"duration\": -1}")
    #expect(refused?.status == 422)
  }
}
