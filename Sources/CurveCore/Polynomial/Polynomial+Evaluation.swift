/// General-degree evaluation by each ``EvaluationScheme``, and a compensated residual.
///
/// For p of degree n at t, with S = Σ|cᵢ||t|ⁱ and γₖ = k·u/(1 − k·u), u = 2⁻⁵³, the forward
/// error bounds are: Horner γ₂ₙ·S; naive γ₂ₙ·S; Estrin γ₂ₙ·S (a crude bound; it is
/// γ₅·S for the cubic); the FMA variants γₙ·S (Estrin FMA γ₂ₙ); compensated Horner
/// u·|p(t)| + γ₂ₙ²·S. None of them clamps t.
extension Polynomial {
  /// The value at `t` by `scheme`, not clamped.
  ///
  /// `.horner` is ``value(at:)``. For degree 3 every scheme is bit-identical to the
  /// matching ``Cubic`` function.
  /// - Complexity: O(degree), O(degree) extra storage for nothing but `.estrin`/`.estrinFMA`.
  public func value(at t: Double, scheme: EvaluationScheme) -> Double {
    switch scheme {
    case .horner: return value(at: t)
    case .hornerFMA: return hornerFMAValue(at: t)
    case .naive: return naiveValue(at: t, fused: false)
    case .naiveFMA: return naiveValue(at: t, fused: true)
    case .estrin: return estrinValue(at: t, fused: false)
    case .estrinFMA: return estrinValue(at: t, fused: true)
    case .compensatedHorner: return compensatedValue(at: t).value
    }
  }

  /// Horner with fused multiply-adds: rₖ = fma(rₖ₋₁, t, cₖ). Error bound γₙ·S.
  /// - Complexity: n fma (libm calls on x86-64 builds without FMA targeting).
  public func hornerFMAValue(at t: Double) -> Double {
    var result = coefficients[0]
    for index in 1..<coefficients.count {
      result = coefficients[index].addingProduct(result, t)
    }
    return result
  }

  /// Compensated Horner (Graillat–Langlois–Louvet): the value as accurate as Horner in
  /// twice the precision, and a rigorous bound on its error.
  ///
  /// - Returns: `value` with |value − p(t)| ≤ u·|p(t)| + γ₂ₙ²·S, and `errorBound`, an
  ///   upper bound on |value − p(t)| computed from that a-priori bound (valid without
  ///   underflow; the bound adds one ulp of slack for its own rounding).
  /// - Complexity: about 23 flops per degree, no fma.
  public func compensatedValue(at t: Double) -> (value: Double, errorBound: Double) {
    var sum = coefficients[0]
    var correction = 0.0
    var magnitude = abs(sum)
    for index in 1..<coefficients.count {
      CubicInverseKernel.compensatedHornerStep(&sum, &correction, t, coefficients[index])
      magnitude = magnitude * abs(t) + abs(coefficients[index])
    }
    let value = sum + correction
    let n = Double(degree)
    let u = 0x1p-53
    let gamma = 2 * n * u / (1 - 2 * n * u)
    let bound = (u * abs(value) + gamma * gamma * magnitude * (1 + 4 * n * u)) * (1 + 4 * u)
    return (value, bound.nextUp)
  }

  /// The power form: tⁱ formed by repeated multiplication, then Σ cᵢtⁱ summed from the
  /// highest power down (fused: smallest power first, each term an fma).
  private func naiveValue(at t: Double, fused: Bool) -> Double {
    let ascending = ascendingCoefficients
    if fused {
      var result = ascending[0]
      var power = 1.0
      for index in 1..<ascending.count {
        power *= t
        result = result.addingProduct(ascending[index], power)
      }
      return result
    }
    var powers = [Double](repeating: 1, count: ascending.count)
    for index in powers.indices.dropFirst() { powers[index] = powers[index - 1] * t }
    var result = 0.0
    for index in ascending.indices.reversed() {
      result =
        index == ascending.count - 1 ? ascending[index] * powers[index] : result + ascending[index] * powers[index]
    }
    return result
  }

  /// Estrin's scheme: pair coefficients as (c₂ₖ₊₁·t + c₂ₖ), then repeatedly pair the
  /// results with t², t⁴, … until one value is left.
  private func estrinValue(at t: Double, fused: Bool) -> Double {
    var level = ascendingCoefficients
    var power = t
    while level.count > 1 {
      var next: [Double] = []
      next.reserveCapacity((level.count + 1) / 2)
      var index = 0
      while index < level.count {
        if index + 1 < level.count {
          next.append(
            fused ? level[index].addingProduct(level[index + 1], power) : level[index + 1] * power + level[index])
        } else {
          next.append(level[index])
        }
        index += 2
      }
      level = next
      power *= power
    }
    return level[0]
  }
}
