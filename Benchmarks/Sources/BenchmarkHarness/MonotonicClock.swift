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

/// Nanoseconds of CPU time used by this process, all threads (`CLOCK_PROCESS_CPUTIME_ID`).
///
/// On a shared machine a process is descheduled now and then; wall-clock samples then
/// include other programs' time, CPU-time samples do not. In-process single-threaded
/// cases are timed this way (see ``BenchmarkClock``).
@inline(__always)
public func processCPUNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// User plus system CPU time of this process's terminated and waited-for children.
public func childrenCPUNanoseconds() -> UInt64 {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
  #else
    getrusage(RUSAGE_CHILDREN, &usage)
  #endif
  let user = UInt64(usage.ru_utime.tv_sec) &* 1_000_000 &+ UInt64(usage.ru_utime.tv_usec)
  let system = UInt64(usage.ru_stime.tv_sec) &* 1_000_000 &+ UInt64(usage.ru_stime.tv_usec)
  return (user &+ system) &* 1000
}

/// Which clock a case is timed with.
public enum BenchmarkClock: String, Sendable {
  /// CPU time of this process: robust against other load; for in-process CPU-bound work.
  case cpu
  /// Wall-clock time.
  case wall
  /// CPU time of this process plus that of its finished children (`RUSAGE_CHILDREN`,
  /// microsecond resolution): for cases that spawn a process and wait for it.
  case cpuWithChildren = "cpu+children"

  /// The current reading, in nanoseconds.
  @inline(__always)
  public func now() -> UInt64 {
    switch self {
    case .cpu: return processCPUNanoseconds()
    case .wall: return monotonicNanoseconds()
    case .cpuWithChildren: return processCPUNanoseconds() &+ childrenCPUNanoseconds()
    }
  }
}

/// True when this code was compiled without optimization: `assert` only evaluates its
/// argument in debug builds (the trick google/swift-benchmark uses).
public var isDebugBuild: Bool {
  var isDebug = false
  assert(
    {
      isDebug = true
      return true
    }())
  return isDebug
}
