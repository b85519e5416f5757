import CurveSpec

/// The compact form of generated Swift that the golden files under Tests/Fixtures/codegen
/// store: each embedded kernel region is one marker line naming the kernel file and the
/// SHA-256 of its bytes, so a kernel edit re-records one line per golden (and shows which
/// kernel moved) instead of repeating hundreds of kernel lines in every golden.
extension InverseKernelSource {
  /// The prefix of a golden file's kernel marker line.
  package static let goldenMarkerPrefix = "// curvekit:kernel "

  /// The marker line (no newline) standing for `part`'s embedded region:
  /// `// curvekit:kernel Sources/CurveCore/Kernels/CubicInverseKernel.swift sha256 <hex>`.
  package static func goldenMarker(_ part: Part) -> String {
    "\(goldenMarkerPrefix)\(part.directory)/\(part.fileName) sha256 \(SHA256.hex(bytes(part)))"
  }

  /// `text` (generated Swift) with each embedded kernel region replaced by its marker line.
  package static func markingKernelRegions(_ text: String) -> String {
    var out = text
    for part in Part.allCases {
      let body = embeddedBody(part)
      guard !body.isEmpty else { continue }
      out = out.replacingText(" {\n" + body + "}\n", with: " {\n" + goldenMarker(part) + "\n}\n")
    }
    return out
  }

  /// `text` with each marker line replaced by the region of the kernel file it names, as
  /// CurveCodegen embeds it now (the hash is not checked here: the golden test compares the
  /// marked form). A marker naming no kernel file stays as it is, so the text fails to compile.
  package static func expandingKernelMarkers(_ text: String) -> String {
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(goldenMarkerPrefix),
        let path = line.dropFirst(goldenMarkerPrefix.count).split(separator: " ").first,
        let part = Part.allCases.first(where: { "\($0.directory)/\($0.fileName)" == path })
      {
        out += embeddedBody(part)
      } else {
        out += line + "\n"
      }
    }
    return String(out.dropLast())  // the split's last piece had no newline after it
  }
}
