/// Exact monotonicity of a polynomial of any degree on [0, 1].
extension Polynomial {
  /// The exact monotonicity verdict on [0, 1].
  ///
  /// Degree ≤ 3 uses the closed-form critical-point analysis of ``Cubic/monotonicity()``;
  /// higher degrees use ``sturmMonotonicity()``. Both decide every sign exactly from the
  /// double coefficients, so the verdict is never a sampling artefact.
  public func monotonicity() -> MonotonicityVerdict {
    if degree <= 3, let cubic = try? Cubic(self) { return cubic.monotonicity() }
    return sturmMonotonicity()
  }

  /// The exact verdict by a Sturm sequence of f′ in exact integer arithmetic (any degree).
  ///
  /// Method: f′ is scaled to an integer polynomial G; roots at t = 0 and t = 1 are divided
  /// out exactly; the square-free part's Sturm sequence isolates the distinct roots in (0, 1)
  /// by dyadic bisection; the sign of G is then evaluated exactly at one point strictly inside
  /// each gap between consecutive roots. Even-multiplicity roots (f′ touching zero) are
  /// therefore found wherever they are, dyadic or not. Flat points are located by further
  /// bisection until the root's nearest double is known.
  /// - Complexity: polynomial in the degree and in the bit size of the coefficients; for
  ///   degree ≤ 10 with coefficients in 2⁻⁶⁰…2⁶⁰ it takes about a millisecond.
  public func sturmMonotonicity() -> MonotonicityVerdict {
    let ascending = ascendingCoefficients.map(DyadicRational.init)
    let slope = ascending.enumerated().dropFirst().map { DyadicRational($0.offset) * $0.element }
    let analysis = SlopeSignAnalysis(slope: slope)
    guard let analysis else { return .constant }
    let positive = analysis.gaps.first { $0.sign > 0 }
    let negative = analysis.gaps.first { $0.sign < 0 }
    if let positive, let negative {
      return .notMonotone(
        rising: analysis.witness(at: positive.sample, sign: 1),
        falling: analysis.witness(at: negative.sample, sign: -1))
    }
    let flats = analysis.refinedZeros()
    if negative != nil { return flats.isEmpty ? .strictlyDecreasing : .nonIncreasing(flatPoints: flats) }
    return flats.isEmpty ? .strictlyIncreasing : .nonDecreasing(flatPoints: flats)
  }

  /// True when f′(t) ≤ −`minSlope` at every t in [0, 1], decided exactly: the Sturm analysis
  /// of ``sturmMonotonicity()`` applied to f′ + s, with s added to f′'s constant term in exact
  /// dyadic arithmetic (so no rounding of c₁ + s). `minSlope` 0 gives "non-increasing".
  /// The same as ``slopeExceedance(negativeOf:)`` returning nil.
  /// - Complexity: as ``sturmMonotonicity()``, about a millisecond at degree 10.
  public func slopeStaysAtOrBelow(negativeOf minSlope: Double) -> Bool {
    slopeExceedance(negativeOf: minSlope) == nil
  }

  /// Where f′ exceeds −`minSlope` on [0, 1], decided exactly, or nil when f′(t) ≤ −`minSlope`
  /// everywhere there. This is CurveCore's one decision behind every minimum-slope verdict
  /// (`MonotoneSlopeCheck` answers from it whenever its error bounds cannot decide).
  ///
  /// The witness is a double t in the first interval of [0, 1] where f′ + s > 0, with
  /// `slope` = f′(t) (not f′ + s) computed exactly and rounded once; it is verified when
  /// f′(t) > −s holds at that very double, and unverified only when the interval is narrower
  /// than the spacing of doubles there. A non-finite `minSlope` is never met: its witness is
  /// t = 0, unverified.
  /// - Complexity: as ``sturmMonotonicity()``, about a millisecond at degree 10.
  public func slopeExceedance(negativeOf minSlope: Double) -> MonotonicityWitness? {
    guard minSlope.isFinite else { return MonotonicityWitness(t: 0, slope: exactSlope(at: 0), isVerified: false) }
    let ascending = ascendingCoefficients.map(DyadicRational.init)
    var slope = ascending.enumerated().dropFirst().map { DyadicRational($0.offset) * $0.element }
    if slope.isEmpty { slope = [DyadicRational(0)] }
    slope[0] = slope[0] + DyadicRational(minSlope)
    guard let analysis = SlopeSignAnalysis(slope: slope),  // nil: f′ + s ≡ 0
      let rising = analysis.gaps.first(where: { $0.sign > 0 })
    else { return nil }
    let witness = analysis.witness(at: rising.sample, sign: 1)
    return MonotonicityWitness(t: witness.t, slope: exactSlope(at: witness.t), isVerified: witness.isVerified)
  }

  /// f′(t) at the double `t`, computed exactly and rounded once to the nearest double; its
  /// sign (−1, 0 or 1 from `signum`) is always the exact sign of f′ there.
  /// - Complexity: O(degree) exact operations.
  public func exactSlope(at t: Double) -> Double {
    let ascending = ascendingCoefficients.map(DyadicRational.init)
    let slope = ascending.enumerated().dropFirst().map { DyadicRational($0.offset) * $0.element }
    return DyadicRational.evaluate(slope.reversed(), at: DyadicRational(t)).doubleValue
  }
}

/// The zeros of f′ on [0, 1] and the exact sign of f′ on each gap between them.
struct SlopeSignAnalysis {
  /// A distinct root of the square-free part in (lower, upper], or exactly `exact`.
  struct Bracket {
    var lower: DyadicRational
    var upper: DyadicRational
    var exact: DyadicRational?
  }

  /// f′ with exact dyadic coefficients, lowest power first.
  let slope: [DyadicRational]
  /// f′ scaled to integers.
  let scaled: ExactPolynomial
  let zeroAtStart: Bool
  let zeroAtEnd: Bool
  let squareFree: ExactPolynomial
  let sturm: SturmSequence?
  private(set) var roots: [Bracket] = []
  /// One sample strictly inside each gap between zeros, with the exact sign of f′ there.
  private(set) var gaps: [(sample: DyadicRational, sign: Int)] = []

  /// `nil` when f′ ≡ 0.
  init?(slope: [DyadicRational]) {
    self.slope = slope
    scaled = ExactPolynomial(scaling: slope)
    guard !scaled.isZero else { return nil }
    let (atZero, startMultiplicity) = scaled.deflatedAtZero()
    let (interior, endMultiplicity) = atZero.deflatedAtOne()
    zeroAtStart = startMultiplicity > 0
    zeroAtEnd = endMultiplicity > 0
    if interior.degree > 0 {
      let primitive = interior.primitivePart()
      let common = ExactPolynomial.gcd(primitive, primitive.derivative())
      squareFree = common.degree > 0 ? (primitive.exactQuotient(dividingBy: common) ?? primitive) : primitive
      sturm = SturmSequence(squareFree: squareFree)
    } else {
      squareFree = interior
      sturm = nil
    }
    isolateRoots()
    sampleGaps()
  }

  private func count(_ lower: DyadicRational, _ upper: DyadicRational) -> Int {
    sturm?.rootCount(above: lower, upTo: upper) ?? 0
  }

  private mutating func isolateRoots() {
    var pending = [(DyadicRational(0), DyadicRational(1), count(DyadicRational(0), DyadicRational(1)))]
    while let (lower, upper, number) = pending.popLast() {
      if number == 0 { continue }
      if number == 1 {
        roots.append(Bracket(lower: lower, upper: upper, exact: squareFree.sign(at: upper) == 0 ? upper : nil))
        continue
      }
      let middle = DyadicRational.midpoint(lower, upper)
      let left = count(lower, middle)
      pending.append((middle, upper, number - left))
      pending.append((lower, middle, left))
    }
  }

  /// One bisection step of bracket `index` (keeps the root inside, records it if hit).
  private mutating func bisect(_ index: Int) {
    var bracket = roots[index]
    guard bracket.exact == nil else { return }
    let middle = DyadicRational.midpoint(bracket.lower, bracket.upper)
    if squareFree.sign(at: middle) == 0 {
      (bracket.upper, bracket.exact) = (middle, middle)
    } else if count(bracket.lower, middle) == 1 {
      bracket.upper = middle
    } else {
      bracket.lower = middle
    }
    roots[index] = bracket
  }

  private mutating func sampleGaps() {
    for gap in 0...roots.count {
      // Each pass either finds a sample or moves a bracket end off a zero; the bound is a
      // safety net (a bracket needs at most ~1 100 halvings to separate two distinct roots).
      for _ in 0..<20_000 {
        let lower = gap == 0 ? DyadicRational(0) : (roots[gap - 1].exact ?? roots[gap - 1].upper)
        let upper = gap == roots.count ? DyadicRational(1) : (roots[gap].exact ?? roots[gap].lower)
        if lower < upper {
          let sample = DyadicRational.midpoint(lower, upper)
          gaps.append((sample, scaled.sign(at: sample)))
          break
        }
        if scaled.sign(at: lower) != 0 {
          gaps.append((lower, scaled.sign(at: lower)))
          break
        }
        // lower == upper is a zero of f′: move the neighbouring bracket off it.
        bisect(gap == roots.count ? gap - 1 : gap)
      }
    }
  }

  /// Every zero of f′ in [0, 1] located to its nearest double, ascending.
  func refinedZeros() -> [FlatPoint] {
    var copy = self
    var points: [FlatPoint] = zeroAtStart ? [FlatPoint(t: 0, isExact: true)] : []
    for index in copy.roots.indices {
      var steps = 0
      while copy.roots[index].exact == nil,
        copy.roots[index].lower.doubleValue != copy.roots[index].upper.doubleValue, steps < 4_000
      {
        copy.bisect(index)
        steps += 1
      }
      let bracket = copy.roots[index]
      let location = bracket.exact ?? bracket.upper
      points.append(FlatPoint(t: location.doubleValue, isExact: bracket.exact?.isExactlyRepresentable ?? false))
    }
    if zeroAtEnd { points.append(FlatPoint(t: 1, isExact: true)) }
    return points
  }

  /// A witness of slope sign `sign` at the double nearest `sample` (or a neighbour within 8
  /// ulps), its sign verified exactly at that double.
  func witness(at sample: DyadicRational, sign: Int) -> MonotonicityWitness {
    let descending = Array(slope.reversed())
    return MonotonicityWitness.search(near: sample.doubleValue, sign: sign) {
      DyadicRational.evaluate(descending, at: DyadicRational($0))
    }
  }
}
