import BenchmarkHarness
import CurveCore
import Foundation

/// Sizes, seeds and cached references shared by the cases of one run.
final class BenchmarkContext {
  /// The parsed options.
  let options: BenchmarkOptions
  /// Elements per batch case: 10⁶ (10⁴ with `--quick`).
  let batchCount: Int
  /// Calls per iteration of a scalar case (independent inputs cycled from this many).
  let scalarCount = 4096
  /// Inputs per curve for each accuracy check: 10⁵ (10⁴ with `--quick`).
  let accuracyCount: Int
  /// The curve the forward cases time (the article's production curve).
  let forwardCurve = ArticleCurve.current

  private var inverseReferences: [ArticleCurve: (levels: [Double], reference: [Float80])] = [:]
  private var fitDataCache: [Int: FitData] = [:]
  private var numpyResult: Result<[Int: TimingStatistics], BenchmarkSkip>?
  private var temporaryPath: String?

  init(options: BenchmarkOptions) {
    self.options = options
    batchCount = options.quick ? 10_000 : 1_000_000
    accuracyCount = options.quick ? 10_000 : 100_000
  }

  /// `count` values uniform in [lower, upper), fixed by `seed`.
  func uniform(_ count: Int, in lower: Double, _ upper: Double, seed: UInt64) -> [Double] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    return (0..<count).map { _ in generator.nextDouble(in: lower, upper) }
  }

  /// The accuracy levels for `curve` and their Float80 inverse references, computed once.
  func inverseReference(for curve: ArticleCurve) -> (levels: [Double], reference: [Float80]) {
    if let cached = inverseReferences[curve] { return cached }
    let cubic = curve.cubic
    let levels = AccuracyInputs.levels(for: cubic, count: accuracyCount, seed: 0x1_2345 &+ UInt64(curve.seedOffset))
    let wide = Float80Cubic(cubic)
    let entry = (levels: levels, reference: levels.map { wide.inverse(level: $0) })
    inverseReferences[curve] = entry
    return entry
  }
}

extension BenchmarkContext {
  /// The fitting data with `count` points, generated once.
  func fitData(_ count: Int) -> FitData {
    if let cached = fitDataCache[count] { return cached }
    let data = FitData(count: count)
    fitDataCache[count] = data
    return data
  }

  /// numpy.polyfit's timings for every fitting size, from one run of the peer script.
  func numpyTimings() throws(BenchmarkSkip) -> [Int: TimingStatistics] {
    if numpyResult == nil {
      do {
        numpyResult = .success(try NumpyPeer.run(sizes: FittingBenchmarks.sizes(self), context: self))
      } catch let skip as BenchmarkSkip {
        numpyResult = .failure(skip)
      } catch {
        numpyResult = .failure(BenchmarkSkip("numpy peer: \(error.localizedDescription)"))
      }
    }
    return try numpyResult?.get() ?? [:]
  }

  /// A private directory for data files, created once per run and removed by ``cleanUp()``.
  func temporaryDirectory() throws -> String {
    if let temporaryPath { return temporaryPath }
    let path = NSTemporaryDirectory() + "curvekit-benchmarks-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    temporaryPath = path
    return path
  }

  /// Removes the data files.
  func cleanUp() {
    if let temporaryPath { try? FileManager.default.removeItem(atPath: temporaryPath) }
  }
}

extension ArticleCurve {
  /// A stable per-curve seed offset.
  var seedOffset: Int {
    switch self {
    case .current: return 0
    case .moreLinear: return 1
    case .steepEnd: return 2
    case .steepStart: return 3
    }
  }
}
