import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

/// `curvekit share`: a spec as a link, and back.
@Suite("share command")
struct ShareCommandTests {
  static let examples = ["depletion", "linear", "steep-end", "steep-start", "weekly-habit"].map {
    Fixtures.repositoryRoot + "/examples/curves/\($0).curve.json"
  }

  @Test("share prints one link whose payload is the canonical bytes; --decode gives them back; re-sharing is stable")
  func roundTrip() throws {
    for path in Self.examples {
      let result = runCurveKit(["share", path], environment: [:])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.outputLines.count == 1)
      let link = String(result.outputLines.first ?? "")
      #expect(link.hasPrefix("#spec="))
      let canonical = try CurveSpec.load(path: path).jsonText
      let decoded = runCurveKit(["share", "--decode", link])
      #expect(decoded.status == 0)
      #expect(decoded.output == canonical, "\(path)")
      // The decoded bytes, shared again from a file, give the same link.
      let temporary = try TemporaryDirectory("share")
      defer { temporary.remove() }
      let copy = temporary.appending("share.curve.json")
      try canonical.write(toFile: copy, atomically: false, encoding: .utf8)
      #expect(runCurveKit(["share", copy], environment: [:]).output == link + "\n")
      // And a checked-in file in the house style is its own canonical form.
      if path.hasSuffix("/depletion.curve.json") {
        #expect(try String(contentsOfFile: path, encoding: .utf8) == decoded.output)
      }
    }
  }

  @Test(
    "a bad link or spec exits 2 with one error line",
    arguments: [
      ["share", "--decode", "http://127.0.0.1/#spec=Zm9v!!"], ["share", "--decode", "#spec="],
      ["share", "--decode", "http://127.0.0.1/#token=abc"], ["share", "--decode", "#spec=Zg=="],
      ["share", "--decode", "#spec=e30"], ["share", "/nonexistent/x.curve.json"], ["share"],
      ["share", "a.curve.json", "b.curve.json"], ["design", "http://127.0.0.1/#spec=Zm9v\u{202E}x", "--no-open"],
      ["design", "#spec=e30", "--no-open"],
    ])
  func refusals(_ arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2, "\(arguments): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("the position of a bad character is named")
  func position() {
    let result = runCurveKit(["share", "--decode", "#spec=Zm9v*Yg"])
    #expect(result.errors.contains("'*' at position 5"), "\(result.errors)")
  }
}

/// `curvekit share --base URL` and `CURVEKIT_STUDIO_URL`: a link that opens on a hosted studio;
/// without a base, the bare fragment and one note on where to paste it.
@Suite("share command: the studio's address")
struct ShareBaseTests {
  static let spec = Fixtures.repositoryRoot + "/examples/curves/weekly-habit.curve.json"

  /// The payload `--decode` accepts for the spec's link, checked to round-trip.
  func payload(of line: String) -> String? {
    guard let range = line.range(of: "#spec=") else { return nil }
    return String(line[range.upperBound...])
  }

  @Test("--base URL prints BASE#spec=PAYLOAD on one line, and the payload decodes to the canonical bytes")
  func base() throws {
    let canonical = try CurveSpec.load(path: Self.spec).jsonText
    let bases = ["https://example.github.io/curvekit/", "http://localhost:8000/", "https://studio.example.com/x/?v=2"]
    for base in bases {
      let result = runCurveKit(["share", Self.spec, "--base", base], environment: [:])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.isEmpty, "a link with a base needs no note: \(result.errors)")
      #expect(result.outputLines.count == 1)
      let line = String(result.outputLines.first ?? "")
      #expect(line.hasPrefix(base + "#spec="), "\(line)")
      let decoded = runCurveKit(["share", "--decode", line], environment: [:])
      #expect(decoded.status == 0 && decoded.output == canonical, "\(base)")
    }
  }

  @Test("CURVEKIT_STUDIO_URL is the base when --base is not given; --base wins over it")
  func environmentBase() {
    let environment = ["CURVEKIT_STUDIO_URL": "https://team.example.org/studio/"]
    let fromVariable = runCurveKit(["share", Self.spec], environment: environment)
    #expect(fromVariable.status == 0 && fromVariable.errors.isEmpty, "\(fromVariable.errors)")
    #expect(fromVariable.output.hasPrefix("https://team.example.org/studio/#spec="))
    let explicit = runCurveKit(["share", Self.spec, "--base", "http://127.0.0.1:8000/"], environment: environment)
    #expect(explicit.output.hasPrefix("http://127.0.0.1:8000/#spec="), "\(explicit.output)")
    // The same payload whatever the address.
    #expect(payload(of: fromVariable.output) == payload(of: explicit.output))
  }

  @Test("without a base: the bare #spec= fragment on stdout, one note on stderr, never a link without a port")
  func noBase() throws {
    for environment in [[:], ["CURVEKIT_STUDIO_URL": ""]] {
      let result = runCurveKit(["share", Self.spec], environment: environment)
      #expect(result.status == 0)
      #expect(result.outputLines.count == 1)
      #expect(result.output.hasPrefix("#spec="), "\(result.output)")
      #expect(!result.output.contains("127.0.0.1"))
      let notes = result.errors.split(separator: "\n")
      #expect(notes.count == 1 && notes[0].hasPrefix("note: "), "\(result.errors)")
      #expect(result.errors.contains("--base") && result.errors.contains("CURVEKIT_STUDIO_URL"))
      #expect(isDiagnosticLines(result.errors, failed: false))
      let decoded = runCurveKit(["share", "--decode", String(result.outputLines[0])], environment: [:])
      #expect(decoded.output == (try CurveSpec.load(path: Self.spec).jsonText))
    }
  }

  @Test(
    "a base that is not an http(s) address with a host exits 2 with one error line naming it",
    arguments: [
      "example.com", "ftp://example.com/", "file:///tmp/web/index.html", "https://", "http:///path",
      "https://example.com/#spec=", "https://exa mple.com/", "http://127.0.0.1/", "http://localhost/studio",
      "https://example.com/\u{202E}x", "",
    ])
  func badBase(_ base: String) {
    let result = runCurveKit(["share", Self.spec, "--base", base], environment: [:])
    #expect(result.status == 2, "\(base): \(result.errors)")
    #expect(isOneLineError(result.errors), "\(result.errors)")
    #expect(result.errors.contains("--base"), "\(result.errors)")
    #expect(result.output.isEmpty)
  }

  @Test("a bad CURVEKIT_STUDIO_URL exits 2 naming the variable; --base with --decode is refused")
  func badVariable() {
    let result = runCurveKit(["share", Self.spec], environment: ["CURVEKIT_STUDIO_URL": "studio.example.com"])
    #expect(result.status == 2 && isOneLineError(result.errors), "\(result.errors)")
    #expect(result.errors.contains("CURVEKIT_STUDIO_URL"), "\(result.errors)")
    #expect(result.output.isEmpty)
    let decode = runCurveKit(["share", "--decode", "#spec=e30", "--base", "https://example.com/"], environment: [:])
    #expect(decode.status == 2 && isOneLineError(decode.errors) && decode.errors.contains("--base"), "\(decode.errors)")
  }
}
