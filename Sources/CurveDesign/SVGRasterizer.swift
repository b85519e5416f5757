#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts an SVG file to PNG with an external renderer (`rsvg-convert`, Debian/Ubuntu
/// package `librsvg2-bin`, Homebrew `librsvg`), when one is installed.
public enum SVGRasterizer {
  /// The renderer's executable name.
  public static let rendererName = "rsvg-convert"

  /// The renderer's full path, found on `PATH`, or nil when it is not installed.
  public static func rendererPath() -> String? {
    guard let pathVariable = getenv("PATH") else { return nil }
    for directory in String(cString: pathVariable).split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(rendererName)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Renders `svgPath` to `pngPath` at `zoom` times the SVG's size.
  /// - Throws: ``DesignError/rendererMissing(name:)`` when no renderer is installed,
  ///   ``DesignError/rendererFailed(name:status:)`` when it fails.
  /// - Complexity: one child process.
  public static func convert(svgPath: String, pngPath: String, zoom: Double = 1) throws(DesignError) {
    guard let renderer = rendererPath() else { throw .rendererMissing(name: rendererName) }
    let arguments = [renderer, "--zoom", "\(zoom)", "--output", pngPath, svgPath]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, renderer, nil, nil, argv, environ)
    guard spawned == 0 else { throw .rendererFailed(name: rendererName, status: Int(spawned)) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw .rendererFailed(name: rendererName, status: -1) }
    }
    // A normal exit has the low 7 bits clear; its code is in bits 8–15.
    let exitCode = (status & 0x7f) == 0 ? Int((status >> 8) & 0xff) : 128 + Int(status & 0x7f)
    guard exitCode == 0 else { throw .rendererFailed(name: rendererName, status: exitCode) }
  }
}
