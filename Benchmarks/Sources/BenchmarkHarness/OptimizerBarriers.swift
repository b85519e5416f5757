// The one spot in the benchmarks that uses the underscored `@_optimize(none)`.
//
// Two ways an optimizer ruins a benchmark:
// 1. dead-code elimination: a result nobody reads is never computed;
// 2. hoisting and constant folding: a loop over a constant input (the same cubic, a
//    literal t) is computed once, or folded at compile time (`Cubic(a: 0, b: 0, …)` makes
//    Horner a single multiply-add).
// `blackHole` consumes a value the optimizer cannot see through, so (1) cannot happen;
// `identity` returns its argument through a call the optimizer cannot see through, so
// every input looks unknown at compile time and (2) cannot happen. Both are
// `@inline(never)` and `@_optimize(none)`: the body is not optimized and not inlined, so
// even whole-module or link-time optimization cannot prove the call has no effect.
// They cost a few nanoseconds; the cases call them once per sample or per iteration,
// never per measured operation.

/// Consumes `value` so the optimizer must compute it.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns `value` unchanged, hidden from the optimizer, so it cannot be constant-folded
/// or hoisted out of the measured loop.
@inline(never) @_optimize(none)
public func identity<T>(_ value: T) -> T { value }
