import CurveCore
import CurveEasing
import CurveFitting
import CurveSpec

/// Why a curve source could not be resolved, as data: each case holds the offending input,
/// and each front end words it (``message(in:)``: the command line in its flags, the studio
/// and the library in the spec's keys; ``description`` is the spec's words).
///
/// A curve that resolves but breaks its `require` policy is not an error: it comes back as a
/// ``FittedCurve``, and ``FittedCurve/diagnostics(for:overrides:tolerance:)`` refuses it, so
/// the whole report can still be shown.
public enum CurveSourceError: Error, Sendable, CustomStringConvertible {
  /// The spec or data file cannot be read or is invalid.
  case spec(SpecError)
  /// The fit was refused (an invalid problem, or `enforce` could not be applied).
  case fit(CurveFitError)
  /// The CSS easing cannot be read.
  case easing(EasingError)
  /// The coefficients are not a polynomial CurveKit handles.
  case coefficients(CurveCoreError)
  /// Given coefficients came with settings that change a fit (a degree, weights,
  /// constraints, endpoints or milestones): they are a finished curve.
  case finishedCurveTakesNoFitSettings
  /// A value the request gives lies outside what its units allow; `problem` says why, in
  /// the range's own words (with the request's hints); `units` are the ones it was given in.
  case outOfRange(Input, problem: String, units: CurveUnits)
  /// An added constraint (normalized) contradicts the depletion endpoints f(0) = 1, f(1) = 0;
  /// `units` are the ones the request's values are in.
  case contradictsEndpoints(FitConstraint, units: CurveUnits)
  /// Two milestones no level can meet together (normalized), and the units they were given in.
  case contradictingMilestones(Milestone, Milestone, units: CurveUnits)
  /// Milestones were asked of data streamed past ``CurveResolver/inMemoryPointLimit`` points.
  case milestonesOnStreamedData(pointLimit: Int)

  /// The input a ``outOfRange(_:problem:)`` error is about, as given (in the request's units).
  public enum Input: Sendable, Hashable {
    /// The `number`-th point given (1-based).
    case point(number: Int, DataPoint)
    /// An added equality constraint.
    case constraint(FitConstraint)
    /// An added milestone.
    case milestone(Milestone)
  }

  /// One line naming the offending input, in the spec's words.
  public var description: String { message(in: .spec) }

  /// One line naming the offending input, with the ways out in `vocabulary`'s words.
  public func message(in vocabulary: CurveRequest.Vocabulary) -> String {
    switch self {
    case .spec(let error): return error.description
    case .fit(let error): return error.description
    case .easing(let error): return error.description
    case .coefficients(let error): return error.description
    case .finishedCurveTakesNoFitSettings: return vocabulary.finishedCurve
    case .outOfRange(.point(let number, let point), let problem, let units):
      guard units.speaksInUnits else { return "point \(number) (\(point.t), \(point.y)): \(problem)" }
      return "point \(number) (\(units.describe(givenPoint: point))): \(problem)"
    case .outOfRange(.constraint(let constraint), let problem, let units):
      return "the added constraint \(units.describe(constraint: units.normalized(constraint))): \(problem)"
    case .outOfRange(.milestone(let milestone), let problem, let units):
      return "milestone \(units.normalized(milestone).describe(in: units)): \(problem)"
    case .contradictsEndpoints(let constraint, let units):
      return "constraint \(units.describe(constraint: constraint)) contradicts the depletion endpoints "
        + "\(units.endpointsDescription); " + vocabulary.generalFit
    case .contradictingMilestones(let first, let second, let units):
      return "milestones \(first.describe(in: units)) and \(second.describe(in: units)) contradict each other: "
        + "no level can be both"
    case .milestonesOnStreamedData(let limit):
      return "milestones are not supported for streamed data (more than \(limit) points); thin the data first"
    }
  }
}
