import CurveCore
import CurveSpec

/// What a generated file describes: the curve, where it came from, and what is known
/// about it (fit quality, monotonicity). Built by the `generate` command from a fitted spec
/// or from coefficients.
public struct CodegenCurve: Sendable {
  /// How well the curve fits its spec's points, for the header.
  public struct FitSummary: Sendable, Hashable {
    /// The number of control points fitted.
    public var pointCount: Int
    /// The root-mean-square residual.
    public var rmse: Double
    /// The largest absolute residual.
    public var maxAbsResidual: Double
    /// The spec's `monotonic` policy (`require`, `enforce` or `ignore`).
    public var policy: String

    /// Creates a summary.
    public init(pointCount: Int, rmse: Double, maxAbsResidual: Double, policy: String = "require") {
      self.pointCount = pointCount
      self.rmse = rmse
      self.maxAbsResidual = maxAbsResidual
      self.policy = policy
    }
  }

  /// The curve.
  public var cubic: Cubic
  /// The curve's free-text name (from the spec), for documentation comments.
  public var curveName: String?
  /// Where the curve came from: the spec's file name (never a path) or a short
  /// description such as `--coefficients`.
  public var sourceName: String
  /// The fit summary, or nil when the coefficients were given directly.
  public var fit: FitSummary?
  /// One line stating the monotonicity verdict on [0, 1].
  public var monotonicity: String
  /// When the curve is not monotone on [0, 1]: one line with the witness (a t and the
  /// slope there); nil for a monotone curve.
  public var nonMonotoneWitness: String?
  /// The depletion period in days, the default of the schedule helpers (7 when nil).
  public var durationDays: Double?

  /// Creates a curve description.
  public init(
    cubic: Cubic, curveName: String? = nil, sourceName: String, fit: FitSummary? = nil,
    monotonicity: String, nonMonotoneWitness: String? = nil, durationDays: Double? = nil
  ) {
    self.cubic = cubic
    self.curveName = curveName
    self.sourceName = sourceName
    self.fit = fit
    self.monotonicity = monotonicity
    self.nonMonotoneWitness = nonMonotoneWitness
    self.durationDays = durationDays
  }
}

/// The resolved options of one generated file (spec `codegen` values overridden by CLI flags).
public struct GenerationOptions: Sendable, Hashable {
  /// The namespace `enum`'s name.
  public var typeName: String
  /// The access level of the generated API.
  public var access: AccessLevel
  /// The inverse strategy of `normalizedElapsed(forLevel:)`.
  public var inverse: InverseChoice
  /// Whether to emit the Foundation date helpers.
  public var withSchedule: Bool

  /// Creates options; `auto` inverse, `internal` access and no schedule by default.
  public init(
    typeName: String, access: AccessLevel = .internal, inverse: InverseChoice = .auto, withSchedule: Bool = false
  ) {
    self.typeName = typeName
    self.access = access
    self.inverse = inverse
    self.withSchedule = withSchedule
  }

  /// Names the generated file itself uses; a namespace with one of these names would
  /// shadow it and the file would not compile.
  public static let shadowingNames: Set<String> = [
    "Double", "Int", "Bool", "String", "Array", "Optional", "Sendable", "Hashable", "Date", "TimeInterval",
    "Swift", "Foundation", "Glibc", "Musl", "Darwin", "ucrt", "CubicInverseKernel",
  ]

  /// Checks `name` as the generated namespace's name.
  /// - Throws: ``CodegenError/invalidTypeName(_:reason:)`` with a one-line reason.
  public static func validate(typeName name: String) throws(CodegenError) {
    if let problem = SwiftIdentifier.problem(withTypeName: name) { throw .invalidTypeName(name, reason: problem) }
    if shadowingNames.contains(name) {
      throw .invalidTypeName(name, reason: "it would shadow '\(name)', which the generated code uses")
    }
  }
}
