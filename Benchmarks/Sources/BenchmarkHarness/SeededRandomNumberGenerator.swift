import Foundation

/// SplitMix64, the same algorithm and sequence as `SeededRandomNumberGenerator` in
/// CurveKit's test support (a test-only target, so the benchmarks carry their own copy):
/// the same seed gives the same inputs on every machine and in every run.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double uniformly distributed in [0, 1) with 53 random bits.
  public mutating func nextUnitDouble() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A double uniformly distributed in [lower, upper).
  public mutating func nextDouble(in lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * nextUnitDouble()
  }

  /// 10^u with u uniform in [log10(lower), log10(upper)): log-uniform in [lower, upper).
  public mutating func nextLogUniform(in lower: Double, _ upper: Double) -> Double {
    let low = log10(lower)
    let high = log10(upper)
    return pow(10, low + (high - low) * nextUnitDouble())
  }

  /// A standard normal deviate (Box–Muller, one of the pair).
  public mutating func nextGaussian() -> Double {
    let u1 = max(nextUnitDouble(), 0x1p-60)
    let u2 = nextUnitDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}
