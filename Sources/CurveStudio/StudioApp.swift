import CurveCore
import CurvePipeline
import CurveSpec
import CurveStudioServer

/// The studio's routes: the page and its assets, and the JSON API, for the specs named on
/// the command line. Every request passes ``LocalAccessPolicy`` first: the page's files need
/// no credential (they hold no data), every API route needs `Authorization: Bearer TOKEN`.
///
/// | route | does |
/// |---|---|
/// | `GET /` | the page (it reads the token from the link's `#token=` fragment, which is never sent) |
/// | `GET /studio.css`, `GET /studio/*.mjs` | the page's style and scripts, from memory |
/// | `POST /api/ws-ticket` | `{"ticket", "expiresIn"}`: a one-time ticket for `/api/live?ticket=` |
/// | `GET /api/session` | the specs (by index and file name) and the presets |
/// | `GET /api/spec?spec=N` | `{"spec", "etag"}` of spec N on disk, `ETag`; 404 when new (with the blank spec); 304 for `If-None-Match` |
/// | `PUT /api/spec?spec=N` | saves `{"spec"}` (or `{"text"}`, read by the file loader) under `If-Match: ETAG` (or `If-None-Match: *` for a new file) |
/// | `POST /api/fit` | `curvekit fit --json`'s members for `{"spec"}`, then `"plot"` (what the page draws) |
/// | `POST /api/convert` | the spec with its numbers in other units (`timeUnit`, `levelUnit`) |
/// | `POST /api/open` | `{"payload"}` (a share link's `#spec=` payload) → a new unsaved tab `{"index", "name", "spec"}` |
/// | `POST /api/new` | a new unsaved tab with a blank curve |
/// | `POST /api/save-as?spec=N` | `{"spec", "name"}`: creates `name` (a bare `*.curve.json`) in the studio's folder, `O_EXCL` |
/// | `GET /api/live?ticket=T` | a WebSocket for live fits while dragging (see ``StudioAPI/live(_:sourceNames:)``) |
/// | `POST /api/shape?spec=N` | `{"spec", "easing" \| "preset"}`: the spec reshaped, keeping the designer's settings, with the certified distance |
/// | `POST /api/share?spec=N` | `{"spec"}` → `{"payload", "text"}`: the share link's payload (as `curvekit share`) and the canonical bytes |
/// | `POST /api/generate`, `POST /api/export[?precision=N]` | the Swift, Kotlin and TypeScript files, and the CSS / SwiftUI easing |
package struct StudioApp: Sendable {
  /// The tabs: the specs in command-line order, then the unsaved tabs opened since.
  package let registry: StudioDocuments
  /// The access rules.
  package let policy: LocalAccessPolicy
  /// The folder new files are created in (Save on an unsaved tab, Save as…): the current
  /// directory `curvekit design` was started from, resolved and opened once.
  package let folder: StartFolder
  /// The folder's path.
  package var directory: String { folder.path }

  /// The documents now, in tab order.
  package var documents: [StudioDocument] { registry.all }

  /// Creates the app.
  /// - Parameter directory: where new files go; the current directory by default.
  package init(documents: [StudioDocument], policy: LocalAccessPolicy, directory: String? = nil) {
    registry = StudioDocuments(documents)
    self.policy = policy
    folder = StartFolder(path: directory ?? StudioDocument.realPath(".") ?? ".")
  }

  /// The live channel's path: the only route a WebSocket ticket opens (``LocalAccessPolicy/ticketPaths``).
  package static let livePath = "/api/live"

  /// Answers one request.
  package func handle(_ request: HTTPRequest) -> HTTPResponse {
    if case .refuse(let response) = policy.decide(request) { return response }
    switch request.path {
    case let path where StudioAssets.byPath[path] != nil:
      return only(["GET", "HEAD"], request) { StudioAssets.response(for: path) ?? Self.error(404, "no such asset") }
    case "/api/session": return only(["GET", "HEAD"], request) { session }
    case "/api/ws-ticket": return only(["POST"], request) { ticket }
    case "/api/spec":
      return only(["GET", "HEAD", "PUT"], request) {
        request.method == "PUT" ? putSpec(request) : getSpec(request)
      }
    case Self.livePath:
      return only(["GET"], request) {
        let registry = registry
        return WebSocket.upgrade(request) { message in
          StudioAPI.live(message, sourceNames: registry.all.map { $0.displayName })
        }
      }
    case "/api/open": return only(["POST"], request) { openLink(request) }
    case "/api/new": return only(["POST"], request) { newCurve(request) }
    case "/api/save-as": return only(["POST"], request) { saveAs(request) }
    case "/api/fit": return post(request) { spec in StudioAPI.fit(spec).map(Self.jsonText) }
    case "/api/generate": return post(request) { spec in StudioAPI.generate(spec).map(Self.json) }
    case "/api/share": return post(request) { spec in .success(Self.jsonText(StudioAPI.share(spec))) }
    case "/api/export":
      return post(request) { spec in
        guard let milliseconds = StudioAPI.animationMilliseconds(request.queryValue("durationMs")) else {
          return .failure(StudioAPI.animationDurationRefusal)
        }
        return StudioAPI.export(
          spec, duration: milliseconds / 1000, precision: request.queryValue("precision").map { Int($0) ?? 0 },
          animationMilliseconds: milliseconds
        ).map(Self.json)
      }
    case "/api/convert": return postBody(request) { StudioAPI.convert($0, sourceName: $1).map(Self.json) }
    case "/api/shape": return postBody(request) { StudioAPI.shape($0, sourceName: $1).map(Self.json) }
    default: return Self.error(404, "no such resource: \(request.path)")
    }
  }

  // MARK: - Routes

  /// A one-time ticket for the live channel's handshake (a browser cannot send a header there).
  var ticket: HTTPResponse {
    let seconds = policy.tickets.lifetime.components.seconds
    return Self.json(
      200, .object([("ticket", .string(policy.issueTicket())), ("expiresIn", .integer(Int(seconds)))]))
  }

  var session: HTTPResponse {
    let specs: [JSONValue] = documents.enumerated().map { index, document in
      var members: [(key: String, value: JSONValue)] = [
        ("index", .integer(index)), ("name", .string(document.displayName)),
      ]
      if document.isUnsaved { members.append(("unsaved", .bool(true))) }
      return .object(members)
    }
    return Self.json(200, .object([("specs", .array(specs))] + StudioAPI.sessionMembers))
  }

  /// The document `?spec=N` names, or the error response. Every route about a document
  /// needs the index (400 without it): the server never guesses which file a request means.
  func document(for request: HTTPRequest) -> Result<StudioDocument, HTTPError> {
    let documents = documents
    guard let text = request.queryValue("spec") else {
      return .failure(
        HTTPError(Self.error(400, "say which spec: ?spec=N with N from 0 to \(max(0, documents.count - 1))")))
    }
    guard let index = Int(text), documents.indices.contains(index) else {
      return .failure(HTTPError(Self.error(404, "spec must be an index from 0 to \(documents.count - 1)")))
    }
    return .success(documents[index])
  }

  func getSpec(_ request: HTTPRequest) -> HTTPResponse {
    let document: StudioDocument
    switch self.document(for: request) {
    case .failure(let error): return error.response
    case .success(let found): document = found
    }
    switch document.read() {
    case .missing:
      return Self.json(
        404,
        .object([
          ("error", .string("'\(document.displayName)' does not exist yet; the first save creates it")),
          ("new", .bool(true)),
          // What the new file starts as: two points in the spec's units (the page names it after the file).
          ("spec", StudioAPI.blankSpec.jsonValue),
        ]))
    case .unreadable(let reason):
      return Self.error(409, reason)
    case .present(let bytes, let etag):
      if request.headers.values("If-None-Match").contains(etag) {
        var response = HTTPResponse(status: 304)
        response.headers.add("ETag", etag)
        return response
      }
      var members: [(key: String, value: JSONValue)]
      do {
        let spec = try CurveSpec.parse(utf8: bytes, sourceName: document.displayName)
        members = [
          ("spec", spec.jsonValue), ("etag", .string(etag)),
          ("units", PlotData.unitsJSON(spec: spec.units, display: spec.displayUnits)),
        ]
        if document.isUnsaved { members.append(("unsaved", .bool(true))) }
      } catch {
        members = [
          ("spec", .null), ("etag", .string(etag)),
          (
            "invalid",
            StudioAPI.Failure.invalid(error).body
          ),
          // The file's own text, so the page can show it and let the designer fix it.
          ("text", .string(String(decoding: bytes, as: UTF8.self))),
        ]
      }
      var response = Self.json(200, .object(members))
      response.headers.add("ETag", etag)
      return response
    }
  }

  func putSpec(_ request: HTTPRequest) -> HTTPResponse {
    let document: StudioDocument
    switch self.document(for: request) {
    case .failure(let error): return error.response
    case .success(let found): document = found
    }
    if let refusal = Self.requireJSON(request) { return refusal }
    let precondition: StudioDocument.Precondition
    if let etag = request.headers["If-Match"] {
      precondition = .matches(etag)
    } else if request.headers["If-None-Match"] == "*" {
      precondition = .absent
    } else {
      return Self.error(428, "a save needs If-Match: ETAG (or If-None-Match: * for a new file)")
    }
    let spec: CurveSpec
    switch StudioAPI.spec(fromSaveBody: request.body, sourceName: document.displayName) {
    case .failure(let failure): return failure.response
    case .success(let parsed): spec = parsed
    }
    switch document.save(spec.jsonText, precondition: precondition) {
    case .saved(let etag):
      var response = Self.json(200, .object([("etag", .string(etag)), ("spec", spec.jsonValue)]))
      response.headers.add("ETag", etag)
      return response
    case .conflict(let current):
      return Self.json(
        412,
        .object([
          ("error", .string("'\(document.displayName)' changed on disk since it was loaded; nothing was written")),
          ("etag", current.map(JSONValue.string) ?? .null),
        ]))
    case .failed(let reason):
      return Self.error(500, reason)
    case .needsName:
      return Self.json(
        409,
        .object([
          ("error", .string("'\(document.displayName)' has no file yet: save it with a name (POST /api/save-as)")),
          ("unsaved", .bool(true)),
        ]))
    }
  }

  /// A POST route taking `{"spec": …}`.
  func post(_ request: HTTPRequest, _ body: (CurveSpec) -> Result<HTTPResponse, StudioAPI.Failure>) -> HTTPResponse {
    postBody(request) { bytes, name in StudioAPI.spec(fromBody: bytes, sourceName: name).flatMap(body) }
  }

  /// A POST about the document `?spec=N` whose body `answer` reads itself (bytes and the
  /// document's file name): a JSON body and a known document, or the error response.
  func postBody(
    _ request: HTTPRequest, _ answer: ([UInt8], String) -> Result<HTTPResponse, StudioAPI.Failure>
  ) -> HTTPResponse {
    only(["POST"], request) {
      if let refusal = Self.requireJSON(request) { return refusal }
      let name: String
      switch document(for: request) {
      case .failure(let error): return error.response
      case .success(let document): name = document.displayName
      }
      switch answer(request.body, name) {
      case .success(let response): return response
      case .failure(let failure): return failure.response
      }
    }
  }

  /// 405 with `Allow` unless the method is one of `methods`.
  func only(_ methods: [String], _ request: HTTPRequest, _ body: () -> HTTPResponse) -> HTTPResponse {
    guard methods.contains(request.method) else {
      var response = Self.error(405, "\(request.method) is not allowed on \(request.path)")
      response.headers.add("Allow", methods.joined(separator: ", "))
      return response
    }
    return body()
  }

  /// 415 unless the body is declared as JSON (a cross-site form cannot send that type).
  static func requireJSON(_ request: HTTPRequest) -> HTTPResponse? {
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    guard type == "application/json" || type.hasPrefix("application/json;") else {
      return error(415, "send the body as Content-Type: application/json")
    }
    return nil
  }

  // MARK: - Responses

  /// A response wrapping an error response, so it can travel in a `Result`.
  struct HTTPError: Error {
    var response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
  }

  /// A JSON response.
  package static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8", body: JSONWriter.string(value) + "\n")
  }

  static func json(_ value: JSONValue) -> HTTPResponse { json(200, value) }

  static func jsonText(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: text)
  }

  /// `{"error": "…"}`.
  static func error(_ status: Int, _ message: String) -> HTTPResponse {
    json(status, .object([("error", .string(message))]))
  }
}

extension StudioAPI.Failure {
  /// The response: the status and the error object (``StudioAPI/Failure/body``).
  package var response: HTTPResponse { StudioApp.json(status, body) }
}
