/// A named way of evaluating a polynomial, from the article's Horner rule to its FMA variants.
///
/// Every scheme computes the same mathematical value; they differ in operation order,
/// rounding error and speed. For a cubic on t ∈ [0, 1], with S = |a|t³ + |b|t² + |c|t + |d|
/// and γₖ = k·u/(1 − k·u), u = 2⁻⁵³, the forward error of each scheme is at most:
///
/// | scheme | operations | error bound |
/// |---|---|---|
/// | ``horner`` | 3 mul, 3 add | γ₆·S |
/// | ``naive`` | 6 mul (t², t³ separately), 3 add | γ₆·S |
/// | ``estrin`` | 4 mul, 3 add (two independent chains) | γ₅·S |
/// | ``hornerFMA`` | 3 fma | γ₃·S |
/// | ``naiveFMA`` | 2 mul, 3 fma | γ₃·S |
/// | ``estrinFMA`` | 1 mul, 3 fma | γ₃·S |
/// | ``compensatedHorner`` | about 20 flops per degree, no fma | u·|p| + γ₂ₙ²·S, n the degree (Horner in twice the precision) |
///
/// **Edges.** Every scheme is used through the same clamp (``Cubic/clampedNormalizedElapsed(_:)``:
/// t < 0 and −∞ → 0; t > 1, +∞ and NaN → 1). At t = 0 every scheme returns d exactly. At t = 1
/// they return the coefficient sum in their own association: ``horner``, ``naive`` and
/// ``hornerFMA`` compute ((a + b) + c) + d, ``naiveFMA`` ((d + c) + b) + a,
/// ``estrin``/``estrinFMA`` (a + b) + (c + d), and ``compensatedHorner`` the sum with its rounding
/// errors added back; so f(1) may differ between schemes by an ulp or two. Without the clamp
/// (the `…Value(at:)` functions) NaN propagates and values outside [0, 1] extrapolate.
///
/// **FMA on x86-64.** `Double.addingProduct` lowers to `llvm.fma.f64`. Unless the build
/// targets FMA hardware (for example `-Xswiftc -target-cpu -Xswiftc haswell`), LLVM emits
/// a call to libm's `fma`, which is not inlined and blocks vectorization; the FMA
/// schemes are then several times slower than ``horner`` on a plain
/// `swift build -c release`. The default scheme is therefore ``horner``, which uses no FMA.
/// On arm64 and on FMA-targeted x86-64 builds the FMA schemes compile to single
/// instructions and are both faster and more accurate.
public enum EvaluationScheme: String, Sendable, Hashable, CaseIterable {
  /// The article's rule `((a·t + b)·t + c)·t + d`: separate multiply and add. The default,
  /// and bit for bit the contract of ``Cubic/level(forNormalizedElapsed:)``.
  case horner
  /// The article's naive power form: t² and t³ computed separately, then
  /// `a·t³ + b·t² + c·t + d` summed left to right.
  case naive
  /// Estrin's scheme: `(a·t + b)·t² + (c·t + d)`, two independent chains.
  case estrin
  /// Horner with fused multiply-add: `fma(fma(fma(a, t, b), t, c), t, d)`.
  case hornerFMA
  /// The power form with fused multiply-adds, smallest term first:
  /// `fma(a, t³, fma(b, t², fma(c, t, d)))`.
  case naiveFMA
  /// Estrin with fused multiply-adds: `fma(fma(a, t, b), t², fma(c, t, d))`.
  case estrinFMA
  /// Compensated Horner (Graillat–Langlois–Louvet 2005) with Dekker's error-free
  /// product, no fma: as accurate as Horner in twice the working precision.
  case compensatedHorner

  /// True for the schemes that call `Double.addingProduct` (an fma).
  public var usesFMA: Bool {
    switch self {
    case .hornerFMA, .naiveFMA, .estrinFMA: return true
    case .horner, .naive, .estrin, .compensatedHorner: return false
    }
  }

  /// The number k in the a-priori bound γₖ·S on the forward error for a cubic on [0, 1]
  /// (see the table above); `nil` for ``compensatedHorner``, whose bound is relative.
  public var cubicGammaIndex: Int? {
    switch self {
    case .horner, .naive: return 6
    case .estrin: return 5
    case .hornerFMA, .naiveFMA, .estrinFMA: return 3
    case .compensatedHorner: return nil
    }
  }
}

extension EvaluationScheme: CustomStringConvertible {
  /// The scheme's name as the CLI's `--method` accepts it (`horner`, `hornerFMA`, …).
  public var description: String { rawValue }
}
