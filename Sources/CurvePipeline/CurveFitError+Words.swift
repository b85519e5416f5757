import CurveCore
import CurveFitting
import CurveSpec

/// What a fit failure is worded in: the units the values were given in, the front end's words,
/// the degree asked for and, where the degree decides, the degrees that would work. The
/// resolver fills it once; every front end presents ``CurveFitError/message(in:)``.
public struct FitFailureContext: Sendable, Hashable {
  /// The units the spec or flags gave the values in.
  public var units: CurveUnits
  /// The words of the request's front end (spec keys or flags).
  public var vocabulary: CurveRequest.Vocabulary
  /// The degree that was fitted, when known.
  public var degree: Int?
  /// The degrees whose fit succeeds and ships for the same points, constraints, milestones and
  /// policy, ascending; nil when they were not looked for.
  public var workingDegrees: [Int]?

  /// Creates a context.
  public init(
    units: CurveUnits, vocabulary: CurveRequest.Vocabulary = .spec, degree: Int? = nil, workingDegrees: [Int]? = nil
  ) {
    self.units = units
    self.vocabulary = vocabulary
    self.degree = degree
    self.workingDegrees = workingDegrees
  }

  /// Normalized units, spec words, nothing known about other degrees.
  public static let normalized = FitFailureContext(units: .normalized)
}

extension CurveFitError {
  /// True when another degree may succeed where this one failed (the resolver then looks for
  /// the degrees that work).
  var dependsOnDegree: Bool {
    switch underlying {
    case .fit(let error), .monotone(.fit(let error)):
      switch error {
      case .milestonesInfeasible, .tooFewDistinctPoints, .tooManyConstraints, .dependentConstraints, .rankDeficient:
        return true
      default: return false
      }
    case .monotone(.infeasible): return true
    default: return false
    }
  }

  /// One line naming the problem in `context`'s units (``CurveUnits/speaksInUnits``: "point 3",
  /// "hour 6", "45 %"; normalized values keep ``description``'s wording), with advice that
  /// names the degrees that work when the resolver found them.
  public func message(in context: FitFailureContext) -> String {
    switch self {
    case .fit(let error), .monotone(.fit(let error)): return Self.words(error, in: context)
    case .monotone(let error): return Self.words(error, in: context)
    case .located(let inner, _, _): return inner.message(in: context)
    case .notMonotone, .milestonesNeedMonotonicity: return description
    }
  }

  /// The advice of a failure the degree decides: the degrees that work, then `otherwise`.
  static func degreeAdvice(_ context: FitFailureContext, otherwise: String) -> String {
    guard let working = context.workingDegrees else { return otherwise }
    if let text = CurveUnits.workingDegrees(working, setting: context.vocabulary.degree) {
      return "\(text); or \(otherwise)"
    }
    return "no degree from \(FitProblem.minimumDegree) to \(FitProblem.maximumDegree) works; \(otherwise)"
  }

  static func words(_ error: FitError, in context: FitFailureContext) -> String {
    let units = context.units
    let speaks = units.speaksInUnits
    switch error {
    case .milestonesInfeasible(let milestones, let degree, let monotone):
      let list = milestones.map(units.describe(milestone:)).joined(separator: ", ")
      return "no \(monotone ? "monotone " : "")degree-\(degree) curve meets the endpoints and constraints together "
        + "with every milestone (\(list)); "
        + degreeAdvice(
          context,
          otherwise: context.workingDegrees == nil ? "relax a milestone or try another degree" : "relax a milestone")
    case .tooFewDistinctPoints(let distinct, let pinned, let free, let degree, let constraints):
      guard speaks else { return error.description + workingNote(context) }
      let usable = distinct - pinned
      let pinnedNote = pinned > 0 ? " (\(distinct) different times, \(pinned) of them at constraints)" : ""
      let own = usable == 1 ? "has a time of its own" : "have times of their own"
      return "only \(usable) of the points \(own) \(units.periodDescription)\(pinnedNote), "
        + "but degree \(degree) with \(constraints) constraint(s) leaves \(free) free parameter(s); "
        + degreeAdvice(context, otherwise: "add points at new times")
    case .dependentConstraints(let dependent, let degree):
      guard speaks else { return error.description + workingNote(context) }
      let list = dependent.map(units.describe(constraint:)).joined(separator: ", ")
      return "the constraint(s) \(list) follow from the others for a degree-\(degree) curve" + workingNote(context)
    case .tooManyConstraints, .rankDeficient:
      return error.description + workingNote(context)
    default:
      return error.description
    }
  }

  /// "; degrees 1 to 3 work ("degree": 1)" when the resolver found them, else nothing.
  static func workingNote(_ context: FitFailureContext) -> String {
    guard let working = context.workingDegrees,
      let text = CurveUnits.workingDegrees(working, setting: context.vocabulary.degree)
    else { return "" }
    return "; " + text
  }

  static func words(_ error: MonotoneFitError, in context: FitFailureContext) -> String {
    let units = context.units
    let speaks = units.speaksInUnits
    switch error {
    case .infeasible(let constraints, let minSlope):
      let degree = context.degree.map { "degree-\($0) " } ?? ""
      let advice = degreeAdvice(context, otherwise: "relax a constraint or the minimum slope")
      guard speaks else {
        let list = constraints.map({ $0.description }).joined(separator: ", ")
        let slope = minSlope > 0 ? "f′ ≤ -\(minSlope)" : "f′ ≤ 0"
        let what = context.degree.map { "no polynomial of degree \($0)" } ?? "no polynomial"
        return "\(what) satisfies \(list) and \(slope) on [0, 1]; \(advice)"
      }
      let list = constraints.map(units.describe(constraint:)).joined(separator: ", ")
      let shape = minSlope > 0 ? "falls by at least \(units.describe(slope: minSlope))" : "never rises"
      return "no \(degree)curve meets \(list) and \(shape) over \(units.spanDescription); \(advice)"
    case .minSlopeTooSteep(let minSlope, let maximum):
      guard speaks else { return error.description }
      return "the minimum slope of \(units.describe(slope: minSlope)) cannot hold: the curve falls by only "
        + "\(units.describe(levelDifference: maximum)) \(units.periodDescription), so its minimum slope can be "
        + "at most \(units.describe(slope: maximum))"
    case .missingEndpointConstraint(let t):
      guard speaks else { return error.description }
      return "monotone enforcement needs a fixed level at \(units.describe(time: t)) (the depletion endpoints "
        + "\(units.endpointsDescription) give both)"
    case .endpointsNotDecreasing(let start, let end):
      guard speaks else { return error.description }
      return "monotone enforcement needs the curve to end lower than it starts, but the constraints give "
        + "\(units.describe(bound: start)) at \(units.describe(time: 0)) and \(units.describe(bound: end)) at "
        + "\(units.describe(time: 1))"
    case .fit(let inner): return words(inner, in: context)
    case .invalidMinSlope: return error.description
    }
  }
}
