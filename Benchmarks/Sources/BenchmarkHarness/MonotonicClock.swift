#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`, about 20 ns
/// per read); samples are sized to last thousands of times longer.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// True when this code was compiled without optimization: `assert` only evaluates its
/// argument in debug builds (the trick google/swift-benchmark uses).
public var isDebugBuild: Bool {
  var isDebug = false
  assert({
    isDebug = true
    return true
  }())
  return isDebug
}
