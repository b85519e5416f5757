import CurveCore

/// Least-squares fitting of a stream of points in memory that grows only with the logarithm
/// of their number (a few kilobytes for 10⁹ points).
///
/// Each point adds the row [w·u⁰, …, w·uⁿ⁻¹ | w·y] (u = (t − centre)/scale, the centred,
/// scaled variable of ``ScaledMonomialBasis`` for a fixed `interval`) to a Givens QR
/// (``StreamingQR``): afterwards ‖W(V·a − y)‖² = ‖R·a − r‖² + ρ² for every coefficient
/// vector a, so the small (n+1)×(n+1) factor replaces the m×n design. ``solve()`` then runs
/// the same LAPACK path as ``LeastSquaresFitter`` on R (dgelsy without constraints, dgglse
/// with them) in the column-scaled basis.
///
/// Accuracy: the factor is a tree of Givens block factors (see ``StreamingQR``), backward
/// stable like a Householder QR of the whole design, so the coefficients match the in-memory
/// fit to about κ·2⁻⁵³ relative (κ the scaled condition number, ≈ 10 for a depletion cubic):
/// ≤ 8.3e-15 at 10⁵ points in the tests, 5e-15 against a Float80 reference at 10⁶ points in
/// the benchmarks. The in-memory fitter also refines with double-double residuals, which
/// matters only for ill-conditioned fits such as NIST Filip. Memory: O(n² log m). Cost: O(n²)
/// per point.
public struct StreamingLeastSquares: Sendable {
  /// The polynomial degree.
  public let degree: Int
  /// The equality constraints.
  public let constraints: [FitConstraint]
  let basis: ScaledMonomialBasis
  var qr: StreamingQR
  /// The number of points added.
  public private(set) var count = 0
  /// True once a weight other than 1 was given.
  public private(set) var isWeighted = false
  /// Weighted mean and spread of y (West's incremental algorithm), for R².
  var weightSum = 0.0, mean = 0.0, spread = 0.0
  /// Distinct abscissas seen, kept only up to the number the rank check needs.
  var distinct = Set<Double>()
  let distinctNeeded: Int
  /// Abscissas of value constraints: points there add nothing the constraint does not fix.
  let pinned: Set<Double>
  private var scratch: [Double]
  /// The exact problem's power sums, for the correctly rounded coefficients.
  var moments: MomentSums

  /// Prepares a fit of the given degree and constraints for points with t in (about) `interval`.
  ///
  /// `interval` fixes the centring and scaling of the basis; points outside it are still
  /// fitted correctly, only with a less well-conditioned basis.
  /// - Throws: ``FitError`` for a bad degree or bad constraints (as ``FitProblem/validate()``).
  public init(degree: Int, constraints: [FitConstraint], interval: ClosedRange<Double>) throws(FitError) {
    // Validate degree and constraints as the in-memory fitter does, with placeholder points
    // far away from any constraint so that only those checks can fail.
    let placeholders = (0...(degree + 1)).map { DataPoint(t: -1e300 + Double($0) * 1e290, y: 0) }
    try FitProblem(points: placeholders, degree: degree, constraints: constraints).validate()
    self.degree = degree
    self.constraints = constraints
    basis = ScaledMonomialBasis(
      abscissas: [interval.lowerBound, interval.upperBound] + constraints.map({ $0.t }), degree: degree)
    qr = StreamingQR(columns: degree + 1)
    var pinned = Set<Double>()
    for case .value(let t, _) in constraints { pinned.insert(t) }
    self.pinned = pinned
    distinctNeeded = degree + 1 - constraints.count
    scratch = Array(repeating: 0, count: degree + 2)
    moments = MomentSums(degree: degree)
  }

  /// Adds one point with weight `weight` (multiplying its residual).
  /// - Throws: ``FitError`` for a non-finite t, y or weight or a weight ≤ 0 (index = the
  ///   0-based position in the stream), or an overflowing design row.
  public mutating func add(_ point: DataPoint, weight: Double = 1) throws(FitError) {
    guard point.t.isFinite else { throw .nonFiniteT(index: count, value: point.t) }
    guard point.y.isFinite else { throw .nonFiniteY(index: count, value: point.y) }
    guard weight.isFinite else { throw .nonFiniteWeight(index: count, value: weight) }
    guard weight > 0 else { throw .nonPositiveWeight(index: count, value: weight) }
    let u = basis.u(point.t)
    var entry = weight
    for column in 0...degree {
      scratch[column] = entry
      entry *= u
    }
    scratch[degree + 1] = weight * point.y
    guard scratch.allSatisfy({ $0.isFinite }) else { throw .nonFiniteResult(quantity: "the design matrix") }
    qr.add(&scratch)
    moments.add(t: point.t, y: point.y, weight: weight)
    if weight != 1 { isWeighted = true }
    let w2 = weight * weight
    weightSum += w2
    let delta = point.y - mean
    mean += (w2 / weightSum) * delta
    spread += w2 * delta * (point.y - mean)
    if distinct.count < distinctNeeded, !pinned.contains(point.t) { distinct.insert(point.t + 0.0) }
    count += 1
  }
}
