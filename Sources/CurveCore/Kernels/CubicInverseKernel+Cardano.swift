#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

// The closed-form (Cardano / Viète) inverse with one polish step. Embedded verbatim in
// generated code (see CubicInverseKernel.swift), which then imports libm the same way.

extension CubicInverseKernel {
  // curvekit:embed-begin
  /// Up to three candidate real roots, unordered, without allocation.
  ///
  /// `@frozen`, so that its `@inlinable` initializer may assign the stored properties directly
  /// when the embedding module is built with `-enable-library-evolution` (a resilient struct's
  /// inlinable initializer would have to delegate to another initializer).
  @frozen @usableFromInline
  struct CandidateRoots {
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

  /// The refinement applied to the closed-form root.
  @frozen @usableFromInline
  enum Polish {
    case none, newton, halley
  }

  /// |A| below this fraction of max(|B|, |C|) is treated as near-quadratic.
  @inlinable @inline(__always)
  static var nearQuadraticRatio: Double { 0x1p-20 }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The closed-form real roots of A·x³ + B·x² + C·x + D: Viète's trigonometric form, the
  /// larger-magnitude cube root u with v = Q/u (no cancellation), the hyperbolic form, a
  /// near-quadratic path, and both members of a near-double root.
  @inlinable
  static func closedFormRoots(_ A: Double, _ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
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
    let a1 = B / A
    let a2 = C / A
    let a3 = D / A
    let shift = a1 / 3
    let q = (a1 * a1 - 3 * a2) / 9
    let r = (a1 * (2 * a1 * a1 - 9 * a2) + 27 * a3) / 54
    if q > 0 {
      let rootQ = q.squareRoot()
      let cubeQ = rootQ * rootQ * rootQ
      let ratio = r / cubeQ
      if abs(ratio) < 1 {
        let theta = acos(ratio)
        for k in 0..<3 {
          out.append(-2 * rootQ * cos((theta + 2 * Double.pi * Double(k)) / 3) - shift)
        }
      } else {
        let u = -(r.sign == .minus ? -1.0 : 1.0) * cbrt(abs(r) + (r * r - q * q * q).squareRoot())
        out.append((u + q / u) - shift)
        if abs(ratio) < 1 + 0x1p-26 {
          out.append((r.sign == .minus ? -1.0 : 1.0) * rootQ - shift)
        }
      }
    } else if q < 0 {
      let rootQ = (-q).squareRoot()
      out.append(-2 * rootQ * sinh(asinh(r / (rootQ * rootQ * rootQ)) / 3) - shift)
    } else {
      out.append(-cbrt(2 * r) - shift)
    }
    return out
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The real roots of B·x² + C·x + D by the cancellation-free formula, with a
  /// compensated discriminant; the real part for a complex pair.
  @inlinable
  static func quadraticRoots(_ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
    var out = CandidateRoots()
    if B == 0 {
      if C != 0 { out.append(-D / C) }
      return out
    }
    let (cc, ccError) = twoProduct(C, C)
    let (bd, bdError) = twoProduct(4 * B, D)
    let discriminant = (cc - bd) + (ccError - bdError)
    if discriminant < 0 {
      out.append(-C / (2 * B))
      return out
    }
    let big = -0.5 * (C + (C.sign == .minus ? -1.0 : 1.0) * discriminant.squareRoot())
    out.append(big / B)
    out.append(big != 0 ? D / big : -C / (2 * B))
    return out
  }

  /// The t ∈ [0, 1] with f(t) = level by the closed form: the candidate nearest [0, 1]
  /// with the smallest compensated residual, polished once, clamped; Newton when the
  /// closed form offers no candidate.
  @inlinable
  static func cardano(_ a: Double, _ b: Double, _ c: Double, _ d: Double, level: Double, polish: Polish) -> Double {
    if case .answer(let t) = bracket(a, b, c, d, level: level) { return t }
    let candidates = closedFormRoots(a, b, c, d - level)
    var best = Double.nan
    var bestScore = (distance: Double.infinity, residual: Double.infinity)
    for index in 0..<candidates.count {
      let x = candidates[index]
      let distance = x < 0 ? -x : (x > 1 ? x - 1 : 0)
      let clamped = max(0, min(1, x))
      let value = abs(residual(a, b, c, d, at: clamped, level: level))
      if distance < bestScore.distance || (distance == bestScore.distance && value < bestScore.residual) {
        best = clamped
        bestScore = (distance, value)
      }
    }
    if best.isNaN { return newton(a, b, c, d, level: level) }
    var t = best
    switch polish {
    case .none:
      break
    case .newton:
      let slopeHere = slope(a, b, c, at: t)
      if slopeHere != 0 { t -= residual(a, b, c, d, at: t, level: level) / slopeHere }
    case .halley:
      let value = residual(a, b, c, d, at: t, level: level)
      let slopeHere = slope(a, b, c, at: t)
      let denominator = 2 * slopeHere * slopeHere - value * curvature(a, b, at: t)
      if denominator != 0 { t -= 2 * value * slopeHere / denominator }
    }
    return t.isFinite ? max(0, min(1, t)) : best
  }
  // curvekit:embed-end
}
