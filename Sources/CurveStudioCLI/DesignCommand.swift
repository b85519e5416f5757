import CurveKitCLI
import CurveSpec
import CurveStudio
import CurveStudioServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `curvekit design`: the interactive Curve Studio in the browser, on 127.0.0.1 only.
enum DesignCommand: CurveKitCommand {
  static let name = "design"
  static let abstract = "Open the interactive Curve Studio in the browser."
  static let usage = ["design [SPEC.curve.json | LINK …] [--port N] [--no-open]"]
  static let discussion = """
    Serves the Curve Studio on 127.0.0.1 (never another interface) and prints one line:
    "CurveKit Studio: http://127.0.0.1:PORT/#token=TOKEN". The page edits, fits and saves
    the specs named here, and no other file: a SPEC that does not exist yet starts a new
    curve, created on the first save. Saves are atomic, in the house JSON style, and refused
    when the file changed on disk since the page loaded it. Every request needs the
    session's random token (the page keeps it from the link's #fragment and sends it as a
    Bearer header; no cookie is used); requests for another host name
    or from another origin are refused. Without SPEC, the page opens a new blank curve.
    A LINK (an argument holding "#spec=", as "curvekit share" prints, or just "#spec=…")
    opens its spec as a new unsaved tab. Nothing is written until Save, which asks an
    unsaved tab (a link's, a new curve's) for a bare NAME.curve.json and creates it in the
    current directory, never overwriting a file (Save as… does the same for any tab).
    The browser opens through a private temporary file, so the token is on no command line.
    Runs until Ctrl-C or SIGTERM, then exits 0.
    Exit status: 0 after Ctrl-C or SIGTERM; 2 invalid input (a directory, a missing
    directory, a port that is taken or out of range, a LINK that is not a valid share link).
    """
  static let options: [OptionSpec] = [
    .value("--port", placeholder: "N", help: "The port on 127.0.0.1 (default 0: a free one)."),
    .flag("--no-open", help: "Do not open a browser; only print the link."),
  ]

  static func run(_ arguments: ParsedArguments, io: any CommandIO) throws(CommandError) -> ExitStatus {
    let port = try attempt { () throws(UsageError) in try arguments.integer("--port", in: 0...65_535) ?? 0 }
    // Links become unsaved tabs, in their place among the files.
    var documents: [StudioDocument] = []
    var files: [(position: Int, path: String)] = []
    for argument in arguments.positionals {
      if ShareLink.looksLikeLink(argument) {
        let spec = try attempt { () throws(ShareLinkError) in try ShareLink.spec(fromLink: argument).spec }
        documents.append(StudioDocument(unsaved: spec))
      } else {
        files.append((documents.count + files.count, argument))
      }
    }
    let resolved = try attempt { () throws(StudioError) in try StudioDocument.resolve(files.map { $0.path }) }
    for (file, document) in zip(files, resolved) {
      documents.insert(document, at: file.position)
    }
    // Block the stop signals in every thread (the server's threads inherit the mask), so
    // that this thread receives them in sigwait and shuts down cleanly.
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    defer { pthread_sigmask(SIG_UNBLOCK, &signals, nil) }
    let session = try attempt { () throws(StudioError) in
      try StudioSession(documents: documents, configuration: HTTPServerConfiguration(port: port))
    }
    io.write("CurveKit Studio: \(session.url)\n")
    io.flush()
    var redirect: String?
    if !arguments.has("--no-open") {
      do { redirect = try BrowserLauncher.open(session.url) } catch { io.writeError("note: \(error.description)\n") }
    }
    var received: Int32 = 0
    while sigwait(&signals, &received) != 0 {}
    session.stop()
    if let redirect { BrowserLauncher.cleanUp(redirect) }
    return .success
  }
}

extension StudioError: CommandFailure {
  /// The studio's errors, by their one-line description.
  package var commandError: CommandError { .described(description) }
}
