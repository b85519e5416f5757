import CurveCore
import CurveEasing
import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

@Suite("curvekit export and fit --from-css")
struct ExportCommandTests {
  static let example = Fixtures.repositoryRoot + "/examples/curves/"

  @Test("css, swiftui and json from --coefficients")
  func formats() throws {
    let coefficients = ["--coefficients", "0.5,0,-1.5,1", "--name", "Steep Start"]
    let css = runCurveKit(["export"] + coefficients)
    #expect(css.status == 0 && css.errors.isEmpty)
    Snapshot.assertMatches(css.output, named: "export-steep-start.css")
    let swiftUI = runCurveKit(["export", "--format", "swiftui", "--duration", "0.6"] + coefficients)
    #expect(swiftUI.status == 0 && swiftUI.errors.isEmpty)
    Snapshot.assertMatches(swiftUI.output, named: "export-steep-start-swiftui.txt")
    let json = try JSONParser.parse(runCurveKit(["export", "--format", "json"] + coefficients).output).value
    #expect(json["y1"] == .number(0.5) && json["y2"] == .number(1) && json["polynomialInTime"] == .bool(true))
    #expect(json["levelBernstein"] == .array([.number(1), .number(0.5), .number(0), .number(0)]))
  }

  @Test("a spec is fitted, then exported; a y outside [0, 1] adds notes")
  func fromSpec() throws {
    let result = runCurveKit(["export", Self.example + "depletion.curve.json"])
    #expect(result.status == 0 && result.errors.isEmpty)
    Snapshot.assertMatches(result.output, named: "export-depletion.css")
    // f = t³ + 2t² − 4t + 1 dips below 0 and climbs back (f′(1) = 3): refused, as generate
    // refuses it; with the override, a warning for the rise and notes for y1 and y2.
    let refused = runCurveKit(["export", "--coefficients", "1,2,-4,1"])
    #expect(refused.status == 1 && refused.output.isEmpty && refused.errors.contains("the easing would move backwards"))
    let overshoot = runCurveKit(["export", "--coefficients", "1,2,-4,1", "--allow-non-monotone"])
    #expect(overshoot.status == 0)
    Snapshot.assertMatches(overshoot.output, named: "export-overshoot.css")
    let notes = overshoot.errors.split(separator: "\n")
    #expect(
      notes.count == 3 && notes[0].hasPrefix("warning: --coefficients: the curve rises")
        && notes[1].hasPrefix("note: y1")
        && notes[2].hasPrefix("note: y2"), "\(notes)")
  }

  @Test("a curve that does not go from 1 to 0 is refused (exit 1, naming f(0)) unless --allow-non-depletion")
  func nonDepletion() {
    let refused = runCurveKit(["export", "--coefficients", "0.5,0,-1.5,1.001"])
    #expect(refused.status == 1 && refused.output.isEmpty)
    #expect(isOneLineError(refused.errors) && refused.errors.contains("f(0) = 1.001, not 1"), "\(refused.errors)")
    let allowed = runCurveKit(["export", "--coefficients", "0.5,0,-1.5,1.001", "--allow-non-depletion"])
    #expect(allowed.status == 0, "\(allowed.errors)")
    #expect(allowed.errors.contains("note: --coefficients: exported the curve rescaled to go from 1 to 0"))
    let generated = runCurveKit(["generate", "--coefficients", "-0.13,-0.09,-0.775,1", "--type-name", "Off"])
    #expect(generated.status == 1 && generated.errors.contains("f(1) = 0.004999999999999977, not 0"))
  }

  @Test("--precision adds the rounded easing and its largest deviation, in every format")
  func precision() throws {
    let spec = Self.example + "depletion.curve.json"
    let exact = runCurveKit(["export", spec]).output
    let css = runCurveKit(["export", spec, "--precision", "3"])
    #expect(css.status == 0 && css.errors.isEmpty, "\(css.errors)")
    let exactLine = try #require(exact.split(separator: "\n").first { $0.contains("--depletion-easing:") })
    #expect(css.output.contains(exactLine + "\n"), "the exact values stay")
    Snapshot.assertMatches(css.output, named: "export-depletion-precision-3.css")

    let json = try JSONParser.parse(runCurveKit(["export", spec, "--precision", "3", "--format", "json"]).output).value
    let rounded = try #require(json["rounded"])
    #expect(rounded["css"] == .string("cubic-bezier(0.333, 0.258, 0.667, 0.548)"))
    #expect(rounded["x1"] == .number(0.333) && rounded["y2"] == .number(0.548) && rounded["precision"] == .number(3))
    guard case .number(let deviation)? = rounded["maxDeviation"], case .number(let t)? = rounded["at"]?["t"],
      case .number(let day)? = rounded["at"]?["day"]
    else {
      Issue.record("no deviation in \(rounded)")
      return
    }
    #expect(day == t * 7)
    // The deviation is real: the rounded easing, sampled the way a browser does (solve x(s) = t),
    // misses the curve by that much at t, and by no more on a grid of 2001 times.
    let pasted = try CubicBezierEasing(x1: 0.333, y1: 0.258, x2: 0.667, y2: 0.548)
    let f = try Polynomial(coefficients: try #require(Self.coefficients(of: spec)))
    #expect(abs(abs(pasted.level(atTime: t) - f.value(at: t)) - deviation) <= 1e-12)
    for k in 0...2000 {
      let time = Double(k) / 2000
      #expect(abs(pasted.level(atTime: time) - f.value(at: time)) <= deviation + 1e-12, "t = \(time)")
    }
    #expect(deviation > 1e-6 && deviation < 5e-4, "3 decimals: a real but small error, \(deviation)")

    let swiftUI = runCurveKit(["export", spec, "--precision", "2", "--format", "swiftui"])
    Snapshot.assertMatches(swiftUI.output, named: "export-depletion-precision-2-swiftui.txt")
    #expect(!exact.contains("rounded"), "no rounded form unless asked")
  }

  /// The fitted coefficients of a spec, from `fit --json`.
  static func coefficients(of spec: String) -> [Double]? {
    guard let json = try? JSONParser.parse(runCurveKit(["fit", spec, "--json"]).output).value,
      case .array(let items)? = json["coefficients"]
    else { return nil }
    return items.compactMap { item -> Double? in
      if case .number(let n) = item { return n } else { return nil }
    }
  }

  @Test(
    "export errors exit 2 with one line",
    arguments: [
      ["export"],
      ["export", "--coefficients", "1,0,0,0,-2,1"],
      ["export", "--coefficients", "1,x,3"],
      ["export", "--coefficients", "0,0,-1,1", "--format", "figma"],
      ["export", "--coefficients", "0,0,-1,1", "--duration", "0"],
      ["export", "EXAMPLE", "--coefficients", "0,0,-1,1"],
      ["export", "--coefficients", "0,0,-1,1", "--precision", "0"],
      ["export", "--coefficients", "0,0,-1,1", "--precision", "13"],
      ["export", "--coefficients", "0,0,-1,1", "--precision", "2.5"],
    ])
  func exportErrors(arguments: [String]) {
    let result = runCurveKit(arguments.map { $0 == "EXAMPLE" ? Self.example + "linear.curve.json" : $0 })
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
  }

  /// export → CSS text → fit --from-css recovers the article's cubic.
  @Test("export then fit --from-css round-trips the article's curve")
  func roundTrip() throws {
    let cubic = ArticleCurve.current.cubic
    let exported = try JSONParser.parse(
      runCurveKit(["export", "--coefficients", cubic.description, "--format", "json"]).output
    ).value
    guard case .string(let css)? = exported["css"] else {
      Issue.record("no css in \(exported)")
      return
    }
    let fitted = runCurveKit(["fit", "--from-css", css, "--json"])
    #expect(fitted.status == 0, "\(fitted.errors)")
    let json = try JSONParser.parse(fitted.output).value
    guard case .array(let items)? = json["coefficients"], case .number(let deviation)? = json["easing"]?["maxDeviation"]
    else {
      Issue.record("unexpected output \(fitted.output)")
      return
    }
    let coefficients = items.compactMap { item -> Double? in
      if case .number(let n) = item { return n } else { return nil }
    }
    for (got, want) in zip(coefficients, cubic.coefficients) {
      #expect(abs(got - want) <= 1e-14, "\(coefficients)")
    }
    // Easing side exact to 1e-15, plus the fitted cubic's Horner error ≤ 8u·Σ|cᵢ| (Σ|cᵢ| ≈ 2).
    #expect(deviation <= 1e-15 + 8 * 0x1p-53 * 2.01)
  }

  @Test("fit --from-css reports the deviation of a general easing")
  func generalEasing() {
    let result = runCurveKit(["fit", "--from-css", "ease-in-out"])
    #expect(result.status == 0)
    // 1 − ease-in-out is flat at both ends; its unconstrained least-squares cubic overshoots at
    // the start, so the import enforces monotonicity: the optimum is flat at both ends
    // ("monotonic  enforce", "active     f′(0) = 0, f′(1) = 0" in the report).
    Snapshot.assertMatches(result.output, named: "fit-from-css-ease-in-out.txt")
    let required = runCurveKit(["fit", "--from-css", "ease-in-out", "--monotonic", "require"])
    #expect(required.status == 1)
    #expect(isOneLineError(required.errors), "\(required.errors)")
  }

  @Test(
    "CSS parse errors exit 2 with one line",
    arguments: [
      "steps(4, end)", "cubic-bezier(0.1, 0.2, 0.3)", "cubic-bezier(1.5, 0, 1, 1)", "bounce", "cubic-bezier(0,a,1,1)",
    ])
  func cssErrors(text: String) {
    let result = runCurveKit(["fit", "--from-css", text])
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("--from-css is one point source among the others")
  func oneSource() {
    let result = runCurveKit(["fit", Self.example + "linear.curve.json", "--from-css", "ease"])
    #expect(result.status == 2 && result.errors.contains("one source only"))
  }

  @Test("--format css-linear states its certified bound and stop count; --max-error sets the bound")
  func cssLinear() throws {
    let result = runCurveKit(["export", Self.example + "weekly-habit.curve.json", "--format", "css-linear"])
    #expect(result.status == 0, "\(result.errors)")
    Snapshot.assertMatches(result.output, named: "export-weekly-habit-css-linear.css")
    let loose = runCurveKit([
      "export", Self.example + "weekly-habit.curve.json", "--format", "css-linear", "--max-error", "1",
    ])
    #expect(loose.status == 0)
    func stops(_ text: String) -> Int { text.components(separatedBy: "%").count + 1 }
    #expect(stops(loose.output) < stops(result.output), "a looser bound needs fewer stops")
    let wrong = runCurveKit(["export", Self.example + "weekly-habit.curve.json", "--max-error", "1"])
    #expect(wrong.status == 2 && isOneLineError(wrong.errors))
  }

  @Test("--format tokens writes DTCG 2025.10: a cubicBezier token and a duration token in ms")
  func designTokens() throws {
    let result = runCurveKit(["export", Self.example + "weekly-habit.curve.json", "--format", "tokens"])
    #expect(result.status == 0, "\(result.errors)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let group = try #require(root["weekly-habit"] as? [String: Any])
    let easing = try #require(group["easing"] as? [String: Any])
    #expect(easing["$type"] as? String == "cubicBezier")
    let value = try #require(easing["$value"] as? [Double])
    #expect(value.count == 4 && (0...1).contains(value[0]) && (0...1).contains(value[2]))
    let duration = try #require(group["duration"] as? [String: Any])
    #expect(duration["$type"] as? String == "duration")
    let amount = try #require(duration["$value"] as? [String: Any])
    #expect(amount["unit"] as? String == "ms" && amount["value"] as? Double == 7 * 86_400_000)
    let extensions = try #require(easing["$extensions"] as? [String: Any])
    #expect((extensions["dev.curvekit"] as? [String: Any])?["name"] as? String == "Weekly Habit")
    // Every token has $value; no member of a token outside the format's reserved names.
    for token in [easing, duration] {
      #expect(token.keys.allSatisfy { $0.hasPrefix("$") })
    }
  }

  @Test("an imported easing with other x-handles than 1/3 and 2/3 says how far the cubic in t is from it")
  func importDeviation() throws {
    let result = runCurveKit(["export", "--from-css", "cubic-bezier(0.42, 0, 0.58, 1)"])
    #expect(result.status == 0, "\(result.errors)")
    let note = try #require(result.errors.split(separator: "\n").first { $0.contains("the cubic in t is within") })
    #expect(note.hasPrefix("note: ") && note.contains("percentage points of cubic-bezier(0.42, 0.0, 0.58, 1.0)"))
    // The figure is the largest distance, in percentage points: between 0.5 and 5 for this easing.
    let number = note.split(separator: " ").firstIndex(of: "within").map { note.split(separator: " ")[$0 + 1] }
    let points = try #require(number.flatMap { Double($0) })
    #expect(points > 0.5 && points < 5, "\(note)")
    let fit = runCurveKit(["fit", "--from-css", "cubic-bezier(0.42, 0, 0.58, 1)", "--json"])
    Snapshot.assertMatches(fit.output, named: "fit-from-css-ease-in-out.json")
    // A polynomial easing (x-handles 1/3, 2/3) is exact: no note.
    let exact = runCurveKit(["export", "--from-css", "cubic-bezier(0.3333333333333333, 0, 0.6666666666666666, 1)"])
    #expect(!exact.errors.contains("the cubic in t is within"), "\(exact.errors)")
  }

  @Test("--format keyframes splits a too-steep start into pieces whose handles are in [0, 1]")
  func keyframes() throws {
    let result = runCurveKit(["export", "--coefficients", "-3,6,-4,1", "--format", "keyframes", "--allow-non-monotone"])
    #expect(result.status == 0, "\(result.errors)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let frames = try #require(object["keyframes"] as? [[String: Any]])
    #expect(frames.count == 3 && frames.first?["time"] as? Double == 0 && frames.last?["time"] as? Double == 1)
    for frame in frames.dropLast() {
      let out = try #require(frame["out"] as? [Double])
      let into = try #require(frame["in"] as? [Double])
      #expect(out[0] == 1.0 / 3 && into[0] == 2.0 / 3)
      #expect((0...1).contains(out[1]) && (0...1).contains(into[1]), "\(frame)")
    }
    let quintic = runCurveKit(["export", "--coefficients", "1,0,0,0,-2,1", "--format", "keyframes"])
    #expect(quintic.status == 2 && isOneLineError(quintic.errors), "\(quintic.errors)")
  }

  @Test("--bezier fit exports a degree-5 curve as a free cubic-bezier with its certified distance")
  func bezierFit() throws {
    let spec = Fixtures.path("specs/s-curve.curve.json")
    let css = runCurveKit(["export", spec, "--bezier", "fit"])
    #expect(css.status == 0, "\(css.errors)")
    Snapshot.assertMatches(css.output, named: "export-s-curve-bezier-fit.css")
    let json = runCurveKit(["export", spec, "--bezier", "fit", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let distance = try #require(object["certifiedDistance"] as? Double)
    #expect(distance > 0 && distance < 1, "percentage points: \(distance)")
    #expect(runCurveKit(["export", spec]).status == 2, "the exact form does not exist for degree 5")
    for bad in [["--bezier", "fit", "--format", "swiftui"], ["--bezier", "best"]] {
      let result = runCurveKit(["export", spec] + bad)
      #expect(result.status == 2 && isOneLineError(result.errors), "\(bad): \(result.errors)")
    }
  }
}
