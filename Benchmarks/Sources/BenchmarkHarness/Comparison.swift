/// A speed-up of one case over another, optionally with a target from issue 5.
///
/// speed-up = baseline time / candidate time, so 12× means the candidate takes a twelfth of
/// the baseline's time per operation. When both cases were sampled in the same interleave
/// group, it is the median of the per-round ratios (round i pairs the two cases' i-th
/// samples, taken moments apart), which a slow phase of a shared machine cannot bias;
/// otherwise it is the ratio of the medians. A target "Swift ≥ 0.8× C" is a
/// speed-up of Swift over C of at least 0.8; "latency ≤ 1.1× C" is a speed-up ≥ 1/1.1.
public struct Comparison {
  /// The row's title.
  public let title: String
  /// The faster-hoped case's name.
  public let candidate: String
  /// The reference case's name.
  public let baseline: String
  /// The minimum speed-up the issue asks for, if any.
  public let target: Double?
  /// The target as the issue words it, e.g. "≥ 10× (aim 20×)".
  public let targetText: String
  /// When true the target also needs the candidate's accuracy check to pass.
  public let requiresAccuracy: Bool

  /// Creates a comparison.
  public init(
    _ title: String, candidate: String, baseline: String, target: Double? = nil, targetText: String = "",
    requiresAccuracy: Bool = false
  ) {
    self.title = title
    self.candidate = candidate
    self.baseline = baseline
    self.target = target
    self.targetText = targetText
    self.requiresAccuracy = requiresAccuracy
  }
}

/// A comparison evaluated on one run's results.
public struct ComparisonOutcome {
  /// The comparison.
  public let comparison: Comparison
  /// Median speed-up, nil when either case was skipped or filtered out.
  public let speedup: Double?
  /// True when ``speedup`` is the median of paired per-round ratios.
  public let isPaired: Bool
  /// The speed-up from the two cases' fastest samples (less sensitive to other load).
  public let minimumSpeedup: Double?
  /// Whether the target is met; nil without a target or without figures.
  public let met: Bool?
  /// Why there are no figures, if there are none.
  public let missing: String?

  /// Evaluates `comparison` on `results`.
  public init(_ comparison: Comparison, results: [BenchmarkResult]) {
    self.comparison = comparison
    let candidate = results.first { $0.name == comparison.candidate }
    let baseline = results.first { $0.name == comparison.baseline }
    guard let candidate, let baseline, let fast = candidate.timing, let slow = baseline.timing else {
      speedup = nil
      minimumSpeedup = nil
      isPaired = false
      met = nil
      let skipped = [candidate, baseline].compactMap { $0?.skipReason }.first
      missing = skipped ?? "not run"
      return
    }
    if let group = candidate.interleaveGroup, group == baseline.interleaveGroup,
      fast.samples.count == slow.samples.count, !fast.samples.isEmpty
    {
      let ratios = zip(slow.samples, fast.samples).map { $0 / $1 }
      speedup = TimingStatistics(samples: ratios, iterationsPerSample: 0).median
      isPaired = true
    } else {
      speedup = slow.median / fast.median
      isPaired = false
    }
    minimumSpeedup = slow.minimum / fast.minimum
    missing = nil
    if let target = comparison.target, let speedup {
      let accurate = !comparison.requiresAccuracy || (candidate.accuracy?.passed ?? false)
      met = speedup >= target && accurate
    } else {
      met = nil
    }
  }
}
