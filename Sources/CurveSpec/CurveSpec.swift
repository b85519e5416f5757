import CurveCore

/// What to do when the fitted curve is not monotone decreasing on [0, 1].
public enum MonotonicPolicy: String, Sendable, CaseIterable {
  /// Fit, then fail with a witness when the curve rises somewhere (the default).
  case require
  /// Solve the least-squares problem over monotone curves (the exact optimum).
  case enforce
  /// Skip the check.
  case ignore
}

/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
  /// `public`
  case `public`
  /// `internal`
  case `internal`
  /// `package`
  case `package`
}

/// Code-generation options a spec may carry in its `codegen` object. Unset fields fall
/// back to the CLI flags, then to the defaults.
public struct CodegenOptions: Sendable, Hashable {
  /// The generated `enum`'s name; defaults to one derived from the spec's `name`.
  public var typeName: String?
  /// The access level of the generated declarations.
  public var access: AccessLevel?
  /// The inverse strategy.
  public var inverse: InverseMethod?
  /// Whether to emit the Foundation date helpers.
  public var withSchedule: Bool?
  /// Protocols the generated type declares conformance to (`"conformsTo"`), each declared once
  /// by the app (`curvekit generate --protocol NAME` prints one that every generated type meets).
  public var conformances: [String]?

  /// Creates options; every field defaults to unset.
  public init(
    typeName: String? = nil, access: AccessLevel? = nil, inverse: InverseMethod? = nil, withSchedule: Bool? = nil,
    conformances: [String]? = nil
  ) {
    self.typeName = typeName
    self.access = access
    self.inverse = inverse
    self.withSchedule = withSchedule
    self.conformances = conformances
  }
}

/// A designer's curve: the contents of a `*.curve.json` file.
///
/// ```json
/// {
///   "name": "Depletion",
///   "points": [[0.25, 0.86], [0.5, 0.63], [0.75, 0.35]],
///   "degree": 3,
///   "monotonic": "require"
/// }
/// ```
/// When `constraints` is absent the depletion defaults f(0) = 1, f(1) = 0 apply and
/// every t must lie in [0, 1]; an explicit list (possibly `[]`) allows any finite t.
public struct CurveSpec: Sendable {
  /// Every key a spec may contain; any other key is an error, so typos are caught.
  public static let knownKeys: [String] = [
    "name", "description", "points", "weights", "degree", "constraints", "monotonic", "minSlope",
    "durationDays", "codegen",
  ]

  /// The degrees a spec may ask for: 1 through ``Polynomial/maximumDegree``.
  public static let degrees: ClosedRange<Int> = 1...Polynomial.maximumDegree

  /// The curve's name (free text; the generated type name is derived from it).
  public var name: String
  /// Optional free-text notes from the designer.
  public var details: String?
  /// The control points (t, level).
  public var points: [DataPoint]
  /// Optional positive weights, one per point, multiplying the residuals.
  public var weights: [Double]?
  /// The polynomial degree, 1…10 (default 3).
  public var degree: Int
  /// The equality constraints in force (the depletion defaults when the spec has none).
  public var constraints: [FitConstraint]
  /// True when `constraints` was absent and the depletion defaults apply.
  public var usesDefaultConstraints: Bool
  /// The monotonicity policy (default `require`).
  public var monotonic: MonotonicPolicy
  /// Optional minimum slope magnitude: f′ ≤ −minSlope on [0, 1].
  public var minSlope: Double?
  /// Optional length of the depletion period in days (plots and schedule helpers).
  public var durationDays: Double?
  /// Code-generation options.
  public var codegen: CodegenOptions
  /// The file name the spec came from, used in messages and generated headers.
  public var sourceName: String

  /// Creates a spec in code. The defaults match an absent field in JSON.
  public init(
    name: String,
    points: [DataPoint],
    weights: [Double]? = nil,
    degree: Int = 3,
    constraints: [FitConstraint]? = nil,
    monotonic: MonotonicPolicy = .require,
    minSlope: Double? = nil,
    durationDays: Double? = nil,
    codegen: CodegenOptions = CodegenOptions(),
    details: String? = nil,
    sourceName: String = "<memory>"
  ) {
    self.name = name
    self.details = details
    self.points = points
    self.weights = weights
    self.degree = degree
    self.constraints = constraints ?? FitConstraint.depletionEndpoints
    self.usesDefaultConstraints = constraints == nil
    self.monotonic = monotonic
    self.minSlope = minSlope
    self.durationDays = durationDays
    self.codegen = codegen
    self.sourceName = sourceName
  }

}
