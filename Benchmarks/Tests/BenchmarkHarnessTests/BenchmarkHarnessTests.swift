import Testing

@testable import BenchmarkHarness

@Suite("Timing statistics")
struct TimingStatisticsTests {
  @Test("median, minimum and nearest-rank p90 of 10 and 15 samples")
  func orderStatistics() {
    let ten = TimingStatistics(samples: [10, 1, 9, 2, 8, 3, 7, 4, 6, 5], iterationsPerSample: 1)
    #expect(ten.minimum == 1)
    #expect(ten.median == 5.5)
    #expect(ten.p90 == 9)  // ⌈0.9·10⌉ = 9th smallest
    let fifteen = TimingStatistics(samples: (1...15).reversed().map(Double.init), iterationsPerSample: 1)
    #expect(fifteen.median == 8)
    #expect(fifteen.p90 == 14)  // ⌈0.9·15⌉ = 14th smallest
  }
}

@Suite("Error accumulator")
struct ErrorAccumulatorTests {
  @Test("limits fail the report, NaN fails it, small references are left out of the ulp maximum")
  func limits() {
    var errors = ErrorAccumulator()
    errors.record(input: 0.5, error: 1e-17, reference: 0.75, limit: 1e-15)
    errors.record(input: 0.9, error: 1e-16, reference: 0x1p-20, limit: 1e-15)
    let report = errors.report(limit: "≤ 1e-15")
    #expect(report.passed)
    #expect(report.maxAbsoluteError == 1e-16)
    #expect(report.worstInput == 0.9)
    #expect(report.maxULPError == 1e-17 / (0.75).ulp)  // the 2⁻²⁰ reference is below the floor

    errors.record(input: 0.1, error: 2e-15, reference: 0.5, limit: 1e-15)
    #expect(!errors.report(limit: "≤ 1e-15").passed)

    var nan = ErrorAccumulator()
    nan.record(input: 0, error: .nan, reference: 1)
    #expect(!nan.report(limit: "").passed)
  }
}

@Suite("Options")
struct BenchmarkOptionsTests {
  @Test("parses every option and rejects unknown ones")
  func parsing() throws {
    let options = try BenchmarkOptions(arguments: ["--quick", "--filter", "inverse/.*/current", "--json", "out.json"])
    #expect(options.quick)
    #expect(options.jsonPath == "out.json")
    #expect(options.selects("inverse/auto/current/scalar"))
    #expect(!options.selects("inverse/auto/steepEnd/scalar"))
    #expect(throws: BenchmarkUsageError.self) { try BenchmarkOptions(arguments: ["--bogus"]) }
    #expect(throws: BenchmarkUsageError.self) { try BenchmarkOptions(arguments: ["--filter"]) }
  }

  @Test("an invalid regular expression filters by substring")
  func substringFallback() throws {
    let options = try BenchmarkOptions(arguments: ["--filter", "fit/(10"])
    #expect(options.selects("peer/fit/(10"))
    #expect(!options.selects("fit/constrained-cubic/10"))
  }
}

@Suite("Comparisons and formatting")
struct ComparisonTests {
  func result(_ name: String, _ median: Double, passed: Bool = true) -> BenchmarkResult {
    BenchmarkResult(
      name: name, unit: "call", clock: "cpu",
      timing: TimingStatistics(samples: [median, median * 2, median / 2], iterationsPerSample: 1),
      accuracy: AccuracyReport(
        sampleCount: 1, maxAbsoluteError: 0, maxULPError: 0, worstInput: 0, limitDescription: "", passed: passed),
      skipReason: nil)
  }

  @Test("speed-up is baseline over candidate; the target needs accuracy when asked")
  func speedup() {
    let comparison = Comparison("x", candidate: "fast", baseline: "slow", target: 10, requiresAccuracy: true)
    let met = ComparisonOutcome(comparison, results: [result("fast", 20), result("slow", 300)])
    #expect(met.speedup == 15)
    #expect(met.met == true)
    let inaccurate = ComparisonOutcome(comparison, results: [result("fast", 20, passed: false), result("slow", 300)])
    #expect(inaccurate.met == false)
    let missing = ComparisonOutcome(comparison, results: [result("fast", 20)])
    #expect(missing.speedup == nil && missing.missing == "not run")
  }

  @Test("interleaved cases give the median of the per-round ratios")
  func pairedRatios() {
    var slow = BenchmarkResult(
      name: "slow", unit: "call", clock: "cpu",
      timing: TimingStatistics(samples: [100, 300, 100], iterationsPerSample: 1), accuracy: nil, skipReason: nil)
    var fast = BenchmarkResult(
      name: "fast", unit: "call", clock: "cpu",
      timing: TimingStatistics(samples: [10, 30, 20], iterationsPerSample: 1), accuracy: nil, skipReason: nil)
    let comparison = Comparison("x", candidate: "fast", baseline: "slow")
    #expect(ComparisonOutcome(comparison, results: [fast, slow]).speedup == 5)  // medians 100 / 20
    slow.interleaveGroup = "g"
    fast.interleaveGroup = "g"
    let paired = ComparisonOutcome(comparison, results: [fast, slow])
    #expect(paired.isPaired)
    #expect(paired.speedup == 10)  // ratios 10, 10, 5
  }

  @Test("numbers keep three significant digits")
  func formatting() {
    #expect(Format.nanoseconds(0.4123) == "0.412 ns")
    #expect(Format.nanoseconds(41.26) == "41.3 ns")
    #expect(Format.nanoseconds(1_234_000) == "1.23 ms")
    #expect(Format.scientific(4.44e-16) == "4.4e-16")
    #expect(Format.scientific(9.96e-11) == "1.0e-10")
    #expect(Format.ratio(0.5) == "0.500×")
  }
}
