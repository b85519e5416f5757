import Foundation

/// What the figures were measured on: CPU, cores, load, compilers.
public struct MachineDescription {
  /// The CPU model name from /proc/cpuinfo (or "unknown").
  public let cpuModel: String
  /// Online logical CPUs.
  public let cores: Int
  /// The 1-minute load average when the run started.
  public let loadAtStart: Double?
  /// The Swift compiler the benchmarks were built with (language-level detection).
  public let swiftCompiler: String
  /// The C compiler, flags and vector level of the C reference.
  public let cCompiler: String
  /// OPENBLAS_NUM_THREADS as this process saw it ("unset" when absent).
  public let blasThreads: String

  /// Describes this machine now; `cCompiler` comes from the C reference itself.
  public init(cCompiler: String) {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let modelLine = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    cpuModel =
      modelLine.flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    cores = ProcessInfo.processInfo.activeProcessorCount
    loadAtStart = MachineDescription.loadAverage()
    swiftCompiler = MachineDescription.swiftVersion
    self.cCompiler = cCompiler
    blasThreads = ProcessInfo.processInfo.environment["OPENBLAS_NUM_THREADS"] ?? "unset"
  }

  /// The current 1-minute load average from /proc/loadavg, nil where unavailable.
  public static func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { Double($0) }
  }

  private static var swiftVersion: String {
    let build = isDebugBuild ? "DEBUG build (-Onone): timings meaningless" : "-O (release)"
    #if compiler(>=6.4)
      return "Swift ≥ 6.4, " + build
    #elseif compiler(>=6.3)
      return "Swift 6.3, " + build
    #elseif compiler(>=6.2)
      return "Swift 6.2, " + build
    #else
      return "Swift < 6.2, " + build
    #endif
  }
}
