import CurveSpec

/// The compact form of generated Kotlin and TypeScript that the golden files under
/// Tests/Fixtures/codegen-languages store, as ``InverseKernelSource`` does for Swift: each
/// embedded port region is one marker line naming the port file and the SHA-256 of its bytes,
/// so a port edit re-records one line per golden instead of repeating the kernels' text.
extension PortedKernel {
  /// The port file's path relative to the package root.
  package func path(_ language: TargetLanguage) -> String {
    "Sources/CurveCodegen/Kernels/\(language == .kotlin ? "kotlin" : "typescript")/\(fileName(language))"
  }

  /// The text a generated file carries for this port: its region, with the TypeScript
  /// placeholders spelled as the generator spells them.
  package func embeddedText(_ language: TargetLanguage) -> String {
    language == .typescript && self == .common
      ? TypeScriptCodeGenerator.spellingPowers(region(language)) : region(language)
  }

  /// The marker line (no newline) standing for this port's embedded region:
  /// `// curvekit:kernel Sources/CurveCodegen/Kernels/kotlin/Common.kt sha256 <hex>`.
  package func goldenMarker(_ language: TargetLanguage) -> String {
    "\(InverseKernelSource.goldenMarkerPrefix)\(path(language)) sha256 \(SHA256.hex(bytes(language)))"
  }

  /// `text` (generated Kotlin or TypeScript) with each embedded port region, a whole run of
  /// lines, replaced by its marker line.
  package static func markingKernelRegions(_ text: String, language: TargetLanguage) -> String {
    var out = text
    for port in allCases {
      let body = port.embeddedText(language)
      guard !body.isEmpty else { continue }
      out = out.replacingText("\n" + body + "\n", with: "\n" + port.goldenMarker(language) + "\n")
    }
    return out
  }

  /// `text` with each marker line replaced by the region of the port file it names, as
  /// CurveCodegen embeds it now (the hash is not checked here: the golden test compares the
  /// marked form too). A marker naming no port file stays as it is.
  package static func expandingKernelMarkers(_ text: String, language: TargetLanguage) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.hasPrefix(InverseKernelSource.goldenMarkerPrefix),
        let path = line.dropFirst(InverseKernelSource.goldenMarkerPrefix.count).split(separator: " ").first,
        let port = allCases.first(where: { $0.path(language) == path })
      else { return String(line) }
      return port.embeddedText(language)
    }.joined(separator: "\n")
  }
}
