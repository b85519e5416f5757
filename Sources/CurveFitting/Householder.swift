/// Householder QR of a few short columns, shared by the least-distance solver and the
/// equality elimination of the high-degree monotone fit (plain loops, fixed order).
enum Householder {
  /// Reduces `columns` (each `columns[j]` of the same length m ≥ count) to upper-triangular
  /// form in place, R[i][j] = columns[j][i] for i ≤ j, and returns the reflectors H₁…H_c
  /// (Q = H₁⋯H_c); nil when a column is dependent on the earlier ones (its remaining norm
  /// at most `tolerance` times the largest column norm).
  /// - Complexity: O(m·c²).
  static func triangularize(_ columns: inout [[Double]], tolerance: Double) -> [[Double]]? {
    guard let m = columns.first?.count, columns.count <= m else { return columns.isEmpty ? [] : nil }
    let largest = columns.map { $0.reduce(0) { $0 + $1 * $1 }.squareRoot() }.max() ?? 0
    var reflectors: [[Double]] = []
    for j in columns.indices {
      var norm = 0.0
      for i in j..<m { norm += columns[j][i] * columns[j][i] }
      norm = norm.squareRoot()
      guard norm > tolerance * largest else { return nil }
      var v = Array(repeating: 0.0, count: m)
      for i in j..<m { v[i] = columns[j][i] }
      v[j] -= columns[j][j] > 0 ? -norm : norm
      for column in j..<columns.count { reflect(&columns[column], by: v) }
      reflectors.append(v)
    }
    return reflectors
  }

  /// x ← (I − 2vvᵀ/vᵀv)·x.
  static func reflect(_ x: inout [Double], by v: [Double]) {
    var (dot, vv) = (0.0, 0.0)
    for i in v.indices where v[i] != 0 {
      dot += v[i] * x[i]
      vv += v[i] * v[i]
    }
    guard vv > 0 else { return }
    let factor = 2 * dot / vv
    for i in v.indices where v[i] != 0 { x[i] -= factor * v[i] }
  }
}
