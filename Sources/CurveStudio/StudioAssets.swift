import CurveStudioServer

/// The page, its style and its ES modules, embedded in the binary at build time from the real
/// files under `Assets/` (SwiftPM's `embedInCode`): no file is served from disk, and nothing
/// is fetched from elsewhere (the Content-Security-Policy allows only this origin).
///
/// | path | file |
/// |---|---|
/// | `/` | `Assets/index.html`: the header, the plot and the side panel |
/// | `/studio.css` | `Assets/studio.css`: light and dark themes, the plot's marks |
/// | `/studio/app.mjs` | `Assets/studio/app.mjs`: state, drawing, input, transport |
/// | `/studio/core.mjs` | `Assets/studio/core.mjs`: the pure logic (unit-tested by `node --test`) |
enum StudioAssets {
  /// The policy of every asset: scripts, styles and connections from this origin only.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  static func asset(_ type: String, _ bytes: [UInt8]) -> HTTPResponse {
    var response = HTTPResponse(status: 200, contentType: type, body: String(decoding: bytes, as: UTF8.self))
    response.headers.add("Content-Security-Policy", contentSecurityPolicy)
    return response
  }

  static let javaScript = "text/javascript; charset=utf-8"

  /// Every asset by its path.
  static let byPath: [String: (type: String, bytes: [UInt8])] = [
    "/": ("text/html; charset=utf-8", PackageResources.index_html),
    "/studio.css": ("text/css; charset=utf-8", PackageResources.studio_css),
    "/studio/app.mjs": (javaScript, PackageResources.app_mjs),
    "/studio/core.mjs": (javaScript, PackageResources.core_mjs),
  ]

  /// The asset at `path`, or nil.
  static func response(for path: String) -> HTTPResponse? {
    byPath[path].map { asset($0.type, $0.bytes) }
  }
}
