@_spi(CurveKitTooling) import CurveCore

/// The shifted Chebyshev basis Tₖ(2t − 1) on [0, 1], the working basis of the high-degree
/// monotone fit (``MonotoneFitter``, degrees 4…10).
///
/// Its design matrices are well conditioned on [0, 1] (κ ≈ 10 for spread data at degree 10,
/// against ≈ 10⁷ for the monomials), so the quadratic program is solved in double without
/// losing the digits the objective needs. Every operation here is a fixed sequence of IEEE
/// additions, multiplications and divisions (no `libm`, no FMA), so results are the same on
/// every CPU.
enum ShiftedChebyshev {
  /// T₀(x)…Tₙ(x) at x = 2t − 1, by the three-term recurrence.
  /// - Complexity: O(n).
  static func values(at t: Double, degree n: Int) -> [Double] {
    let x = 2 * t - 1
    var result = [1.0]
    if n >= 1 { result.append(x) }
    if n >= 2 {
      for k in 2...n { result.append(2 * x * result[k - 1] - result[k - 2]) }
    }
    return result
  }

  /// d/dt Tₖ(2t − 1) = 2k·Uₖ₋₁(2t − 1) for k = 0…n (Uₖ the Chebyshev polynomials of the
  /// second kind).
  /// - Complexity: O(n).
  static func slopes(at t: Double, degree n: Int) -> [Double] {
    let x = 2 * t - 1
    var result = [0.0]
    var (previous, current) = (0.0, 1.0)  // U₋₁, U₀
    for k in stride(from: 1, through: n, by: 1) {
      result.append(2 * Double(k) * current)
      (previous, current) = (current, 2 * x * current - previous)
    }
    return result
  }

  /// The Chebyshev coefficients of d/dt of the series Σ aₖTₖ(2t − 1) (one degree lower;
  /// `[0]` for a constant), by the backward recurrence a′ₖ₋₁ = a′ₖ₊₁ + 4k·aₖ, halving a′₀.
  /// - Complexity: O(n).
  static func derivative(_ a: [Double]) -> [Double] {
    let n = a.count - 1
    guard n >= 1 else { return [0] }
    var result = Array(repeating: 0.0, count: n + 1)  // result[n] stays 0 (a′ₙ₊₁ = a′ₙ = 0)
    for k in stride(from: n, through: 1, by: -1) {
      result[k - 1] = (k + 1 <= n ? result[k + 1] : 0) + 4 * Double(k) * a[k]
    }
    result[0] /= 2
    result.removeLast()
    return result
  }

  /// Σ aₖTₖ(2t − 1) by Clenshaw's recurrence.
  /// - Complexity: O(n); error ≤ a small multiple of n·2⁻⁵³·Σ|aₖ| on [0, 1].
  static func evaluate(_ a: [Double], at t: Double) -> Double {
    let x2 = 2 * (2 * t - 1)
    var (b1, b2) = (0.0, 0.0)
    for k in stride(from: a.count - 1, through: 1, by: -1) {
      (b1, b2) = (a[k] + x2 * b1 - b2, b1)
    }
    return a[0] + (x2 / 2) * b1 - b2
  }

  /// The monomial coefficients of Tₖ(2t − 1), lowest power first: integers (exact in a
  /// double up to degree 10, |entries| ≤ 6 553 600 < 2²³), built by the recurrence on polynomials.
  static let monomialRows: [[Double]] = {
    var rows: [[Int]] = [[1], [-1, 2]]
    for k in 2...Polynomial.maximumDegree {
      // Pₖ = 2(2t − 1)Pₖ₋₁ − Pₖ₋₂.
      var next = Array(repeating: 0, count: k + 1)
      for (j, c) in rows[k - 1].enumerated() {
        next[j] -= 2 * c
        next[j + 1] += 4 * c
      }
      for (j, c) in rows[k - 2].enumerated() { next[j] -= c }
      rows.append(next)
    }
    return rows.map { $0.map(Double.init) }
  }()

  /// The ascending monomial coefficients of Σ aₖTₖ(2t − 1): each a sum of exact integer
  /// multiples of the aₖ, accumulated in double-double and rounded once, so each coefficient
  /// is within about 2⁻⁵³ relative of the exact one plus 2⁻¹⁰⁰·Σ|Mₖⱼaₖ| (the cancellation
  /// between the large basis coefficients costs nothing).
  ///
  /// With `slopeDown`, every coefficient of t¹…tⁿ is rounded toward −∞ instead (from the
  /// double-double sum, whose own error is ~2⁻¹⁰⁶): then f′(t) = Σ k·cₖ·tᵏ⁻¹, all of whose
  /// basis terms are ≥ 0 on [0, 1], can only fall, everywhere on [0, 1], so a curve that meets
  /// f′ ≤ −s in the Chebyshev basis keeps meeting it after rounding (up to that 2⁻¹⁰⁶).
  /// - Complexity: O(n²).
  static func monomial(_ a: [Double], slopeDown: Bool = false) -> [Double] {
    let n = a.count - 1
    var sums = Array(repeating: DoubleDouble(0), count: n + 1)
    for k in 0...n where a[k] != 0 {
      for (j, entry) in monomialRows[k].enumerated() {
        sums[j] = sums[j] + DoubleDouble.twoProduct(entry, a[k])
      }
    }
    guard slopeDown else { return sums.map({ $0.value }) }
    return sums.enumerated().map { power, sum in
      let nearest = sum.value
      guard power > 0 else { return nearest }
      // value = high + low rounded; the exact sum lies below it when the remainder is negative.
      let remainder = (sum.high - nearest) + sum.low
      return remainder < 0 ? nearest.nextDown : nearest
    }
  }
}
