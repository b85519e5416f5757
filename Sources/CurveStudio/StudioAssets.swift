import CurveStudioServer

/// The page, its style and its ES modules, embedded in the binary at build time from the real
/// files under `Assets/` (SwiftPM's `embedInCode`): no file is served from disk, and nothing
/// is fetched from elsewhere (the Content-Security-Policy allows only this origin).
///
/// | path | file |
/// |---|---|
/// | `/` | `Assets/index.html`: the header, the plot and the side panel |
/// | `/studio.css` | `Assets/studio.css`: light and dark themes, the plot's marks |
/// | `/studio/app.mjs` | `Assets/studio/app.mjs`: the entry: token, transport, start (the test hook only with `?debug`) |
/// | `/studio/page.mjs` | `Assets/studio/page.mjs`: the modules put together, the controls wired |
/// | `/studio/store.mjs` | `Assets/studio/store.mjs`: the state and its pure actions |
/// | `/studio/transport.mjs` | `Assets/studio/transport.mjs`: HTTP and the live WebSocket to this server |
/// | `/studio/plot.mjs`, `layout.mjs`, `input.mjs` | the plot: its elements, its geometry, pointer and keys |
/// | `/studio/panels.mjs`, `export.mjs`, `dialog.mjs` | the side panel, the export card, the one-line dialog |
/// | `/studio/documents.mjs` | `Assets/studio/documents.mjs`: tabs and files (load, save, reload, conflicts) |
/// | `/studio/preview.mjs`, `fitting.mjs` | the widget preview; the fit loop (one request in flight) |
/// | `/studio/words.mjs`, `metrics.mjs`, `dom.mjs` | the page's text, its capped latency figures, DOM helpers |
/// | `/studio/core.mjs` | `Assets/studio/core.mjs`: the pure logic shared by the modules |
/// | `/studio/host-web*.mjs`, `links.mjs`, `persistence.mjs` | the web host, files, links, the tabs kept |
/// | `/studio/shapes.mjs`, `bezier.mjs` | a pasted easing and the library; the Bézier handles (both through `/api/shape`) |
/// | `/studio/motion.mjs`, `codegen.mjs` | the animation race in ms; the code options of the Export card |
///
/// Every module is unit-tested by `node --test` (`Assets/studio/tests/`, not embedded: the views
/// over a small fake DOM and a fake server); `scripts/studio/browser_test.py` drives the real page.
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
    "/studio/bezier.mjs": (javaScript, PackageResources.bezier_mjs),
    "/studio/codegen.mjs": (javaScript, PackageResources.codegen_mjs),
    "/studio/motion.mjs": (javaScript, PackageResources.motion_mjs),
    "/studio/shapes.mjs": (javaScript, PackageResources.shapes_mjs),
    "/studio/core.mjs": (javaScript, PackageResources.core_mjs),
    "/studio/dialog.mjs": (javaScript, PackageResources.dialog_mjs),
    "/studio/documents.mjs": (javaScript, PackageResources.documents_mjs),
    "/studio/dom.mjs": (javaScript, PackageResources.dom_mjs),
    "/studio/export.mjs": (javaScript, PackageResources.export_mjs),
    "/studio/fitting.mjs": (javaScript, PackageResources.fitting_mjs),
    "/studio/input.mjs": (javaScript, PackageResources.input_mjs),
    "/studio/layout.mjs": (javaScript, PackageResources.layout_mjs),
    "/studio/metrics.mjs": (javaScript, PackageResources.metrics_mjs),
    "/studio/page.mjs": (javaScript, PackageResources.page_mjs),
    "/studio/panels.mjs": (javaScript, PackageResources.panels_mjs),
    "/studio/plot.mjs": (javaScript, PackageResources.plot_mjs),
    "/studio/preview.mjs": (javaScript, PackageResources.preview_mjs),
    "/studio/store.mjs": (javaScript, PackageResources.store_mjs),
    "/studio/transport.mjs": (javaScript, PackageResources.transport_mjs),
    "/studio/words.mjs": (javaScript, PackageResources.words_mjs),
    "/studio/host-web.mjs": (javaScript, PackageResources.host_web_mjs),
    "/studio/host-web-start.mjs": (javaScript, PackageResources.host_web_start_mjs),
    "/studio/links.mjs": (javaScript, PackageResources.links_mjs),
    "/studio/persistence.mjs": (javaScript, PackageResources.persistence_mjs),
  ]

  /// The asset at `path`, or nil.
  static func response(for path: String) -> HTTPResponse? {
    byPath[path].map { asset($0.type, $0.bytes) }
  }
}
