import CurveKitTestSupport
import CurveStudio
import Foundation
import Testing

/// `POST /api/shape`: a pasted easing or a library entry becomes the spec's points in its own units,
/// keeping what the designer set, with a certified distance the page only shows.
@Suite("Studio shapes: pasted easings and the library")
struct StudioShapeTests {
  /// A cubic Bézier easing's progress at time t, by bisection on x(s) = t (an independent reference).
  static func easing(_ c: [Double], at t: Double) -> Double {
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      let r = 1 - s
      return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<80 {
      let mid = (low + high) / 2
      if bezier(mid, c[0], c[2]) < t { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, c[1], c[3])
  }

  /// max over 4 097 times of |easing − (1 − f)|, in percentage points, f from highest power first.
  static func gridDistance(_ coefficients: [Double], _ controls: [Double]) -> Double {
    (0...4096).map { k -> Double in
      let t = Double(k) / 4096
      let level = coefficients.reduce(0) { $0 * t + $1 }
      return abs(easing(controls, at: t) - (1 - level)) * 100
    }.max() ?? .infinity
  }

  static func shape(_ fixture: StudioFixture, spec: String, _ member: String) -> (Int, [String: Any]) {
    let response = fixture.request("POST", "/api/shape?spec=0", body: "{\"spec\": \(spec), \(member)}")
    return (response?.status ?? 0, StudioFixture.object(response))
  }

  static func json(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
  }

  @Test(
    "a pasted ease-in-out: the distance is a certified bound on the fitted curve, and the advised degree meets 0.5 pp")
  func pastedEasingIsCertified() throws {
    let fixture = try StudioFixture()
    let controls = [0.42, 0, 0.58, 1.0]
    let (status, answer) = Self.shape(fixture, spec: StudioFixture.depletion, "\"easing\": \" ease-in-out \"")
    #expect(status == 200)
    #expect(answer["pasted"] as? String == " ease-in-out ")
    #expect(answer["easing"] as? String == "cubic-bezier(0.42, 0.0, 0.58, 1.0)")
    let spec = try #require(answer["spec"] as? [String: Any])
    #expect((spec["points"] as? [[Double]])?.count == 9)
    let distance = try #require(answer["distance"] as? Double)
    // The curve the page will fit from this spec.
    let fit = StudioFixture.object(
      fixture.request("POST", "/api/fit?spec=0", body: "{\"spec\": \(try Self.json(spec))}"))
    let coefficients = try #require(fit["coefficients"] as? [Double])
    let measured = Self.gridDistance(coefficients, controls)
    // An upper bound (rounded up to 0.01 pp), and tight: within 2⁻⁸ relative plus the rounding.
    #expect(measured <= distance + 1e-9)
    #expect(distance <= measured * (1 + 1.0 / 256) + 0.011)
    let lowest = try #require(answer["lowestDegree"] as? Int)
    #expect(lowest > 3, "a cubic in t is not ease-in-out within 0.5 pp")
    var atLowest = spec
    atLowest["degree"] = lowest
    let refit = StudioFixture.object(
      fixture.request("POST", "/api/fit?spec=0", body: "{\"spec\": \(try Self.json(atLowest))}"))
    #expect(Self.gridDistance(try #require(refit["coefficients"] as? [Double]), controls) < 0.5)
    // One degree lower is certified at 0.5 pp or more, or the advice would have named it.
    var below = try #require(
      try JSONSerialization.jsonObject(with: Data(StudioFixture.depletion.utf8)) as? [String: Any])
    below["degree"] = lowest - 1
    let (_, lower) = Self.shape(fixture, spec: try Self.json(below), "\"easing\": \"ease-in-out\"")
    #expect((lower["distance"] as? Double ?? 0) >= 0.5)
    #expect((answer["summary"] as? String)?.contains("degree \(lowest) brings it under 0.5 pp") == true)
  }

  @Test("an easing in an hours/percent spec: points in its units, the milestone and the policy kept and said")
  func keepsTheDesignersSettings() throws {
    let text = try String(
      contentsOfFile: Fixtures.repositoryRoot + "/examples/curves/water-day.curve.json", encoding: .utf8)
    var spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    spec["monotonic"] = "enforce"
    spec["constraints"] = [["t": 5, "value": 50]]
    let fixture = try StudioFixture([("water-day.curve.json", text)])
    let (status, answer) = Self.shape(fixture, spec: try Self.json(spec), "\"easing\": \"cubic-bezier(0.42, 0, 1, 1)\"")
    #expect(status == 200, "\(answer)")
    let shaped = try #require(answer["spec"] as? [String: Any])
    #expect(shaped["timeUnit"] as? String == "hours" && shaped["levelUnit"] as? String == "percent")
    let times = (shaped["points"] as? [[Double]])?.map { $0[0] }
    #expect(times == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    #expect(((shaped["points"] as? [[Double]]) ?? []).allSatisfy { (0...100).contains($0[1]) })
    #expect(shaped["monotonic"] as? String == "enforce")
    #expect((shaped["milestones"] as? [Any])?.count == 1)
    #expect((shaped["constraints"] as? [Any])?.count == 1)
    #expect(answer["keeps"] as? [String] == ["1 exact point", "1 milestone", "enforce"])
    #expect((answer["summary"] as? String)?.contains("keeps 1 exact point, 1 milestone, enforce") == true)
  }

  @Test("the library: CSS, Material 3, Apple and the article's shapes, each applied keeping the designer's settings")
  func library() throws {
    let fixture = try StudioFixture()
    let session = StudioFixture.object(fixture.request("GET", "/api/session"))
    let presets = try #require(session["presets"] as? [[String: Any]])
    let ids = presets.compactMap { $0["id"] as? String }
    for id in [
      "current", "css-ease", "css-ease-in", "css-ease-out", "css-ease-in-out", "m3-standard",
      "m3-emphasized-decelerate", "apple-default",
    ] {
      #expect(ids.contains(id), "\(id)")
    }
    #expect(
      presets.first { $0["id"] as? String == "m3-standard" }?["easing"] as? String == "cubic-bezier(0.2, 0.0, 0.0, 1.0)"
    )
    for id in ids {
      let (status, answer) = Self.shape(fixture, spec: StudioFixture.depletion, "\"preset\": \"\(id)\"")
      #expect(status == 200, "\(id): \(answer)")
    }
    // A milestone no preset shape can meet is refused in words, never a curve at 197 %.
    var spec = try #require(
      try JSONSerialization.jsonObject(with: Data(StudioFixture.depletion.utf8)) as? [String: Any])
    spec["milestones"] = [["until": 0.9, "atLeast": 0.95]]
    let (status, answer) = Self.shape(fixture, spec: try Self.json(spec), "\"preset\": \"css-ease-in\"")
    #expect(status == 422)
    #expect((answer["error"] as? String)?.contains("while keeping 1 milestone") == true)
    #expect(Self.shape(fixture, spec: StudioFixture.depletion, "\"preset\": \"nope\"").0 == 422)
    let (stepsStatus, steps) = Self.shape(fixture, spec: StudioFixture.depletion, "\"easing\": \"steps(4)\"")
    #expect(stepsStatus == 422 && (steps["error"] as? String)?.contains("steps") == true)
    #expect(Self.shape(fixture, spec: StudioFixture.depletion, "\"nothing\": 1").0 == 400)
  }

  @Test("Check and save this text: the text as typed gets the file reader's verdict, line:column included")
  func saveText() throws {
    let fixture = try StudioFixture([("broken.curve.json", "{\"points\": [[0.5, 0.5]],")])
    let etag = try #require(fixture.request("GET", "/api/spec?spec=0")?.header("ETag"))
    let put = { (text: String) in
      fixture.request(
        "PUT", "/api/spec?spec=0", headers: [("If-Match", etag)],
        body: "{\"text\": \(try Self.json([text]).dropFirst().dropLast())}")
    }
    // Text the page's own JSON.parse would take but the reader refuses (a duplicate key).
    let duplicate = try #require(try put("{\"points\": [[0.5, 0.5]],\n \"points\": [[0.4, 0.4]]}"))
    #expect(duplicate.status == 422)
    let error = StudioFixture.object(duplicate)
    #expect((error["error"] as? String)?.contains("broken.curve.json:2:") == true, "\(error)")
    #expect(error["line"] as? Int == 2)
    #expect(fixture.contents() == "{\"points\": [[0.5, 0.5]],", "nothing written")
    let saved = try #require(try put("{\"name\": \"Fixed\", \"points\": [[0.5, 0.4]]}"))
    #expect(saved.status == 200)
    #expect(fixture.contents()?.contains("\"Fixed\"") == true)
  }

  @Test("a pasted linear(): its pieces are certified one by one; stops outside 0 %…100 % are refused in words")
  func pastedLinear() throws {
    let fixture = try StudioFixture()
    // Output 0.1 until 20 %, then a straight line to 1 at 100 % (the input left out of the middle stop is 60 %).
    let (status, answer) = Self.shape(
      fixture, spec: StudioFixture.depletion, "\"easing\": \"linear(0, 0.1 20%, 0.55, 1)\"")
    #expect(status == 200, "\(answer)")
    #expect(answer["easing"] as? String == "linear(0.0 0.0%, 0.1 20.0%, 0.55 60.0%, 1.0 100.0%)")
    let distance = try #require(answer["distance"] as? Double)
    let spec = try #require(answer["spec"] as? [String: Any])
    let fit = StudioFixture.object(
      fixture.request("POST", "/api/fit?spec=0", body: "{\"spec\": \(try Self.json(spec))}"))
    let coefficients = try #require(fit["coefficients"] as? [Double])
    func easing(_ t: Double) -> Double {
      let stops: [(Double, Double)] = [(0, 0), (0.2, 0.1), (0.6, 0.55), (1, 1)]
      for (a, b) in zip(stops, stops.dropFirst()) where t <= b.0 { return a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0) }
      return 1
    }
    let measured =
      (0...4096).map { k -> Double in
        let t = Double(k) / 4096
        return abs(easing(t) - (1 - coefficients.reduce(0) { $0 * t + $1 })) * 100
      }.max() ?? .infinity
    #expect(measured <= distance + 1e-9)
    #expect(distance <= measured * (1 + 1.0 / 256) + 0.011)
    for bad in ["linear(0.5)", "linear(0, 1 120%)", "linear(0, x, 1)", "linear(0, 0.5 50% 60% 70%, 1)"] {
      let (code, refusal) = Self.shape(fixture, spec: StudioFixture.depletion, "\"easing\": \"\(bad)\"")
      #expect(code == 422, "\(bad)")
      #expect((refusal["error"] as? String)?.hasPrefix("cannot read easing") == true, "\(bad): \(refusal)")
    }
  }
}
