/// The samples of one case, in nanoseconds per operation, and their order statistics.
public struct TimingStatistics: Sendable {
  /// Every sample, ns per operation, in the order taken.
  public let samples: [Double]
  /// Iterations of the workload per sample (the adaptive count).
  public let iterationsPerSample: Int
  /// The median sample (mean of the two middle ones for an even count).
  public let median: Double
  /// The fastest sample: the least disturbed by other load.
  public let minimum: Double
  /// The 90th percentile, nearest rank (the 9th of 10, the 14th of 15).
  public let p90: Double

  /// Computes the statistics of `samples` (at least one).
  public init(samples: [Double], iterationsPerSample: Int) {
    self.samples = samples
    self.iterationsPerSample = iterationsPerSample
    let sorted = samples.sorted()
    let count = sorted.count
    if count == 0 {
      median = .nan
      minimum = .nan
      p90 = .nan
    } else {
      median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
      minimum = sorted[0]
      let rank = (9 * count + 9) / 10  // ⌈0.9·n⌉
      p90 = sorted[max(0, min(count - 1, rank - 1))]
    }
  }
}
