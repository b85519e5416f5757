import CurveDesign
import CurvePipeline
import CurveSpec

/// `curvekit plot`: fit one or more specs and draw them as an SVG plot.
enum PlotCommand: CurveKitCommand {
  static let name = "plot"
  static let abstract = "Draw curves as an SVG plot."
  static let usage = [
    "plot SPEC.json [MORE.json …] -o FILE.svg [--days N | --normalized] [--title TEXT] [--png]",
    "plot --point T:Y … | --data FILE | --coefficients a,b,… | --from-css EASING -o FILE.svg [fit options]",
  ]
  static let discussion = """
    Fits each spec and draws the level (0–100 %) against time with the control points,
    residual whiskers, the linear reference and red bands where a curve rises; a slope
    panel below shows f′ with rising (red) and flat (amber) regions; the legend gives each
    curve's verdict and fit statistics. Several specs are overlaid in distinct colours.
    The time axis is in days with --days or the first spec's durationDays.
    The SVG is deterministic and rewritten only when it changes. --png also writes
    FILE.png with rsvg-convert (package librsvg2-bin); without it the command writes the
    SVG and exits 2 with a message.
    Exit status: 0 written, 2 invalid input.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value("--output", short: "-o", placeholder: "FILE.svg", help: "The SVG file to write (required)."),
      .value("--days", placeholder: "N", help: "Label the time axis in days, 0 to N (overrides durationDays)."),
      .value("--title", placeholder: "TEXT", help: "The plot title (default: the curve names)."),
      .flag("--png", help: "Also write a PNG next to the SVG (needs rsvg-convert)."),
      .flag("--normalized", help: "Label the time axis 0–1 even when a spec has durationDays."),
    ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws -> ExitStatus {
    guard let output = arguments.value("--output") else {
      throw UsageError("plot: missing -o FILE.svg (the SVG file to write)")
    }
    let requests = try CurveSourceOptions.requests(
      arguments, specPaths: arguments.positionals, allowsSeveralSpecs: true)
    let curves = try requests.map { request in try CurveSourceOptions.resolve(request, io: io) }
    // The spec's own curve: its exact monotone optimum under "monotonic": "enforce".
    let series = curves.map { PlotSeries($0) }
    var days = try arguments.double("--days")
    if let given = days, !(given > 0) { throw UsageError("--days: '\(given)' must be positive") }
    if days == nil, !arguments.has("--normalized") { days = curves.lazy.compactMap(\.durationDays).first }
    let options = PlotOptions(durationDays: days, title: arguments.value("--title"))
    let svg = try SVGPlot.render(series, options: options)
    let outcome = try FileIO.write(svg, to: output)
    io.write(
      "\(outcome == .written ? "wrote" : "unchanged") \(output) (\(series.count) curve\(series.count == 1 ? "" : "s"))\n"
    )
    if arguments.has("--png") {
      let png = output.hasSuffix(".svg") ? String(output.dropLast(4)) + ".png" : output + ".png"
      try SVGRasterizer.convert(svgPath: output, pngPath: png)
      io.write("wrote \(png)\n")
    }
    return .success
  }
}
