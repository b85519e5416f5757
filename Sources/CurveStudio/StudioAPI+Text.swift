import CurveSpec

extension StudioAPI {
  /// The spec of a save's body: `{"spec": {…}}` (the page's edits), or `{"text": "…"}`, the text
  /// of a file that did not load as the designer fixed it, read by the file loader itself
  /// (``CurveSpec/parse(utf8:sourceName:)``): exactly the verdict a load of that text gives, with
  /// its line and column (`"line"`, `"column"` beside the message), so what is checked is what
  /// the file will hold.
  package static func spec(fromSaveBody body: [UInt8], sourceName: String) -> Result<CurveSpec, Failure> {
    let root: JSONNode
    switch parsedBody(body) {
    case .failure(let failure): return .failure(failure)
    case .success(let parsed): root = parsed
    }
    guard case .object(let members) = root.kind, let node = members.first(where: { $0.key == "text" })?.value else {
      return spec(in: root, sourceName: sourceName)
    }
    guard case .string(let text) = node.kind else {
      return .failure(Failure(status: 400, message: "\"text\" must be the file's text, a string"))
    }
    do {
      return .success(try CurveSpec.parse(utf8: Array(text.utf8), sourceName: sourceName))
    } catch {
      var failure = Failure.invalid(error)
      failure.location = error.location
      return .failure(failure)
    }
  }
}
