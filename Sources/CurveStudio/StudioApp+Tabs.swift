import CurveCore
import CurveSpec
import CurveStudioServer

/// The routes that add tabs and give files to them: a share link's spec (`POST /api/open`), a
/// new blank curve (`POST /api/new`), and Save as… (`POST /api/save-as?spec=N`). Nothing is
/// written before a save, and a save as only ever creates a new file.
extension StudioApp {
  /// A new unsaved tab for `spec`: 201 `{"index", "name", "unsaved": true, "spec", "etag"}`.
  func addTab(_ spec: CurveSpec) -> HTTPResponse {
    let document = StudioDocument(unsaved: spec)
    guard let index = registry.add(document) else {
      return Self.error(409, "the studio holds \(StudioDocuments.maximumCount) tabs; save and restart it to open more")
    }
    let bytes = Array(spec.jsonText.utf8)
    return Self.json(
      201,
      .object([
        ("index", .integer(index)), ("name", .string(document.displayName)), ("unsaved", .bool(true)),
        ("spec", spec.jsonValue), ("etag", .string(StudioDocument.etag(of: bytes))),
      ]))
  }

  /// The members of a JSON object body, or the 400 answer.
  static func objectBody(_ request: HTTPRequest) -> Result<
    (root: JSONNode, members: [JSONNode.Member]), HTTPError
  > {
    if let refusal = requireJSON(request) { return .failure(HTTPError(refusal)) }
    let root: JSONNode
    do {
      root = try JSONParser.parse(utf8: request.body)
    } catch {
      return .failure(HTTPError(Self.error(400, "malformed JSON body: \(error.description)")))
    }
    guard case .object(let members) = root.kind else {
      return .failure(HTTPError(Self.error(400, "the body must be a JSON object")))
    }
    return .success((root, members))
  }

  /// `POST /api/open` with `{"payload": "…"}`: the payload of a share link's `#spec=` (or the
  /// whole link), decoded and validated here, opened as a new unsaved tab. 422 for a payload
  /// that is not base64url or not a valid spec; nothing is written either way.
  func openLink(_ request: HTTPRequest) -> HTTPResponse {
    let members: [JSONNode.Member]
    switch Self.objectBody(request) {
    case .failure(let error): return error.response
    case .success(let body): members = body.members
    }
    guard let node = members.first(where: { $0.key == "payload" })?.value, case .string(let text) = node.kind else {
      return Self.error(400, "the body must be {\"payload\": \"…\"}, the text after #spec= in a share link")
    }
    do {
      return addTab(try ShareLink.spec(fromLink: text).spec)
    } catch {
      return Self.json(422, .object([("error", .string(error.description)), ("field", .null)]))
    }
  }

  /// `POST /api/new` (body `{}`): a new unsaved tab with ``StudioAPI/blankSpec``.
  func newCurve(_ request: HTTPRequest) -> HTTPResponse {
    if case .failure(let error) = Self.objectBody(request) { return error.response }
    return addTab(StudioAPI.blankSpec)
  }

  /// `POST /api/save-as?spec=N` with `{"spec": …, "name": "my.curve.json"}`: validates the
  /// name byte by byte (400 naming the rule) and the spec (422), then creates the file in
  /// ``folder``, relative to its descriptor, never replacing anything (409 when the name is
  /// taken, nothing overwritten). The tab becomes
  /// that file; a file it had before is left as it is. 201 `{"index", "name", "etag", "spec"}`.
  func saveAs(_ request: HTTPRequest) -> HTTPResponse {
    let document: StudioDocument
    switch self.document(for: request) {
    case .failure(let error): return error.response
    case .success(let found): document = found
    }
    let root: JSONNode
    let members: [JSONNode.Member]
    switch Self.objectBody(request) {
    case .failure(let error): return error.response
    case .success(let body): (root, members) = body
    }
    guard let node = members.first(where: { $0.key == "name" })?.value, case .string(let name) = node.kind else {
      return Self.error(400, "the body must be {\"spec\": {…}, \"name\": \"NAME.curve.json\"}")
    }
    if let rule = NewFileName.problem(with: name) {
      return Self.json(
        400,
        .object([
          ("error", .string("file name '\(EchoedText.escaped(name))' refused: \(rule)")), ("rule", .string(rule)),
        ]))
    }
    let spec: CurveSpec
    switch StudioAPI.spec(in: root, sourceName: name) {
    case .failure(let failure): return failure.response
    case .success(let parsed): spec = parsed
    }
    let registry = registry
    switch document.saveAs(spec.jsonText, name: name, in: folder, taken: { registry.holds($0, besides: document) })
    {
    case .saved(let etag):
      let index = documents.firstIndex { $0 === document } ?? -1
      var response = Self.json(
        201,
        .object([
          ("index", .integer(index)), ("name", .string(document.displayName)), ("etag", .string(etag)),
          ("spec", spec.jsonValue),
        ]))
      response.headers.add("ETag", etag)
      return response
    case .exists:
      return Self.json(
        409,
        .object([
          ("error", .string("'\(EchoedText.escaped(name))' already exists; nothing was written (choose another name)")),
          ("exists", .bool(true)),
        ]))
    case .failed(let reason):
      return Self.error(500, reason)
    }
  }
}
