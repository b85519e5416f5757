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
  /// curve: CurveCore's ``DepletionCheck/defaultTolerance``, 4 ulps of 1 (≈ 8.9e-16). The
  /// exported Bézier reproduces f only up to this endpoint error.
  public static let endpointTolerance = DepletionCheck.defaultTolerance

  /// The first control point's time coordinate, in [0, 1].
  public let x1: Double
  /// The first control point's progress coordinate (may lie outside [0, 1]).
  public let y1: Double
  /// The second control point's time coordinate, in [0, 1].
  public let x2: Double
  /// The second control point's progress coordinate (may lie outside [0, 1]).
  public let y2: Double

  /// Creates an easing from its two control points.
  /// - Throws: ``EasingError/easingXOutOfRange(name:value:)`` when x1 or x2 is outside
  ///   [0, 1] or not finite, ``EasingError/unparsableEasing(text:reason:)`` when y1 or y2
  ///   is not finite.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(EasingError) {
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
  /// The progress g = 1 − f = −a·t³ − b·t² − c·t + (1 − d) (every operation exact for
  /// d near 1) is converted to the Bernstein basis by CurveCore's ``BernsteinPolynomial``,
  /// whose control values are (0, −c/3, −(2c + b)/3, 1) up to the endpoint deviations:
  /// `cubic-bezier(1/3, −c/3, 2/3, −(2c + b)/3)`.
  ///
  /// Error bound: y1 and y2 are each an exact sum rounded once, then one division, so each
  /// is within 1 ulp of the exact Bernstein value. Sampling the result reproduces f to
  /// within the endpoint deviations (≤ ``endpointTolerance``) plus about 6u·max(1, |y1|, |y2|).
  /// - Parameter polynomial: a polynomial of degree ≤ 3 (exact leading zeros are dropped).
  /// - Throws: ``EasingError/notExportable(degree:)`` above degree 3,
  ///   ``EasingError/endpointNotExact(what:value:expected:)`` when f(0) ≠ 1 or f(1) ≠ 0.
  public init(progressOf polynomial: Polynomial) throws(EasingError) {
    let cubic = try Self.depletionCubic(polynomial)
    let exact = BernsteinPolynomial(Cubic(a: -cubic.a, b: -cubic.b, c: -cubic.c, d: 1 - cubic.d).polynomial)
    try self.init(x1: 1.0 / 3.0, y1: exact.controlValues[1], x2: 2.0 / 3.0, y2: exact.controlValues[2])
  }

  /// The polynomial as a ``Cubic`` after checking that it can be exported exactly: degree
  /// at most 3 after dropping exact leading zeros, and the exact endpoint deviations
  /// |f(0) − 1| and |f(1)| (CurveCore's ``DepletionCheck``) within ``endpointTolerance``.
  /// - Throws: as ``init(progressOf:)``.
  public static func depletionCubic(_ polynomial: Polynomial) throws(EasingError) -> Cubic {
    let significant = Array(polynomial.coefficients.drop(while: { $0 == 0 }))
    guard significant.count <= 4 else { throw .notExportable(degree: significant.count - 1) }
    guard let cubic = try? Cubic(coefficients: significant.isEmpty ? [0] : significant) else {
      throw .notExportable(degree: polynomial.degree)
    }
    let check = cubic.depletionCheck(tolerance: endpointTolerance)
    guard check.startDeviation <= endpointTolerance else {
      throw .endpointNotExact(what: "f(0)", value: check.startLevel, expected: 1)
    }
    guard check.endDeviation <= endpointTolerance else {
      throw .endpointNotExact(what: "f(1)", value: check.endLevel, expected: 0)
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

extension CubicBezierEasing {
  /// The CSS value `cubic-bezier(x1, y1, x2, y2)`, numbers in shortest round-trip form.
  public var cssFunction: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }
}
