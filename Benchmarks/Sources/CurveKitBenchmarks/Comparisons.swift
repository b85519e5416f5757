import BenchmarkHarness
import CurveCore

/// The speed-ups the report leads with, the targets of issues 5 and 12, and the regression
/// guards that replaced issue 22's two speed targets (issue 29's decision): `realRoots` at most
/// 1.5× GSL's time on generic x86-64, the table batch inverse within 6× batch Horner's time
/// (8× on the flat-end curve, `steepStart`).
enum Comparisons {
  static func all() -> [Comparison] {
    var rows: [Comparison] = []
    for curve in ArticleCurve.allCases {
      let name = curve.rawValue
      // The guard on the batch inverse: 6× Horner's time, 8× on the flat-end curve.
      let (tableGuard, tableGuardText) =
        curve == .steepStart ? (8.0, "8× Horner's (speed-up ≥ 0.125×)") : (6.0, "6× Horner's (speed-up ≥ 0.167×)")
      let bisection = "inverse/bisection32/\(name)/scalar"
      rows.append(
        Comparison(
          "auto vs bisection-32, scalar, \(name)", candidate: "inverse/auto/\(name)/scalar", baseline: bisection,
          target: 9, targetText: "≥ 9× at ≤ 4.5e-16", requiresAccuracy: true))
      rows.append(
        Comparison(
          "auto vs bisection-32, latency, \(name)", candidate: "inverse/auto/\(name)/latency",
          baseline: "inverse/bisection32/\(name)/latency"))
      for method in ["cardano", "newton", "table"] {
        rows.append(
          Comparison(
            "\(method) vs bisection-32, scalar, \(name)", candidate: "inverse/\(method)/\(name)/scalar",
            baseline: bisection))
      }
      rows.append(
        Comparison(
          "table batch per element vs scalar bisection-32, \(name)", candidate: "inverse/table/\(name)/batch",
          baseline: bisection))
      rows.append(
        Comparison(
          "table batch vs Horner batch per element, \(name)", candidate: "inverse/table/\(name)/batch",
          baseline: "forward/horner/batch", target: 1 / tableGuard,
          targetText: "guard (issue 29): time ≤ \(tableGuardText), ≤ 4.5e-16",
          requiresAccuracy: true))
    }
    rows += [
      Comparison(
        "Horner batch, Swift vs C (clamped levels)", candidate: "forward/horner/batch", baseline: "c/horner/batch",
        target: 0.8, targetText: "≥ 0.8× C's throughput"),
      Comparison(
        "Horner batch, Swift vs C (unclamped)", candidate: "forward/horner/batch-unclamped",
        baseline: "c/horner/batch-unclamped"),
      Comparison(
        "Horner scalar latency, Swift vs C", candidate: "forward/horner/latency", baseline: "c/horner/latency",
        target: 1 / 1.1, targetText: "latency ≤ 1.1× C's (speed-up ≥ 0.909×)"),
      Comparison(
        "bisection-32 scalar, Swift vs C", candidate: "inverse/bisection32/current/scalar",
        baseline: "c/bisection32/current/scalar"),
    ]
    for set in ["random", "hard"] {
      rows.append(
        Comparison(
          "Cubic.realRoots() vs GSL gsl_poly_solve_cubic, \(set) cubics", candidate: "roots/curvekit/\(set)",
          baseline: "roots/gsl/\(set)", target: 1 / 1.5,
          targetText: "guard (issue 29): time ≤ 1.5× GSL's (speed-up ≥ 0.667×), 0.5 ulp",
          requiresAccuracy: true))
    }
    // Issue 22: the degree-10 enforce fit next to scipy SLSQP on a 201-point grid (whose
    // curve may still rise between grid points); the 50 ms bound is on its own time.
    rows.append(
      Comparison(
        "enforce degree 10, 10³ points, vs scipy SLSQP (201-point grid)",
        candidate: "fit/enforce-degree10/\(MonotoneBenchmarks.count)",
        baseline: "peer/scipy-slsqp-degree10/\(MonotoneBenchmarks.count)", requiresAccuracy: true))
    // Issue 12: unconstrained fits no slower than numpy.polyfit at 10³ and 10⁶ points;
    // constrained fits at least 1.5× faster at every size.
    for size in [10, 1000, 1_000_000] {
      rows.append(
        Comparison(
          "constrained cubic fit vs numpy.polyfit, \(size) points", candidate: "fit/constrained-cubic/\(size)",
          baseline: "peer/numpy-polyfit/\(size)", target: 1.5, targetText: "≥ 1.5×", requiresAccuracy: true))
      let unconstrainedTarget: Double? = size == 10 ? nil : 1
      rows.append(
        Comparison(
          "unconstrained cubic fit vs numpy.polyfit, \(size) points", candidate: "fit/unconstrained-cubic/\(size)",
          baseline: "peer/numpy-polyfit/\(size)", target: unconstrainedTarget,
          targetText: size == 10 ? "" : "≥ 1× (no slower)"))
    }
    // Issue 12: `curvekit eval` and `invert` on 10⁶ stdin lines no slower than a C
    // strtod + printf("%.17g") loop (the same C loop for both: it evaluates the cubic).
    for count in [1000, 1_000_000] {
      for command in ["eval", "invert"] {
        rows.append(
          Comparison(
            "curvekit \(command) vs C strtod+printf loop, \(count) stdin lines",
            candidate: "process/curvekit-\(command)-stdin/\(count)", baseline: "process/c-strtod-printf-stdin/\(count)",
            target: count == 1_000_000 ? 1 : nil, targetText: count == 1_000_000 ? "≥ 1× (no slower)" : "",
            requiresAccuracy: true))
      }
    }
    // Issue 12: a 10⁶-point spec fits in at most 2× the time of the same points through
    // --data (whole `curvekit fit` processes; the spec's coefficients must agree).
    for size in [1000, 1_000_000] {
      rows.append(
        Comparison(
          "curvekit fit: spec \(size) points vs --data \(size) points", candidate: "process/curvekit-fit-spec/\(size)",
          baseline: "process/curvekit-fit/\(size)", target: size == 1_000_000 ? 0.5 : nil,
          targetText: size == 1_000_000 ? "time ≤ 2× --data's (speed-up ≥ 0.5×)" : "", requiresAccuracy: true))
    }
    // Issue 34: a degree-10 fit with one extreme value next to the same fit without it (the
    // budget itself, under 100 ms and never above 1 s, is on the extreme fit's own time).
    for variant in ExtremeFitBenchmarks.variants.dropFirst() {
      rows.append(
        Comparison(
          "degree-10 fit, \(variant.name) vs moderate", candidate: "fit/extreme-exponent/degree10/\(variant.name)",
          baseline: "fit/extreme-exponent/degree10/moderate", requiresAccuracy: true))
    }
    for scheme in EvaluationScheme.allCases where scheme != .horner {
      rows.append(
        Comparison(
          "\(scheme) vs horner, latency", candidate: "forward/\(scheme)/latency", baseline: "forward/horner/latency"))
      rows.append(
        Comparison("\(scheme) vs horner, batch", candidate: "forward/\(scheme)/batch", baseline: "forward/horner/batch")
      )
    }
    return rows
  }
}

/// Which cases take their samples in alternation (see `BenchmarkRunner.run(_:)`): the
/// cases each ratio above compares, so a ratio never mixes a quiet moment with a busy one.
enum InterleaveGroups {
  static func group(for name: String) -> String? {
    let parts = name.split(separator: "/")
    if name.hasPrefix("forward/") || name.hasPrefix("c/horner/") {
      return name.hasSuffix("/latency") ? "evaluation-latency" : "evaluation-batch"
    }
    // The batch inverse is compared with the Horner batch: sampled with the evaluation batches.
    if name.hasPrefix("inverse/table/") && name.hasSuffix("/batch") { return "evaluation-batch" }
    if name.hasPrefix("c/bisection32/") { return "inverse-current-scalar" }
    if name.hasPrefix("inverse/") && parts.count == 4 {
      return parts[3] == "latency" ? "inverse-\(parts[2])-latency" : "inverse-\(parts[2])-scalar"
    }
    if name.hasPrefix("roots/") { return "roots" }
    if name.hasPrefix("fit/extreme-exponent/") { return "fit-extreme-exponent" }
    return nil
  }
}
