import BenchmarkHarness
import CurveCore
import CurveFitting

/// The fit budget (issue 34, finding C): a degree-10 fit of the 12-point depletion
/// spec (f(0) = 1, f(1) = 0) with one extreme value, in-process through
/// `LeastSquaresFitter.fit(_:)`, next to the same fit with nothing extreme. Before the
/// bounded fallback (`ExactLeastSquares`), t = 10⁻³⁰⁰ cost 9.2 s a fit; the goal is under
/// 100 ms, never above 1 s.
enum ExtremeFitBenchmarks {
  /// A case: its name and the first point's t, y and weight.
  struct Variant {
    let name: String
    let t: Double
    let y: Double
    let weight: Double
  }

  static let variants = [
    Variant(name: "moderate", t: 0.05, y: 0.999, weight: 1),
    Variant(name: "t=1e-30", t: 1e-30, y: 0.999, weight: 1),
    Variant(name: "t=1e-300", t: 1e-300, y: 0.999, weight: 1),
    Variant(name: "t=5e-324", t: 0x1p-1074, y: 0.999, weight: 1),
    // y = 1e300 is refused at once (its residual sum of squares overflows: a typed error).
    Variant(name: "y=1e150", t: 0.05, y: 1e150, weight: 1),
    // weight = 1e150 on one point is refused by LAPACK's rank check (a typed error).
    Variant(name: "weight=1e-300", t: 0.05, y: 0.999, weight: 1e-300),
  ]

  static func problem(_ variant: Variant) -> FitProblem {
    let ts = [variant.t, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97]
    let ys = [variant.y, 0.96, 0.89, 0.77, 0.62, 0.47, 0.33, 0.21, 0.115, 0.045, 0.02, 0.01]
    let points = zip(ts, ys).map { DataPoint(t: $0, y: $1) }
    let weights = variant.weight == 1 ? nil : [variant.weight] + Array(repeating: 1.0, count: 11)
    return FitProblem(points: points, weights: weights, degree: 10, constraints: FitConstraint.depletionEndpoints)
  }

  static func cases(_ context: BenchmarkContext) -> [Benchmark] {
    variants.map { variant in
      Benchmark(
        "fit/extreme-exponent/degree10/\(variant.name)", unit: "fit",
        accuracy: { accuracy(variant) }
      ) {
        let problem = problem(variant)
        do {
          _ = try LeastSquaresFitter.fit(problem)
        } catch {
          throw BenchmarkSkip("the fit failed: \(error)")
        }
        return .loop { iterations in
          for _ in 0..<iterations { blackHole(try? LeastSquaresFitter.fit(identity(problem))) }
        }
      }
    }
  }

  /// How the coefficients are rounded (a note); for a tiny t, the largest distance in ulps
  /// from the correctly rounded fit with that point at t = 0 (which it moves by about
  /// t·κ, far below an ulp), limit 1.
  static func accuracy(_ variant: Variant) -> AccuracyReport {
    var errors = ErrorAccumulator()
    guard let report = try? LeastSquaresFitter.fit(problem(variant)) else { return errors.report(limit: "fit failed") }
    let note = "coefficients: \(report.rounding.rawValue)"
    guard variant.t < 1e-20,
      let atZero = try? LeastSquaresFitter.fit(problem(Variant(name: "", t: 0, y: variant.y, weight: variant.weight)))
    else {
      errors.record(input: 0, error: 0, reference: 1, limit: 1)
      return errors.report(limit: "finite coefficients", notes: [note])
    }
    for (index, (value, reference)) in zip(report.coefficients, atZero.coefficients).enumerated() {
      let ulps = value == reference ? 0 : abs(value - reference) / max(value.ulp, reference.ulp)
      errors.record(input: Double(index), error: ulps, reference: 1, limit: 1)
    }
    return errors.report(limit: "≤ 1 ulp from the exact fit with the point at t = 0", notes: [note])
  }
}
