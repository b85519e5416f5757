import CurveDesign
import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The contents of `path` as text, or nil when it cannot be read.
func readText(_ path: String) -> String? {
  FileIO.existingContent(of: path).map { String(decoding: $0, as: UTF8.self) }
}

/// A fresh, empty directory under /tmp for one test.
func scratchDirectory(_ label: String) -> String {
  let path = "/tmp/curvekit-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  mkdir(path, 0o755)
  return path
}

/// Removes the files of a scratch directory, then the directory.
func removeScratch(_ directory: String, files: [String]) {
  for file in files { unlink("\(directory)/\(file)") }
  rmdir(directory)
}

@Suite("curvekit plot")
struct PlotCommandTests {
  static let example = Fixtures.repositoryRoot + "/examples/curves/"

  @Test("writes an SVG, reports it, and leaves an identical rerun unchanged")
  func writes() throws {
    let directory = scratchDirectory("plot")
    defer { removeScratch(directory, files: ["out.svg"]) }
    let output = "\(directory)/out.svg"
    let arguments = [
      "plot", Self.example + "depletion.curve.json", Self.example + "steep-start.curve.json", "-o", output,
    ]
    let first = runCurveKit(arguments)
    #expect(first.status == 0 && first.errors.isEmpty, "\(first.errors)")
    #expect(first.output == "wrote \(output) (2 curves)\n")
    let svg = try #require(readText(output))
    #expect(svg.hasPrefix("<?xml") && svg.contains("<svg") && svg.hasSuffix("</svg>\n"))
    #expect(svg.contains(">Depletion</text>") && svg.contains(">Steep Start</text>"))
    #expect(svg.contains(">time (days)</text>"), "durationDays 7 from the spec labels days")
    let second = runCurveKit(arguments)
    #expect(second.output == "unchanged \(output) (2 curves)\n")
    #expect(readText(output) == svg)
  }

  @Test("--days and --normalized choose the time axis")
  func timeAxis() throws {
    let directory = scratchDirectory("plot-axis")
    defer { removeScratch(directory, files: ["a.svg", "b.svg"]) }
    let spec = Self.example + "linear.curve.json"
    #expect(runCurveKit(["plot", spec, "-o", "\(directory)/a.svg", "--days", "30"]).status == 0)
    #expect(try #require(readText("\(directory)/a.svg")).contains(">25</text>"), "30 days: ticks every 5")
    #expect(runCurveKit(["plot", spec, "-o", "\(directory)/b.svg", "--normalized", "--title", "T"]).status == 0)
    let normalized = try #require(readText("\(directory)/b.svg"))
    #expect(normalized.contains(">time (fraction of the period)</text>") && normalized.contains(">T</text>"))
  }

  @Test(
    "--png writes a PNG next to the SVG",
    .enabled(
      if: SVGRasterizer.rendererPath() != nil,
      "rsvg-convert is not installed (apt-get install librsvg2-bin); PNG test skipped"))
  func png() throws {
    let directory = scratchDirectory("plot-png")
    defer { removeScratch(directory, files: ["p.svg", "p.png"]) }
    let result = runCurveKit(["plot", Self.example + "steep-end.curve.json", "-o", "\(directory)/p.svg", "--png"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasSuffix("wrote \(directory)/p.png\n"))
    let bytes = try #require(FileIO.existingContent(of: "\(directory)/p.png"))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "PNG signature")
  }

  @Test("-o FILE.png renders a PNG (and no SVG) with rsvg-convert, or refuses cleanly without it")
  func pngOutput() throws {
    let directory = scratchDirectory("plot-png-output")
    defer { removeScratch(directory, files: ["p.png", "p.svg"]) }
    let arguments = ["plot", Self.example + "steep-end.curve.json", "-o", "\(directory)/p.png"]
    let result = runCurveKit(arguments)
    if SVGRasterizer.rendererPath() != nil {
      #expect(result.status == 0 && result.errors.isEmpty, "\(result.errors)")
      #expect(result.output == "wrote \(directory)/p.png (1 curve, PNG)\n")
      let bytes = try #require(FileIO.existingContent(of: "\(directory)/p.png"))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "PNG signature")
      // IHDR: the width and height are the SVG's 880 × (height ≥ 500) units.
      let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 880 && height >= 500, "\(width) × \(height)")
      #expect(FileIO.kind(of: "\(directory)/p.svg") == .missing, "no SVG beside it")
      #expect(runCurveKit(arguments).output == "unchanged \(directory)/p.png (1 curve, PNG)\n")
    } else {
      #expect(result.status == 2 && isOneLineError(result.errors) && result.errors.contains("rsvg-convert"))
    }
    // Without the renderer on PATH: exit 2, a hint, and nothing written.
    let missing = runCurveKit(
      ["plot", Self.example + "steep-end.curve.json", "-o", "\(directory)/q.png"], environment: ["PATH": "/nonexistent"]
    )
    #expect(missing.status == 2 && missing.output.isEmpty)
    #expect(isOneLineError(missing.errors), "\(missing.errors)")
    #expect(missing.errors.contains("librsvg2-bin") && missing.errors.contains("-o \(directory)/q.svg"))
    #expect(FileIO.kind(of: "\(directory)/q.png") == .missing && FileIO.kind(of: "\(directory)/q.svg") == .missing)
  }

  @Test("other image formats are refused with a hint, and nothing is written", arguments: ["x.jpg", "x.JPEG", "x.pdf"])
  func otherFormats(name: String) throws {
    let directory = scratchDirectory("plot-format")
    defer { removeScratch(directory, files: []) }
    let result = runCurveKit(["plot", Self.example + "linear.curve.json", "-o", "\(directory)/\(name)"])
    #expect(result.status == 2 && result.output.isEmpty && isOneLineError(result.errors), "\(result.errors)")
    #expect(result.errors.contains("plot writes SVG or PNG") && result.errors.contains("-o \(directory)/x.svg"))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(left.isEmpty, "\(left)")
  }

  @Test("two specs of the same name: the legend and the title name their files")
  func sameNames() throws {
    let directory = scratchDirectory("plot-names")
    defer { removeScratch(directory, files: ["plateau-a.curve.json", "plateau-b.curve.json", "out.svg"]) }
    for (file, level) in [("plateau-a", 0.8), ("plateau-b", 0.9)] {
      try #"{"name": "Plateau", "points": [[0.25, \#(level)], [0.5, 0.5], [0.75, 0.2]]}"#.write(
        toFile: "\(directory)/\(file).curve.json", atomically: true, encoding: .utf8)
    }
    let result = runCurveKit([
      "plot", "\(directory)/plateau-a.curve.json", "\(directory)/plateau-b.curve.json", "-o", "\(directory)/out.svg",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let svg = try #require(readText("\(directory)/out.svg"))
    #expect(svg.contains("<title>Plateau: plateau-a.curve.json vs plateau-b.curve.json</title>"))
    #expect(svg.contains(">Plateau (plateau-a)</text>") && svg.contains(">Plateau (plateau-b)</text>"))
    #expect(!svg.contains("Plateau vs Plateau"))
    // Different names keep their plain legend.
    let mixed = runCurveKit([
      "plot", "\(directory)/plateau-a.curve.json", Self.example + "linear.curve.json", "-o", "\(directory)/out.svg",
    ])
    #expect(mixed.status == 0)
    #expect(try #require(readText("\(directory)/out.svg")).contains("<title>Plateau vs Linear</title>"))
  }

  @Test(
    "invalid input exits 2 with one error line",
    arguments: [
      ["plot"],
      ["plot", "examples/curves/linear.curve.json"],
      ["plot", "/nonexistent/spec.json", "-o", "/tmp/x.svg"],
      ["plot", "EXAMPLE", "-o", "/nonexistent-dir/x.svg"],
      ["plot", "EXAMPLE", "-o", "/tmp/x.svg", "--days", "-3"],
      ["plot", "EXAMPLE", "-o", "/tmp/x.svg", "--days", "many"],
    ])
  func invalid(arguments: [String]) {
    let resolved = arguments.map { $0 == "EXAMPLE" ? Self.example + "linear.curve.json" : $0 }
    let result = runCurveKit(resolved)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
  }
}

@Suite("curvekit fit terminal preview")
struct PlotPreviewTests {
  static let spec = Fixtures.repositoryRoot + "/examples/curves/steep-end.curve.json"

  @Test("the preview follows the terminal, --preview and --no-preview, never --json")
  func previewRules() {
    let braille: (String) -> Bool = { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
    #expect(!braille(runCurveKit(["fit", Self.spec]).output), "not a terminal: no preview")
    #expect(braille(runCurveKit(["fit", Self.spec], terminal: true).output))
    #expect(braille(runCurveKit(["fit", Self.spec, "--preview"]).output))
    #expect(!braille(runCurveKit(["fit", Self.spec, "--no-preview"], terminal: true).output))
    #expect(!braille(runCurveKit(["fit", Self.spec, "--json", "--preview"], terminal: true).output))
    let preview = runCurveKit(["fit", Self.spec, "--preview"]).output
    let plot = preview.split(separator: "\n").prefix { !$0.contains("└") }.joined()
    #expect(plot.filter { $0 == TerminalPreview.pointMark }.count == 7, "one mark per point")
    #expect(preview.contains("\n  day 0 "), "durationDays 7: time in days")
  }

  @Test("the terminal width comes from COLUMNS when it is a positive integer")
  func columns() {
    #expect(CapturedIO(environment: ["COLUMNS": "100"]).terminalColumns == 100)
    #expect(CapturedIO(environment: ["COLUMNS": " 72 "]).terminalColumns == 72)
    for bad in ["", "0", "-5", "wide", "80x"] {
      #expect(CapturedIO(environment: ["COLUMNS": bad]).terminalColumns == nil, "\(bad)")
    }
    #expect(CapturedIO(environment: [:]).terminalColumns == nil)
    #expect(CapturedIO(environment: ["PATH": "/x"]).environment("PATH") == "/x")
  }
}
