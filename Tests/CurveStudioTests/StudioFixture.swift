import CurveKitTestSupport
import CurveSpec
import CurveStudio
import CurveStudioServer
import Foundation

/// A live studio on 127.0.0.1 over spec files in a fresh temporary directory.
final class StudioFixture {
  let directory: String
  let paths: [String]
  let session: StudioSession
  var port: Int { session.port }
  var token: String { session.token }

  /// The article's curve, as examples/curves has it.
  static let depletion =
    (try? String(contentsOfFile: Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json", encoding: .utf8))
    ?? ""

  /// Writes each file (nil: leave it missing, a new spec) and starts the studio on them.
  init(
    _ files: [(name: String, content: String?)] = [("depletion.curve.json", depletion)],
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(), tickets: OneTimeTickets = OneTimeTickets(),
    unsaved: [CurveSpec] = []
  ) throws {
    let directory = try TemporaryDirectory("studio-test").path
    self.directory = directory
    paths = files.map { directory + "/" + $0.name }
    for (path, file) in zip(paths, files) {
      if let content = file.content { try content.write(toFile: path, atomically: false, encoding: .utf8) }
    }
    // New files (Save on an unsaved tab, Save as…) go to the fixture's directory, as they go
    // to the current directory of `curvekit design`.
    session = try StudioSession(
      documents: try StudioDocument.resolve(paths) + unsaved.map(StudioDocument.init(unsaved:)),
      configuration: configuration, tickets: tickets, directory: directory)
  }

  deinit {
    session.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The bytes of spec `index` on disk, or nil.
  func contents(_ index: Int = 0) -> String? { try? String(contentsOfFile: paths[index], encoding: .utf8) }

  /// Every file name in the directory (to check that no temporary file was left behind).
  var fileNames: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

  /// A request with the token, the right Host and, for bodies, the JSON type, unless `headers` override them.
  func request(
    _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil, authorized: Bool = true
  ) -> WireResponse? {
    var all = headers
    let names = Set(headers.map { $0.0.lowercased() })
    if authorized && !names.contains("authorization") { all.append(("Authorization", "Bearer \(token)")) }
    if body != nil && !names.contains("content-type") { all.append(("Content-Type", "application/json")) }
    return LoopbackHTTP.request(port: port, method, path, headers: all, body: Array((body ?? "").utf8))
  }

  /// `{"spec": <text>}`.
  static func body(_ specText: String) -> String { "{\"spec\": \(specText)}" }

  /// The JSON object of a response body.
  static func object(_ response: WireResponse?) -> [String: Any] {
    guard let response, let value = try? JSONSerialization.jsonObject(with: Data(response.body)) else { return [:] }
    return value as? [String: Any] ?? [:]
  }
}
