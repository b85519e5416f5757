import CurveSpec

/// `curvekit share`: a spec as a link, `http://127.0.0.1/#spec=<base64url>`, and back.
enum ShareCommand: CurveKitCommand {
  static let name = "share"
  static let abstract = "Print a spec as a share link, or a share link's spec."
  static let usage = ["share SPEC.curve.json", "share --decode LINK"]
  static let discussion = """
    Prints one line: http://127.0.0.1/#spec=PAYLOAD, where PAYLOAD is the base64url
    (RFC 4648 §5, no padding) of the spec's canonical bytes: exactly the file the studio
    would save (the house JSON style, ending in a newline). The spec is in the fragment,
    which a browser never sends to any server. A link round-trips the spec byte for byte:
    decoding gives those bytes, and sharing them again gives the same link.
    "curvekit design LINK" opens the link's spec in the studio as a new unsaved tab.
    --decode LINK prints the link's spec (LINK may be a whole link, "#spec=…", or the
    payload alone), after the same strict checks as a spec file.
    Exit status: 0 success; 2 invalid input (a spec that does not load, a link whose
    payload is not base64url, too long, or not a valid spec), with one line "error: …".
    """
  static let options: [OptionSpec] = [
    .value("--decode", placeholder: "LINK", help: "Print the spec of a share link instead.")
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    if let link = arguments.value("--decode") {
      try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 0, what: "only --decode LINK") }
      let (_, bytes) = try attempt { () throws(ShareLinkError) in try ShareLink.spec(fromLink: link) }
      io.write(String(decoding: bytes, as: UTF8.self))
      return .success
    }
    try attempt { () throws(UsageError) in try arguments.expectPositionals(atMost: 1, what: "one spec file") }
    guard let path = arguments.positionals.first else { throw UsageError("missing the spec file to share").commandError }
    let spec = try attempt { () throws(SpecError) in try CurveSpec.load(path: path) }
    io.write(ShareLink.link(for: spec) + "\n")
    return .success
  }
}
