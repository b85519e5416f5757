/// A point of [0, 1] where the slope has a given sign, proving a direction of change.
public struct MonotonicityWitness: Sendable, Hashable {
  /// The point, a double in [0, 1].
  public var t: Double
  /// f′(t) at that exact double, rounded to the nearest double (its sign is exact when
  /// ``isVerified`` is true; a tiny nonzero slope never rounds to zero).
  public var slope: Double
  /// True when the sign of f′ at `t` (the double itself, not a nearby real) was decided in
  /// exact arithmetic. False only when the region of that sign is narrower than the spacing
  /// of doubles there; `t` is then the nearest double to a point of the region.
  public var isVerified: Bool

  /// Creates a witness.
  public init(t: Double, slope: Double, isVerified: Bool) {
    self.t = t
    self.slope = slope
    self.isVerified = isVerified
  }

  /// The first double among `t` and its 8 neighbours on each side (within [0, 1]) where the
  /// exact slope has sign `sign`; unverified at `t` when none has.
  static func search(near t: Double, sign: Int, slope: (Double) -> DyadicRational) -> MonotonicityWitness {
    var candidates = [t]
    var (down, up) = (t, t)
    for _ in 0..<8 {
      down = down.nextDown
      up = up.nextUp
      candidates += [up, down]
    }
    for candidate in candidates where (0...1).contains(candidate) {
      let value = slope(candidate)
      if value.signum == sign { return MonotonicityWitness(t: candidate, slope: value.doubleValue, isVerified: true) }
    }
    return MonotonicityWitness(t: t, slope: slope(t).doubleValue, isVerified: false)
  }
}

extension MonotonicityWitness: CustomStringConvertible {
  /// The one spelling of a witness, used by every message, report and answer:
  /// `f′(0.47) = 0.031`, with ` (unverified)` when the sign at that double was not decided.
  public var description: String { Self.text(t: t, slope: slope, isVerified: isVerified) }

  /// The spelling of ``description`` for a point and slope given apart.
  public static func text(t: Double, slope: Double, isVerified: Bool = true) -> String {
    "f′(\(t)) = \(slope)" + (isVerified ? "" : " (unverified)")
  }
}

/// An isolated zero of f′ on [0, 1] where the curve is momentarily flat.
public struct FlatPoint: Sendable, Hashable {
  /// The zero of f′, rounded to the nearest double (exactly the zero when ``isExact``).
  public var t: Double
  /// True when f′(t) = 0 exactly at the double `t`.
  public var isExact: Bool

  /// Creates a flat point.
  public init(t: Double, isExact: Bool) {
    self.t = t
    self.isExact = isExact
  }
}

/// The exact monotonicity of a polynomial on [0, 1], decided from the sign of f′ in exact
/// arithmetic on the actual double coefficients (never by sampling).
///
/// A polynomial that is not constant has finitely many zeros of f′, so "non-increasing"
/// always means f′ ≤ 0 with isolated flat points: such a curve still strictly decreases
/// (x < y ⇒ f(x) > f(y)); the flat points are where it momentarily levels off.
public enum MonotonicityVerdict: Sendable, Hashable {
  /// f′ < 0 everywhere on [0, 1].
  case strictlyDecreasing
  /// f′ ≤ 0 on [0, 1] and zero exactly at these points (ascending, at least one).
  case nonIncreasing(flatPoints: [FlatPoint])
  /// f′ > 0 everywhere on [0, 1].
  case strictlyIncreasing
  /// f′ ≥ 0 on [0, 1] and zero exactly at these points (ascending, at least one).
  case nonDecreasing(flatPoints: [FlatPoint])
  /// f′ ≡ 0: the polynomial is constant.
  case constant
  /// f′ takes both signs: `rising` has f′ > 0 and `falling` has f′ < 0.
  case notMonotone(rising: MonotonicityWitness, falling: MonotonicityWitness)

  /// True for ``strictlyDecreasing`` and ``nonIncreasing(flatPoints:)``: f never rises on [0, 1]
  /// and is not constant.
  public var isDecreasing: Bool {
    switch self {
    case .strictlyDecreasing, .nonIncreasing: return true
    default: return false
    }
  }

  /// True for ``strictlyIncreasing`` and ``nonDecreasing(flatPoints:)``.
  public var isIncreasing: Bool {
    switch self {
    case .strictlyIncreasing, .nonDecreasing: return true
    default: return false
    }
  }

  /// The flat points of a monotone verdict (empty otherwise).
  public var flatPoints: [FlatPoint] {
    switch self {
    case .nonIncreasing(let points), .nonDecreasing(let points): return points
    default: return []
    }
  }
}

extension MonotonicityVerdict: CustomStringConvertible {
  /// One line: the verdict, with flat points or witnesses as shortest round-trip doubles.
  public var description: String {
    func list(_ points: [FlatPoint]) -> String {
      points.map { "\($0.t)\($0.isExact ? "" : " (nearest double)")" }.joined(separator: ", ")
    }
    func show(_ witness: MonotonicityWitness) -> String {
      "t = \(witness.t), f′(t) = \(witness.slope)\(witness.isVerified ? "" : " (unverified: region narrower than one ulp)")"
    }
    switch self {
    case .strictlyDecreasing: return "strictly decreasing"
    case .nonIncreasing(let points): return "non-increasing, flat at t = \(list(points))"
    case .strictlyIncreasing: return "strictly increasing"
    case .nonDecreasing(let points): return "non-decreasing, flat at t = \(list(points))"
    case .constant: return "constant"
    case .notMonotone(let rising, let falling):
      return "not monotone: rises at \(show(rising)); falls at \(show(falling))"
    }
  }
}

extension MonotonicityVerdict {
  /// The one rule for "where does this curve rise", which every report, check and generated
  /// header uses: the place that disproves "non-increasing" (what a depletion curve must be).
  ///
  /// - ``notMonotone(rising:falling:)``: its `rising` witness.
  /// - ``strictlyIncreasing`` and ``nonDecreasing(flatPoints:)``: the first of t = ½, ¼, ¾, ⅛, ⅜
  ///   that is not a flat point; f′ > 0 there exactly, since f′ ≥ 0 with isolated zeros.
  /// - Decreasing and ``constant`` curves: nil (a constant curve never rises; it is refused
  ///   for not falling, not for rising).
  ///
  /// - Parameter polynomial: the polynomial this verdict was decided for (its exact slope
  ///   gives the increasing verdicts' witness).
  /// - Complexity: O(degree) exact operations per candidate.
  public func risingWitness(of polynomial: Polynomial) -> MonotonicityWitness? {
    switch self {
    case .notMonotone(let rising, _):
      return rising
    case .strictlyIncreasing, .nonDecreasing:
      let flat = Set(flatPoints.filter { $0.isExact }.map { $0.t })
      for t in [0.5, 0.25, 0.75, 0.125, 0.375] where !flat.contains(t) {
        let slope = polynomial.exactSlope(at: t)
        if slope > 0 { return MonotonicityWitness(t: t, slope: slope, isVerified: true) }
      }
      return nil
    case .strictlyDecreasing, .nonIncreasing, .constant:
      return nil
    }
  }
}
