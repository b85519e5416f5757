/// Error-free transformations (Knuth's TwoSum, Dekker's TwoProduct) and the compensated
/// Horner scheme built on them, used by the inverse and the root finder to evaluate
/// residuals as if in twice the working precision.
///
/// TwoProduct uses Veltkamp splitting rather than a fused multiply-add, because on a
/// plain x86-64 build `addingProduct` is a libm call; splitting is exact for operands
/// below about 2⁹⁹⁶ in magnitude (callers rescale first).
@usableFromInline
enum ErrorFree {
  /// a + b = sum + error exactly (Knuth, 6 flops, no branch).
  @inlinable @inline(__always)
  static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
    let sum = a + b
    let bVirtual = sum - a
    let aVirtual = sum - bVirtual
    return (sum, (a - aVirtual) + (b - bVirtual))
  }

  /// Splits a into hi + lo with at most 26 significant bits each (Veltkamp).
  @inlinable @inline(__always)
  static func split(_ a: Double) -> (hi: Double, lo: Double) {
    let scaled = 134_217_729.0 * a
    let hi = scaled - (scaled - a)
    return (hi, a - hi)
  }

  /// a · b = product + error exactly (Dekker, 17 flops, no branch).
  @inlinable @inline(__always)
  static func twoProduct(_ a: Double, _ b: Double) -> (product: Double, error: Double) {
    let product = a * b
    let (aHi, aLo) = split(a)
    let (bHi, bLo) = split(b)
    let error = ((aHi * bHi - product) + aHi * bLo + aLo * bHi) + aLo * bLo
    return (product, error)
  }

  /// The value of the polynomial with `coefficients` (highest power first) at x, as an
  /// unevaluated sum hi + lo (compensated Horner, Graillat–Langlois–Louvet 2005).
  ///
  /// Error: |hi + lo − p(x)| ≤ γ²₂ₙ · Σ|cᵢ||x|ⁱ (n the degree), i.e. as accurate as Horner
  /// in twice the working precision.
  @inlinable
  static func compensatedHorner(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, at x: Double)
    -> (hi: Double, lo: Double)
  {
    let (p1, e1) = twoProduct(c0, x)
    let (s1, f1) = twoSum(p1, c1)
    let (p2, e2) = twoProduct(s1, x)
    let (s2, f2) = twoSum(p2, c2)
    let (p3, e3) = twoProduct(s2, x)
    let (s3, f3) = twoSum(p3, c3)
    let correction = ((e1 + f1) * x + (e2 + f2)) * x + (e3 + f3)
    return (s3, correction)
  }
}

extension Cubic {
  /// f(t) − level evaluated by compensated Horner: accurate to about
  /// u·|f(t) − level| + γ²₆·(|a|t³ + |b|t² + |c|t + |d|), so its sign is reliable
  /// except within ~1e-31 of a root. No clamping.
  @inlinable
  func compensatedResidual(at t: Double, level: Double) -> Double {
    let (hi, lo) = ErrorFree.compensatedHorner(a, b, c, d, at: t)
    let (difference, error) = ErrorFree.twoSum(hi, -level)
    return difference + (error + lo)
  }

  /// f′(t) = (3a·t + 2b)·t + c by Horner, no clamping.
  @inlinable
  func slope(at t: Double) -> Double {
    ((3 * a * t + 2 * b) * t + c)
  }

  /// f″(t) = 6a·t + 2b.
  @inlinable
  func curvature(at t: Double) -> Double {
    6 * a * t + 2 * b
  }
}
