/// The Kotlin and TypeScript ports of CurveKit's kernels: real files under
/// `Sources/CurveCodegen/Kernels/kotlin/` and `Kernels/typescript/`, embedded by SwiftPM
/// (`.embedInCode`), so kotlinc, tsc and the linters see them as code, not Swift strings.
///
/// Each file ports Swift kernel files operation for operation (the same IEEE 754 operations in
/// the same order; Kotlin/JVM and JavaScript never fuse a multiply and an add), so a generated
/// file computes what the Swift library computes, bit for bit. A generator copies the lines
/// between the file's `curvekit:embed-begin` and `curvekit:embed-end` markers verbatim. Above
/// them, one `// ported from <folder>/<file>.swift sha256 <hex>` line per Swift file it ports
/// pins the port to that file's bytes: CurveCodegenTests fails when a Swift kernel changed and
/// its ports did not follow (``pins(_:)``).
package enum PortedKernel: String, CaseIterable, Sendable {
  /// Swift's min and max, TwoSum, Veltkamp's split, TwoProduct, the guarded step and the bracket
  /// (TypeScript: and the powers of two, as placeholders the generator spells).
  case common
  /// The cubic's compensated residual, slope, bracket, seed and safeguarded Newton (`newton`).
  case cubic
  /// The cubic's one-off full-precision inverse (`auto`).
  case auto
  /// The polynomial kernels of degree 4 to 10: residual, bracket and safeguarded Newton.
  case polynomial
  /// The article's 32-step bisection.
  case bisection
  /// The widget timeline: Foundation's date arithmetic, the change search and the CLI's milliseconds.
  case schedule

  /// The prefix of a pin line.
  package static let pinPrefix = "// ported from "

  /// The file name under `Kernels/kotlin/` or `Kernels/typescript/`.
  package func fileName(_ language: TargetLanguage) -> String {
    language == .kotlin ? rawValue.prefix(1).uppercased() + rawValue.dropFirst() + ".kt" : rawValue + ".ts"
  }

  /// The whole port file, byte for byte as it was when CurveCodegen was built; empty for Swift.
  package func fileText(_ language: TargetLanguage) -> String {
    String(decoding: bytes(language), as: UTF8.self)
  }

  /// The lines between the embed markers, joined by newlines (no newline after the last);
  /// empty when the markers are missing (a CurveCodegenTests failure, never silent).
  package func region(_ language: TargetLanguage) -> String {
    InverseKernelSource.regionLines(fileText(language))?.joined(separator: "\n") ?? ""
  }

  /// The Swift files this port follows, each with the SHA-256 (lowercase hex) of the bytes it
  /// was ported from: `path` is `CurveCore/Kernels/<file>.swift` or `CurveSchedule/<file>.swift`.
  package func pins(_ language: TargetLanguage) -> [(path: String, sha256: String)] {
    fileText(language).split(separator: "\n").compactMap { line in
      guard line.hasPrefix(Self.pinPrefix) else { return nil }
      let words = line.dropFirst(Self.pinPrefix.count).split(separator: " ")
      guard words.count == 3, words[1] == "sha256" else { return nil }
      return (String(words[0]), String(words[2]))
    }
  }

  /// The embedded bytes (SwiftPM's `.embedInCode` accessor names).
  func bytes(_ language: TargetLanguage) -> [UInt8] {
    switch (language, self) {
    case (.swift, _): []
    case (.kotlin, .common): PackageResources.Common_kt
    case (.kotlin, .cubic): PackageResources.Cubic_kt
    case (.kotlin, .auto): PackageResources.Auto_kt
    case (.kotlin, .polynomial): PackageResources.Polynomial_kt
    case (.kotlin, .bisection): PackageResources.Bisection_kt
    case (.kotlin, .schedule): PackageResources.Schedule_kt
    case (.typescript, .common): PackageResources.common_ts
    case (.typescript, .cubic): PackageResources.cubic_ts
    case (.typescript, .auto): PackageResources.auto_ts
    case (.typescript, .polynomial): PackageResources.polynomial_ts
    case (.typescript, .bisection): PackageResources.bisection_ts
    case (.typescript, .schedule): PackageResources.schedule_ts
    }
  }
}

/// The Kotlin kernel texts the generator joins (``PortedKernel``, each indented four spaces
/// as members of the generated `object`).
enum KotlinKernels {
  static var common: String { PortedKernel.common.region(.kotlin) }
  static var cubic: String { PortedKernel.cubic.region(.kotlin) }
  static var auto: String { PortedKernel.auto.region(.kotlin) }
  static var polynomial: String { PortedKernel.polynomial.region(.kotlin) }
  static var bisection: String { PortedKernel.bisection.region(.kotlin) }
  static var schedule: String { PortedKernel.schedule.region(.kotlin) }
}

/// The TypeScript kernel texts the generator joins (``PortedKernel``, module-private
/// declarations; `common` holds `…_LITERAL` placeholders the generator spells).
enum TypeScriptKernels {
  static var common: String { PortedKernel.common.region(.typescript) }
  static var cubic: String { PortedKernel.cubic.region(.typescript) }
  static var auto: String { PortedKernel.auto.region(.typescript) }
  static var polynomial: String { PortedKernel.polynomial.region(.typescript) }
  static var bisection: String { PortedKernel.bisection.region(.typescript) }
  static var schedule: String { PortedKernel.schedule.region(.typescript) }
}
