import CurveCore

/// The two-parameter core of a monotone cubic fit, in normalized coordinates.
///
/// A cubic with fixed end levels f(0) > f(1) is described by x = (α̃, β̃), its normalized
/// end slopes, and it is non-increasing on [0, 1] exactly when x lies in the
/// Fritsch–Carlson region
/// R = { α̃ ≥ 0, β̃ ≥ 0, and α̃ + β̃ ≤ 3 or E(x) = α̃² + α̃β̃ + β̃² − 6α̃ − 6β̃ + 9 ≤ 0 },
/// a convex set bounded by the segments α̃ = 0, β̃ = 0 (0 ≤ · ≤ 3) and the outer arc of the
/// ellipse E = 0 from (3, 0) through (3, 3) to (0, 3), which is tangent to both axes.
/// This type minimizes ‖M·x − z‖² (M upper triangular, the R factor of the weighted
/// design) over R intersected with up to two linear equalities n·x = e.
struct MonotonePlaneProblem {
  /// One boundary piece of the region.
  enum Piece: Sendable, Hashable {
    /// α̃ = 0: the start slope sits at its bound.
    case start
    /// β̃ = 0: the end slope sits at its bound.
    case end
    /// E = 0 with α̃ + β̃ ≥ 3: the slope touches its bound inside (0, 1).
    case arc
  }

  /// A linear equality n·x = e with ‖n‖ = 1.
  struct Equality {
    var normal: SIMD2<Double>
    var target: Double
  }

  /// The minimizer and what is known about it.
  struct Solution {
    var x: SIMD2<Double>
    /// A point of the feasible set strictly inside where possible (for the final nudge).
    var interiorPoint: SIMD2<Double>?
  }

  /// M = [[m11, m12], [0, m22]].
  var m11: Double, m12: Double, m22: Double
  var z: SIMD2<Double>
  var equalities: [Equality]

  /// Slack used when deciding membership for points computed in floating point.
  static let tolerance = 1e-10

  func apply(_ x: SIMD2<Double>) -> SIMD2<Double> { SIMD2(m11 * x.x + m12 * x.y, m22 * x.y) }

  /// ‖M·x − z‖², the objective up to the constant residual ρ².
  func objective(_ x: SIMD2<Double>) -> Double {
    let r = apply(x) - z
    return (r * r).sum()
  }

  /// E(x) = α̃² + α̃β̃ + β̃² − 6α̃ − 6β̃ + 9.
  static func ellipse(_ x: SIMD2<Double>) -> Double {
    let p = x - 2  // centred at (2, 2): E = p₁² + p₁p₂ + p₂² − 3.
    return p.x * p.x + p.x * p.y + p.y * p.y - 3
  }

  /// ∇E, the outward normal direction of the arc.
  static func ellipseGradient(_ x: SIMD2<Double>) -> SIMD2<Double> {
    SIMD2(2 * x.x + x.y - 6, x.x + 2 * x.y - 6)
  }

  /// True when x is in R, allowing `slack` on each inequality.
  static func contains(_ x: SIMD2<Double>, slack: Double = 0) -> Bool {
    guard x.x >= -slack, x.y >= -slack else { return false }
    return x.x + x.y <= 3 + slack || ellipse(x) <= slack * 8
  }

  /// The pieces of the boundary x lies on, within ``tolerance``.
  static func activePieces(at x: SIMD2<Double>) -> [Piece] {
    var pieces: [Piece] = []
    if abs(x.x) <= tolerance { pieces.append(.start) }
    if abs(x.y) <= tolerance { pieces.append(.end) }
    let gradient = ellipseGradient(x)
    let norm = (gradient * gradient).sum().squareRoot()
    if x.x + x.y >= 3 - tolerance, abs(ellipse(x)) <= tolerance * max(norm, 1), pieces.isEmpty { pieces.append(.arc) }
    return pieces
  }

  /// The minimizer over R ∩ {equalities}.
  /// - Returns: nil when the equalities miss R.
  func solve() -> Solution? {
    switch equalities.count {
    case 0: return solvePlane()
    case 1: return solveLine(equalities[0])
    default: return solvePoint()
    }
  }

  /// No equalities: the unconstrained minimizer if feasible, else the best boundary point.
  private func solvePlane() -> Solution? {
    let interior = SIMD2<Double>(1, 1)
    if m11 != 0, m22 != 0 {
      let y = z.y / m22
      let free = SIMD2((z.x - m12 * y) / m11, y)
      if free.x.isFinite, free.y.isFinite, Self.contains(free) { return Solution(x: free, interiorPoint: interior) }
    }
    var best = SIMD2<Double>(0, 0)
    var bestValue = objective(best)
    func consider(_ x: SIMD2<Double>) {
      let value = objective(x)
      if value < bestValue { (best, bestValue) = (x, value) }
    }
    // Edges: ‖s·column − z‖² over s ∈ [0, 3] has its minimum at the clamped projection.
    let columns = [SIMD2(m11, 0.0), SIMD2(m12, m22)]
    for (index, column) in columns.enumerated() {
      let norm = (column * column).sum()
      guard norm > 0 else { continue }
      let s = min(3, max(0, (column * z).sum() / norm))
      consider(index == 0 ? SIMD2(s, 0) : SIMD2(0, s))
    }
    for theta in arcCriticalAngles() { consider(Self.arcPoint(theta)) }
    return Solution(x: best, interiorPoint: interior)
  }

  /// The point of the outer arc at angle θ ∈ [−2π/3, 2π/3]: (2 + cos θ + √3 sin θ, 2 + cos θ − √3 sin θ).
  static func arcPoint(_ theta: Double) -> SIMD2<Double> {
    let (c, s) = (cosine(theta), sine(theta))
    let root3 = 3.0.squareRoot()
    return SIMD2(2 + c + root3 * s, 2 + c - root3 * s)
  }
}
