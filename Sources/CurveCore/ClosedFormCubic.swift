#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Up to three candidate real roots from the closed form, unordered, without allocation.
@usableFromInline
struct CandidateRoots: Sendable {
  @usableFromInline var count = 0
  @usableFromInline var values: (Double, Double, Double) = (.nan, .nan, .nan)

  @inlinable init() {}

  @inlinable mutating func append(_ x: Double) {
    guard x.isFinite, count < 3 else { return }
    switch count {
    case 0: values.0 = x
    case 1: values.1 = x
    default: values.2 = x
    }
    count += 1
  }

  @inlinable subscript(index: Int) -> Double {
    switch index {
    case 0: return values.0
    case 1: return values.1
    default: return values.2
    }
  }
}

/// The closed-form (Cardano / Viète) real roots of A·x³ + B·x² + C·x + D, written to
/// avoid the classic failures: no cancelling sum of two cube roots, no blow-up of the
/// shift −B/(3A) when A → 0, and candidates for both members of a near-double root.
@usableFromInline
enum ClosedFormCubic {
  /// |A| below this fraction of max(|B|, |C|) is treated as near-quadratic: the quadratic
  /// roots are refined by two Newton steps on the full cubic instead of using the shift.
  @usableFromInline static let nearQuadraticRatio = 0x1p-20

  /// The candidate real roots; near a double root both members are approximated by the
  /// double root, good to about √ε relative.
  @usableFromInline
  static func roots(_ A: Double, _ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
    var out = CandidateRoots()
    let scale = max(abs(B), abs(C))
    if A == 0 || abs(A) < nearQuadraticRatio * scale {
      let quadratic = quadraticRoots(B, C, D)
      for index in 0..<quadratic.count {
        var x = quadratic[index]
        for _ in 0..<2 where A != 0 {
          let value = ((A * x + B) * x + C) * x + D
          let slope = (3 * A * x + 2 * B) * x + C
          if slope != 0 { x -= value / slope }
        }
        out.append(x)
      }
      if A != 0, B != 0 { out.append(-B / A - (quadratic.count == 2 ? quadratic[0] + quadratic[1] : 0)) }
      return out
    }
    let a1 = B / A, a2 = C / A, a3 = D / A
    let shift = a1 / 3
    let q = (a1 * a1 - 3 * a2) / 9
    let r = (a1 * (2 * a1 * a1 - 9 * a2) + 27 * a3) / 54
    if q > 0 {
      let rootQ = q.squareRoot()
      let cubeQ = rootQ * rootQ * rootQ
      let ratio = r / cubeQ
      if abs(ratio) < 1 {
        // Trigonometric (Viète) branch: three real roots.
        let theta = acos(ratio)
        for k in 0..<3 {
          out.append(-2 * rootQ * cos((theta + 2 * Double.pi * Double(k)) / 3) - shift)
        }
      } else {
        // One real root: u is the cube root of larger magnitude, v = −p/(3u) = Q/u has
        // the same sign, so u + v does not cancel.
        let u = -(r.sign == .minus ? -1.0 : 1.0) * cbrt(abs(r) + (r * r - q * q * q).squareRoot())
        out.append((u + q / u) - shift)
        if abs(ratio) < 1 + 0x1p-26 {
          // Near-zero discriminant: also offer the (near-)double root.
          out.append((r.sign == .minus ? -1.0 : 1.0) * rootQ - shift)
        }
      }
    } else if q < 0 {
      // Hyperbolic branch (one real root): y = −2√(−Q)·sinh(asinh(R/√(−Q)³)/3).
      let rootQ = (-q).squareRoot()
      out.append(-2 * rootQ * sinh(asinh(r / (rootQ * rootQ * rootQ)) / 3) - shift)
    } else {
      out.append(-cbrt(2 * r) - shift)
    }
    return out
  }

  /// The real roots of B·x² + C·x + D by the cancellation-free formula (a linear or
  /// constant equation when B or B and C are zero).
  @usableFromInline
  static func quadraticRoots(_ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
    var out = CandidateRoots()
    if B == 0 {
      if C != 0 { out.append(-D / C) }
      return out
    }
    let (cc, ccError) = ErrorFree.twoProduct(C, C)
    let (bd, bdError) = ErrorFree.twoProduct(4 * B, D)
    let discriminant = (cc - bd) + (ccError - bdError)
    if discriminant < 0 {
      // Complex pair; the real part is the nearest real candidate.
      out.append(-C / (2 * B))
      return out
    }
    let big = -0.5 * (C + (C.sign == .minus ? -1.0 : 1.0) * discriminant.squareRoot())
    out.append(big / B)
    out.append(big != 0 ? D / big : -C / (2 * B))
    return out
  }
}
