import CurveCore
import CurvePipeline
import CurveSpec

/// The studio's answers where no server runs: the page on a static host calls these through
/// the WebAssembly engine (Web/CurveWeb/StudioExports.swift), with the bodies and answers the
/// local server's routes use, so one page runs on both hosts. Every answer is computed by the
/// same functions as the server's route of the same name.
extension StudioAPI {
  /// A new blank curve: "Untitled", in percent, with two points on the straight line from
  /// 100 % to 0 % (so the curve starts as that line, and both handles are there to drag).
  package static var blankSpec: CurveSpec {
    CurveSpec(
      name: "Untitled", points: [DataPoint(t: 0.25, y: 75), DataPoint(t: 0.75, y: 25)], levelUnit: .percent)
  }

  /// What a session offers whatever documents it holds: the presets, the spec's key order and
  /// the format's features (`/api/session` adds the documents).
  package static var sessionMembers: [(key: String, value: JSONValue)] {
    [
      ("presets", StudioLibrary.json), ("keyOrder", .array(CurveSpec.knownKeys.map { JSONValue.string($0) })),
      (
        "features",
        .object([
          ("units", .bool(CurveSpec.knownKeys.contains("timeUnit"))),
          ("milestones", .bool(CurveSpec.knownKeys.contains("milestones"))),
          // The code options' inverse methods: the one list (CurveCore's InverseMethod).
          ("inverseMethods", .array(InverseMethod.allCases.map { .string($0.rawValue) })),
        ])
      ),
    ]
  }

  /// One answer of the engine: an HTTP-like status and a JSON text.
  package struct WebAnswer: Sendable, Equatable {
    /// 200 or 201 on success; 400 (malformed), 404 (no such route) or 422 (refused) otherwise.
    package var status: Int
    /// The JSON text, as the local server's route of the same name sends it.
    package var text: String
  }

  /// The web host's routes, each the server's route of the same name:
  /// - `session`: the presets, key order and features (no documents: the page holds them);
  /// - `new`: `{"spec"}`, the blank curve;
  /// - `fit`, `generate`: `{"spec", "name"?}` as `/api/fit` and `/api/generate`;
  /// - `export`: `{"spec", "name"?, "precision"?, "durationMs"?}` as `/api/export?precision=N&durationMs=D`;
  /// - `convert`: the body of `/api/convert`, plus `"name"`;
  /// - `shape`: the body of `/api/shape` (a pasted easing or a library entry), plus `"name"`;
  /// - `share-decode`: `{"payload"}` (a link or the text after `#spec=`): `{"spec", "text"}`,
  ///   the spec and its canonical text, or 422 with the reader's error;
  /// - `open`: `{"text", "name"}`: a file's text read by the file reader itself (line and
  ///   column in the error), answered as `share-decode`;
  /// - `share-encode`: `{"spec"}`: `{"payload", "text"}`, what `curvekit share` puts after
  ///   `#spec=` and the canonical text (`curvekit share --decode`);
  /// - `canonical`: `{"spec"}`: `{"text"}`, the spec's canonical bytes (what Save writes).
  package static func webCall(route: String, body: [UInt8]) -> WebAnswer {
    let root: JSONNode
    switch parsedBody(body) {
    case .failure(let failure): return answer(failure)
    case .success(let parsed): root = parsed
    }
    guard case .object(let members) = root.kind else {
      return WebAnswer(status: 400, text: errorText("the body must be a JSON object"))
    }
    func string(_ key: String) -> String? {
      guard case .string(let text)? = members.first(where: { $0.key == key })?.value.kind else { return nil }
      return text
    }
    let name = string("name") ?? string("sourceName") ?? "Untitled.curve.json"
    func withSpec(_ body: (CurveSpec) -> WebAnswer) -> WebAnswer {
      switch spec(in: root, sourceName: name) {
      case .failure(let failure): return answer(failure)
      case .success(let spec): return body(spec)
      }
    }
    switch route {
    case "session": return WebAnswer(status: 200, text: JSONWriter.string(.object(sessionMembers)) + "\n")
    case "new": return WebAnswer(status: 201, text: JSONWriter.string(.object([("spec", blankSpec.jsonValue)])) + "\n")
    case "fit": return withSpec { answer(fit($0), status: 200) }
    case "generate": return withSpec { answer(generate($0).map { JSONWriter.string($0) + "\n" }, status: 200) }
    case "export":
      var precision: Int?
      if let node = members.first(where: { $0.key == "precision" })?.value {
        guard case .number(let value) = node.value, let whole = Int(exactly: value) else {
          return WebAnswer(status: 400, text: errorText("precision must be a whole number"))
        }
        precision = whole
      }
      var requested: Double?
      if let node = members.first(where: { $0.key == "durationMs" })?.value {
        guard case .number(let value) = node.value else { return answer(animationDurationRefusal) }
        requested = value
      }
      guard let milliseconds = animationMilliseconds(requested) else { return answer(animationDurationRefusal) }
      return withSpec {
        answer(
          export($0, duration: milliseconds / 1000, precision: precision, animationMilliseconds: milliseconds)
            .map { JSONWriter.string($0) + "\n" }, status: 200)
      }
    case "convert": return answer(convert(body, sourceName: name).map { JSONWriter.string($0) + "\n" }, status: 200)
    case "shape": return answer(shape(body, sourceName: name).map { JSONWriter.string($0) + "\n" }, status: 200)
    case "share-decode":
      guard let payload = string("payload") else {
        return WebAnswer(
          status: 400, text: errorText("the body must be {\"payload\": \"…\"}, the text after #spec= in a share link"))
      }
      do {
        return opened(
          try ShareLink.spec(fromLink: ShareLink.looksLikeLink(payload) ? payload : "#spec=" + payload).spec)
      } catch {
        return WebAnswer(status: 422, text: errorText(error.description))
      }
    case "open":
      guard let text = string("text") else {
        return WebAnswer(status: 400, text: errorText("the body must be {\"text\": \"…\", \"name\": \"…\"}"))
      }
      do {
        return opened(try CurveSpec.parse(utf8: Array(text.utf8), sourceName: name))
      } catch {
        return answer(Failure.invalid(error))
      }
    case "canonical":
      return withSpec { spec in
        WebAnswer(status: 200, text: JSONWriter.string(.object([("text", .string(spec.jsonText))])) + "\n")
      }
    case "share-encode": return withSpec { WebAnswer(status: 200, text: share($0)) }
    default: return WebAnswer(status: 404, text: errorText("no such route: \(route)"))
    }
  }

  /// The web host's `share-encode` and the local server's `POST /api/share`: `{"payload", "text"}`,
  /// what `curvekit share` puts after `#spec=` (the base64url of the canonical bytes) and those
  /// bytes (`curvekit share --decode`). The page's Share button puts the payload after its address.
  package static func share(_ spec: CurveSpec) -> String {
    let text = spec.jsonText
    let payload = Base64URL.encode(Array(text.utf8))
    return JSONWriter.string(.object([("payload", .string(payload)), ("text", .string(text))])) + "\n"
  }

  /// The answer to an opened link or text: the spec and its canonical text.
  static func opened(_ spec: CurveSpec) -> WebAnswer {
    WebAnswer(
      status: 200,
      text: JSONWriter.string(.object([("spec", spec.jsonValue), ("text", .string(spec.jsonText))])) + "\n")
  }

  static func answer(_ result: Result<String, Failure>, status: Int) -> WebAnswer {
    switch result {
    case .success(let text): return WebAnswer(status: status, text: text)
    case .failure(let failure): return answer(failure)
    }
  }

  static func answer(_ failure: Failure) -> WebAnswer {
    WebAnswer(status: failure.status, text: JSONWriter.string(failure.body) + "\n")
  }

  static func errorText(_ message: String, field: String? = nil) -> String {
    JSONWriter.string(.object([("error", .string(message)), ("field", field.map { JSONValue.string($0) } ?? .null)]))
      + "\n"
  }
}
