import CurveCore
import CurvePipeline
import CurveSpec

/// The resolved options of one generated file (spec `codegen` values overridden by CLI flags).
public struct GenerationOptions: Sendable, Hashable {
  /// The namespace `enum`'s name.
  public var typeName: String
  /// The access level of the generated API.
  public var access: AccessLevel
  /// The inverse strategy of `normalizedElapsed(forLevel:)`.
  public var inverse: InverseMethod
  /// Whether to emit the Foundation date helpers.
  public var withSchedule: Bool
  /// Protocols the generated type declares conformance to, in order (each declared once by the
  /// app; ``SwiftCodeGenerator/protocolDeclaration(name:access:withSchedule:)`` writes one).
  public var conformances: [String]
  /// The Kotlin `package` of the generated file (dotted identifiers); nil for none. Other
  /// languages ignore it.
  public var packageName: String?
  /// Whether a Kotlin file also gets an `androidx.compose.animation.core.Easing` adapter.
  public var composeEasing: Bool
  /// The error limits, in percentage points, whose certified linear ramps the file carries for
  /// `progressSegments` (needs the schedule); empty for none.
  public var progressSegmentLimits: [Double]
  /// The CSS easing of the curve as `curvekit export` prints it (CurveDesign decides it; the
  /// generator only carries it): a TypeScript file exports it as `cssEasing`. Nil for none.
  public var cssEasing: String?
  /// The certified CSS `linear()` easing as `curvekit export --format css-linear` prints it, which
  /// a TypeScript file exports as `cssLinearEasing` when asked. Nil for none.
  public var cssLinearEasing: String?

  /// Creates options; `auto` inverse, `internal` access, no schedule, no conformances, no
  /// Kotlin package and no Compose adapter by default.
  public init(
    typeName: String, access: AccessLevel = .internal, inverse: InverseMethod = .auto, withSchedule: Bool = false,
    conformances: [String] = [], packageName: String? = nil, composeEasing: Bool = false,
    progressSegmentLimits: [Double] = [], cssEasing: String? = nil, cssLinearEasing: String? = nil
  ) {
    self.typeName = typeName
    self.access = access
    self.inverse = inverse
    self.withSchedule = withSchedule
    self.conformances = conformances
    self.packageName = packageName
    self.composeEasing = composeEasing
    self.progressSegmentLimits = progressSegmentLimits
    self.cssEasing = cssEasing
    self.cssLinearEasing = cssLinearEasing
  }

  /// Checks `name` as the generated namespace's name, by the one type-name rule the spec
  /// reader also applies (`SwiftIdentifier.problem(withTypeName:)`).
  /// - Throws: ``CodegenError/invalidTypeName(_:reason:)`` with a one-line reason.
  public static func validate(typeName name: String) throws(CodegenError) {
    if let problem = SwiftIdentifier.problem(withTypeName: name) { throw .invalidTypeName(name, reason: problem) }
  }

  /// Checks `name` as a protocol name by the same identifier rule.
  /// - Throws: ``CodegenError/invalidProtocolName(_:reason:)`` with a one-line reason.
  public static func validate(protocolName name: String) throws(CodegenError) {
    if let problem = SwiftIdentifier.problem(withTypeName: name) { throw .invalidProtocolName(name, reason: problem) }
  }

  /// Checks `name` as a Kotlin package: dot-separated identifiers (ASCII letters, digits and
  /// underscores, not starting with a digit), none a Kotlin hard keyword.
  /// - Throws: ``CodegenError/invalidPackageName(_:reason:)`` with a one-line reason.
  public static func validate(packageName name: String) throws(CodegenError) {
    for segment in name.split(separator: ".", omittingEmptySubsequences: false) {
      guard let first = segment.unicodeScalars.first else {
        throw .invalidPackageName(name, reason: "a package name is identifiers separated by single dots")
      }
      let isLetter = { (s: Unicode.Scalar) in s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
      guard isLetter(first), segment.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) }) else {
        throw .invalidPackageName(
          name, reason: "'\(segment)' is not an identifier (ASCII letters, digits and _, not starting with a digit)")
      }
      if kotlinKeywords.contains(String(segment)) {
        throw .invalidPackageName(name, reason: "'\(segment)' is a Kotlin keyword")
      }
    }
  }

  /// Kotlin's hard keywords, which no package segment may be.
  static let kotlinKeywords: Set<String> = [
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
    "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
    "when", "while",
  ]

  /// The options for `curve`: each of `typeName`, `access`, `inverse`, `withSchedule` and
  /// `conformances` is the flag's value when given, else the spec's `codegen` value, else the
  /// default (a type name derived from the spec's `name`, `internal`, `auto`, no schedule, none).
  /// - Throws: ``CodegenError/noTypeName(curveName:)`` when no type name is given and none
  ///   can be derived, ``CodegenError/invalidTypeName(_:reason:)`` for a flag's bad name.
  public static func resolved(
    for curve: FittedCurve, typeName: String? = nil, access: AccessLevel? = nil, inverse: InverseMethod? = nil,
    withSchedule: Bool? = nil, conformances: [String]? = nil, packageName: String? = nil, composeEasing: Bool = false,
    progressSegmentLimits: [Double]? = nil
  ) throws(CodegenError) -> GenerationOptions {
    let codegen = curve.spec?.codegen ?? CodegenOptions()
    if let typeName { try validate(typeName: typeName) }
    for name in conformances ?? [] { try validate(protocolName: name) }
    let package = packageName ?? codegen.packageName
    if let package { try validate(packageName: package) }
    guard let name = typeName ?? codegen.typeName ?? curve.name.flatMap(SwiftIdentifier.typeName(fromCurveName:))
    else {
      throw .noTypeName(curveName: curve.name ?? curve.displayName)
    }
    let options = GenerationOptions(
      typeName: name, access: access ?? codegen.access ?? .internal, inverse: inverse ?? codegen.inverse ?? .auto,
      withSchedule: withSchedule ?? codegen.withSchedule ?? false,
      conformances: conformances ?? codegen.conformances ?? [], packageName: package, composeEasing: composeEasing,
      progressSegmentLimits: progressSegmentLimits ?? codegen.progressSegments ?? [])
    if !options.progressSegmentLimits.isEmpty && !options.withSchedule { throw .progressSegmentsNeedSchedule }
    return options
  }
}
