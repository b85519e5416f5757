import CurveCore

/// The easing of a depletion curve, as every export presents it: `curvekit export` in each
/// format, the studio's export, the generated TypeScript's `cssEasing` and the generated
/// Kotlin's Compose easing all take it from here, so they agree to the digit.
///
/// Whether a curve may be exported at all is the pipeline's one ship decision; this type only
/// computes the easing of a curve that passed it. A level that does not go from 1 to 0
/// (shipped under the endpoint override) is exported rescaled to (f − f(1)) / (f(0) − f(1)),
/// which does; ``rescaling`` records it so each front end can word a note.
public struct EasingExport: Sendable, Hashable {
  /// The endpoint levels of a curve that was rescaled to go from 1 to 0.
  public struct Rescaling: Sendable, Hashable {
    /// f(0) before rescaling.
    public let startLevel: Double
    /// f(1) before rescaling.
    public let endLevel: Double
  }

  /// The exact easing of the (possibly rescaled) curve.
  public let easing: CubicBezierEasing
  /// The polynomial the easing reproduces.
  public let polynomial: Polynomial
  /// The original endpoint levels when the curve was rescaled; nil when it already went from
  /// 1 to 0 (within ``CubicBezierEasing/endpointTolerance``).
  public let rescaling: Rescaling?

  /// The easing of the level `level`.
  /// - Throws: ``EasingError`` for a curve no cubic-bezier can express: degree above 3
  ///   (``EasingError/notExportable(degree:)``), or f(0) = f(1), nothing to rescale
  ///   (``EasingError/endpointNotExact(what:value:expected:)``).
  /// - Complexity: O(1).
  public init(level: Polynomial) throws(EasingError) {
    let check = level.depletionCheck()
    var polynomial = level
    var rescaling: Rescaling?
    if !check.startsFull || !check.endsEmpty {
      let (start, end) = (check.startLevel, check.endLevel)
      guard start != end, let rescaled = Self.rescaled(level, start: start, end: end) else {
        throw .endpointNotExact(what: "f(0) − f(1)", value: start - end, expected: 1)
      }
      polynomial = rescaled
      rescaling = Rescaling(startLevel: start, endLevel: end)
    }
    easing = try CubicBezierEasing(progressOf: polynomial)
    self.polynomial = polynomial
    self.rescaling = rescaling
  }

  /// (f − f(1)) / (f(0) − f(1)) with its constant exactly 1 and its linear term moved by the
  /// rounded f(1), so that it goes from 1 to 0 within rounding; nil when a coefficient overflows.
  static func rescaled(_ polynomial: Polynomial, start: Double, end: Double) -> Polynomial? {
    var coefficients = polynomial.coefficients.map { $0 / (start - end) }
    coefficients[coefficients.count - 1] = 1
    guard let first = try? Polynomial(coefficients: coefficients) else { return nil }
    if coefficients.count >= 2 { coefficients[coefficients.count - 2] -= first.value(at: 1) }
    return try? Polynomial(coefficients: coefficients)
  }
}

extension EasingExport {
  /// The largest level deviation, in level units (0.001 = 0.1 percentage points), that a
  /// rounded easing may have when CurveKit chooses the decimals itself: the bound
  /// `--format css-linear` certifies by default, so every pasted easing is held to one rule.
  public static let defaultMaximumError = 0.001

  /// The easing rounded for pasting: to `precision` decimals when given, else to the fewest
  /// decimals (1…12) whose rounded easing stays within ``defaultMaximumError`` of the curve
  /// (``RoundedEasing/maxDeviation``, measured as `--precision` measures it, on the decimal
  /// values; a `Float` literal moves each by less than 6e-8). Compose's one-liner and any
  /// generator that writes a rounded Bézier take it from here.
  /// - Throws: ``EasingError/precisionOutOfRange(_:)`` for a `precision` outside
  ///   ``RoundedEasing/precisionRange``.
  public func pastedEasing(precision: Int? = nil) throws(EasingError) -> RoundedEasing {
    if let precision { return try RoundedEasing(easing, level: polynomial, precision: precision) }
    var rounded = try RoundedEasing(easing, level: polynomial, precision: RoundedEasing.precisionRange.lowerBound)
    while rounded.maxDeviation > Self.defaultMaximumError, rounded.precision < RoundedEasing.precisionRange.upperBound {
      rounded = try RoundedEasing(easing, level: polynomial, precision: rounded.precision + 1)
    }
    return rounded
  }

  /// Jetpack Compose's easing for `rounded`: `CubicBezierEasing(0.33f, 0f, 0.67f, 1f)`, the
  /// rounded control values (x1, y1, x2, y2) as Kotlin `Float` literals. The one expression
  /// `curvekit export --format compose` prints and `generate --language kotlin --compose` writes.
  public static func composeExpression(_ rounded: RoundedEasing) -> String {
    var text = "CubicBezierEasing("
    for (index, value) in rounded.texts.enumerated() {
      text += (index == 0 ? "" : ", ") + value + "f"
    }
    return text + ")"
  }
}
