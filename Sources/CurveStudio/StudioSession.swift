import CurveStudioServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// A running studio: the server on 127.0.0.1, its token, and the specs it may read and write.
package final class StudioSession: Sendable {
  /// The port the server listens on.
  package let port: Int
  /// The session's secret (256 random bits, hex).
  package let token: String
  /// The routes.
  package let app: StudioApp
  /// The HTTP server (for its connection counts).
  package let server: HTTPServer

  /// The link that opens the page: `http://127.0.0.1:PORT/#token=TOKEN`. The token is in the
  /// fragment, which the browser never sends: the page reads it, drops it from the address
  /// bar and sends it as `Authorization: Bearer` on its own requests.
  package var url: String { "http://127.0.0.1:\(port)/#token=\(token)" }

  /// Starts the server for `documents`.
  /// - Parameters:
  ///   - documents: the specs named on the command line (see ``StudioDocument/resolve(_:)``).
  ///   - configuration: the server's port (0: a free one), limits and timeouts.
  ///   - token: the secret; a fresh random one by default.
  ///   - tickets: the live channel's one-time tickets (10 s each by default).
  ///   - directory: where Save on an unsaved tab and Save as… create files; the current
  ///     directory by default.
  /// - Throws: ``StudioError`` when the port cannot be had.
  package init(
    documents: [StudioDocument], configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    token: String = SecureToken.generate(), tickets: OneTimeTickets = OneTimeTickets(), directory: String? = nil
  ) throws(StudioError) {
    let slot = Locked<StudioApp?>(nil)
    do {
      // A connection whose request presents the token keeps its slot longest (see HTTPServer).
      let credential: @Sendable (HTTPRequest) -> Bool = { request in
        slot.withLock { $0 }?.policy.isAuthorized(request) ?? false
      }
      server = try HTTPServer(configuration: configuration, credential: credential) { request in
        guard let app = slot.withLock({ $0 }) else { return HTTPResponse.text(503, "starting") }
        return app.handle(request)
      }
    } catch {
      throw StudioError(error.description)
    }
    port = server.port
    self.token = token
    let policy = LocalAccessPolicy(
      port: server.port, token: token, publicPaths: Set(StudioAssets.byPath.keys), tickets: tickets,
      ticketPaths: [StudioApp.livePath])
    app = StudioApp(documents: documents, policy: policy, directory: directory)
    // A save as killed mid-write (kill -9) left its temporary file here: removed as a spec's own are.
    app.folder.removeStaleTemporaries()
    slot.withLock { $0 = app }
  }

  /// Stops the server and disconnects every client.
  package func stop() { server.stop() }
}

/// Opens the studio in the user's browser without putting the token on any command line:
/// the link goes into a redirect page in a private temporary directory (mode 0700, the file
/// 0600), and the browser opener (`xdg-open`, or `open` on macOS) gets that file's path, as
/// Jupyter does.
package enum BrowserLauncher {
  /// The redirect page for `url`.
  static func redirectPage(_ url: String) -> String {
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=\(url)">
    <title>CurveKit Studio</title></head>
    <body><p><a href="\(url)">Open CurveKit Studio</a></p></body></html>

    """
  }

  /// The system's browser opener: `open` on macOS, `xdg-open` elsewhere.
  package static var defaultOpener: String {
    #if canImport(Darwin)
      return "open"
    #else
      return "xdg-open"
    #endif
  }

  /// Writes the redirect page and starts `opener` (found on PATH unless it is a path) with the
  /// page's file name as its only argument; returns the temporary directory to remove when the
  /// studio stops.
  /// - Throws: ``StudioError`` when the file cannot be written or the opener cannot start.
  package static func open(_ url: String, opener: String = defaultOpener) throws(StudioError) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/curvekit-studio-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    guard made != nil else {
      throw StudioError("cannot create a temporary directory in \(base): \(String(cString: strerror(errno)))")
    }
    let directory = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let file = directory + "/open.html"
    let descriptor = systemOpen(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw StudioError("cannot write \(file): \(String(cString: strerror(errno)))") }
    let bytes = Array(redirectPage(url).utf8)
    let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw StudioError("cannot write \(file)") }
    guard let pid = spawn(opener, [file]) else {
      cleanUp(directory)
      throw StudioError("cannot start \(opener); open the link yourself")
    }
    _ = Threads.reap(pid)
    return directory
  }

  /// Removes the redirect page and its directory.
  package static func cleanUp(_ directory: String) {
    unlink(directory + "/open.html")
    rmdir(directory)
  }

  /// Starts `program` (found on PATH) with `arguments`, standard streams on /dev/null.
  static func spawn(_ program: String, _ arguments: [String]) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for stream: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, stream, "/dev/null", stream == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    let result = posix_spawnp(&pid, program, &actions, nil, argv, environment)
    return result == 0 ? pid : nil
  }
}

extension Threads {
  /// Waits for child `pid` on a detached thread, so it does not linger as a zombie.
  static func reap(_ pid: pid_t) -> Bool {
    detach {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
