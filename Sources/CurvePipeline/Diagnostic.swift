import CurveCore

/// One finding about a curve, collected once by the pipeline and only presented by the CLI,
/// the JSON answers and the studio.
///
/// Messages are in the designer's words (the curve's units); their advice is in the words of
/// the request's front end (``FittedCurve/vocabulary``: flags on the command line, spec keys in
/// the studio). The override is data: a presenter adds its own hint from ``override``.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, CaseIterable {
    /// The artefact is refused (the CLI exits 1).
    case error
    /// A refusal turned off by an override; the artefact ships.
    case warning
    /// Information; never blocks.
    case note
  }

  /// What a finding is about, stable for scripts and tests.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// f(0) ≠ 1 or f(1) ≠ 0 (beyond the tolerance): not a depletion curve.
    case notDepletion
    /// The curve rises somewhere on [0, 1] (a witness says where).
    case notMonotone
    /// The curve is constant: no level has a unique time.
    case constant
    /// The curve breaks the spec's minimum slope.
    case minSlope
    /// The curve misses one of the spec's milestones.
    case milestone
    /// Some levels fitted lie a little above full or below empty (they are data).
    case levelOutsideRange
    /// An easing control value lies outside [0, 1] (the easing overshoots).
    case handleOutsideRange
    /// The exported easing is the curve rescaled to go from 1 to 0.
    case rescaled
    /// An imported CSS easing whose x-handles are not ⅓ and ⅔: the cubic in t only
    /// approximates it, and the note says by how much.
    case importDeviation
  }

  /// The decision that turns an error into a warning.
  public enum Override: String, Sendable, Hashable, CaseIterable {
    /// Ship a curve whose endpoints are not 1 and 0 (the spec's `"endpoints": false` says so too).
    case allowNonDepletion
    /// Ship a curve that is not monotone or breaks its spec's policy (the spec's
    /// `"monotonic": "ignore"` says so too).
    case allowNonMonotone
  }

  /// Where the curve rises: the exact witness.
  public struct Witness: Sendable, Hashable, CustomStringConvertible {
    /// The point of [0, 1] (normalized time).
    public let t: Double
    /// f′(t), rounded to the nearest double.
    public let slope: Double
    /// True when the sign of f′(t) was decided in exact arithmetic.
    public let verified: Bool

    /// The witness of CurveCore's verdict.
    public init(_ witness: MonotonicityWitness) {
      (t, slope, verified) = (witness.t, witness.slope, witness.isVerified)
    }

    /// The one spelling of a witness: `f′(0.47) = 0.031`, with `(unverified)` when the sign
    /// could not be decided at that double.
    public var description: String { MonotonicityWitness.text(t: t, slope: slope, isVerified: verified) }
  }

  /// How serious it is.
  public let severity: Severity
  /// What it is about.
  public let code: Code
  /// One line in the designer's words, naming the curve.
  public let message: String
  /// The spec field it concerns (`"monotonic"`, `"minSlope"`, `"milestones[1]"`, …), if any.
  public let field: String?
  /// Where the curve rises, for ``Code/notMonotone`` and ``Code/minSlope``.
  public let witness: Witness?
  /// The override that turns this error into a warning, if one can.
  public let override: Override?

  /// Creates a diagnostic.
  public init(
    severity: Severity, code: Code, message: String, field: String? = nil, witness: Witness? = nil,
    override: Override? = nil
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.field = field
    self.witness = witness
    self.override = override
  }

  /// `error: message`, `warning: message` or `note: message`.
  public var description: String { "\(severity.rawValue): \(message)" }

}

extension Array where Element == Diagnostic {
  /// True when any diagnostic is an error: the artefact is refused.
  public var refuses: Bool { contains { $0.severity == .error } }

  /// The errors, in order.
  public var errors: [Diagnostic] { filter { $0.severity == .error } }
}

#if !hasFeature(Embedded)
  // The JSON forms (synthesized, so declared beside the types). Embedded Swift has no Codable.
  extension Diagnostic: Codable {}
  extension Diagnostic.Severity: Codable {}
  extension Diagnostic.Code: Codable {}
  extension Diagnostic.Override: Codable {}
  extension Diagnostic.Witness: Codable {}
#endif
