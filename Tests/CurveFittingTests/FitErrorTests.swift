import CurveCore
import Testing

@testable import CurveFitting

/// Every ``FitError`` case, provoked through the public API where the input can reach it,
/// and through the LAPACK wrapper for the two that valid input cannot reach.
@Suite("Fit errors")
struct FitErrorTests {
  /// Four points on 1 − t, enough for an endpoint-constrained cubic.
  static let line = [0.2, 0.4, 0.6, 0.8].map { DataPoint(t: $0, y: 1 - $0) }

  /// The error `fit` throws for `problem`, or nil when it succeeds.
  static func error(of problem: FitProblem) -> FitError? {
    do {
      _ = try LeastSquaresFitter.fit(problem)
      return nil
    } catch {
      return error
    }
  }

  @Test("no points")
  func noPoints() {
    #expect(Self.error(of: FitProblem(points: [])) == .noPoints)
  }

  @Test("degree out of range", arguments: [0, -1, 11, 100])
  func degreeOutOfRange(degree: Int) {
    let error = Self.error(of: FitProblem(points: Self.line, degree: degree, constraints: []))
    #expect(error == .degreeOutOfRange(degree: degree))
    #expect(error?.description.contains("degree \(degree)") == true)
  }

  @Test("weights count differs from points count")
  func weightCount() {
    let error = Self.error(of: FitProblem(points: Self.line, weights: [1, 2]))
    #expect(error == .weightCountMismatch(weights: 2, points: 4))
  }

  @Test("non-finite t, y and weight name the index")
  func nonFinite() {
    var points = Self.line
    points[2].t = .nan
    #expect(
      Self.error(of: FitProblem(points: points))?.description == "point at index 2 has t = nan, not a finite number")
    points = Self.line
    points[1].y = -.infinity
    #expect(Self.error(of: FitProblem(points: points)) == .nonFiniteY(index: 1, value: -.infinity))
    let error = Self.error(of: FitProblem(points: Self.line, weights: [1, 1, 1, .infinity]))
    #expect(error == .nonFiniteWeight(index: 3, value: .infinity))
    #expect(error?.description == "weight at index 3 is inf, not a finite number")
  }

  @Test("zero and negative weights", arguments: [0.0, -0.0, -2.5])
  func nonPositiveWeight(weight: Double) {
    let error = Self.error(of: FitProblem(points: Self.line, weights: [1, weight, 1, 1]))
    #expect(error == .nonPositiveWeight(index: 1, value: weight))
  }

  @Test("non-finite constraint")
  func nonFiniteConstraint() {
    let constraint = FitConstraint.slope(at: 0.5, equals: .nan)
    let error = Self.error(of: FitProblem(points: Self.line, constraints: [.value(at: 0, equals: 1), constraint]))
    // NaN payloads never compare equal, so compare the message.
    #expect(error?.description == "constraint at index 1 (slope@0.5=nan) has a non-finite abscissa or target")
  }

  @Test("duplicated and contradictory constraints")
  func duplicatesAndContradictions() {
    let duplicated: [FitConstraint] = [.value(at: 0, equals: 1), .value(at: 1, equals: 0), .value(at: 0, equals: 1)]
    #expect(
      Self.error(of: FitProblem(points: Self.line, constraints: duplicated))
        == .duplicateConstraint(first: 0, second: 2, constraint: .value(at: 0, equals: 1)))
    let contradictory: [FitConstraint] = [
      .slope(at: 0.5, equals: -1), .value(at: 0.5, equals: 0.5), .slope(at: 0.5, equals: -2),
    ]
    let error = Self.error(of: FitProblem(points: Self.line, constraints: contradictory))
    #expect(error == .contradictoryConstraints(first: .slope(at: 0.5, equals: -1), second: .slope(at: 0.5, equals: -2)))
    #expect(error?.description.contains("slope@0.5=-1.0 and slope@0.5=-2.0") == true)
  }

  @Test("more constraints than coefficients")
  func tooManyConstraints() {
    let constraints: [FitConstraint] = [.value(at: 0, equals: 1), .value(at: 1, equals: 0), .value(at: 2, equals: -1)]
    #expect(
      Self.error(of: FitProblem(points: Self.line, degree: 1, constraints: constraints))
        == .tooManyConstraints(count: 3, degree: 1))
  }

  @Test("linearly dependent constraints are named")
  func dependentConstraints() {
    // For a quadratic, f′(½) = f(1) − f(0): the slope constraint repeats the two values.
    let constraints: [FitConstraint] = [
      .value(at: 0, equals: 1), .value(at: 1, equals: 0), .slope(at: 0.5, equals: -1),
    ]
    let error = Self.error(of: FitProblem(points: Self.line, degree: 2, constraints: constraints))
    guard case .dependentConstraints(let dependent, let degree) = error else {
      Issue.record("expected dependentConstraints, got \(String(describing: error))")
      return
    }
    #expect(degree == 2)
    #expect(dependent.count == 1 && constraints.contains(dependent[0]))
  }

  @Test("too few distinct points, with and without points pinned by value constraints")
  func tooFewDistinctPoints() {
    let repeated = [0.1, 0.1, 0.5, 0.5, 0.9, 0.9].map { DataPoint(t: $0, y: $0) }
    #expect(
      Self.error(of: FitProblem(points: repeated, degree: 3, constraints: []))
        == .tooFewDistinctPoints(distinct: 3, pinned: 0, freeParameters: 4, degree: 3, constraints: 0))
    // Points at t = 0 and 1 add nothing to f(0) = 1, f(1) = 0: one usable t for two free parameters.
    let pinned = [0.0, 0.5, 1.0].map { DataPoint(t: $0, y: 1 - $0) }
    let error = Self.error(of: FitProblem(points: pinned))
    #expect(error == .tooFewDistinctPoints(distinct: 3, pinned: 2, freeParameters: 2, degree: 3, constraints: 2))
    #expect(
      error?.description.hasPrefix("only 1 distinct usable t (3 distinct t, 2 of them at value constraints)") == true)
  }

  @Test("numerical rank deficiency names the undetermined powers")
  func rankDeficient() {
    // Five distinct t, but four of them within 4e-15 of each other: a cubic is not determined.
    let clustered = [0, 1e-15, 2e-15, 3e-15, 1].map { DataPoint(t: $0, y: $0 * $0) }
    let error = Self.error(of: FitProblem(points: clustered, degree: 3, constraints: []))
    guard case .rankDeficient(let rank, let parameters, let powers) = error else {
      Issue.record("expected rankDeficient, got \(String(describing: error))")
      return
    }
    #expect(rank == 2 && parameters == 4 && powers.count == 2)
    #expect(error?.description.contains("determine only 2 of 4 coefficients") == true)
  }

  @Test("a slope-only constraint can leave the stacked system singular (Birkhoff)")
  func constrainedRankDeficient() {
    // Quadratic, f′(½) = 1, data at t = 0 and 1 only: f(1) − f(0) = f′(½) leaves c₂ free.
    let points = [DataPoint(t: 0, y: 0), DataPoint(t: 1, y: 1), DataPoint(t: 0, y: 0.1)]
    let error = Self.error(of: FitProblem(points: points, degree: 2, constraints: [.slope(at: 0.5, equals: 1)]))
    guard case .rankDeficient(let rank, let parameters, _) = error else {
      Issue.record("expected rankDeficient, got \(String(describing: error))")
      return
    }
    #expect(rank == 2 && parameters == 3)
  }

  @Test("overflowing results are reported, not returned")
  func nonFiniteResult() {
    let huge = [0.0, 1, 2, 3, 4].enumerated().map { DataPoint(t: $1, y: $0.isMultiple(of: 2) ? 1.7e308 : -1.7e308) }
    let error = Self.error(of: FitProblem(points: huge, degree: 4, constraints: []))
    guard case .nonFiniteResult = error else {
      Issue.record("expected nonFiniteResult, got \(String(describing: error))")
      return
    }
  }

  @Test("a dimension beyond LAPACK's 32-bit INTEGER throws instead of trapping")
  func tooLargeForLAPACK() throws {
    let rows = Int(Int32.max) + 1
    #expect(throws: FitError.tooLargeForLAPACK(routine: "dgelsy", argument: "M", value: rows)) {
      _ = try LAPACK.integer(rows, "dgelsy", "M")
    }
    #expect(try LAPACK.integer(Int(Int32.max), "dgelsy", "M") == Int32.max)
  }

  @Test("LAPACK info ≠ 0 becomes a typed error with an explanation")
  func lapackInfo() {
    // dgglse with an exactly zero constraint row: LAPACK reports info = 1 (B singular).
    var a = ColumnMajorMatrix(rows: 3, columns: 2)
    for row in 0..<3 { (a[row, 0], a[row, 1]) = (1, Double(row)) }
    let b = ColumnMajorMatrix(rows: 1, columns: 2)
    #expect(throws: FitError.lapack(routine: "dgglse", info: 1)) {
      _ = try LAPACK.gglse(a: a, c: [1, 2, 3], b: b, d: [0])
    }
    #expect(FitError.lapack(routine: "dgglse", info: 1).description.contains("constraint matrix is singular"))
    #expect(FitError.lapack(routine: "dgelsy", info: -4).description.contains("argument 4 had an illegal value"))
  }
}
