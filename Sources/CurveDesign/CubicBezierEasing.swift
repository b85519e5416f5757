import CurveCore

/// A CSS-style cubic Bézier easing: P₀ = (0, 0), P₁ = (x1, y1), P₂ = (x2, y2), P₃ = (1, 1).
///
/// The curve is (x(s), y(s)) for s ∈ [0, 1]; the easing maps time t = x(s) to progress
/// y(s). CSS requires x1, x2 ∈ [0, 1] (so x is monotone and t ↦ s is a function); y1 and
/// y2 are free, and values outside [0, 1] overshoot.
///
/// A depletion cubic f with f(0) = 1 and f(1) = 0 runs from level 1 to 0, while easings
/// run from 0 to 1, so CurveKit exports the **progress** g = 1 − f. Bernstein polynomials
/// reproduce linear functions, so the x controls 0, ⅓, ⅔, 1 give x(s) = s exactly and
/// y(s) = Σ βᵢ Bᵢ(s) **is** the polynomial g: no approximation is involved.
public struct CubicBezierEasing: Sendable, Hashable {
  /// How far f(0) may be from 1 and f(1) from 0 for ``init(progressOf:)`` to accept a
  /// curve: the exported Bézier reproduces f only up to this endpoint error.
  public static let endpointTolerance = 1e-15

  /// The first control point's time coordinate, in [0, 1].
  public let x1: Double
  /// The first control point's progress coordinate (may lie outside [0, 1]).
  public let y1: Double
  /// The second control point's time coordinate, in [0, 1].
  public let x2: Double
  /// The second control point's progress coordinate (may lie outside [0, 1]).
  public let y2: Double

  /// Creates an easing from its two control points.
  /// - Throws: ``DesignError/easingXOutOfRange(name:value:)`` when x1 or x2 is outside
  ///   [0, 1] or not finite, ``DesignError/unparsableEasing(text:reason:)`` when y1 or y2
  ///   is not finite.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(DesignError) {
    for (name, x) in [("x1", x1), ("x2", x2)] where !(x >= 0 && x <= 1) {
      throw .easingXOutOfRange(name: name, value: x)
    }
    for (name, y) in [("y1", y1), ("y2", y2)] where !y.isFinite {
      throw .unparsableEasing(text: "\(name) = \(y)", reason: "control values must be finite numbers")
    }
    // Adding +0.0 turns −0.0 into +0.0, so the output never prints "-0.0".
    self.x1 = x1 + 0.0
    self.y1 = y1 + 0.0
    self.x2 = x2 + 0.0
    self.y2 = y2 + 0.0
  }

  /// The exact progress easing 1 − f of a depletion cubic f(t) = a·t³ + b·t² + c·t + d.
  ///
  /// The Bernstein control values of f are β = (d, d + c/3, d + (2c + b)/3, a + b + c + d);
  /// with d = 1 and a + b + c + d = 0 the progress controls are 1 − β:
  /// `cubic-bezier(1/3, −c/3, 2/3, −(2c + b)/3)`.
  ///
  /// Error bound: y1 is one correctly rounded division; y2 carries at most 2 roundings
  /// (about 2u·|2c + b|/3). Sampling the result reproduces f to within
  /// ``endpointTolerance`` plus a few ulps of the Bernstein sum.
  /// - Parameter polynomial: a polynomial of degree ≤ 3 (exact leading zeros are dropped).
  /// - Throws: ``DesignError/notExportable(degree:)`` above degree 3,
  ///   ``DesignError/endpointNotExact(what:value:expected:)`` when f(0) ≠ 1 or f(1) ≠ 0.
  public init(progressOf polynomial: Polynomial) throws(DesignError) {
    let cubic = try Self.depletionCubic(polynomial)
    try self.init(x1: 1.0 / 3.0, y1: -cubic.c / 3, x2: 2.0 / 3.0, y2: -(2 * cubic.c + cubic.b) / 3)
  }

  /// The polynomial as a ``Cubic`` after checking it can be exported exactly.
  /// - Throws: as ``init(progressOf:)``.
  public static func depletionCubic(_ polynomial: Polynomial) throws(DesignError) -> Cubic {
    let significant = Array(polynomial.coefficients.drop(while: { $0 == 0 }))
    guard significant.count <= 4 else { throw .notExportable(degree: significant.count - 1) }
    let padded = Array(repeating: 0.0, count: 4 - significant.count) + significant
    let cubic = Cubic(a: padded[0], b: padded[1], c: padded[2], d: padded[3])
    guard abs(cubic.d - 1) <= endpointTolerance else {
      throw .endpointNotExact(what: "f(0)", value: cubic.d, expected: 1)
    }
    let end = ((cubic.a + cubic.b) + cubic.c) + cubic.d
    guard abs(end) <= endpointTolerance else {
      throw .endpointNotExact(what: "f(1)", value: end, expected: 0)
    }
    return cubic
  }

  /// The Bernstein control values (β₀, β₁, β₂, β₃) of the depletion level 1 − progress,
  /// i.e. of f itself when the easing came from ``init(progressOf:)``.
  public var levelControlValues: [Double] { [1, 1 - y1, 1 - y2, 0] }

  /// The names and values of y controls outside [0, 1]. CSS and Core Animation accept
  /// them (overshoot); `UICubicTimingParameters` and some design tools reject them.
  public var controlValuesOutsideUnitInterval: [(name: String, value: Double)] {
    [("y1", y1), ("y2", y2)].filter { !($0.1 >= 0 && $0.1 <= 1) }
  }

  /// True when x1 = ⅓ and x2 = ⅔ exactly, so x(s) = s up to rounding and the easing is
  /// the polynomial y(t) itself.
  public var isPolynomialInTime: Bool { x1 == 1.0 / 3.0 && x2 == 2.0 / 3.0 }
}
