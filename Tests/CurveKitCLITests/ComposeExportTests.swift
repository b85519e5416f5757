import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// Issue 33, item 2: `curvekit export --format compose`, the Compose one-liner rounded like the
/// CSS (`--precision`'s rounding and deviation), to the fewest decimals within 0.1
/// percentage points unless `--precision` says otherwise.
@Suite("export --format compose")
struct ComposeExportTests {
  static let examples = Fixtures.repositoryRoot + "/examples/curves/"

  @Test("the snapshot: weekly-habit as a Compose CubicBezierEasing, with its deviation in a comment")
  func snapshot() {
    let result = runCurveKit(["export", Self.examples + "weekly-habit.curve.json", "--format", "compose"])
    #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
    #expect(
      result.output == """
        // Weekly Habit: progress = 1 − level, as a Compose CubicBezierEasing.
        // rounded to 3 decimals: max deviation of the rounded easing from the curve: 0.00013591331496509707 \
        (level units) at t = 0.27737473991514194 (day 1.9416231794059935); the largest over 4097 Bézier \
        parameters, each maximum refined by golden-section search.
        // import androidx.compose.animation.core.CubicBezierEasing
        val weeklyHabitEasing = CubicBezierEasing(0.333f, 0.026f, 0.667f, 0.792f)

        """)
  }

  /// The rounded easing and its deviation as `export --format json --precision N` states them.
  func rounded(_ spec: String, precision: Int) throws -> (values: [Double], deviation: Double) {
    let result = runCurveKit(["export", spec, "--format", "json", "--precision", "\(precision)"])
    #expect(result.status == 0, "\(result.errors)")
    let object = try JSONParser.parse(result.output).value["rounded"]
    let values = ["x1", "y1", "x2", "y2"].compactMap { key -> Double? in
      if case .number(let value)? = object?[key] { return value }
      return nil
    }
    guard case .number(let deviation)? = object?["maxDeviation"] else {
      throw SpecError("no rounded.maxDeviation in \(result.output.prefix(200))", source: "output")
    }
    return (values, deviation)
  }

  /// The four Float literals of the one-liner, as doubles, and the decimals the comment names.
  func compose(_ arguments: [String]) throws -> (values: [Double], precision: Int) {
    let result = runCurveKit(["export"] + arguments + ["--format", "compose"])
    #expect(result.status == 0, "\(result.errors)")
    let line = try #require(result.outputLines.last { $0.hasPrefix("val ") })
    let inside = try #require(line.split(separator: "(").last?.dropLast())
    let values = inside.split(separator: ", ").compactMap { Double($0.dropLast()) }
    #expect(inside.split(separator: ", ").allSatisfy { $0.hasSuffix("f") })
    let comment = try #require(result.outputLines.first { $0.hasPrefix("// rounded to ") })
    let precision = try #require(Int(comment.dropFirst("// rounded to ".count).prefix { $0.isNumber }))
    return (values, precision)
  }

  @Test(
    "the fewest decimals within 0.1 percentage points, the same values the CSS rounds to",
    arguments: ["depletion", "linear", "steep-end", "steep-start", "water-day", "weekly-habit"])
  func fewestDecimals(_ name: String) throws {
    let spec = Self.examples + name + ".curve.json"
    let (values, precision) = try compose([spec])
    let css = try rounded(spec, precision: precision)
    #expect(values == css.values, "\(name): compose \(values), CSS \(css.values)")
    #expect(css.deviation <= 0.001, "\(name): \(css.deviation) at \(precision) decimals")
    if precision > 1 {
      let fewer = try rounded(spec, precision: precision - 1)
      #expect(fewer.deviation > 0.001, "\(name): \(precision - 1) decimals were enough (\(fewer.deviation))")
    }
  }

  @Test("--precision N chooses the decimals, as it does for the CSS")
  func explicitPrecision() throws {
    let spec = Self.examples + "weekly-habit.curve.json"
    let (values, precision) = try compose([spec, "--precision", "5"])
    #expect(precision == 5)
    #expect(values == (try rounded(spec, precision: 5)).values)
  }

  /// The `CubicBezierEasing(…)` expression on the line of `text` that declares an easing.
  func composeExpression(in text: String) throws -> String {
    let line = try #require(
      text.split(separator: "\n").first { $0.contains("Easing = ") && $0.contains("CubicBezierEasing(") })
    let start = try #require(line.range(of: "CubicBezierEasing("))
    return String(line[start.lowerBound...])
  }

  /// Issue 29, item 7: the generated Kotlin's `--compose` easing is the one-liner `export
  /// --format compose` prints, to the byte, because both call CurveEasing's one function.
  /// The curves need 3 to 5 decimals (the rounding is what is compared), and one is rescaled
  /// under the endpoint override.
  @Test("generate --language kotlin --compose carries export --format compose's expression, byte for byte")
  func generatedKotlinAgrees() throws {
    let sources: [[String]] =
      ["depletion", "linear", "steep-end", "steep-start", "water-day", "weekly-habit"].map {
        [Self.examples + $0 + ".curve.json"]
      } + [["--coefficients", "-0.5,0,-0.3,0.9", "--allow-non-depletion"]]
    var precisions: Set<Int> = []
    for source in sources {
      let export = runCurveKit(["export"] + source + ["--format", "compose"])
      #expect(export.status == 0, "\(source): \(export.errors)")
      let generated = runCurveKit(
        ["generate"] + source + ["--language", "kotlin", "--compose", "--type-name", "Curve"])
      #expect(generated.status == 0, "\(source): \(generated.errors)")
      let expected = try composeExpression(in: export.output)
      #expect(try composeExpression(in: generated.output) == expected, "\(source)")
      let decimals = try #require(export.outputLines.first { $0.hasPrefix("// rounded to ") })
      precisions.insert(try #require(Int(decimals.dropFirst("// rounded to ".count).prefix { $0.isNumber })))
    }
    #expect(precisions.count > 1, "the curves exercise more than one rounding: \(precisions)")
  }

  @Test("a curve no cubic-bezier can express is refused (exit 2), as for the CSS")
  func refused() {
    let result = runCurveKit(["export", "--coefficients", "1,0,0,0,-1,1", "--format", "compose"])
    #expect(result.status == 2 && isOneLineError(result.errors) && result.output.isEmpty, "\(result.errors)")
  }
}
