import CurveCore

/// The library kernels that generated files embed, and which of them each inverse method and
/// the schedule helpers need.
///
/// SwiftPM embeds the kernel files themselves: `Sources/CurveCodegen/Kernels/swift/` holds
/// symbolic links to `Sources/CurveCore/Kernels/CubicInverseKernel*.swift` and
/// `Sources/CurveSchedule/DepletionScheduleKernel.swift`, listed as `.embedInCode` resources,
/// so ``fileText(_:)`` is the library's file byte for byte as it was when CurveCodegen was built
/// (an edit is re-embedded on the next incremental build). A generated file carries the lines
/// between each file's `curvekit:embed-begin` and `curvekit:embed-end` markers unchanged,
/// inside `extension <Type>.<namespace>`, so the generated code runs the library's own
/// operations and agrees with it bit for bit.
public enum InverseKernelSource {
  /// One kernel file.
  public enum Part: String, Sendable, CaseIterable {
    /// Clamped Horner and the article's bisection.
    case base = "CubicInverseKernel.swift"
    /// Compensated residuals, slope, bracket and starting guess.
    case residual = "CubicInverseKernel+Residual.swift"
    /// Safeguarded Newton–bisection.
    case newton = "CubicInverseKernel+Newton.swift"
    /// The closed form (needs libm).
    case cardano = "CubicInverseKernel+Cardano.swift"
    /// The table query.
    case table = "CubicInverseKernel+Table.swift"
    /// The one-off full-precision inverse (`Cubic.normalizedElapsed(forLevel:)`, `.auto`),
    /// which generated `auto` files embed.
    case auto = "CubicInverseKernel+Auto.swift"
    /// The level and inverse of a polynomial of degree 4 to 10.
    case polynomial = "CubicInverseKernel+Polynomial.swift"
    /// CurveSchedule's date arithmetic and widget timelines (`--with-schedule`).
    case schedule = "DepletionScheduleKernel.swift"

    /// The file name in ``directory``.
    public var fileName: String { rawValue }

    /// The folder holding the file, relative to the package root.
    public var directory: String { self == .schedule ? "Sources/CurveSchedule" : "Sources/CurveCore/Kernels" }

    /// The kernel namespace the file's text extends: `CubicInverseKernel` or
    /// `DepletionScheduleKernel`.
    public var namespace: String { self == .schedule ? "DepletionScheduleKernel" : "CubicInverseKernel" }
  }

  /// The marker line (trimmed) that opens the embedded region of a kernel file.
  public static let beginMarker = "// curvekit:embed-begin"
  /// The marker line (trimmed) that closes the embedded region of a kernel file.
  public static let endMarker = "// curvekit:embed-end"

  /// The complete text of a kernel file as CurveCodegen carries it, byte for byte as it was
  /// on disk when CurveCodegen was built.
  public static func fileText(_ part: Part) -> String {
    String(decoding: bytes(part), as: UTF8.self)
  }

  /// The embedded bytes of `part` (SwiftPM's `.embedInCode` accessor names).
  static func bytes(_ part: Part) -> [UInt8] {
    switch part {
    case .base: PackageResources.CubicInverseKernel_swift
    case .residual: PackageResources.CubicInverseKernel_Residual_swift
    case .newton: PackageResources.CubicInverseKernel_Newton_swift
    case .cardano: PackageResources.CubicInverseKernel_Cardano_swift
    case .table: PackageResources.CubicInverseKernel_Table_swift
    case .auto: PackageResources.CubicInverseKernel_Auto_swift
    case .polynomial: PackageResources.CubicInverseKernel_Polynomial_swift
    case .schedule: PackageResources.DepletionScheduleKernel_swift
    }
  }

  /// The lines strictly between the embed markers of `part`, each ending in a newline;
  /// empty when the markers are missing (a CurveCodegenTests failure, never silent).
  public static func embeddedBody(_ part: Part) -> String {
    guard let lines = regionLines(fileText(part)) else { return "" }
    return lines.map { "\($0)\n" }.joined()
  }

  /// The lines strictly between the first ``beginMarker`` line and the next ``endMarker`` line
  /// of `text` (markers compared with their leading spaces dropped); nil without both markers.
  static func regionLines(_ text: String) -> [Substring]? {
    var lines: [Substring] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop(while: { $0 == " " })
      if inside && trimmed == endMarker { return lines }
      if inside { lines.append(line) }
      if trimmed == beginMarker { inside = true }
    }
    return nil
  }

  /// The kernel files a generated inverse needs for a curve of `degree`, in dependency order
  /// (degree 4 to 10 uses the polynomial kernels, which build on the residual and Newton ones;
  /// `auto` and `newton` are one solver there).
  public static func parts(for method: InverseMethod, degree: Int = 3) -> [Part] {
    if degree > 3 { return [.residual, .newton, .polynomial] }
    switch method {
    case .bisection: return [.base]
    case .newton: return [.base, .residual, .newton]
    case .cardano: return [.base, .residual, .newton, .cardano]
    case .auto: return [.base, .residual, .newton, .auto]
    case .table: return [.base, .residual, .table]
    }
  }
}
