import CurveCore

extension FitProblem {
  /// The number of coefficients, degree + 1.
  public var parameterCount: Int { degree + 1 }

  /// The number of coefficients the constraints leave free: degree + 1 − constraints.
  public var freeParameterCount: Int { parameterCount - constraints.count }

  /// The weight of point `index` (1 without weights).
  func weight(at index: Int) -> Double { weights?[index] ?? 1 }

  /// Checks everything that can be checked without factorizing a matrix, in the order
  /// the errors are documented: degree, points, weights, constraints, distinct abscissas.
  ///
  /// Linear dependence of the constraints and numerical rank deficiency of the design
  /// need a factorization and are checked by ``LeastSquaresFitter`` afterwards.
  /// - Throws: the first ``FitError`` found.
  /// - Complexity: O(m + p²) for m points and p constraints when the abscissas are spread;
  ///   O(m·n) comparisons at worst (n = degree + 1), when they repeat.
  public func validate() throws(FitError) {
    guard (Self.minimumDegree...Self.maximumDegree).contains(degree) else {
      throw .degreeOutOfRange(degree: degree)
    }
    guard !points.isEmpty else { throw .noPoints }
    for (index, point) in points.enumerated() {
      guard point.t.isFinite else { throw .nonFiniteT(index: index, value: point.t) }
      guard point.y.isFinite else { throw .nonFiniteY(index: index, value: point.y) }
    }
    if let weights {
      guard weights.count == points.count else {
        throw .weightCountMismatch(weights: weights.count, points: points.count)
      }
      for (index, weight) in weights.enumerated() {
        guard weight.isFinite else { throw .nonFiniteWeight(index: index, value: weight) }
        guard weight > 0 else { throw .nonPositiveWeight(index: index, value: weight) }
      }
    }
    for (index, milestone) in milestones.enumerated() where !(milestone.t.isFinite && milestone.level.isFinite) {
      throw .nonFiniteMilestone(index: index, milestone: milestone)
    }
    try validateConstraints()
    try validateDistinctAbscissas()
  }

  /// Non-finite, duplicated and contradictory constraints, then their count.
  ///
  /// A handful of constraints (every problem that can pass the count check) are compared
  /// pairwise, with no hashing or allocation; longer lists go through a dictionary so the
  /// check stays O(p) before the count rejects them.
  private func validateConstraints() throws(FitError) {
    /// Identifies the quantity a constraint fixes: the kind and the abscissa.
    struct Target: Hashable {
      var isSlope: Bool
      var t: Double
    }
    func target(_ constraint: FitConstraint) -> (target: Target, wanted: Double) {
      switch constraint {
      case .value(let t, let value): return (Target(isSlope: false, t: t), value)
      case .slope(let t, let slope): return (Target(isSlope: true, t: t), slope)
      }
    }
    let pairwise = constraints.count <= 2 * Self.maximumDegree
    var seen: [Target: Int] = [:]
    for (index, constraint) in constraints.enumerated() {
      let (current, wanted) = target(constraint)
      guard current.t.isFinite, wanted.isFinite else {
        throw .nonFiniteConstraint(index: index, constraint: constraint)
      }
      let earlier: Int?
      if pairwise {
        earlier = constraints[..<index].firstIndex { target($0).target == current }
      } else {
        earlier = seen[current]
        seen[current] = earlier ?? index
      }
      guard let earlier else { continue }
      if constraints[earlier] == constraint {
        throw .duplicateConstraint(first: earlier, second: index, constraint: constraint)
      }
      throw .contradictoryConstraints(first: constraints[earlier], second: constraint)
    }
    guard constraints.count <= parameterCount else {
      throw .tooManyConstraints(count: constraints.count, degree: degree)
    }
  }

  /// Enough distinct usable abscissas for the free parameters.
  ///
  /// A point exactly at a value constraint's t adds nothing the constraint does not
  /// already fix, so it does not count. Passing this check is necessary, not sufficient:
  /// a slope constraint can still make the system singular, which the rank check catches.
  ///
  /// The scan keeps the distinct abscissas seen so far in a short list and stops as soon
  /// as enough usable ones are found, so it never needs more than degree + 1 + constraints
  /// entries: O(m·n) comparisons in the worst case (many repeated t), O(n²) typically.
  private func validateDistinctAbscissas() throws(FitError) {
    let needed = freeParameterCount
    guard needed > 0 else { return }
    var pinnedCandidates: [Double] = []
    for case .value(let t, _) in constraints { pinnedCandidates.append(t) }
    var distinct: [Double] = []
    distinct.reserveCapacity(needed + pinnedCandidates.count)
    var pinned = 0
    for point in points where !distinct.contains(point.t) {
      distinct.append(point.t)
      if pinnedCandidates.contains(point.t) {
        pinned += 1
      } else if distinct.count - pinned >= needed {
        return
      }
    }
    throw .tooFewDistinctPoints(
      distinct: distinct.count,
      pinned: pinned,
      freeParameters: needed,
      degree: degree,
      constraints: constraints.count
    )
  }
}
