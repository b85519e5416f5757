import CurveCore

/// One inverse strategy as a type, so each timing loop is specialized on it (no indirect
/// call per level) and the accuracy check calls exactly what is timed.
protocol InverseKernel {
  /// The case name: `bisection32`, `cardano`, `newton`, `table`, `auto`.
  static var name: String { get }
  /// The largest |t − t_ref| allowed, and how the limit reads in the report.
  static var limit: (value: Double, text: String) { get }
  /// The limit on one curve (``limit`` unless a method is documented to be weaker there).
  static func limit(on curve: ArticleCurve) -> (value: Double, text: String)
  /// Prepares the solver for `cubic` (the table is built here, outside the timing).
  init(_ cubic: Cubic) throws
  /// t = f⁻¹(level).
  func invert(_ level: Double) -> Double
}

extension InverseKernel {
  static func limit(on curve: ArticleCurve) -> (value: Double, text: String) { limit }
}

/// The accuracy target for full-precision inverses.
let fullPrecisionLimit = (value: 4.5e-16, text: "≤ 4.5e-16")

/// The article's 32-step bisection.
struct Bisection32Kernel: InverseKernel {
  static let name = "bisection32"
  /// 2⁻³² ≈ 2.3e-10, the width of the final interval, checked away from the early-return
  /// zones (clamped level ≥ 0.999999 or ≤ 0.000001), where the article returns the endpoint.
  static let limit = (value: 2.4e-10, text: "≤ 2.4e-10 outside early returns")
  let cubic: Cubic
  init(_ cubic: Cubic) { self.cubic = cubic }
  @inline(__always) func invert(_ level: Double) -> Double { cubic.normalizedElapsedByBisection(forLevel: level) }

  /// True when the article's early returns answer `level` without bisecting.
  static func isEarlyReturn(_ level: Double) -> Bool {
    let clamped = max(0.0, min(1.0, level))
    return clamped >= 0.999_999 || clamped <= 0.000_001
  }
}

/// The closed form with one Halley polish (the library's default polish).
///
/// Documented to reach full precision except near a flat end, where the closed form is good
/// to about √ε and one polish does not always recover it: the limit there is 2e-8
/// (measured 6.0e-9 on steepStart when this was written).
struct CardanoKernel: InverseKernel {
  static let name = "cardano"
  static let limit = fullPrecisionLimit
  static func limit(on curve: ArticleCurve) -> (value: Double, text: String) {
    curve == .steepStart ? (2e-8, "≤ 2e-8 (flat end: ≈ √ε)") : limit
  }
  let cubic: Cubic
  init(_ cubic: Cubic) { self.cubic = cubic }
  @inline(__always) func invert(_ level: Double) -> Double { cubic.normalizedElapsedByCardano(forLevel: level) }
}

/// Safeguarded Newton–bisection.
struct NewtonKernel: InverseKernel {
  static let name = "newton"
  static let limit = fullPrecisionLimit
  let cubic: Cubic
  init(_ cubic: Cubic) { self.cubic = cubic }
  @inline(__always) func invert(_ level: Double) -> Double { cubic.normalizedElapsedByNewton(forLevel: level) }
}

/// The default one-off call, `normalizedElapsed(forLevel:)` with `.auto`.
struct AutoKernel: InverseKernel {
  static let name = "auto"
  static let limit = fullPrecisionLimit
  let cubic: Cubic
  init(_ cubic: Cubic) { self.cubic = cubic }
  @inline(__always) func invert(_ level: Double) -> Double { cubic.normalizedElapsed(forLevel: level) }
}

/// A prebuilt ``CubicInverseTable`` (build time is its own case).
struct TableKernel: InverseKernel {
  static let name = "table"
  static let limit = fullPrecisionLimit
  let table: CubicInverseTable
  init(_ cubic: Cubic) throws { table = try CubicInverseTable(cubic) }
  @inline(__always) func invert(_ level: Double) -> Double { table.normalizedElapsed(forLevel: level) }
}
