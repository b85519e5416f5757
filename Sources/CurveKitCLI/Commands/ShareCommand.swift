import CurveCore
import CurveSpec

/// `curvekit share`: a spec as a link that opens it in a hosted studio (`BASE#spec=<base64url>`),
/// or as the bare `#spec=` fragment when no studio address is known; and a link's spec back.
enum ShareCommand: CurveKitCommand {
  static let name = "share"
  static let abstract = "Print a spec as a share link, or a share link's spec."
  static let usage = ["share SPEC.curve.json [--base URL]", "share --decode LINK"]
  /// The environment variable naming the studio's address when `--base` is not given.
  static let baseVariable = "CURVEKIT_STUDIO_URL"
  static let discussion = """
    Prints one line: BASE#spec=PAYLOAD, where BASE is the address of a hosted CurveKit
    Studio (the page scripts/build-web.sh writes into .build/web, on GitHub Pages, on
    any static file server or on python3 -m http.server -d .build/web) and PAYLOAD is
    the base64url (RFC 4648 §5, no padding) of the spec's canonical bytes: exactly the
    file the studio would save (the house JSON style, ending in a newline). BASE comes
    from --base URL, else from the environment variable CURVEKIT_STUDIO_URL; it must be
    an http:// or https:// address without a fragment. Without either, share prints
    the fragment alone, #spec=PAYLOAD, and one note on standard error saying where to
    paste it (after a hosted studio's address, or to curvekit design). The spec is in
    the fragment, which a browser never sends to any server. A link round-trips the
    spec byte for byte: decoding gives those bytes, and sharing them again gives the
    same link.
    "curvekit design LINK" opens the link's spec in the studio as a new unsaved tab.
    --decode LINK prints the link's spec (LINK may be a whole link, "#spec=…", or the
    payload alone), after the same strict checks as a spec file.
    Exit status: 0 success; 2 invalid input (a spec that does not load, a base that is
    not an http(s) address, a link whose payload is not base64url, too long, or not a
    valid spec), with one line "error: …".
    """
  static let options: [OptionSpec] = [
    .value("--decode", placeholder: "LINK", help: "Print the spec of a share link instead."),
    .value(
      "--base", placeholder: "URL",
      help: "The hosted studio's address the link opens on (default: $CURVEKIT_STUDIO_URL)."),
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    if let link = arguments.value("--decode") {
      try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 0, what: "only --decode LINK") }
      if arguments.value("--base") != nil {
        throw UsageError("--base makes a link; it does not apply to --decode").commandError
      }
      let (_, bytes) = try attempt { () throws(ShareLinkError) in try ShareLink.spec(fromLink: link) }
      io.write(String(decoding: bytes, as: UTF8.self))
      return .success
    }
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "one spec file") }
    guard let path = arguments.positionals.first else {
      throw UsageError("missing the spec file to share").commandError
    }
    let base = try attempt { () throws(UsageError) in try studioBase(arguments, io: io) }
    let spec = try attempt { () throws(SpecError) in try CurveSpec.load(path: path) }
    // The payload of the one link rule (ShareLink), whatever address it is put after.
    let payload = try attempt { () throws(ShareLinkError) in try ShareLink.payload(in: ShareLink.link(for: spec)) }
    let fragment = "#spec=" + payload
    guard let base else {
      io.write(fragment + "\n")
      io.writeError(
        "note: no studio address (--base URL or \(baseVariable)): paste this after a hosted studio's address, "
          + "e.g. http://localhost:8000/ from python3 -m http.server -d .build/web, or give it to curvekit design\n")
      return .success
    }
    io.write(base + fragment + "\n")
    return .success
  }

  /// The studio's address: `--base`, else ``baseVariable`` (unset or empty: none).
  /// - Throws: ``UsageError`` naming the option or the variable when the address is refused.
  static func studioBase(_ arguments: ParsedArguments, io: any CommandIO) throws(UsageError) -> String? {
    if let base = arguments.value("--base") {
      if let problem = StudioBase.problem(with: base) {
        throw UsageError("--base '\(EchoedText.escaped(base))' refused: \(problem)")
      }
      return base
    }
    guard let base = io.environment(baseVariable), !base.isEmpty else { return nil }
    if let problem = StudioBase.problem(with: base) {
      throw UsageError("\(baseVariable)='\(EchoedText.escaped(base))' refused: \(problem)")
    }
    return base
  }
}

/// The rule for a hosted studio's address, the part of a share link before `#spec=`.
enum StudioBase {
  /// Why `text` cannot be a studio's address, or nil when it can: an `http://` or `https://`
  /// URL with a host, no fragment (the link's own is `#spec=`), and no space, control or
  /// bidirectional character; a loopback host (`127.0.0.1`, `localhost`, `[::1]`) with its port.
  static func problem(with text: String) -> String? {
    if text.unicodeScalars.contains(where: { $0 == " " || EchoedText.needsEscape($0) }) {
      return "an address holds no spaces or control characters"
    }
    let lower = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else {
      return "expected an http:// or https:// address, such as https://example.github.io/curvekit/"
    }
    let rest = text.dropFirst(scheme.count)
    let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !host.isEmpty, !host.hasPrefix(":"), !host.hasPrefix("@") else { return "the address names no host" }
    // A studio on this machine always has a port: without one the link would lead nowhere.
    let loopback = ["127.0.0.1", "localhost", "[::1]"].contains(host.lowercased())
    if loopback { return "a studio on this machine needs its port, such as http://127.0.0.1:8000/" }
    if text.contains("#") { return "an address has no fragment ('#'): the link's fragment is #spec=" }
    return nil
  }
}
