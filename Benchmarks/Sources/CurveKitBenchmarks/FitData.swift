import BenchmarkHarness
import CurveCore
import CurveFitting
import Foundation

/// The fitting inputs: n points on the article's production curve with Gaussian noise
/// (σ = 0.01), t uniform in [0, 1], fixed by seed; and the files the peers read.
struct FitData {
  let points: [DataPoint]

  init(count: Int) {
    var generator = SeededRandomNumberGenerator(seed: 0xF17 &+ UInt64(count))
    let curve = ArticleCurve.current.cubic
    points = (0..<count).map { _ in
      let t = generator.nextUnitDouble()
      return DataPoint(t: t, y: curve.value(at: t, scheme: .horner) + 0.01 * generator.nextGaussian())
    }
  }

  /// The n abscissas then the n observations as little-endian float64 (numpy_fit.py's input).
  func writeBinary(to path: String) throws {
    var values = points.map(\.t) + points.map(\.y)
    let data = values.withUnsafeMutableBytes { Data($0) }
    try data.write(to: URL(fileURLWithPath: path))
  }

  /// `t y` lines, shortest round-trip, for `curvekit fit`.
  func writeText(to path: String) throws {
    var text = ""
    text.reserveCapacity(points.count * 44)
    for point in points { text += "\(point.t) \(point.y)\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The same points as a spec, `{"name": …, "points": [[t, y], …], …}`, one point per
  /// line in shortest round-trip form, fitted as `fit --data` fits them: under f(0) = 1,
  /// f(1) = 0, monotonicity required. The endpoints are given as constraints with
  /// `"endpoints": false`, because the noise takes some levels just outside [0, 1], which a
  /// spec with the depletion endpoints refuses (a data file does not check levels).
  func writeSpec(to path: String) throws {
    var text = "{\"name\": \"benchmark \(points.count)\", \"endpoints\": false, \"monotonic\": \"require\",\n"
    text += " \"constraints\": [{\"t\": 0, \"value\": 1}, {\"t\": 1, \"value\": 0}],\n \"points\": [\n"
    text.reserveCapacity(points.count * 48)
    for (index, point) in points.enumerated() {
      text += "  [\(point.t), \(point.y)]" + (index + 1 < points.count ? ",\n" : "\n")
    }
    text += "]}\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The least-squares cubic under f(0) = 1, f(1) = 0, in Float80, highest power first.
  ///
  /// With f(t) = (1 − t) + α(t³ − t²) + β(t² − t), the 2×2 normal equations in α, β are
  /// solved with Float80 sums; well conditioned (κ ≈ 10²) for t spread over [0, 1], so the
  /// reference is good to about 1e-17, far below a double solver's error.
  func constrainedReference() -> [Float80] {
    var suu: Float80 = 0
    var suv: Float80 = 0
    var svv: Float80 = 0
    var sur: Float80 = 0
    var svr: Float80 = 0
    for point in points {
      let t = Float80(point.t)
      let v = t * t - t
      let u = t * v
      let r = Float80(point.y) - (1 - t)
      suu += u * u
      suv += u * v
      svv += v * v
      sur += u * r
      svr += v * r
    }
    let determinant = suu * svv - suv * suv
    let alpha = (sur * svv - suv * svr) / determinant
    let beta = (suu * svr - suv * sur) / determinant
    return [alpha, beta - alpha, -beta - 1, 1]
  }
}
