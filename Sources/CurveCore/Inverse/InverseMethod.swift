/// The strategies ``Cubic/normalizedElapsed(forLevel:method:)`` can use to solve
/// f(t) = level for t ∈ [0, 1].
///
/// Every method except `bisection` returns the exact root of the double-coefficient
/// cubic, clamped to [0, 1], to within the error stated on each case; `t_ref` below is that
/// exact root. Measured maxima over 10⁵ levels per ``ArticleCurve`` (Float80 reference) and
/// 3000 levels per curve down to 2⁻¹⁰⁷³ from either end (60-digit mpmath fixture) are
/// printed by `InverseAccuracyTests` and `InverseFixtureTests`: newton ≤ 5.6e-17, auto ≤ 5.8e-17 and
/// table ≤ 8.3e-17 on all four curves; cardano + Halley ≤ 5.6e-17 except near
/// steepStart's flat end (2.2e-9); bisection 1.16e-10 (8.17e-4 in its early-return zone).
public enum InverseMethod: String, Sendable, Hashable, CaseIterable {
  /// The default everywhere (library, `curvekit invert`, generated code): the one-off
  /// full-precision solver, `CubicInverseKernel.oneOffInverse`.
  ///
  /// A seed picked per curve (an inverse Hermite interpolant, in √level at an exactly flat
  /// end, or a Taylor root), one compensated residual there, then plain steps on the exact
  /// expansion about the seed; `newton` when those are not provably final. Error:
  /// |t − t_ref| ≤ 4.5e-16 on monotone curves, flat ends included (measured ≤ 8.4e-17 on the
  /// article curves and 50 random depletion cubics). Cost: no setup, about one compensated
  /// residual and two cheap steps per call.
  case auto
  /// The originating article's 32-step bisection, reproduced bit for bit
  /// (``Cubic/normalizedElapsedByBisection(forLevel:iterations:)``).
  ///
  /// Error ≈ 2⁻³³ ≈ 1.2e-10 in general, but its early returns (level ≥ 0.999999 → 0,
  /// level ≤ 0.000001 → 1) cost up to √(1e-6/|f″|/2)-sized errors at a flat end.
  /// Cost: 32 Horner evaluations.
  case bisection
  /// The closed form (trigonometric / hyperbolic Cardano) with one Halley polish
  /// (``Cubic/normalizedElapsedByCardano(forLevel:polish:)``).
  ///
  /// Error: ≤ 1 ulp where |f′| is not small; near a flat end the closed form is only
  /// good to ≈ √ε and one polish step does not recover full precision (2.2e-9 measured on
  /// steepStart).
  /// Cost: cbrt/acos/cos plus one compensated residual.
  case cardano
  /// Safeguarded Newton–bisection with a compensated residual
  /// (``Cubic/normalizedElapsedByNewton(forLevel:)``).
  ///
  /// Error: ≤ 1 ulp(t) + 2⁻⁵⁸ on monotone curves. Cost: typically 3–6 iterations.
  case newton
  /// The precomputed inverse: a ``CubicInverseTable`` with a Hermite guess and a fixed
  /// number of polish steps with residuals expanded about each cell's node.
  ///
  /// Error: ≤ 2 ulp(t) + 2⁻⁵⁶. The table exists only for curves it can invert (monotone on
  /// [0, 1], see ``CubicInverseTable/init(_:cellCount:)``); there is no silent substitute: the CLI and
  /// code generation refuse such a curve with the table's reason, and the one-off
  /// ``Cubic/normalizedElapsed(forLevel:method:)`` returns NaN for it. Cost per query: one
  /// lookup and one (up to three) Halley steps; building it costs about 64 + 1000 Newton
  /// solves, so for repeated queries build ``CubicInverseTable`` once and keep it.
  case table
}
