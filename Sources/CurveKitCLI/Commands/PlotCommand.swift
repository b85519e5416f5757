import CurveCore
import CurveDesign
import CurvePipeline
import CurveSpec

/// `curvekit plot`: fit one or more specs and draw them as an SVG plot.
enum PlotCommand: CurveKitCommand {
  static let name = "plot"
  static let abstract = "Draw curves as an SVG or PNG plot."
  static let usage = [
    "plot SPEC.json [MORE.json …] -o FILE.svg|FILE.png [--days N | --duration D | --normalized] [--title TEXT] [--png]",
    "plot --point T:Y … | --data FILE | --coefficients a,b,… | --from-css EASING -o FILE.svg [fit options]",
  ]
  static let discussion = """
    Fits each spec and draws the level (0–100 %) against time with the control points,
    residual whiskers, the linear reference and red bands where a curve rises; a slope
    panel below shows f′ with rising (red) and flat (amber) regions; the legend gives each
    curve's verdict and fit statistics. Several specs are overlaid in distinct colours.
    The time axis is in days with --days, in DURATION's unit with --duration (10h: hours 0…10),
    or in the first spec's time unit over its duration (durationDays).
    Curves that share a name are told apart by their file names in the legend and title.
    The SVG is deterministic and rewritten only when it changes. -o FILE.png renders the
    plot as a PNG instead, with rsvg-convert (package librsvg2-bin), and writes no SVG;
    without rsvg-convert it writes nothing and exits 2. --png writes FILE.png next to the
    SVG; without rsvg-convert the SVG is written and the command exits 2. Other image
    formats (.jpg, .pdf, …) are refused: use .svg or .png.
    Exit status: 0 written, 2 invalid input.
    """
  static let options: [OptionSpec] =
    CurveSourceOptions.all + [
      .value(
        "--output", short: "-o", placeholder: "FILE.svg",
        help: "The file to write (required): SVG, or PNG when it ends in .png (needs rsvg-convert)."),
      .value("--days", placeholder: "N", help: "Label the time axis in days, 0 to N (overrides durationDays)."),
      .value("--title", placeholder: "TEXT", help: "The plot title (default: the curve names)."),
      .flag("--png", help: "Also write a PNG next to the SVG (needs rsvg-convert)."),
      .flag("--normalized", help: "Label the time axis 0–1 even when a spec has durationDays."),
    ]

  /// Extensions of image formats `plot` cannot write.
  static let refusedExtensions: Set<String> = [
    "jpg", "jpeg", "gif", "webp", "pdf", "eps", "ps", "tif", "tiff", "bmp", "heic", "avif", "ico",
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    guard let output = arguments.value("--output") else {
      throw UsageError("plot: missing -o FILE.svg (the SVG file to write)").commandError
    }
    let fileExtension = output.split(separator: "/").last.flatMap { name in
      name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
    }
    if let fileExtension, refusedExtensions.contains(fileExtension) {
      throw UsageError(
        "plot writes SVG or PNG, not .\(fileExtension): use -o \(replacingExtension(of: output, with: "svg")) "
          + "or -o \(replacingExtension(of: output, with: "png"))"
      ).commandError
    }
    let rendersPNG = fileExtension == "png"
    // A PNG needs the renderer: without it, refuse before fitting or writing anything.
    let renderer = SVGRasterizer.rendererPath(searchPath: io.environment("PATH"))
    if rendersPNG, renderer == nil {
      throw UsageError(
        "-o \(output) needs '\(SVGRasterizer.rendererName)' to render PNG, and it is not on PATH "
          + "(install librsvg2-bin, or Homebrew's librsvg); or write SVG with -o "
          + replacingExtension(of: output, with: "svg")
      ).commandError
    }
    let requests = try CurveSourceOptions.requests(
      arguments, specPaths: arguments.positionals, allowsSeveralSpecs: true)
    let curves = try requests.map { request throws(CommandError) in try CurveSourceOptions.resolve(request, io: io) }
    // The spec's own curve: its exact monotone optimum under "monotonic": "enforce".
    let series = zip(curves, sources(curves, requests: requests)).map { PlotSeries($0, source: $1) }
    // --days N or --duration D label the axis through the curves' units (and are checked there).
    let period = arguments.has("--normalized") ? nil : curves.lazy.map { $0.periodUnits }.first { $0.duration != nil }
    let options = PlotOptions(
      duration: period?.duration, timeUnit: period?.timeUnit ?? .normalized, title: arguments.value("--title"))
    let svg = try attempt { () throws(DesignError) in try SVGPlot.render(series, options: options) }
    let count = "\(series.count) curve\(series.count == 1 ? "" : "s")"
    if rendersPNG, let renderer {
      let png = try attempt { () throws(DesignError) in try SVGRasterizer.png(fromSVG: svg, renderer: renderer) }
      let outcome = try attempt { () throws(FileWriteError) in try FileIO.write(bytes: png, to: output) }
      io.write("\(outcome == .written ? "wrote" : "unchanged") \(output) (\(count), PNG)\n")
      return .success
    }
    let outcome = try attempt { () throws(FileWriteError) in try FileIO.write(svg, to: output) }
    io.write("\(outcome == .written ? "wrote" : "unchanged") \(output) (\(count))\n")
    if arguments.has("--png") {
      let png = output.hasSuffix(".svg") ? String(output.dropLast(4)) + ".png" : output + ".png"
      guard let renderer else {
        throw UsageError("\(DesignError.rendererMissing(name: SVGRasterizer.rendererName)); the SVG was written")
          .commandError
      }
      let bytes: [UInt8]
      do { bytes = try SVGRasterizer.png(fromSVG: svg, renderer: renderer) } catch {
        throw UsageError("\(error); the SVG was written").commandError
      }
      let pngOutcome = try attempt { () throws(FileWriteError) in try FileIO.write(bytes: bytes, to: png) }
      io.write("\(pngOutcome == .written ? "wrote" : "unchanged") \(png)\n")
    }
    return .success
  }

  /// Where each curve came from, for the curves of the plot that share a name (nil for the
  /// others): the file name, or as much of the path as tells them apart ("v1/plateau.curve.json").
  static func sources(_ curves: [FittedCurve], requests: [CurveRequest]) -> [String?] {
    let names = curves.map { $0.name ?? $0.displayName }
    let paths = zip(curves, requests).map { curve, request -> [String] in
      if case .specFile(let path) = request.source {
        let components = path.split(separator: "/").map { EchoedText.escaped(String($0)) }
        if !components.isEmpty { return components }
      }
      return [curve.displayName]
    }
    var sources = [String?](repeating: nil, count: curves.count)
    for name in Set(names) {
      let group = names.indices.filter { names[$0] == name }
      guard group.count > 1 else { continue }
      // The shortest path tails that differ within the group (whole paths at most).
      let longest = group.map { paths[$0].count }.max() ?? 1
      var depth = 1
      func tail(_ index: Int) -> String { paths[index].suffix(depth).joined(separator: "/") }
      while depth < longest, Set(group.map(tail)).count < group.count { depth += 1 }
      for index in group { sources[index] = tail(index) }
    }
    return sources
  }

  /// `path` with its last extension replaced (or `.ext` added when it has none).
  static func replacingExtension(of path: String, with ext: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + "." + ext }
    return String(path.dropLast(name.distance(from: dot, to: name.endIndex))) + "." + ext
  }
}
