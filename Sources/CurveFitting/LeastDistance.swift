/// Least-distance programming by non-negative least squares (Lawson & Hanson, *Solving Least
/// Squares Problems*, 1974, ch. 23): the inequality-constrained core of the high-degree
/// monotone fit.
///
/// Problem LDP: minimize ‖v‖ subject to G·v ≥ h. With E = [Gᵀ; hᵀ] ((n+1)×k) and
/// f = (0, …, 0, 1), the NNLS solution u ≥ 0 of min ‖E·u − f‖ gives r = E·u − f; the LDP is
/// infeasible when r = 0, else v = −r₁…ₙ / rₙ₊₁, and λ = u / (−rₙ₊₁) ≥ 0 are the multipliers
/// of ½‖v‖² (v = Gᵀλ, λᵢ > 0 only on active rows). The sizes here are tiny (n ≤ 11, k a few
/// dozen), so everything is plain loops in a fixed order: the same result on every machine.
enum LeastDistance {
  /// The LDP solution and its multipliers, or nil when no v satisfies G·v ≥ h.
  ///
  /// - Parameters:
  ///   - rows: the rows of G, each of length n (scale them to comparable norms).
  ///   - bounds: h, one per row.
  /// - Complexity: O(k·n²) per NNLS step, at most 3k steps.
  static func solve(rows: [[Double]], bounds: [Double], dimension n: Int) -> (v: [Double], multipliers: [Double])? {
    guard !rows.isEmpty else { return (Array(repeating: 0, count: n), []) }
    let columns = rows.indices.map { index in rows[index] + [bounds[index]] }
    var target = Array(repeating: 0.0, count: n + 1)
    target[n] = 1
    let u = nonNegativeLeastSquares(columns: columns, target: target)
    var r = target.map { -$0 }
    for (index, column) in columns.enumerated() where u[index] != 0 {
      for i in 0...n { r[i] += column[i] * u[index] }
    }
    let norm = r.reduce(0) { $0 + $1 * $1 }.squareRoot()
    // Infeasible: E·u reproduces f, so r vanishes (to rounding), and −rₙ₊₁ = 1 − hᵀu ≤ 0.
    guard norm > 1e-10, -r[n] > 1e-10 else { return nil }
    let scale = -r[n]
    return ((0..<n).map { r[$0] / scale }, u.map { $0 / scale })
  }

  /// Lawson–Hanson NNLS: min ‖Σ uⱼ·columnⱼ − target‖ over u ≥ 0.
  /// - Complexity: O(k·m²) per step for k columns of length m.
  static func nonNegativeLeastSquares(columns: [[Double]], target: [Double]) -> [Double] {
    let k = columns.count
    var u = Array(repeating: 0.0, count: k)
    var passive: [Int] = []
    var isPassive = Array(repeating: false, count: k)
    // Columns that proved dependent on the passive set when they entered: never again.
    var excluded = Array(repeating: false, count: k)
    let scale = columns.reduce(0.0) { max($0, $1.reduce(0) { $0 + $1 * $1 }) }.squareRoot()
    let tolerance = 1e-13 * max(scale, 1)
    for _ in 0..<(3 * k + 10) {
      // The negative gradient Eᵀ(f − E·u).
      var residual = target
      for j in passive { for i in residual.indices { residual[i] -= columns[j][i] * u[j] } }
      var best = -1
      var bestValue = tolerance
      for j in 0..<k where !isPassive[j] && !excluded[j] {
        var dot = 0.0
        for i in residual.indices { dot += columns[j][i] * residual[i] }
        if dot > bestValue { (best, bestValue) = (j, dot) }
      }
      guard best >= 0 else { break }
      passive.append(best)
      isPassive[best] = true
      // Inner loop: the unconstrained solution on the passive set, stepping back while it
      // has a non-positive component.
      while !passive.isEmpty {
        guard let z = leastSquares(columns: passive.map { columns[$0] }, target: target) else {
          // A column dependent on the passive set entered (to rounding): take it out.
          let dependent = passive.removeLast()
          (isPassive[dependent], excluded[dependent]) = (false, true)
          break
        }
        if z.allSatisfy({ $0 > 0 }) {
          for (position, j) in passive.enumerated() { u[j] = z[position] }
          break
        }
        var alpha = 1.0
        for (position, j) in passive.enumerated() where z[position] <= 0 {
          alpha = min(alpha, u[j] / (u[j] - z[position]))
        }
        for (position, j) in passive.enumerated() { u[j] += alpha * (z[position] - u[j]) }
        let leaving = passive.filter { u[$0] <= 1e-15 * max(1, bestValue) }
        for j in leaving {
          u[j] = 0
          isPassive[j] = false
        }
        passive.removeAll { !isPassive[$0] }
      }
    }
    return u
  }

  /// min ‖Σ zⱼ·columnⱼ − target‖ by Householder QR; nil when the columns are dependent
  /// (a diagonal entry of R below 10⁻¹³ of the largest column norm).
  /// - Complexity: O(m·c²) for c columns of length m.
  static func leastSquares(columns: [[Double]], target: [Double]) -> [Double]? {
    var a = columns
    guard let reflectors = Householder.triangularize(&a, tolerance: 1e-13) else { return nil }
    var b = target
    for v in reflectors { Householder.reflect(&b, by: v) }
    var z = Array(repeating: 0.0, count: a.count)
    for j in stride(from: a.count - 1, through: 0, by: -1) {
      var sum = b[j]
      for column in (j + 1)..<max(j + 1, a.count) { sum -= a[column][j] * z[column] }
      z[j] = sum / a[j][j]
    }
    return z
  }
}
