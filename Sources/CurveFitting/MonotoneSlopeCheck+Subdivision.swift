import CurveCore

extension MonotoneSlopeCheck {
  /// Decides f′ + s ≤ 0 on [0, 1] for any degree by Bernstein subdivision, or nil when a cell
  /// within rounding of the bound is left (``check(_:minSlope:)`` then decides exactly).
  ///
  /// g = f′ + s is converted to its Bernstein coefficients on [0, 1] and split at midpoints
  /// (de Casteljau), every value carrying a rounding-error bound. A cell whose coefficients
  /// are all provably ≤ 0 is done (the Bernstein hull contains g); a cell end where g is
  /// provably > 0 is a witness. Cells narrower than 2⁻³⁰ are left to the exact decision.
  /// - Complexity: O(k²) per cell for derivative degree k; a few dozen cells in practice.
  static func checkBySubdivision(_ polynomial: Polynomial, minSlope: Double) -> Verdict? {
    var power = polynomial.derivative().ascendingCoefficients.map(Bounded.init)
    power[0] = power[0] + Bounded(minSlope)
    let k = power.count - 1
    // Bernstein coefficients: bⱼ = Σ_{i ≤ j} C(j, i)/C(k, i)·aᵢ.
    var bernstein: [Bounded] = []
    for j in 0...k {
      var sum = Bounded(0)
      for i in 0...j {
        let ratio = binomial(j, i) / binomial(k, i)  // One rounding: bounded below.
        sum = sum + power[i] * Bounded(value: ratio, error: ratio * Bounded.unit)
      }
      bernstein.append(sum)
    }
    var cells: [(lo: Double, hi: Double, coefficients: [Bounded])] = [(0, 1, bernstein)]
    var undecided = false
    var checked = 0
    while let cell = cells.popLast() {
      checked += 1
      let ends = [(cell.lo, cell.coefficients[0]), (cell.hi, cell.coefficients[k])]
      for (t, value) in ends where value.lower > 0 { return .fails(t: t, slope: value.value - minSlope) }
      if cell.coefficients.allSatisfy({ $0.upper <= 0 }) { continue }
      if cell.hi - cell.lo < 0x1p-30 || checked > 100_000 {
        undecided = true
        continue
      }
      let (left, right) = split(cell.coefficients)
      let mid = (cell.lo + cell.hi) / 2
      cells.append((mid, cell.hi, right))
      cells.append((cell.lo, mid, left))
    }
    return undecided ? nil : .holds
  }

  /// de Casteljau at ½: the Bernstein coefficients of the two halves.
  static func split(_ coefficients: [Bounded]) -> ([Bounded], [Bounded]) {
    var work = coefficients
    var left = [work[0]]
    var right = [work[work.count - 1]]
    for level in 1..<coefficients.count {
      for index in 0..<(coefficients.count - level) { work[index] = (work[index] + work[index + 1]) * 0.5 }
      left.append(work[0])
      right.append(work[coefficients.count - level - 1])
    }
    return (left, right.reversed())
  }

  /// C(n, k) as a double (exact for n ≤ 10).
  static func binomial(_ n: Int, _ k: Int) -> Double {
    var result = 1.0
    for i in 0..<k { result = result * Double(n - i) / Double(i + 1) }
    return result
  }
}
