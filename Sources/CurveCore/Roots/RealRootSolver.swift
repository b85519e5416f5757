#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The engine behind ``Cubic/realRoots()``: a fast closed-form path for well-separated roots
/// (RealRootSolver+Fast.swift) and, where the conditioning needs it, the careful path here:
/// exact power-of-two scaling, critical-point bracketing and safeguarded Newton–bisection on
/// polynomials of degree ≤ 3. Everything is fixed-size; nothing allocates.
enum RealRootSolver {
  /// Beyond this magnitude p is evaluated through its reversal in 1/x.
  static let reversalThreshold = 0x1p100
  /// A value |p(x)| at or below this multiple of 2⁻¹⁰⁶·Σ|cᵢ||x|ⁱ counts as zero: the error
  /// bound of the compensated residual (γ²₆·Σ|cᵢ||x|ⁱ ≈ 36·2⁻¹⁰⁶·Σ) plus the effect of
  /// rounding a critical point to a double (≤ 24·2⁻¹⁰⁶·Σ), with a margin.
  static let zeroTolerance = 128.0 * 0x1p-106
  /// In the reversed form (|x| > 2¹⁰⁰), where z = 1/x is rounded, the zero tolerance is
  /// this multiple of 2⁻⁵³·Σ|cᵢ||z|ⁱ.
  static let reversedZeroTolerance = 8.0 * 0x1p-53

  /// The careful path: any degree ≤ 3, any finite coefficients, multiple roots.
  static func carefulRoots(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> RealRoots {
    // Highest power first, leading and trailing zeros stripped into `degree` and `zeroCount`,
    // padded with leading zeros to four slots, positive leading term.
    var given = (a, b, c, d)
    var zeroCount = 0
    while given.3 == 0 && zeroCount < 3 {
      given = (0, given.0, given.1, given.2)
      zeroCount += 1
    }
    let degree = given.0 != 0 ? 3 : (given.1 != 0 ? 2 : (given.2 != 0 ? 1 : 0))
    let leading = degree == 3 ? given.0 : (degree == 2 ? given.1 : (degree == 1 ? given.2 : given.3))
    let coefficients = (leading < 0 ? -1 : 1) * SIMD4(given.0, given.1, given.2, given.3)
    // Substitute x = 2ᵏ·y with k chosen so the coefficients' exponents spread least (roots
    // near 1), and scale so the largest is in [1, 2): one exact power of two per coefficient.
    let exponents = SIMD4(
      binaryExponent(coefficients[0]), binaryExponent(coefficients[1]), binaryExponent(coefficients[2]),
      binaryExponent(coefficients[3]))
    let k = balancingExponent(coefficients, exponents, degree: degree)
    let slopes = SIMD4(3, 2, 1, 0)
    let lines = exponents &+ k &* slopes
    var top = lines[3]  // the constant term is non-zero
    for index in 0..<3 where coefficients[index] != 0 { top = max(top, lines[index]) }
    var scaled: SIMD4<Double>
    if k == 0 && top > -1000 && top < 1000 {
      // One power of two for all: the spread is at most 64, so nothing leaves the normal range.
      scaled = coefficients * Double(bitPattern: UInt64(1023 - top) << 52)
    } else {
      scaled = SIMD4(repeating: 0)
      for index in 0..<4 where coefficients[index] != 0 {
        scaled[index] = timesPowerOfTwo(coefficients[index], k * (3 - index) - top)
      }
    }
    var result: RealRoots
    switch degree {
    case 1: result = RealRoots(sorted: -scaled[3] / scaled[2], .nan, .nan, count: 1)
    case 2, 3: result = ScaledPolynomial(scaled, degree: degree).roots()
    default: result = RealRoots()
    }
    if k != 0 {
      let found = result
      result = RealRoots()
      for y in found {
        let x = timesPowerOfTwo(y, k)
        if x.isFinite { result = result.inserting(x) }
      }
    }
    for _ in 0..<zeroCount { result = result.inserting(0) }
    return result
  }

  /// The binary exponent of a non-zero x (`x.exponent`, inline for normal numbers); 0 for 0.
  @inline(__always)
  static func binaryExponent(_ x: Double) -> Int {
    let field = Int(truncatingIfNeeded: (x.bitPattern >> 52) & 0x7FF)
    if field != 0 && field != 0x7FF { return field - 1023 }
    return x == 0 ? 0 : x.exponent
  }

  /// x·2ⁿ, exactly unless the result leaves the normal range: one multiplication when 2ⁿ and
  /// the result are normal, else `Double(sign:exponent:significand:)`.
  @inline(__always)
  static func timesPowerOfTwo(_ x: Double, _ n: Int) -> Double {
    if n >= -1022 && n <= 1023 {
      let product = x * Double(bitPattern: UInt64(n + 1023) << 52)
      if product.isNormal || product == 0 && x == 0 { return product }
    }
    return Double(sign: .plus, exponent: n, significand: x)
  }

  /// The k minimizing max − min of exponent(cᵢ) + k·(3 − i) over the non-zero coefficients
  /// (a convex piecewise-linear function, so its minimum is at a crossing of two lines); 0
  /// when the exponents at k = 0 already spread by at most 64, where no scaling is needed.
  static func balancingExponent(_ coefficients: SIMD4<Double>, _ exponents: SIMD4<Int>, degree: Int) -> Int {
    guard degree > 0 else { return 0 }
    let present = (coefficients[0] != 0, coefficients[1] != 0, coefficients[2] != 0, coefficients[3] != 0)
    let e = (exponents[0], exponents[1], exponents[2], exponents[3])
    func spread(_ k: Int) -> Int {
      var high = Int.min
      var low = Int.max
      if present.0 {
        high = max(high, e.0 + 3 * k)
        low = min(low, e.0 + 3 * k)
      }
      if present.1 {
        high = max(high, e.1 + 2 * k)
        low = min(low, e.1 + 2 * k)
      }
      if present.2 {
        high = max(high, e.2 + k)
        low = min(low, e.2 + k)
      }
      if present.3 {
        high = max(high, e.3)
        low = min(low, e.3)
      }
      return high - low
    }
    var bestSpread = spread(0)
    if bestSpread <= 64 { return 0 }
    var best = 0
    for first in (3 - degree)..<4 where coefficients[first] != 0 {
      for second in (first + 1)..<4 where coefficients[second] != 0 {
        // Lines e + k·(3 − i): the first has the larger slope.
        let crossing = (exponents[second] - exponents[first]) / (second - first)
        for candidate in (crossing - 1)...(crossing + 1) {
          let value = spread(candidate)
          if value < bestSpread || (value == bestSpread && abs(candidate) < abs(best)) {
            best = candidate
            bestSpread = value
          }
        }
      }
    }
    return best
  }
}

/// A polynomial of degree 2 or 3 with positive leading coefficient, |cᵢ| < 2, c₀ ≠ 0 last.
struct ScaledPolynomial {
  /// Highest power first, padded with a leading zero for degree 2.
  let c: SIMD4<Double>
  let degree: Int

  init(_ coefficients: SIMD4<Double>, degree: Int) {
    c = coefficients
    self.degree = degree
  }

  /// p(x) (or, beyond 2¹⁰⁰, p(x)/xⁿ), the tolerance below which it counts as zero, and the
  /// Newton step p/p′.
  func evaluate(_ x: Double) -> (value: Double, tolerance: Double, step: Double) {
    let absX = abs(x)
    if absX <= RealRootSolver.reversalThreshold {
      // A leading zero (degree 2) changes none of these sums.
      let (hi, lo) = CubicInverseKernel.compensatedHorner(c[0], c[1], c[2], c[3], at: x)
      let slope = (3 * c[0] * x + 2 * c[1]) * x + c[2]
      let magnitude = ((abs(c[0]) * absX + abs(c[1])) * absX + abs(c[2])) * absX + abs(c[3])
      let value = hi + lo
      return (value, RealRootSolver.zeroTolerance * magnitude, slope != 0 ? value / slope : 0)
    }
    // p(x) = xⁿ·q(z), q(z) = Σ cᵢ zⁱ (cᵢ from the leading one), z = 1/x, and
    // p′(x)/xⁿ⁻¹ = Σ (n − i)·cᵢ·zⁱ.
    let z = 1 / x
    let absZ = abs(z)
    let (hi, lo): (Double, Double)
    let slopeFactor: Double
    let magnitude: Double
    if degree == 3 {
      (hi, lo) = CubicInverseKernel.compensatedHorner(c[3], c[2], c[1], c[0], at: z)
      slopeFactor = (c[2] * z + 2 * c[1]) * z + 3 * c[0]
      magnitude = ((abs(c[3]) * absZ + abs(c[2])) * absZ + abs(c[1])) * absZ + abs(c[0])
    } else {
      (hi, lo) = CubicInverseKernel.compensatedHorner(0, c[3], c[2], c[1], at: z)
      slopeFactor = c[2] * z + 2 * c[1]
      magnitude = (abs(c[3]) * absZ + abs(c[2])) * absZ + abs(c[1])
    }
    let q = hi + lo
    let sign: Double = (x < 0 && degree == 3) ? -1 : 1
    return (
      sign * q, RealRootSolver.reversedZeroTolerance * magnitude, slopeFactor != 0 ? x * q / slopeFactor : 0
    )
  }

  /// Fujiwara's bound: every root has |x| < 2·max(|c₁/c₀|, |c₂/c₀|^(1/2), |cₙ/(2c₀)|^(1/n)).
  var rootBound: Double {
    let lead = 3 - degree
    var bound = 0.0
    for index in 1...degree {
      var ratio = abs(c[lead + index] / c[lead])
      if index == degree { ratio /= 2 }
      let power: Double
      switch index {
      case 1: power = ratio
      case 2: power = ratio.squareRoot()
      default:
        // ∛ratio to 1e-11 (well inside the 2⁻²⁰ margin below) without libm when normal.
        let reciprocal = RealRootSolver.reciprocalCubeRoot(ratio)
        power = ratio.isNormal ? ratio * reciprocal * reciprocal : cbrt(ratio)
      }
      bound = max(bound, power)
    }
    return min(2 * bound * (1 + 0x1p-20), .greatestFiniteMagnitude)
  }

  /// Seeds from the closed form (for a cubic) or the quadratic formula.
  var seeds: CandidateRoots {
    degree == 3 ? ClosedFormCubic.roots(c[0], c[1], c[2], c[3]) : ClosedFormCubic.quadraticRoots(c[1], c[2], c[3])
  }

  /// |p(x)| within its tolerance of zero, and p(x).
  func isZero(_ x: Double) -> (zero: Bool, value: Double) {
    let e = evaluate(x)
    return (abs(e.value) <= e.tolerance, e.value)
  }

  /// The simple root in (lower, upper), started from the first closed-form seed inside.
  func simple(_ lower: Double, _ upper: Double, increasing: Bool, start: Double, seeds: CandidateRoots) -> Double {
    var seed = start
    for index in 0..<seeds.count where seeds[index] > lower && seeds[index] < upper {
      seed = seeds[index]
      break
    }
    return bracketedRoot(lower, upper, increasing: increasing, start: seed)
  }

  func roots() -> RealRoots {
    // Only the simple roots need the bound and the closed-form seeds.
    lazy var bound = rootBound
    lazy var seeds = self.seeds
    if degree == 2 {
      let vertex = -c[2] / (2 * c[1])
      guard vertex.isFinite else { return RealRoots() }
      let (zero, value) = isZero(vertex)
      if zero { return RealRoots(sorted: vertex, vertex, .nan, count: 2) }
      if value > 0 { return RealRoots() }
      return RealRoots(
        sorted: simple(-bound, vertex, increasing: false, start: -bound, seeds: seeds),
        simple(vertex, bound, increasing: true, start: bound, seeds: seeds), .nan, count: 2)
    }
    // Cubic, c[0] > 0: critical points of 3c₀x² + 2c₁x + c₂, from a discriminant computed
    // with error-free products, so its sign is right unless it is within ~2⁻¹⁰⁴ of zero.
    let (threeA, threeAError) = CubicInverseKernel.twoProduct(3, c[0])
    let (bb, bbError) = CubicInverseKernel.twoProduct(c[1], c[1])
    let (ac, acError) = CubicInverseKernel.twoProduct(threeA, c[2])
    let discriminant = (bb - ac) + (bbError - acError - threeAError * c[2])
    let discriminantTolerance = 8 * 0x1p-106 * (bb + abs(ac))
    let inflection = -c[1] / threeA
    if discriminant <= discriminantTolerance {
      let (zero, value) = isZero(inflection)
      if zero && abs(discriminant) <= discriminantTolerance {
        return RealRoots(sorted: inflection, inflection, inflection, count: 3)
      }
      let root =
        value > 0
        ? simple(-bound, inflection, increasing: true, start: -bound, seeds: seeds)
        : simple(inflection, bound, increasing: true, start: bound, seeds: seeds)
      return RealRoots(sorted: root, .nan, .nan, count: 1)
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
      return RealRoots(sorted: inflection, inflection, inflection, count: 3)
    case (true, false):
      let right = simple(x2, bound, increasing: true, start: bound, seeds: seeds)
      return RealRoots(sorted: x1, x1, right, count: 3)
    case (false, true):
      let left = simple(-bound, x1, increasing: true, start: -bound, seeds: seeds)
      return RealRoots(sorted: left, x2, x2, count: 3)
    case (false, false):
      if v1 > 0 && v2 < 0 {
        let middleStart = max(x1, min(x2, inflection))
        return RealRoots(
          sorted: simple(-bound, x1, increasing: true, start: -bound, seeds: seeds),
          simple(x1, x2, increasing: false, start: middleStart, seeds: seeds),
          simple(x2, bound, increasing: true, start: bound, seeds: seeds), count: 3)
      }
      let root =
        v2 > 0
        ? simple(-bound, x1, increasing: true, start: -bound, seeds: seeds)
        : simple(x2, bound, increasing: true, start: bound, seeds: seeds)
      return RealRoots(sorted: root, .nan, .nan, count: 1)
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
      if next >= lower && next <= upper && certifies(x, step: e.step, next: next) { return next }
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

  /// True when the Newton step from x to `next` has reached full precision, by the fast
  /// path's test (see ``RealRootSolver/fastRoots(_:_:_:_:largest:)``); only below 2¹⁰⁰.
  func certifies(_ x: Double, step: Double, next: Double) -> Bool {
    guard abs(x) <= RealRootSolver.reversalThreshold else { return false }
    let absX = abs(x)
    let slope = (3 * c[0] * x + 2 * c[1]) * x + c[2]
    let curvature = abs(6 * c[0] * x + 2 * c[1])
    let slopeMagnitude = (3 * abs(c[0]) * absX + 2 * abs(c[1])) * absX + abs(c[2])
    let bound = abs(slope) * abs(next)
    return curvature * (step * step) <= 0x1p-62 * bound && abs(step) * slopeMagnitude <= 0x1p-12 * bound
  }

  /// The arithmetic midpoint, or the geometric one when both ends have one sign and
  /// differ by more than a factor 16 (so huge brackets shrink by orders of magnitude).
  static func midpoint(_ lower: Double, _ upper: Double) -> Double {
    if lower > 0 && upper > 16 * lower { return lower.squareRoot() * upper.squareRoot() }
    if upper < 0 && lower < 16 * upper { return -((-lower).squareRoot() * (-upper).squareRoot()) }
    return lower + (upper - lower) * 0.5
  }
}
