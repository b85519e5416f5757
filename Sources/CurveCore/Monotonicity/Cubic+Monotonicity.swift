/// Exact monotonicity of a cubic on [0, 1] by critical-point analysis of f′.
///
/// f′(t) = 3a·t² + 2b·t + c is a quadratic, so its extremes on [0, 1] are at t = 0, t = 1
/// and, when a ≠ 0 and it lies inside, at the vertex v = −b/(3a), where
/// f′(v) = −(b² − 3ac)/(3a). Every sign below (of c, 3a + 2b + c, b² − 3ac, and of the
/// position of v) is computed in exact dyadic arithmetic from the double coefficients, so
/// the verdict is the true one for those doubles; only reported locations are rounded.
extension Cubic {
  /// The exact monotonicity verdict on [0, 1].
  ///
  /// Witnesses at t = 0 or t = 1 are always verified; a witness near the vertex is the double
  /// nearest v (or a neighbour within 8 ulps) whose slope sign is verified exactly, and is
  /// marked unverified only when the wrong-sign region is narrower than that.
  /// - Complexity: O(1): a few dozen exact operations on numbers of at most a few hundred bits
  ///   for coefficients within 2⁻¹⁰⁰…2¹⁰⁰ (up to ~4 400 bits at the extremes of the double range).
  public func monotonicity() -> MonotonicityVerdict {
    let (qa, qb, qc) = (DyadicRational(a), DyadicRational(b), DyadicRational(c))
    let three = DyadicRational(3)
    let two = DyadicRational(2)
    if qa.isZero && qb.isZero && qc.isZero { return .constant }
    // Candidate extremes of f′ with the exact sign of f′ there.
    var candidates: [(t: Double, sign: Int, exact: DyadicRational?)] = [
      (0, qc.signum, DyadicRational(0)),
      (1, (three * qa + two * qb + qc).signum, DyadicRational(1)),
    ]
    if !qa.isZero {
      let threeA = three * qa
      // v ∈ (0, 1) ⇔ −b/(3a) > 0 and −b/(3a) < 1 ⇔ sign(−b) = sign(a) ≠ 0 and sign(a)·(3a + b) > 0.
      let inside = (-qb).signum == qa.signum && qa.signum * (threeA + qb).signum > 0
      if inside {
        let discriminant = qb * qb - threeA * qc
        candidates.append((Self.nearestDouble(toRootOf: threeA, qb), -qa.signum * discriminant.signum, nil))
      }
    }
    let maximum = candidates.map { $0.sign }.max() ?? 0
    let minimum = candidates.map { $0.sign }.min() ?? 0
    func flats() -> [FlatPoint] {
      candidates.filter { $0.sign == 0 }
        .map { FlatPoint(t: $0.t, isExact: $0.exact != nil || slopeSign(at: $0.t) == 0) }
        .sorted { $0.t < $1.t }
    }
    if maximum < 0 { return .strictlyDecreasing }
    if minimum > 0 { return .strictlyIncreasing }
    if maximum == 0 { return .nonIncreasing(flatPoints: flats()) }
    if minimum == 0 { return .nonDecreasing(flatPoints: flats()) }
    let high = candidates.first { $0.sign == maximum }?.t ?? 0
    let low = candidates.first { $0.sign == minimum }?.t ?? 0
    return .notMonotone(rising: witness(near: high, sign: 1), falling: witness(near: low, sign: -1))
  }

  /// The Fritsch–Carlson criterion for a cubic that falls exactly from f(0) = 1 to f(1) = 0:
  /// with α = −f′(0) and β = −f′(1), the cubic is non-increasing on [0, 1] exactly when
  /// α ≥ 0, β ≥ 0 and (α + β ≤ 3 or α² + αβ + β² − 6α − 6β + 9 ≤ 0).
  ///
  /// Decided in exact arithmetic. `nil` when the endpoints are not exactly 1 and 0 (the
  /// criterion assumes them); ``monotonicity()`` covers every cubic.
  public var fritschCarlsonNonIncreasing: Bool? {
    let (qa, qb, qc, qd) = (DyadicRational(a), DyadicRational(b), DyadicRational(c), DyadicRational(d))
    guard qd == DyadicRational(1), (qa + qb + qc + qd).isZero else { return nil }
    let alpha = -qc
    let beta = -(DyadicRational(3) * qa + DyadicRational(2) * qb + qc)
    guard alpha.signum >= 0, beta.signum >= 0 else { return false }
    if (alpha + beta - DyadicRational(3)).signum <= 0 { return true }
    let six = DyadicRational(6)
    let ellipse = alpha * alpha + alpha * beta + beta * beta - six * alpha - six * beta + DyadicRational(9)
    return ellipse.signum <= 0
  }

  /// The exact sign of f′ at the double `t`.
  func slopeSign(at t: Double) -> Int { exactSlope(at: t).signum }

  /// f′ at the double `t`, exactly.
  private func exactSlope(at t: Double) -> DyadicRational {
    DyadicRational.evaluate(
      [DyadicRational(3) * DyadicRational(a), DyadicRational(2) * DyadicRational(b), DyadicRational(c)],
      at: DyadicRational(t))
  }

  /// A witness of slope sign `sign` at `t` or, for the vertex, at the nearest double within 8
  /// ulps that has that sign exactly.
  private func witness(near t: Double, sign: Int) -> MonotonicityWitness {
    MonotonicityWitness.search(near: t, sign: sign) { exactSlope(at: $0) }
  }

  /// The double nearest −q/p (p ≠ 0): a double quotient, then the neighbour minimizing
  /// |p·t + q| exactly (that residual is |p|·|t − root|, so this is the nearest double).
  private static func nearestDouble(toRootOf p: DyadicRational, _ q: DyadicRational) -> Double {
    let quotient = -q.doubleValue / p.doubleValue
    let guess = quotient.isFinite ? min(max(quotient, 0), 1) : 0.5
    var best = guess
    var bestResidual = (p * DyadicRational(guess) + q)
    for candidate in [guess.nextDown, guess.nextUp, guess.nextDown.nextDown, guess.nextUp.nextUp] {
      let residual = p * DyadicRational(candidate) + q
      if compareMagnitudes(residual, bestResidual) < 0 { (best, bestResidual) = (candidate, residual) }
    }
    return best
  }

  private static func compareMagnitudes(_ x: DyadicRational, _ y: DyadicRational) -> Int {
    let ax = x.signum < 0 ? -x : x
    let ay = y.signum < 0 ? -y : y
    return ax < ay ? -1 : (ay < ax ? 1 : 0)
  }
}
