import CurveStudioServer

/// The page, its style and its script, embedded in the binary: no file is served from disk,
/// and nothing is fetched from elsewhere (the Content-Security-Policy allows only this origin).
enum StudioAssets {
  /// The policy of every asset: scripts, styles and connections from this origin only.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  static func asset(_ type: String, _ text: String) -> HTTPResponse {
    var response = HTTPResponse(status: 200, contentType: type, body: text)
    response.headers.add("Content-Security-Policy", contentSecurityPolicy)
    return response
  }

  static var page: HTTPResponse { asset("text/html; charset=utf-8", pageHTML) }
  static var style: HTTPResponse { asset("text/css; charset=utf-8", styleCSS) }
  static var script: HTTPResponse { asset("text/javascript; charset=utf-8", scriptJS) }
}
