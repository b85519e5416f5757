import CurveCore

/// A random depletion cubic with f(0) = 1 and f(1) = 0 exactly: b, c uniform in [−3, 3],
/// d = 1, and a = −(1 + b + c); nil when the Horner sum at 1 is not exactly zero.
public func randomDepletionCubic(_ generator: inout SeededRandomNumberGenerator) -> Cubic? {
  let b = 6 * generator.nextUnitDouble() - 3
  let c = 6 * generator.nextUnitDouble() - 3
  let a = -(1 + b + c)
  let cubic = Cubic(a: a, b: b, c: c, d: 1)
  return ((cubic.a + cubic.b) + cubic.c) + cubic.d == 0 ? cubic : nil
}
