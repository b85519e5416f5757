import BenchmarkHarness

/// Fitting cases (filled in below).
enum FittingBenchmarks {
  static func cases(_ context: BenchmarkContext) -> [Benchmark] { [] }
}
