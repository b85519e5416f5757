/// Scalar evaluation of a cubic by each ``EvaluationScheme``.
///
/// ``value(at:scheme:)`` evaluates at `t` as given, without clamping (a NaN gives NaN,
/// an infinity gives ±∞ or NaN as the arithmetic dictates). ``level(forNormalizedElapsed:scheme:)``
/// clamps first, exactly as the article does. Error bounds are listed on ``EvaluationScheme``.
extension Cubic {
  /// The article's clamp `max(0, min(1, t))`, written so it vectorizes. NaN maps to 1
  /// (Swift's `min(1, .nan)` is 1), −∞ to 0, +∞ to 1 and −0.0 stays −0.0, so a clamped level
  /// is always a value of the curve on [0, 1].
  ///
  /// Bit-identical to `max(0.0, min(1.0, t))` for every input: `0 > t ? 0 : t` keeps NaN and
  /// −0.0, then `m < 1 ? m : 1` sends NaN to 1. Written this way, a batch loop compiles to
  /// `minpd` plus a compare-and-mask (four instructions per two elements), where
  /// `max`/`min` become a seven-instruction compare-and-blend sequence (Swift's `max` keeps
  /// −0.0, which `maxpd` does not).
  @inlinable @inline(__always)
  public static func clampedNormalizedElapsed(_ normalizedElapsed: Double) -> Double {
    let atLeastZero = 0.0 > normalizedElapsed ? 0.0 : normalizedElapsed
    return atLeastZero < 1.0 ? atLeastZero : 1.0
  }

  /// Horner's rule `((a·t + b)·t + c)·t + d` with separate multiply and add, no clamping.
  /// Bit-identical to ``level(forNormalizedElapsed:)`` for t in [0, 1].
  /// Error bound: γ₆·(|a|t³ + |b|t² + |c|t + |d|). Cost: 3 mul + 3 add.
  @inlinable @inline(__always)
  func valueByHorner(at t: Double) -> Double {
    ((a * t + b) * t + c) * t + d
  }

  /// The article's naive power form: `t² = t·t` and `t³ = t·t·t` computed separately, then
  /// `a·t³ + b·t² + c·t + d` added left to right. Error bound γ₆·S. Cost: 6 mul (5 after the
  /// optimizer shares t·t, with bit-identical results) + 3 add.
  @inlinable @inline(__always)
  func valueByNaive(at t: Double) -> Double {
    let t2 = t * t
    let t3 = t * t * t
    return a * t3 + b * t2 + c * t + d
  }

  /// Estrin's scheme `(a·t + b)·t² + (c·t + d)`: two independent chains, a shorter
  /// critical path than Horner. Error bound γ₅·S. Cost: 4 mul + 3 add.
  @inlinable @inline(__always)
  func valueByEstrin(at t: Double) -> Double {
    let t2 = t * t
    return (a * t + b) * t2 + (c * t + d)
  }

  /// Horner with fused multiply-adds, `fma(fma(fma(a, t, b), t, c), t, d)`.
  /// Error bound γ₃·S. Cost: 3 fma, a libm call each on x86-64 builds without FMA targeting.
  @inlinable @inline(__always)
  func valueByHornerFMA(at t: Double) -> Double {
    d.addingProduct(c.addingProduct(b.addingProduct(a, t), t), t)
  }

  /// The power form with fused multiply-adds, smallest term first:
  /// `fma(a, t³, fma(b, t², fma(c, t, d)))` with t³ = t·t·t. Error bound γ₃·S.
  /// Cost: 2 mul + 3 fma.
  @inlinable @inline(__always)
  func valueByNaiveFMA(at t: Double) -> Double {
    let t2 = t * t
    let t3 = t2 * t
    return d.addingProduct(c, t).addingProduct(b, t2).addingProduct(a, t3)
  }

  /// Estrin with fused multiply-adds, `fma(fma(a, t, b), t², fma(c, t, d))`.
  /// Error bound γ₃·S. Cost: 1 mul + 3 fma.
  @inlinable @inline(__always)
  func valueByEstrinFMA(at t: Double) -> Double {
    let t2 = t * t
    return d.addingProduct(c, t).addingProduct(b.addingProduct(a, t), t2)
  }

  /// Compensated Horner (Graillat, Langlois and Louvet, 2005) with Dekker's error-free
  /// product (no fma). Error bound: u·|f(t)| + γ₆²·S, i.e. Horner in twice the precision,
  /// so the result is faithfully rounded unless f(t) is within about 1e-15·S of zero.
  /// Valid while no intermediate product underflows (|t|, |coefficients| ≥ ~1e-150 or 0).
  /// Cost: about 70 flops.
  @inlinable @inline(__always)
  func valueByCompensatedHorner(at t: Double) -> Double {
    var sum = a
    var correction = 0.0
    CubicInverseKernel.compensatedHornerStep(&sum, &correction, t, b)
    CubicInverseKernel.compensatedHornerStep(&sum, &correction, t, c)
    CubicInverseKernel.compensatedHornerStep(&sum, &correction, t, d)
    return sum + correction
  }

  /// The value at `t` (not clamped) by `scheme`.
  /// - Complexity: O(1); see ``EvaluationScheme`` for each scheme's error bound.
  @inlinable
  public func value(at t: Double, scheme: EvaluationScheme) -> Double {
    switch scheme {
    case .horner: return valueByHorner(at: t)
    case .naive: return valueByNaive(at: t)
    case .estrin: return valueByEstrin(at: t)
    case .hornerFMA: return valueByHornerFMA(at: t)
    case .naiveFMA: return valueByNaiveFMA(at: t)
    case .estrinFMA: return valueByEstrinFMA(at: t)
    case .compensatedHorner: return valueByCompensatedHorner(at: t)
    }
  }

  /// The article's level with a chosen scheme: clamps `normalizedElapsed` to [0, 1] with
  /// ``clampedNormalizedElapsed(_:)`` (NaN → 1), then evaluates by `scheme`.
  /// With `.horner` this is bit-identical to ``level(forNormalizedElapsed:)``.
  @inlinable
  public func level(forNormalizedElapsed normalizedElapsed: Double, scheme: EvaluationScheme) -> Double {
    value(at: Self.clampedNormalizedElapsed(normalizedElapsed), scheme: scheme)
  }

  /// The first derivative f′(t) = 3a·t² + 2b·t + c as a value, by Horner, not clamped.
  /// Error bound: γ₄·(3|a|t² + 2|b||t| + |c|) (the factors 3 and 2 are exact except 3a's rounding).
  @inlinable
  public func slope(at t: Double) -> Double {
    ((3 * a) * t + 2 * b) * t + c
  }
}

/// The seven per-scheme entry points that ``Cubic/value(at:scheme:)`` replaces.
extension Cubic {
  /// The value at `t` (not clamped) by ``EvaluationScheme/horner``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .horner)")
  @inlinable @inline(__always)
  public func hornerValue(at t: Double) -> Double { value(at: t, scheme: .horner) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/naive``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .naive)")
  @inlinable @inline(__always)
  public func naiveValue(at t: Double) -> Double { value(at: t, scheme: .naive) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/estrin``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .estrin)")
  @inlinable @inline(__always)
  public func estrinValue(at t: Double) -> Double { value(at: t, scheme: .estrin) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/hornerFMA``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .hornerFMA)")
  @inlinable @inline(__always)
  public func hornerFMAValue(at t: Double) -> Double { value(at: t, scheme: .hornerFMA) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/naiveFMA``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .naiveFMA)")
  @inlinable @inline(__always)
  public func naiveFMAValue(at t: Double) -> Double { value(at: t, scheme: .naiveFMA) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/estrinFMA``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .estrinFMA)")
  @inlinable @inline(__always)
  public func estrinFMAValue(at t: Double) -> Double { value(at: t, scheme: .estrinFMA) }

  /// The value at `t` (not clamped) by ``EvaluationScheme/compensatedHorner``: one of seven entry points
  /// for one operation, kept for source compatibility.
  @available(*, deprecated, renamed: "value(at:scheme:)", message: "use value(at: t, scheme: .compensatedHorner)")
  @inlinable @inline(__always)
  public func compensatedHornerValue(at t: Double) -> Double { value(at: t, scheme: .compensatedHorner) }
}
