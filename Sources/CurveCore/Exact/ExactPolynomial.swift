/// A polynomial with exact integer coefficients, lowest power first, for Sturm sequences.
/// Internal to the exact monotonicity analysis. Scaling by a positive constant never
/// changes a sign, so every routine here works "up to a positive factor".
struct ExactPolynomial: Sendable, Hashable {
  /// Coefficients c₀, c₁, …, with no zero leading (highest) coefficient; empty for zero.
  private(set) var coefficients: [ExactInteger]

  init(_ coefficients: [ExactInteger]) {
    var trimmed = coefficients
    while trimmed.last?.isZero == true { trimmed.removeLast() }
    self.coefficients = trimmed
  }

  /// A positive power-of-two multiple of the polynomial with these dyadic coefficients
  /// (lowest power first): the same signs everywhere, integer coefficients.
  init(scaling dyadic: [DyadicRational]) {
    let low = dyadic.filter { !$0.isZero }.map { $0.exponent }.min() ?? 0
    self.init(dyadic.map { $0.mantissa.shiftedLeft($0.exponent - low) })
  }

  var isZero: Bool { coefficients.isEmpty }
  /// The degree; −1 for the zero polynomial.
  var degree: Int { coefficients.count - 1 }
  var leading: ExactInteger { coefficients.last ?? .zero }

  func derivative() -> ExactPolynomial {
    ExactPolynomial(coefficients.enumerated().dropFirst().map { ExactInteger($0.offset) * $0.element })
  }

  /// The exact value at the dyadic point `t`.
  func value(at t: DyadicRational) -> DyadicRational {
    var result = DyadicRational.zero
    for coefficient in coefficients.reversed() {
      result = result * t + DyadicRational(mantissa: coefficient, exponent: 0)
    }
    return result
  }

  /// The exact sign of the value at `t`.
  func sign(at t: DyadicRational) -> Int { value(at: t).signum }

  /// The polynomial divided by its content (the gcd of its coefficients): same signs.
  func primitivePart() -> ExactPolynomial {
    let content = coefficients.reduce(ExactInteger.zero) { ExactInteger.gcd($0, $1) }
    guard !content.isZero, content != ExactInteger(1) else { return self }
    return ExactPolynomial(coefficients.map { ExactInteger.exactQuotient($0, content) ?? $0 })
  }

  /// A positive multiple of the remainder of `self` divided by `divisor` (pseudo-division
  /// with the sign of the multiplier corrected), made primitive.
  func positiveRemainder(dividingBy divisor: ExactPolynomial) -> ExactPolynomial {
    guard !divisor.isZero else { return self }
    var remainder = coefficients
    var multiplierIsNegative = false
    let lead = divisor.leading
    let d = divisor.degree
    while remainder.count - 1 >= d, let top = remainder.last {
      let shift = remainder.count - 1 - d
      // remainder ← lead·remainder − top·x^shift·divisor: the top coefficient cancels.
      remainder = remainder.map { lead * $0 }
      for (index, coefficient) in divisor.coefficients.enumerated() {
        remainder[index + shift] = remainder[index + shift] - top * coefficient
      }
      if lead.signum < 0 { multiplierIsNegative.toggle() }
      while remainder.last?.isZero == true { remainder.removeLast() }
    }
    let result = ExactPolynomial(multiplierIsNegative ? remainder.map { -$0 } : remainder)
    return result.primitivePart()
  }

  /// The exact quotient self / divisor when the division is exact over the integers
  /// (true for a primitive divisor of a primitive polynomial, by Gauss's lemma); `nil` otherwise.
  func exactQuotient(dividingBy divisor: ExactPolynomial) -> ExactPolynomial? {
    guard !divisor.isZero, degree >= divisor.degree else { return nil }
    var remainder = coefficients
    var quotient = [ExactInteger](repeating: .zero, count: degree - divisor.degree + 1)
    for shift in quotient.indices.reversed() {
      let top = remainder[shift + divisor.degree]
      guard let digit = ExactInteger.exactQuotient(top, divisor.leading) else { return nil }
      quotient[shift] = digit
      for (index, coefficient) in divisor.coefficients.enumerated() {
        remainder[index + shift] = remainder[index + shift] - digit * coefficient
      }
    }
    guard remainder.allSatisfy({ $0.isZero }) else { return nil }
    return ExactPolynomial(quotient)
  }

  /// The greatest common divisor, primitive and up to sign, by a primitive remainder sequence.
  static func gcd(_ x: ExactPolynomial, _ y: ExactPolynomial) -> ExactPolynomial {
    var (u, v) = (x.primitivePart(), y.primitivePart())
    while !v.isZero { (u, v) = (v, u.positiveRemainder(dividingBy: v)) }
    return u
  }

  /// Divides out every root at t = 0: returns the quotient by tᵏ and k.
  func deflatedAtZero() -> (ExactPolynomial, multiplicity: Int) {
    let count = coefficients.prefix { $0.isZero }.count
    return (ExactPolynomial(Array(coefficients.dropFirst(count))), count)
  }

  /// Divides out every root at t = 1 (synthetic division by t − 1, exact over the integers):
  /// returns the quotient by (t − 1)ᵏ and k.
  func deflatedAtOne() -> (ExactPolynomial, multiplicity: Int) {
    var current = self
    var multiplicity = 0
    while current.degree > 0, current.coefficients.reduce(ExactInteger.zero, +).isZero {
      var quotient = [ExactInteger](repeating: .zero, count: current.degree)
      var carry = ExactInteger.zero
      for index in stride(from: current.degree, through: 1, by: -1) {
        carry = carry + current.coefficients[index]
        quotient[index - 1] = carry
      }
      current = ExactPolynomial(quotient)
      multiplicity += 1
    }
    return (current, multiplicity)
  }
}

/// The Sturm sequence of a square-free polynomial P: P, P′, −rem(P, P′), … (each term up to a
/// positive factor). The number of sign variations V(x) is right-continuous, so the number
/// of distinct roots in (a, b] is V(a) − V(b) for any a < b.
struct SturmSequence: Sendable {
  let terms: [ExactPolynomial]

  init(squareFree polynomial: ExactPolynomial) {
    var terms = [polynomial.primitivePart()]
    var next = polynomial.derivative().primitivePart()
    while !next.isZero {
      terms.append(next)
      let count = terms.count
      let remainder = terms[count - 2].positiveRemainder(dividingBy: terms[count - 1])
      next = ExactPolynomial(remainder.coefficients.map { -$0 })
    }
    self.terms = terms
  }

  /// V(x): sign changes along the sequence evaluated at x, zeros skipped.
  func variations(at x: DyadicRational) -> Int {
    var count = 0
    var previous = 0
    for term in terms {
      let sign = term.sign(at: x)
      if sign == 0 { continue }
      if previous != 0 && sign != previous { count += 1 }
      previous = sign
    }
    return count
  }

  /// The number of distinct roots in (a, b].
  func rootCount(above a: DyadicRational, upTo b: DyadicRational) -> Int { variations(at: a) - variations(at: b) }
}
