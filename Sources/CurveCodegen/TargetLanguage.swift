import CurveCore

/// The languages `curvekit generate` writes: one curve, the same numbers in each.
///
/// Every language computes the level with the same IEEE 754 double operations in the same
/// order as CurveKit's Swift (the clamp, then Horner with separate multiply and add, never a
/// fused multiply-add; no endpoint snap), so `level` is bit-identical everywhere, NaN and
/// signed zeros included. The inverse and the widget timeline are CurveKit's own kernels,
/// ported operation for operation, so they agree bit for bit too.
public enum TargetLanguage: String, Sendable, Hashable, CaseIterable {
  /// A Swift file: a namespace `enum` with CurveKit's kernels embedded verbatim (the default).
  case swift
  /// A Kotlin file: an `object` with `level`, `normalizedElapsed` and `widgetPercentage`, and
  /// `percentageChanges` with the schedule; Kotlin 1.3 to 2.x, JVM and Android.
  case kotlin
  /// A TypeScript module: one exported object with the same members; `tsc --strict`, ES2020,
  /// TypeScript 4.8 to 5.x, no runtime dependency.
  case typescript

  /// The language's name in messages: Swift, Kotlin, TypeScript.
  public var displayName: String {
    switch self {
    case .swift: return "Swift"
    case .kotlin: return "Kotlin"
    case .typescript: return "TypeScript"
    }
  }

  /// The usual file extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .swift: return "swift"
    case .kotlin: return "kt"
    case .typescript: return "ts"
    }
  }

  /// The inverse methods this language's generator has: all five in Swift; `auto`, `newton`
  /// and `bisection` elsewhere (`cardano` and `table` are Swift-only kernels).
  public func hasInverse(_ method: InverseMethod) -> Bool {
    self == .swift || method == .auto || method == .newton || method == .bisection
  }

  /// The language a file name's extension implies (`.swift`, `.kt`, `.ts`), or nil.
  public static func implied(byPath path: String) -> TargetLanguage? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let suffix = path[path.index(after: dot)...]
    return allCases.first { $0.fileExtension == suffix }
  }
}
