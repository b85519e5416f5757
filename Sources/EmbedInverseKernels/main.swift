// EmbedInverseKernels: the build-time tool behind the EmbedInverseKernelsPlugin build-tool plugin.
//
//   EmbedInverseKernels <output.swift> <kernel.swift>...
//
// Writes one Swift file to <output.swift> declaring `InverseKernelSource.files`: for each
// kernel file, in argument order, its file name and its text byte for byte, as a raw
// multi-line string literal. The output depends only on the kernel files' names and bytes
// (no timestamp, no directory), and it is written atomically and only when it changes, so an
// unchanged kernel never recompiles CurveCodegen. Errors print one line `error: …` on stderr
// and exit 1; a usage error exits 2.
import Foundation

/// A failure that stops the tool, described in one line.
struct EmbedError: Error, CustomStringConvertible {
  /// The one-line reason, without the `error: ` prefix.
  let description: String
}

/// One kernel file to embed.
struct KernelFile {
  /// The file name alone (never a directory), as `InverseKernelSource.Part` names it.
  let name: String
  /// The file's complete text, byte for byte.
  let text: String
}

/// How a raw string literal's content must be spelled so the compiler reads back `text` exactly.
enum RawStringLiteral {
  /// The number of `#` that delimit a raw string holding `text`: one more than the longest run
  /// of `#` in it, so neither the closing delimiter (`"` or `"""` followed by that many `#`)
  /// nor an escape or interpolation (`\` followed by that many `#`) can occur in the content.
  static func hashCount(for text: String) -> Int {
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "#" ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest + 1
  }

  /// `text` as the content of a raw string literal delimited by `hashes` `#`: unchanged, except
  /// that control characters are written as `\#u{…}` escapes (with `hashes` `#`). The compiler
  /// would otherwise normalize a carriage return to a line feed or reject the character. Line
  /// feeds stay literal when `multiline` (they are the literal's lines), tabs always do.
  static func content(_ text: String, hashes: Int, multiline: Bool) -> String {
    let escape = "\\" + String(repeating: "#", count: hashes)
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      let keep = scalar == "\t" || (multiline && scalar == "\n")
      if !keep && scalar.properties.generalCategory == .control {
        result += "\(escape)u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A single-line raw string literal whose value is `text`.
  static func singleLine(_ text: String) -> String {
    let hashes = String(repeating: "#", count: hashCount(for: text))
    return "\(hashes)\"\(content(text, hashes: hashes.count, multiline: false))\"\(hashes)"
  }

  /// A multi-line raw string literal whose value is `text`, its lines unindented. The closing
  /// delimiter starts its own line at column 0, so no indentation is stripped, and the line
  /// break before it (which the compiler drops) is added here, so a final newline is kept.
  static func multiline(_ text: String) -> String {
    let hashes = String(repeating: "#", count: hashCount(for: text))
    return "\(hashes)\"\"\"\n\(content(text, hashes: hashes.count, multiline: true))\n\"\"\"\(hashes)"
  }
}

/// The generated Swift file declaring `InverseKernelSource.files` for `kernels`, in that order.
func generatedSource(for kernels: [KernelFile]) -> String {
  var lines = [
    "// swift-format-ignore-file",
    "// Generated at build time by EmbedInverseKernels (EmbedInverseKernelsPlugin) — do not edit.",
    "// Edit the kernel files in Sources/CurveCore and Sources/CurveSchedule instead; the next build rewrites this file.",
    "",
    "extension InverseKernelSource {",
    "  /// The kernel files, byte for byte, keyed by file name (look them up by name).",
    "  static let files: [(name: String, text: String)] = [",
  ]
  for kernel in kernels {
    lines.append("    (")
    lines.append("      name: \(RawStringLiteral.singleLine(kernel.name)),")
    lines.append("      text: \(RawStringLiteral.multiline(kernel.text))")
    lines.append("    ),")
  }
  lines.append("  ]")
  lines.append("}")
  return lines.joined(separator: "\n") + "\n"
}

/// Reads the kernel file at `path`: its name (the last path component) and its UTF-8 text.
/// - Throws: ``EmbedError`` when the file cannot be read or is not valid UTF-8.
func readKernel(at path: String) throws(EmbedError) -> KernelFile {
  let url = URL(fileURLWithPath: path)
  let bytes: Data
  do {
    bytes = try Data(contentsOf: url)
  } catch {
    throw EmbedError(description: "cannot read '\(path)': \(error.localizedDescription)")
  }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw EmbedError(description: "'\(path)' is not valid UTF-8")
  }
  return KernelFile(name: url.lastPathComponent, text: text)
}

/// Writes `source` to `path` atomically, unless the file already holds exactly these bytes.
/// - Returns: whether the file was written.
/// - Throws: ``EmbedError`` naming the path.
func writeIfChanged(_ source: String, to path: String) throws(EmbedError) -> Bool {
  let url = URL(fileURLWithPath: path)
  let bytes = Data(source.utf8)
  if let existing = try? Data(contentsOf: url), existing == bytes { return false }
  do {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try bytes.write(to: url, options: .atomic)
  } catch {
    throw EmbedError(description: "cannot write '\(path)': \(error.localizedDescription)")
  }
  return true
}

/// Runs the tool on `arguments` (without the program name) and returns the exit status.
func run(_ arguments: [String]) -> Int32 {
  guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedInverseKernels <output.swift> <kernel.swift>...\n".utf8))
    return 2
  }
  do throws(EmbedError) {
    let kernels = try arguments.dropFirst().map { path throws(EmbedError) in try readKernel(at: path) }
    var seen: Set<String> = []
    for kernel in kernels where !seen.insert(kernel.name).inserted {
      throw EmbedError(description: "two kernel files are named '\(kernel.name)'")
    }
    _ = try writeIfChanged(generatedSource(for: kernels), to: arguments[0])
    return 0
  } catch {
    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    return 1
  }
}

exit(run(Array(CommandLine.arguments.dropFirst())))
