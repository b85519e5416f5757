/// The engine behind ``Cubic/realRootsWithMultiplicity()``: exact power-of-two scaling,
/// critical-point bracketing and safeguarded Newton–bisection on polynomials of degree
/// ≤ 3 with a non-zero leading and constant coefficient.
enum RealRootSolver {
  /// Multiple-root tolerance: |p(x)| ≤ this many units of 2⁻⁵³·Σ|cᵢ||x|ⁱ counts as zero.
  static let zeroTolerance = 8.0
  /// Beyond this magnitude p is evaluated through its reversal in 1/x.
  static let reversalThreshold = 0x1p100

  static func roots(of coefficients: [Double]) -> [RealRoot] {
    var scaled = coefficients
    while let first = scaled.first, first == 0 { scaled.removeFirst() }
    var zeroCount = 0
    while let last = scaled.last, last == 0, scaled.count > 1 {
      scaled.removeLast()
      zeroCount += 1
    }
    if scaled.first ?? 0 < 0 { scaled = scaled.map { -$0 } }
    // Substitute x = 2ᵏ·y with k chosen so the coefficients' exponents spread least (roots
    // near 1), and scale so the largest is in [1, 2): one exact power of two per coefficient.
    let k = balancingExponent(scaled)
    let degree = scaled.count - 1
    let exponents = scaled.enumerated().map {
      $0.element == 0 ? Int.min : $0.element.exponent + k * (degree - $0.offset)
    }
    let top = exponents.max() ?? 0
    scaled = scaled.enumerated().map { index, value in
      value == 0 ? 0 : Double(sign: .plus, exponent: k * (degree - index) - top, significand: value)
    }
    var found: [RealRoot] = []
    switch scaled.count {
    case 2: found = [RealRoot(value: -scaled[1] / scaled[0], multiplicity: 1)]
    case 3, 4: found = ScaledPolynomial(scaled).roots()
    default: break
    }
    found = found.map {
      RealRoot(value: Double(sign: .plus, exponent: k, significand: $0.value), multiplicity: $0.multiplicity)
    }
    if zeroCount > 0 { found.append(RealRoot(value: 0, multiplicity: zeroCount)) }
    found = found.filter { $0.value.isFinite }.sorted { $0.value < $1.value }
    var merged: [RealRoot] = []
    for root in found {
      if let last = merged.last, last.value == root.value {
        merged[merged.count - 1].multiplicity += root.multiplicity
      } else {
        merged.append(root)
      }
    }
    return merged
  }

  /// The k minimizing max − min of exponent(cᵢ) + k·(n − i) over the non-zero coefficients
  /// (a convex piecewise-linear function, so its minimum is at a crossing of two lines).
  static func balancingExponent(_ coefficients: [Double]) -> Int {
    let degree = coefficients.count - 1
    let lines = coefficients.enumerated().filter { $0.element != 0 }
      .map { (intercept: $0.element.exponent, slope: degree - $0.offset) }
    func spread(_ k: Int) -> Int {
      let values = lines.map { $0.intercept + k * $0.slope }
      return (values.max() ?? 0) - (values.min() ?? 0)
    }
    var candidates = [0]
    for first in lines {
      for second in lines where second.slope < first.slope {
        let crossing = (second.intercept - first.intercept) / (first.slope - second.slope)
        candidates += [crossing - 1, crossing, crossing + 1]
      }
    }
    return candidates.min { (spread($0), abs($0)) < (spread($1), abs($1)) } ?? 0
  }
}

/// A polynomial of degree 2 or 3 with positive leading coefficient, |cᵢ| < 2, c₀ ≠ 0 last.
struct ScaledPolynomial {
  /// Highest power first.
  let c: [Double]
  var degree: Int { c.count - 1 }

  init(_ coefficients: [Double]) { c = coefficients }

  /// p(x) / max(1, |x|)ⁿ, the same scaled tolerance for "zero", and the Newton step p/p′.
  func evaluate(_ x: Double) -> (value: Double, tolerance: Double, step: Double) {
    let padded = Array(repeating: 0.0, count: 4 - c.count) + c
    let u = 0x1p-53 * RealRootSolver.zeroTolerance
    if abs(x) <= RealRootSolver.reversalThreshold {
      let (hi, lo) = CubicInverseKernel.compensatedHorner(padded[0], padded[1], padded[2], padded[3], at: x)
      var slope = 0.0
      var magnitude = 0.0
      for (index, coefficient) in c.enumerated() {
        magnitude = magnitude * abs(x) + abs(coefficient)
        if index < degree { slope = slope * x + Double(degree - index) * coefficient }
      }
      let value = hi + lo
      return (value, u * magnitude, slope != 0 ? value / slope : 0)
    }
    // p(x) = xⁿ·q(z), q(z) = Σ cᵢ zⁱ (cᵢ from the leading one), z = 1/x.
    let z = 1 / x
    let reversed = Array(repeating: 0.0, count: 4 - c.count) + c.reversed()
    let (hi, lo) = CubicInverseKernel.compensatedHorner(reversed[0], reversed[1], reversed[2], reversed[3], at: z)
    var slopeFactor = 0.0  // p′(x) / xⁿ⁻¹ = Σ (n − i)·cᵢ·zⁱ
    var magnitude = 0.0
    for (index, coefficient) in c.enumerated().reversed() {
      magnitude = magnitude * abs(z) + abs(coefficient)
      if index < degree { slopeFactor = slopeFactor * z + Double(degree - index) * coefficient }
    }
    let q = hi + lo
    let sign: Double = (x < 0 && degree % 2 == 1) ? -1 : 1
    return (sign * q, u * magnitude, slopeFactor != 0 ? x * q / slopeFactor : 0)
  }

  /// Fujiwara's bound: every root has |x| < 2·max(|c₁/c₀|, |c₂/c₀|^(1/2), |cₙ/(2c₀)|^(1/n)).
  var rootBound: Double {
    var bound = 0.0
    for index in 1...degree {
      var ratio = abs(c[index] / c[0])
      if index == degree { ratio /= 2 }
      let power = index == 1 ? ratio : (index == 2 ? ratio.squareRoot() : cubeRoot(ratio))
      bound = max(bound, power)
    }
    return min(2 * bound * (1 + 0x1p-20), .greatestFiniteMagnitude)
  }

  private func cubeRoot(_ x: Double) -> Double {
    ClosedFormCubic.roots(1, 0, 0, -x)[0]
  }

  /// Seeds from the closed form (for a cubic) or the quadratic formula.
  private var seeds: CandidateRoots {
    degree == 3 ? ClosedFormCubic.roots(c[0], c[1], c[2], c[3]) : ClosedFormCubic.quadraticRoots(c[0], c[1], c[2])
  }

  func roots() -> [RealRoot] {
    let bound = rootBound
    let seeds = self.seeds
    func simple(_ lower: Double, _ upper: Double, increasing: Bool, start: Double) -> RealRoot {
      var seed = start
      for index in 0..<seeds.count where seeds[index] > lower && seeds[index] < upper {
        seed = seeds[index]
        break
      }
      return RealRoot(value: bracketedRoot(lower, upper, increasing: increasing, start: seed), multiplicity: 1)
    }
    func isZero(_ x: Double) -> (zero: Bool, value: Double) {
      let e = evaluate(x)
      return (abs(e.value) <= e.tolerance, e.value)
    }
    if degree == 2 {
      let vertex = -c[1] / (2 * c[0])
      guard vertex.isFinite else { return [] }
      let (zero, value) = isZero(vertex)
      if zero { return [RealRoot(value: vertex, multiplicity: 2)] }
      if value > 0 { return [] }
      return [
        simple(-bound, vertex, increasing: false, start: -bound), simple(vertex, bound, increasing: true, start: bound),
      ]
    }
    // Cubic, c[0] > 0: critical points of 3c₀x² + 2c₁x + c₂.
    let (threeA, threeAError) = CubicInverseKernel.twoProduct(3, c[0])
    let (bb, bbError) = CubicInverseKernel.twoProduct(c[1], c[1])
    let (ac, acError) = CubicInverseKernel.twoProduct(threeA, c[2])
    let discriminant = (bb - ac) + (bbError - acError - threeAError * c[2])
    let discriminantTolerance = RealRootSolver.zeroTolerance * 0x1p-53 * (bb + abs(ac))
    let inflection = -c[1] / threeA
    if discriminant <= discriminantTolerance {
      let (zero, value) = isZero(inflection)
      if zero && abs(discriminant) <= discriminantTolerance { return [RealRoot(value: inflection, multiplicity: 3)] }
      return value > 0
        ? [simple(-bound, inflection, increasing: true, start: -bound)]
        : [simple(inflection, bound, increasing: true, start: bound)]
    }
    let q = -(c[1] + (c[1] < 0 ? -1.0 : 1.0) * discriminant.squareRoot())
    let first = q / threeA
    let second = c[2] / q
    let x1 = max(-.greatestFiniteMagnitude, min(first, second))
    let x2 = min(.greatestFiniteMagnitude, max(first, second))
    let (zero1, v1) = isZero(x1)
    let (zero2, v2) = isZero(x2)
    switch (zero1, zero2) {
    case (true, true):
      return [RealRoot(value: inflection, multiplicity: 3)]
    case (true, false):
      return [RealRoot(value: x1, multiplicity: 2), simple(x2, bound, increasing: true, start: bound)]
    case (false, true):
      return [simple(-bound, x1, increasing: true, start: -bound), RealRoot(value: x2, multiplicity: 2)]
    case (false, false):
      if v1 > 0 && v2 < 0 {
        let middleStart = max(x1, min(x2, inflection))
        return [
          simple(-bound, x1, increasing: true, start: -bound),
          simple(x1, x2, increasing: false, start: middleStart),
          simple(x2, bound, increasing: true, start: bound),
        ]
      }
      return v2 > 0
        ? [simple(-bound, x1, increasing: true, start: -bound)]
        : [simple(x2, bound, increasing: true, start: bound)]
    }
  }

  /// The root in [lower, upper], where p is monotone with a sign change, by Newton steps
  /// that are replaced by a (geometric, for wide same-sign brackets) bisection whenever
  /// they would leave the bracket.
  func bracketedRoot(_ lower: Double, _ upper: Double, increasing: Bool, start: Double) -> Double {
    var lower = lower
    var upper = upper
    let orientation: Double = increasing ? 1 : -1
    var x = max(lower, min(upper, start))
    var best = (x: x, residual: Double.infinity)
    var previous = Double.nan
    for _ in 0..<400 {
      let e = evaluate(x)
      let value = orientation * e.value
      if abs(e.value) < best.residual { best = (x, abs(e.value)) }
      if value == 0 { return x }
      if value < 0 { lower = x } else { upper = x }
      var next = x - e.step
      if next == x { return x }
      if next == previous { break }
      if !(next >= lower && next <= upper) || !next.isFinite {
        next = Self.midpoint(lower, upper)
        if !(next > lower && next < upper) { break }
      }
      previous = x
      x = next
    }
    // Cycling or collapsed bracket: lower and upper are (nearly) adjacent, so their scaled
    // residuals are comparable with each other (not with earlier, differently scaled ones).
    guard lower.nextUp >= upper else { return best.x }
    return abs(evaluate(lower).value) <= abs(evaluate(upper).value) ? lower : upper
  }

  /// The arithmetic midpoint, or the geometric one when both ends have one sign and
  /// differ by more than a factor 16 (so huge brackets shrink by orders of magnitude).
  static func midpoint(_ lower: Double, _ upper: Double) -> Double {
    if lower > 0 && upper > 16 * lower { return lower.squareRoot() * upper.squareRoot() }
    if upper < 0 && lower < 16 * upper { return -((-lower).squareRoot() * (-upper).squareRoot()) }
    return lower + (upper - lower) * 0.5
  }
}
