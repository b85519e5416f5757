import CurveCore

/// Why ``LeastSquaresFitter`` could not fit a ``FitProblem``.
///
/// Every case names the offending input (an index, a constraint, a routine) so that the
/// command-line tool can print the ``description`` as its single `error:` line.
/// Indices count from 0, in the order the caller gave the points, weights or constraints.
public enum FitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problem has no data points.
  case noPoints
  /// The degree is outside ``FitProblem/minimumDegree``…``FitProblem/maximumDegree``.
  case degreeOutOfRange(degree: Int)
  /// `weights` has a different length from `points`.
  case weightCountMismatch(weights: Int, points: Int)
  /// Point `index` has a NaN or infinite t.
  case nonFiniteT(index: Int, value: Double)
  /// Point `index` has a NaN or infinite y.
  case nonFiniteY(index: Int, value: Double)
  /// Weight `index` is NaN or infinite.
  case nonFiniteWeight(index: Int, value: Double)
  /// Weight `index` is zero or negative.
  case nonPositiveWeight(index: Int, value: Double)
  /// Constraint `index` has a NaN or infinite abscissa or target.
  case nonFiniteConstraint(index: Int, constraint: FitConstraint)
  /// Constraints `first` and `second` are the same condition given twice.
  case duplicateConstraint(first: Int, second: Int, constraint: FitConstraint)
  /// Constraints `first` and `second` ask for different values of the same quantity.
  case contradictoryConstraints(first: FitConstraint, second: FitConstraint)
  /// More constraints than a polynomial of this degree has coefficients.
  case tooManyConstraints(count: Int, degree: Int)
  /// The listed constraints are linear combinations of the others at this degree
  /// (for example f′(½) = s with f(0), f(1) fixed for a quadratic).
  case dependentConstraints(dependent: [FitConstraint], degree: Int)
  /// Fewer distinct usable abscissas than free parameters.
  ///
  /// `distinct` counts the different t among the points; `pinned` counts those that sit
  /// exactly at a value constraint's t (the constraint already fixes f there, so such a
  /// point adds no information about the shape); `usable = distinct − pinned` must be at
  /// least `freeParameters = degree + 1 − constraints`.
  case tooFewDistinctPoints(distinct: Int, pinned: Int, freeParameters: Int, degree: Int, constraints: Int)
  /// The scaled design is numerically rank deficient: only `rank` of `parameters`
  /// combinations are determined, and the listed powers (of the centred, scaled variable,
  /// which map one to one onto the same powers of t) are the ones left undetermined.
  case rankDeficient(rank: Int, parameters: Int, undeterminedPowers: [Int])
  /// A dimension does not fit LAPACK's 32-bit INTEGER.
  case tooLargeForLAPACK(routine: String, argument: String, value: Int)
  /// A LAPACK routine returned `info ≠ 0`.
  case lapack(routine: String, info: Int)
  /// The fit produced a NaN or infinity (t or y so large that powers overflow).
  case nonFiniteResult(quantity: String)
  /// Milestone `index` has a NaN or infinite time or level.
  case nonFiniteMilestone(index: Int, milestone: Milestone)
  /// More milestones than ``LeastSquaresFitter/maximumMilestones``.
  case tooManyMilestones(count: Int, maximum: Int)
  /// No curve of this degree meets the equality constraints and every milestone (`monotone`:
  /// no non-increasing one, under `enforce`).
  case milestonesInfeasible(milestones: [Milestone], degree: Int, monotone: Bool = false)

  /// One line naming the offending input.
  public var description: String {
    switch self {
    case .nonFiniteMilestone(let index, let milestone):
      return "milestone \(index) (\(milestone)) has a value that is not a finite number"
    case .tooManyMilestones(let count, let maximum):
      return "\(count) milestones given; at most \(maximum) are supported"
    case .milestonesInfeasible(let milestones, let degree, let monotone):
      return "no \(monotone ? "monotone " : "")degree-\(degree) curve meets the endpoints and constraints "
        + "together with every milestone "
        + "(\(milestones.map({ $0.description }).joined(separator: ", "))); relax a milestone or try another degree"
    case .noPoints:
      return "no data points: a fit needs at least one (t, y) point"
    case .degreeOutOfRange(let degree):
      return "degree \(degree) is outside the supported range \(FitProblem.minimumDegree)…\(FitProblem.maximumDegree)"
    case .weightCountMismatch(let weights, let points):
      return "\(weights) weights were given for \(points) points; give one weight per point or none"
    case .nonFiniteT(let index, let value):
      return "point at index \(index) has t = \(value), not a finite number"
    case .nonFiniteY(let index, let value):
      return "point at index \(index) has y = \(value), not a finite number"
    case .nonFiniteWeight(let index, let value):
      return "weight at index \(index) is \(value), not a finite number"
    case .nonPositiveWeight(let index, let value):
      return "weight at index \(index) is \(value); weights must be positive"
    case .nonFiniteConstraint(let index, let constraint):
      return "constraint at index \(index) (\(constraint)) has a non-finite abscissa or target"
    case .duplicateConstraint(let first, let second, let constraint):
      return "constraint at index \(second) repeats the one at index \(first) (\(constraint)); give each condition once"
    case .contradictoryConstraints(let first, let second):
      return "constraints \(first) and \(second) contradict each other: same point, different targets"
    case .tooManyConstraints(let count, let degree):
      return "\(count) constraints given, but a degree-\(degree) polynomial has only \(degree + 1) coefficients"
    case .dependentConstraints(let dependent, let degree):
      let list = dependent.map({ $0.description }).joined(separator: ", ")
      return "constraint(s) \(list) are linearly dependent on the others for a degree-\(degree) polynomial"
    case .tooFewDistinctPoints(let distinct, let pinned, let free, let degree, let constraints):
      let usable = distinct - pinned
      let pinnedNote = pinned > 0 ? " (\(distinct) distinct t, \(pinned) of them at value constraints)" : ""
      return "only \(usable) distinct usable t\(pinnedNote), but degree \(degree) with \(constraints) "
        + "constraint(s) leaves \(free) free parameter(s); add points at new t or lower the degree"
    case .rankDeficient(let rank, let parameters, let powers):
      let list = powers.map { "t^\($0)" }.joined(separator: ", ")
      return "the data determine only \(rank) of \(parameters) coefficients (numerical rank deficiency); "
        + "the pivoted QR could not separate the \(list) term(s) from the others: points too few or too close together for this degree"
    case .tooLargeForLAPACK(let routine, let argument, let value):
      return "\(routine): \(argument) = \(value) exceeds LAPACK's 32-bit integer range; use fewer points"
    case .lapack(let routine, let info):
      return "\(routine) failed with info = \(info): " + LAPACKDiagnostics.explanation(routine: routine, info: info)
    case .nonFiniteResult(let quantity):
      return "the fit overflowed: \(quantity) is not finite (t or y values too large in magnitude)"
    }
  }
}

/// Plain-language meaning of a LAPACK `info` for the routines CurveKit calls.
enum LAPACKDiagnostics {
  /// What `info` means for `routine`, per the LAPACK reference documentation.
  static func explanation(routine: String, info: Int) -> String {
    if info < 0 {
      return "argument \(-info) had an illegal value (a CurveKit bug; please report it)"
    }
    switch routine {
    case "dgglse":
      return info == 1
        ? "the constraint matrix is singular (the constraints are linearly dependent)"
        : "the stacked design and constraint matrix is rank deficient (too few distinct points)"
    default:
      return "the factorization did not complete"
    }
  }
}
