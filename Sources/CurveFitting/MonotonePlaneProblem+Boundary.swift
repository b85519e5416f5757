import CurveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func cosine(_ x: Double) -> Double { cos(x) }
func sine(_ x: Double) -> Double { sin(x) }

extension MonotonePlaneProblem {
  /// The most cells the arc's zero isolation splits before it keeps every open cell's
  /// midpoint as a candidate instead (a guard against ψ ≈ 0 everywhere in rounding).
  static let cellBudget = 4096

  /// The angles of every critical point of φ(θ) = ‖M·x(θ) − z‖² on the open arc
  /// θ ∈ (−2π/3, 2π/3), each to full double precision.
  ///
  /// φ′(θ) = 2ψ(θ) with ψ = A₁cos θ + B₁sin θ + A₂cos 2θ + B₂sin 2θ, a trigonometric
  /// polynomial with at most four zeros. Zeros are isolated rigorously: a cell of half-width
  /// h around θₘ holds none when |ψ(θₘ)| > h·L₁ (L₁ bounds |ψ′|), and at most one when
  /// |ψ′(θₘ)| > h·L₂ (L₂ bounds |ψ″|); such a cell is refined by safeguarded Newton–bisection.
  /// - Complexity: a few dozen cells in practice; never more than ``cellBudget`` are split.
  func arcCriticalAngles() -> [Double] {
    let root3 = 3.0.squareRoot()
    let g0 = apply(SIMD2(2, 2)) - z
    let g1 = apply(SIMD2(1, 1))
    let g2 = apply(SIMD2(root3, -root3))
    let a1 = (g0 * g2).sum()
    let b1 = -(g0 * g1).sum()
    let a2 = (g1 * g2).sum()
    let b2 = ((g2 * g2).sum() - (g1 * g1).sum()) / 2
    func psi(_ t: Double) -> Double { a1 * cos(t) + b1 * sin(t) + a2 * cos(2 * t) + b2 * sin(2 * t) }
    func dpsi(_ t: Double) -> Double { -a1 * sin(t) + b1 * cos(t) - 2 * a2 * sin(2 * t) + 2 * b2 * cos(2 * t) }
    let l1 = (abs(a1) + abs(b1) + 2 * abs(a2) + 2 * abs(b2)) * (1 + 1e-12)
    let l2 = (abs(a1) + abs(b1) + 4 * abs(a2) + 4 * abs(b2)) * (1 + 1e-12)
    var roots: [Double] = []
    var cells: [(lo: Double, hi: Double, depth: Int)] = [(-2 * Double.pi / 3, 2 * Double.pi / 3, 0)]
    var visited = 0
    while let cell = cells.popLast() {
      visited += 1
      let mid = (cell.lo + cell.hi) / 2
      let half = (cell.hi - cell.lo) / 2
      let value = psi(mid)
      if abs(value) > half * l1 { continue }
      // Past the budget (ψ lost in rounding over a wide range), every open cell is a candidate.
      let exhausted = visited > Self.cellBudget
      if abs(dpsi(mid)) > half * l2 || cell.depth >= 40 || exhausted {
        let (flo, fhi) = (psi(cell.lo), psi(cell.hi))
        if flo == 0 {
          roots.append(cell.lo)
        } else if fhi == 0 {
          roots.append(cell.hi)
        } else if (flo < 0) != (fhi < 0) {
          roots.append(Self.refineRoot(lo: cell.lo, hi: cell.hi, negativeAtLo: flo < 0, psi, dpsi))
        } else if cell.depth >= 40 || exhausted {
          roots.append(mid)  // A numerically double zero: keep it as a candidate.
        }
        continue
      }
      cells.append((cell.lo, mid, cell.depth + 1))
      cells.append((mid, cell.hi, cell.depth + 1))
    }
    return roots
  }

  /// The zero of ψ in [lo, hi] (a sign change) by Newton steps kept inside the bracket,
  /// bisecting whenever a step would leave it or fails to halve the bracket.
  static func refineRoot(
    lo: Double, hi: Double, negativeAtLo: Bool, _ psi: (Double) -> Double, _ dpsi: (Double) -> Double
  ) -> Double {
    var (lo, hi) = (lo, hi)
    var t = (lo + hi) / 2
    for _ in 0..<200 {
      let value = psi(t)
      if value == 0 { return t }
      if (value < 0) == negativeAtLo { lo = t } else { hi = t }
      let width = hi - lo
      if width <= 2 * (lo.magnitude + hi.magnitude) * Double.ulpOfOne { break }
      let slope = dpsi(t)
      let newton = slope != 0 ? t - value / slope : .nan
      t = newton > lo && newton < hi && abs(newton - t) < width / 2 ? newton : (lo + hi) / 2
      if t == lo || t == hi { break }
    }
    return abs(psi(lo)) < abs(psi(hi)) ? lo : hi
  }

  /// One equality: minimize over the chord where the line n·x = e crosses R.
  func solveLine(_ equality: Equality) -> Solution? {
    let origin = equality.normal * equality.target
    let direction = SIMD2(-equality.normal.y, equality.normal.x)
    let slack = Self.tolerance
    var ends: [Double] = []
    func point(_ tau: Double) -> SIMD2<Double> { origin + tau * direction }
    // Crossings of α̃ = 0 and β̃ = 0 within the segments 0…3.
    for axis in 0..<2 where direction[axis] != 0 {
      let tau = -origin[axis] / direction[axis]
      let other = point(tau)[1 - axis]
      if other >= -slack && other <= 3 + slack { ends.append(tau) }
    }
    // Crossings of the ellipse on the outer arc: E(origin + τ·d) = qa·τ² + qb·τ + qc.
    let p = origin - 2
    let qa = direction.x * direction.x + direction.x * direction.y + direction.y * direction.y
    let qb = (2 * p.x + p.y) * direction.x + (p.x + 2 * p.y) * direction.y
    let qc = Self.ellipse(origin)
    var discriminant = qb * qb - 4 * qa * qc
    if discriminant < 0 && discriminant > -slack * (qb * qb + abs(4 * qa * qc)) { discriminant = 0 }
    if discriminant >= 0 {
      let q = -(qb + (qb < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
      var taus: [Double] = []
      if q != 0 { taus += [q / qa, qc / q] } else { taus.append(0) }
      for tau in taus {
        let x = point(tau)
        if x.x >= -slack, x.y >= -slack, x.x + x.y >= 3 - slack { ends.append(tau) }
      }
    }
    guard let lo = ends.min(), let hi = ends.max() else { return nil }
    // A line parallel to an axis but just outside it yields a crossing at a corner only.
    let g = apply(direction)
    let h = apply(origin) - z
    let norm = (g * g).sum()
    let tau = norm > 0 ? min(hi, max(lo, -(g * h).sum() / norm)) : (lo + hi) / 2
    return Solution(x: point(tau), interiorPoint: point((lo + hi) / 2))
  }

  /// Two equalities: the single point they allow, if it is in R.
  func solvePoint() -> Solution? {
    let (n1, n2) = (equalities[0].normal, equalities[1].normal)
    let determinant = n1.x * n2.y - n1.y * n2.x
    guard determinant != 0 else { return nil }
    let (e1, e2) = (equalities[0].target, equalities[1].target)
    let x = SIMD2((e1 * n2.y - n1.y * e2) / determinant, (n1.x * e2 - e1 * n2.x) / determinant)
    guard x.x.isFinite, x.y.isFinite, Self.contains(x, slack: Self.tolerance) else { return nil }
    return Solution(x: x, interiorPoint: nil)
  }
}
