import CurveSpec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Converts an SVG file to PNG with an external renderer (`rsvg-convert`, Debian/Ubuntu
/// package `librsvg2-bin`, Homebrew `librsvg`), when one is installed.
public enum SVGRasterizer {
  /// The renderer's executable name.
  public static let rendererName = "rsvg-convert"

  /// The renderer's full path, found on the process's `PATH`, or nil when it is not installed.
  public static func rendererPath() -> String? {
    rendererPath(searchPath: getenv("PATH").map { String(cString: $0) })
  }

  /// The renderer's full path, found on `searchPath` (a `PATH`-style list of directories),
  /// or nil when it is not there.
  public static func rendererPath(searchPath: String?) -> String? {
    #if canImport(WASILibc)
      // WebAssembly runs no child processes, so no renderer is usable there.
      return nil
    #else
      guard let searchPath else { return nil }
      for directory in searchPath.split(separator: ":") where !directory.isEmpty {
        let candidate = "\(directory)/\(rendererName)"
        if access(candidate, X_OK) == 0 { return candidate }
      }
      return nil
    #endif
  }

  /// Renders `svgPath` to `pngPath` at `zoom` times the SVG's size.
  /// - Throws: ``DesignError/rendererMissing(name:)`` when no renderer is installed,
  ///   ``DesignError/rendererFailed(name:status:)`` when it fails.
  /// - Complexity: one child process.
  public static func convert(svgPath: String, pngPath: String, zoom: Double = 1) throws(DesignError) {
    guard let renderer = rendererPath() else { throw .rendererMissing(name: rendererName) }
    try run(renderer, svgPath: svgPath, pngPath: pngPath, zoom: zoom)
  }

  /// The PNG bytes of the SVG document `svg` at `zoom` times its size, rendered by `renderer`
  /// (a path from ``rendererPath(searchPath:)``) through two temporary files that are removed
  /// afterwards. The output depends only on the SVG and the renderer's version.
  /// - Throws: ``DesignError/rendererFailed(name:status:)`` when the renderer fails or the
  ///   temporary files cannot be made (status −1).
  /// - Complexity: one child process.
  public static func png(fromSVG svg: String, renderer: String, zoom: Double = 1) throws(DesignError) -> [UInt8] {
    #if canImport(WASILibc)
      // WebAssembly runs no child processes: there is no renderer to run.
      throw .rendererMissing(name: rendererName)
    #else
      let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      var template = Array("\(base)/curvekit-plot-XXXXXX".utf8CString)
      guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
        throw .rendererFailed(name: rendererName, status: -1)
      }
      let directory = String(cString: made)
      let (svgPath, pngPath) = ("\(directory)/plot.svg", "\(directory)/plot.png")
      defer {
        unlink(svgPath)
        unlink(pngPath)
        rmdir(directory)
      }
      do { try FileIO.write(svg, to: svgPath) } catch { throw .rendererFailed(name: rendererName, status: -1) }
      try run(renderer, svgPath: svgPath, pngPath: pngPath, zoom: zoom)
      guard let bytes = FileIO.existingContent(of: pngPath), !bytes.isEmpty else {
        throw .rendererFailed(name: rendererName, status: -1)
      }
      return bytes
    #endif
  }

  /// Runs `renderer` on the two paths and waits for it.
  static func run(_ renderer: String, svgPath: String, pngPath: String, zoom: Double) throws(DesignError) {
    #if canImport(WASILibc)
      throw .rendererMissing(name: rendererName)
    #else
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
    #endif
  }
}
