import CurveCore
import CurveKitCLI
import CurveKitTestSupport
import CurvePipeline
import CurveSpec
import Foundation
import Testing

@testable import CurveFitting

/// Seeded fuzzing of specs and command lines (issue 6).
///
/// CI runs `CURVEKIT_FUZZ_CASES` cases (default 10 000, a few seconds); a local run covers
/// more, e.g. `CURVEKIT_FUZZ_CASES=100000 swift test --filter FuzzTests` (vary the inputs with
/// `CURVEKIT_FUZZ_SEED=n`). Properties: nothing crashes; every failure is exit 1 or 2 with
/// exactly one `error:` line and no output; every curve produced meets its equality
/// constraints, and the monotonicity it prints is the truth (CurveCore's exact verdict on the
/// printed coefficients, cross-checked by a Float80 scan of f′), and `enforce` always yields
/// a curve with f′ ≤ −minSlope.
@Suite("Fuzz: random specs and command lines")
struct FuzzTests {
  static let caseCount = ProcessInfo.processInfo.environment["CURVEKIT_FUZZ_CASES"].flatMap(Int.init) ?? 10_000
  /// `CURVEKIT_FUZZ_ONLY=specs|fit|check` runs one family (for replaying failures).
  static let only = ProcessInfo.processInfo.environment["CURVEKIT_FUZZ_ONLY"]
  static let seed = ProcessInfo.processInfo.environment["CURVEKIT_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xC0FF_EE06

  /// f and f′ in Float80 for coefficients highest power first.
  static func evaluate(_ coefficients: [Double], at t: Double) -> (value: Float80, slope: Float80, size: Float80) {
    var value: Float80 = 0
    var slope: Float80 = 0
    var size: Float80 = 0
    let x = Float80(t)
    for c in coefficients {
      slope = slope * x + value
      value = value * x + Float80(c)
      size = size * abs(x) + abs(Float80(c))
    }
    return (value, slope, size)
  }

  /// Checks a produced curve: its equality constraints and its claimed monotonicity.
  static func checkCurve(
    _ coefficients: [Double], constraints: [FitConstraint], claimsDecreasing: Bool, enforcedMinSlope: Double?,
    context: @autoclosure () -> String
  ) {
    for constraint in constraints {
      switch constraint {
      case .value(let t, let v):
        let e = evaluate(coefficients, at: t)
        #expect(
          abs(e.value - Float80(v)) <= 1e-9 * (1 + e.size + abs(Float80(v))), "\(context()): \(constraint) misses")
      case .slope(let t, let s):
        let e = evaluate(coefficients, at: t)
        let scale = Float80(coefficients.count) * (1 + e.size)
        #expect(abs(e.slope - Float80(s)) <= 1e-9 * (scale + abs(Float80(s))), "\(context()): \(constraint) misses")
      }
    }
    guard let polynomial = try? Polynomial(coefficients: coefficients) else {
      Issue.record("\(context()): printed coefficients are not a polynomial: \(coefficients)")
      return
    }
    let exact = polynomial.monotonicity()
    #expect(
      exact.isDecreasing == claimsDecreasing, "\(context()): claims decreasing \(claimsDecreasing), exact \(exact)")
    var maxSlope = -Float80.infinity
    var size: Float80 = 0
    for k in 0...64 {
      let e = evaluate(coefficients, at: Double(k) / 64)
      maxSlope = max(maxSlope, e.slope)
      size = max(size, e.size)
    }
    if claimsDecreasing { #expect(maxSlope <= 1e-12 * Float80(coefficients.count) * (1 + size), "\(context()): rises") }
    if case .notMonotone(let rising, _) = exact {
      #expect(evaluate(coefficients, at: rising.t).slope > -1e-12 * (1 + size), "\(context()): witness does not rise")
    }
    if let minSlope = enforcedMinSlope {
      #expect(claimsDecreasing || minSlope > 0 && exact.isDecreasing, "\(context()): enforce gave \(exact)")
      // Proved; above degree 3, when the exchange had no room left to move inside, over the
      // bound by a few ulps of the slope terms at most (2⁻⁴⁴ of them; the exchange tightens by up
      // to 2⁻⁴⁸). The plane construction of degree ≤ 3 always proves it.
      if case .fails(let t, let slope) = MonotoneSlopeCheck.check(polynomial, minSlope: minSlope) {
        if coefficients.count <= 4 { Issue.record("\(context()): enforce gave f′(\(t)) = \(slope) > -\(minSlope)") }
        let e = evaluate(coefficients, at: t)
        #expect(
          e.slope + Float80(minSlope) <= 0x1p-44 * (1 + e.size),
          "\(context()): enforce gave f′(\(t)) = \(e.slope) > -\(minSlope)")
      }
    }
  }

  /// Library level: parse, fit under the spec's policy, check the curve.
  static func checkSpecText(_ text: String, context: String) {
    let spec: CurveSpec
    do {
      spec = try CurveSpec.parse(text, sourceName: "fuzz.curve.json")
    } catch {
      let message = error.description
      #expect(
        !message.unicodeScalars.contains(where: EchoedText.needsEscape) && message.hasSuffix(")")
          && message.contains("(fuzz.curve.json"),
        "\(context): \(message)")
      return
    }
    let result: PolicyFitResult
    do {
      let curve = try CurveResolver.resolve(CurveRequest(.spec(spec)))
      if let violation = curve.policyViolation { throw violation }
      result = try #require(curve.fit)
    } catch {
      let message = "\(error)"
      #expect(
        !message.unicodeScalars.contains(where: EchoedText.needsEscape) && message.hasSuffix("(fuzz.curve.json)"),
        "\(context): \(message)")
      return
    }
    let minSlope = spec.normalizedMinSlope ?? 0
    // Milestones are constraints of the fit: each holds at its point.
    for milestone in spec.normalizedMilestones {
      #expect(milestone.margin(of: result.report.polynomial) >= -1e-9 * max(1, abs(milestone.level)), "\(context)")
    }
    if spec.monotonic == .require {
      #expect(minSlope > 0 ? result.verdict != .fails(t: 0, slope: 0) : result.monotonicity.isDecreasing, "\(context)")
    }
    checkCurve(
      result.report.coefficients, constraints: spec.normalizedConstraints,
      claimsDecreasing: result.monotonicity.isDecreasing,
      enforcedMinSlope: spec.monotonic == .enforce ? minSlope : nil, context: context)
  }

  /// CLI level: exit codes, one-line errors, and the printed curve.
  static func checkCommand(_ arguments: [String], context: String) {
    let result = runCurveKit(arguments)
    #expect([0, 1, 2].contains(result.status), "\(context): exit \(result.status)")
    guard result.status == 0 else {
      // Invalid input: one line. A failed check: one error line per finding (warnings and notes too).
      #expect(
        result.status == 2 ? isOneLineError(result.errors) : isDiagnosticLines(result.errors, failed: true),
        "\(context): \(result.errors)")
      // A failed check (exit 1) may print its report first; invalid input prints nothing.
      if result.status == 2 { #expect(result.output.isEmpty, "\(context): printed before failing") }
      return
    }
    #expect(isDiagnosticLines(result.errors, failed: false), "\(context): \(result.errors)")
    guard arguments.first == "fit" else {
      // check: exit 0 means a depletion curve, which is decreasing.
      if let list = arguments.firstIndex(of: "--coefficients").map({ arguments[$0 + 1] }) {
        let coefficients = list.split(separator: ",").compactMap { Double(String($0)) }
        let polynomial = try? Polynomial(coefficients: coefficients)
        #expect(
          polynomial?.monotonicity().isDecreasing == true, "\(context): exit 0 for a curve that is not decreasing")
      }
      return
    }
    // CurveSpec's strict parser reads shortest round-trip numbers back exactly.
    guard let root = try? JSONParser.parse(result.output).value,
      case .array(let items)? = root["coefficients"], case .object? = root["monotonic"],
      case .bool(let decreasing)? = root["monotonic"]?["decreasing"],
      case .string(let policy)? = root["monotonic"]?["policy"],
      case .number(let minSlope)? = root["monotonic"]?["minSlope"]
    else {
      Issue.record("\(context): output is not the fit JSON: \(result.output.prefix(300))")
      return
    }
    let coefficients = items.compactMap { item -> Double? in
      if case .number(let n) = item { return n } else { return nil }
    }
    var constraints: [FitConstraint] = []
    if case .array(let entries)? = root["constraints"] {
      for entry in entries {
        guard case .number(let t)? = entry["t"] else { continue }
        if case .number(let v)? = entry["value"] { constraints.append(.value(at: t, equals: v)) }
        if case .number(let s)? = entry["slope"] { constraints.append(.slope(at: t, equals: s)) }
      }
    }
    if policy == "require" { #expect(minSlope > 0 || decreasing, "\(context): require passed a rising curve") }
    checkCurve(
      coefficients, constraints: constraints, claimsDecreasing: decreasing,
      enforcedMinSlope: policy == "enforce" ? minSlope : nil, context: context)
  }

  /// Cases are split into shards that Swift Testing runs in parallel.
  static let shards = 8

  @Test("random specs (library and CLI) and command lines never crash and tell the truth", arguments: 0..<shards)
  func fuzz(shard: Int) throws {
    let temporary = try TemporaryDirectory("fuzz")
    defer { temporary.remove() }
    let directory = temporary.path
    var counts = (specs: 0, fit: 0, check: 0, files: 0)
    for index in stride(from: shard, to: Self.caseCount, by: Self.shards) {
      var generator = FuzzGenerator(seed: Self.seed, index: index)
      let context = "case \(index) (seed \(Self.seed))"
      let kind = index % 20
      if let only = Self.only, only != (kind < 10 ? "specs" : kind < 17 ? "fit" : "check") { continue }
      switch kind {
      case 0..<10:
        var text = generator.specText()
        if generator.chance(0.5) { text = generator.mutate(text) }
        Self.checkSpecText(text, context: context + ": " + text)
        counts.specs += 1
        if index % 40 == 0, Self.only == nil {
          let path = directory + "/case\(index).curve.json"
          try text.write(toFile: path, atomically: false, encoding: .utf8)
          Self.checkCommand(["fit", path, "--json"], context: context + " fit " + text)
          Self.checkCommand(["check", path], context: context + " check " + text)
          counts.files += 1
        }
      case 10..<17:
        let arguments = generator.fitArguments()
        Self.checkCommand(arguments, context: context + ": " + arguments.joined(separator: " "))
        counts.fit += 1
      default:
        let arguments = generator.checkArguments()
        Self.checkCommand(arguments, context: context + ": " + arguments.joined(separator: " "))
        counts.check += 1
      }
    }
    print(
      "fuzz | shard \(shard) of \(Self.shards), \(Self.caseCount) cases in all (seed \(Self.seed)): \(counts.specs) specs, \(counts.files) spec files via the CLI, \(counts.fit) fit and \(counts.check) check command lines"
    )
    #expect(Self.caseCount >= 10_000 || ProcessInfo.processInfo.environment["CURVEKIT_FUZZ_CASES"] != nil)
  }

  /// Extreme-exponent fits (issue 34, finding C) per run: one per 2 000 fuzz cases, at least 5.
  static var extremeCaseCount: Int { max(5, caseCount / 2000) }

  @Test(
    "extreme-exponent fits at degree 6–10: the exact fallback's work stays within its budget plus the bounded solve")
  func extremeExponentWork() throws {
    // The bounded-precision solve (13 unknowns at most, 256-bit equations) stays below 2²⁵.
    let ceiling = ExactLeastSquares.workBudget + (1 << 25)
    var overBudget = 0
    for index in 0..<Self.extremeCaseCount {
      var generator = FuzzGenerator(seed: Self.seed ^ 0x34C, index: index)
      let spec = generator.extremeExponentProblem()
      let problem = FitProblem(
        points: spec.points.map { DataPoint(t: $0.t, y: $0.y) }, weights: spec.weights, degree: spec.degree,
        constraints: spec.constraints.map { .value(at: $0.t, equals: $0.value) })
      let context = "extreme case \(index) (seed \(Self.seed)), degree \(spec.degree), \(spec.extreme)"
      let moments = MomentSums(problem: problem).finished()
      var work = ExactLeastSquares.Work(budget: ExactLeastSquares.workBudget)
      let answer = ExactLeastSquares.fallback(
        problem, moments: moments, candidate: Array(repeating: 0, count: spec.degree + 1), work: &work)
      #expect(work.limbProducts <= ceiling, "\(context): \(work.limbProducts) limb products")
      // The 3ad28e5 fallback, the exact solve alone, charged at least its first step: for a
      // point at t ≤ 10⁻²⁹⁰, more than this whole answer (seconds in a release build).
      if let t = spec.extremeT, t <= 1e-290 {
        let rows = ExactLeastSquares.exactRows(ExactLeastSquares.exactSums(problem), constraints: problem.constraints)
        let firstStep = ExactLeastSquares.firstStepWork(rows.map(ExactLeastSquares.integerRow))
        #expect(work.limbProducts < firstStep, "\(context): \(work.limbProducts) vs the exact first step \(firstStep)")
      }
      if let answer {
        #expect(answer.ascending.allSatisfy { $0.isFinite }, "\(context)")
        if !answer.rounding.isCorrectlyRounded { overBudget += 1 }
      }
      // The whole fit: a report or a typed error, never a trap, and the report says how it
      // relates to the exact optimum.
      if let report = try? LeastSquaresFitter.fit(problem), let answer {
        #expect(report.rounding.isCorrectlyRounded || report.rounding == answer.rounding, "\(context)")
      }
    }
    print("fuzz | \(Self.extremeCaseCount) extreme-exponent fits, \(overBudget) not certified within the budget")
  }
}
