// The C math functions CurveKit calls, declared for Embedded Swift (the WebAssembly build),
// which has no Glibc module: scripts/build-web.sh links musl's libm from wasi-libc. Native
// builds take the same names from Glibc / Darwin and never compile this file's body.
//
// Which argument makes the wasm build's bits the native ones, per use (glibc's libm natively,
// musl's in wasm: different code, so "identical implementations" does not hold today):
// - `eval`, and `invert` with the default method (`auto`), `newton`, `bisection`: no libm
//   call on the path (the auto inverse seeds from a Hermite interpolant, not from `cbrt`).
//   The exact verdict (`monotonicity()`) and every fit's final rounding: exact arithmetic,
//   no libm. These are the paths scripts/check-web.sh compares bit for bit.
// - `cbrt`, `acos`, `cos`, `sinh`, `asinh` in CubicInverseKernel+Cardano (`invert --method
//   cardano`, and ClosedFormCubic's seeds for `roots`): Cardano's result IS the formula's
//   value, so a last-bit difference between the two libms reaches the output. Open: either
//   polish to the correctly rounded root or link one libm on both sides; not yet compared.
// - `cbrt` in RealRootSolver.rootBound: only for subnormal ratios, inside a bound widened by
//   2⁻²⁰, so its last bit cannot change a root.
// - `cos` in CubicInverseTable+BatchBuild: the five Chebyshev nodes cos(π(k + ½)/5), fixed
//   arguments; `invert --method table` is not yet compared.
// - `sin`, `cos` in CurveFitting's MonotonePlaneProblem+Boundary (degree ≤ 3 `enforce`):
//   candidate points of the boundary search; not yet compared.
// - `log10` in CurvePipeline's plot ticks: floored to an integer exponent.
#if hasFeature(Embedded)
  @_extern(c, "cbrt") @usableFromInline package func cbrt(_ x: Double) -> Double
  @_extern(c, "acos") @usableFromInline package func acos(_ x: Double) -> Double
  @_extern(c, "cos") @usableFromInline package func cos(_ x: Double) -> Double
  @_extern(c, "sin") @usableFromInline package func sin(_ x: Double) -> Double
  @_extern(c, "sinh") @usableFromInline package func sinh(_ x: Double) -> Double
  @_extern(c, "asinh") @usableFromInline package func asinh(_ x: Double) -> Double
  @_extern(c, "log") @usableFromInline package func log(_ x: Double) -> Double
  @_extern(c, "log10") @usableFromInline package func log10(_ x: Double) -> Double
#endif
