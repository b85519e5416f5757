import CurveCore
import CurveDesign
import CurveEasing
import CurvePipeline
import CurveSpec

/// `curvekit export`: write a depletion cubic as a CSS or SwiftUI easing, exactly.
enum ExportCommand: CurveKitCommand {
  /// The output formats.
  enum Format: String, CaseIterable {
    case css, swiftui, json
    case cssLinear = "css-linear"
    case tokens
    case keyframes
    case compose
  }

  static let name = "export"
  static let abstract = "Export a curve as CSS or SwiftUI easing."
  static let usage = [
    "export SPEC.json [--format css|swiftui|json|css-linear|tokens] [--precision N] [--duration SECONDS]",
    "export SPEC.json --format css-linear [--max-error PP]",
    "export SPEC.json --format keyframes",
    "export SPEC.json --format compose [--precision N]",
    "export SPEC.json --bezier fit [--format css|json]",
    "export --coefficients a,b,c,d [--name NAME] [--format css|swiftui|json]",
    "export --point T:Y … | --data FILE | --from-css EASING [fit options] [--format css|swiftui|json]",
  ]
  static let discussion = """
    Writes the progress curve 1 − f of a depletion cubic f (f(0) = 1, f(1) = 0) as
    cubic-bezier(1/3, −c/3, 2/3, −(2c+b)/3): through the Bernstein form, x(s) = s, so the
    easing IS the polynomial and the conversion is exact. css prints a :root rule with a
    custom property, swiftui prints Animation.timingCurve and UnitCurve.bezier, json
    prints one object. A note (a comment, and on stderr) warns when y1 or y2 is outside
    [0, 1]. The ship rule is generate's: a curve that does not go from 1 to 0 (within 4
    ulps), rises, or breaks its spec's minSlope or milestones is refused unless
    --allow-non-depletion or --allow-non-monotone; under --allow-non-depletion the curve is
    exported rescaled to go from 1 to 0, with a note.
    --precision N adds, next to the exact values, the easing rounded to N decimals (what a
    designer pastes, e.g. cubic-bezier(0.333, 0.258, 0.667, 0.731)) and its largest level
    deviation from the curve, with the time (and day) where it occurs: the rounded Bézier is
    compared with the curve at 4097 parameters, each maximum refined by golden-section search.
    css-linear prints a CSS linear() easing whose distance from the curve is certified in
    percentage points after the printed rounding (--max-error PP, default 0.1), with the fewest
    stops a greedy placement on a 0.01 % grid finds; the comment states the bound met and the
    stop count. tokens prints a W3C Design Tokens (DTCG 2025.10) file: a cubicBezier token
    and, with a duration, a duration token in ms. keyframes prints JSON keyframes for targets
    that refuse Bézier handles outside [0, 1] (UIKit's UICubicTimingParameters, Lottie): the
    progress split exactly (de Casteljau) into the fewest greedy pieces whose handles are in
    [0, 1]; each keyframe's "out" and "in" are the handles of the piece to the next one.
    compose prints Jetpack Compose's CubicBezierEasing(…f, …f, …f, …f), rounded to the fewest
    decimals that keep it within 0.1 percentage points of the curve (css-linear's default
    bound; --precision N chooses the decimals instead), with that deviation in a comment.
    --bezier fit (with css or json) prints instead the best-fitting free cubic-bezier (time
    handles free in [0, 1]) with its certified distance from the curve in percentage points,
    for any degree up to 10, where no Bézier is exact; the default, --bezier exact, is the
    exact form of a cubic.
    Exit status: 0 exported; 1 the ship rule refused the curve; 2 invalid input, or a curve
    no cubic-bezier can express (degree above 3, or f(0) = f(1)).
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all.filter { $0.name != "--duration" } + [
      .value(
        "--format", placeholder: "css|swiftui|json|css-linear|tokens|keyframes|compose",
        help: "The output format (default css)."),
      .value(
        "--max-error", placeholder: "PP",
        help: "css-linear: the largest distance from the curve, in percentage points (default 0.1)."),
      .value("--bezier", placeholder: "exact|fit", help: "css, json: the exact Bézier (default) or the best free one."),
      .value("--name", placeholder: "NAME", help: "The curve's name (default: the spec's name, or Depletion)."),
      .value("--duration", placeholder: "SECONDS", help: "The SwiftUI animation duration (default 0.35)."),
      .value(
        "--precision", placeholder: "N",
        help: "Also give the easing rounded to N decimals (1…12) and its largest deviation from the curve."),
    ] + CurveSourceOptions.shipOverrides

  /// `--bezier fit`: the free easing and its certified distance, as CSS or one JSON object.
  static func fittedBezier(_ fit: FreeBezierFit, name: String, json: Bool) -> String {
    let easing = fit.easing
    let points = 100 * fit.certifiedDistance
    if json {
      return JSONWriter.string(
        .object([
          ("name", .string(name)), ("cubicBezier", .numbers([easing.x1, easing.y1, easing.x2, easing.y2])),
          ("certifiedDistance", .number(points)), ("attainedDistance", .number(100 * fit.measuredDistance)),
        ])) + "\n"
    }
    let property = "--" + name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined() + "-easing"
    return "/* \(name.replacingText("*/", with: "* /")): progress = 1 − level, the best free cubic-bezier: "
      + "within \(CurveUnits.rounded(points, decimals: 4)) percentage points of the curve everywhere (certified; "
      + "\(CurveUnits.rounded(100 * fit.measuredDistance, decimals: 4)) reached). */\n"
      + ":root { \(property): \(easing.cssFunction); }\n"
  }

  /// `--format keyframes`: `{"name", "keyframes": [{"time", "value", "out": [⅓, y], "in": [⅔, y]}, …]}`.
  static func keyframesJSON(_ keyframes: BezierKeyframes, name: String) -> JSONValue {
    let items = keyframes.keyframes.map { frame -> JSONValue in
      var members: [(key: String, value: JSONValue)] = [("time", .number(frame.time)), ("value", .number(frame.value))]
      if let out = frame.outValue, let into = frame.inValue {
        members.append(("out", .numbers([1.0 / 3, out])))
        members.append(("in", .numbers([2.0 / 3, into])))
      }
      return .object(members)
    }
    return .object([("name", .string(name)), ("keyframes", .array(items))])
  }

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "one SPEC.json") }
    let format = try attempt { () throws(UsageError) in try arguments.choice("--format", as: Format.self) ?? .css }
    if arguments.value("--max-error") != nil, format != .cssLinear {
      throw UsageError("--max-error applies to --format css-linear only").commandError
    }
    let duration = try attempt { () throws(UsageError) in try arguments.double("--duration") ?? 0.35 }
    guard duration > 0 else { throw UsageError("--duration: '\(duration)' must be positive").commandError }
    let precision = try attempt { () throws(UsageError) in
      try arguments.integer("--precision", in: RoundedEasing.precisionRange)
    }
    let curve = try CurveSourceOptions.resolve(arguments, specPath: arguments.positionals.first, io: io)
    let name = arguments.value("--name") ?? curve.name ?? "Depletion"
    switch arguments.value("--bezier") {
    case nil, "exact"?: break
    case "fit"?:
      guard format == .css || format == .json else {
        throw UsageError("--bezier fit applies to --format css and json").commandError
      }
      try CurveSourceOptions.ship(curve, as: .export, arguments: arguments, io: io)
      io.write(
        fittedBezier(
          try attempt { () throws(EasingError) in try FreeBezierFit(progressOf: curve.polynomial) }, name: name,
          json: format == .json))
      return .success
    case let other?: throw UsageError("--bezier: unknown value '\(other)' (expected one of: exact, fit)").commandError
    }
    // A curve no cubic-bezier can express is invalid input (exit 2), whatever the ship rule says.
    let export = try attempt { () throws(EasingError) in try EasingExport(curve) }
    try CurveSourceOptions.ship(curve, as: .export, arguments: arguments, io: io)
    let easing = export.easing
    let rounded = try attempt { () throws(EasingError) in
      try precision.map { places throws(EasingError) in
        try RoundedEasing(easing, level: export.polynomial, precision: places)
      }
    }
    let period: CurveUnits? = curve.periodUnits.duration == nil ? nil : curve.periodUnits
    switch format {
    case .css: io.write(easing.cssSnippet(name: name, rounded: rounded, period: period))
    case .swiftui:
      io.write(easing.swiftUISnippet(name: name, duration: duration, rounded: rounded, period: period))
    case .json: io.write(JSONWriter.string(easing.jsonValue(name: name, rounded: rounded, period: period)) + "\n")
    case .cssLinear:
      let points = try attempt { () throws(UsageError) in
        try arguments.double("--max-error") ?? 100 * EasingExport.defaultMaximumError
      }
      guard points > 0, points.isFinite else {
        throw UsageError("--max-error: '\(points)' must be a positive number").commandError
      }
      let linear = try attempt { () throws(EasingError) in
        try LinearEasing(progressOf: export.polynomial, maximumError: points / 100)
      }
      io.write(export.cssLinearSnippet(name: name, linear: linear))
    case .tokens:
      io.write(JSONWriter.string(export.designTokens(name: name, period: period)) + "\n")
    case .keyframes:
      io.write(
        JSONWriter.string(
          keyframesJSON(
            try attempt { () throws(EasingError) in try BezierKeyframes(progressOf: export.polynomial) }, name: name))
          + "\n")
    case .compose:
      var easing: RoundedEasing
      if let rounded {
        easing = rounded
      } else {
        easing = try attempt { () throws(EasingError) in try export.pastedEasing() }
      }
      io.write(export.composeSnippet(name: name, rounded: easing, period: period))
    }
    for note in export.notes(for: curve) { io.writeError("\(note)\n") }
    return .success
  }
}
