extension MonotoneExchange {
  /// The local maxima of f′ on [0, 1] for the Chebyshev coefficients `chebyshev`: both ends,
  /// and every interior zero of f″ where f″ changes sign from + to −.
  ///
  /// f″ is sampled on 32·n cells and each sign change is bisected to adjacent doubles, so a
  /// maximum is located to an ulp of t. Two sign changes inside one cell (a maximum and a
  /// minimum of f′ closer than 1/(32n)) can be missed; ``MonotoneFitter`` therefore ends with
  /// the exact check, whose witness joins the points when it finds a violation.
  /// - Returns: (t, f′(t)) pairs, t ascending.
  /// - Complexity: O(n²) evaluations of O(n) each.
  static func slopeMaxima(_ chebyshev: [Double]) -> [(t: Double, slope: Double)] {
    let slope = ShiftedChebyshev.derivative(chebyshev)
    let curvature = ShiftedChebyshev.derivative(slope)
    var result = [(t: 0.0, slope: ShiftedChebyshev.evaluate(slope, at: 0))]
    let cells = 32 * max(1, chebyshev.count - 1)
    var previous = ShiftedChebyshev.evaluate(curvature, at: 0)
    for cell in 1...cells {
      let t = Double(cell) / Double(cells)
      let value = ShiftedChebyshev.evaluate(curvature, at: t)
      defer { previous = value }
      // + to − (a zero landing exactly on a sample counts with the next cell).
      guard previous > 0, value <= 0, cell < cells || value < 0 else { continue }
      var (lower, upper) = (Double(cell - 1) / Double(cells), t)
      while true {
        let middle = lower + (upper - lower) / 2
        guard middle > lower, middle < upper else { break }
        if ShiftedChebyshev.evaluate(curvature, at: middle) > 0 { lower = middle } else { upper = middle }
      }
      let (a, b) = (ShiftedChebyshev.evaluate(slope, at: lower), ShiftedChebyshev.evaluate(slope, at: upper))
      let best = a >= b ? (lower, a) : (upper, b)
      if best.0 > 0, best.0 < 1 { result.append(best) }
    }
    result.append((1, ShiftedChebyshev.evaluate(slope, at: 1)))
    return result
  }

  /// Σ|f′ coefficients|: a bound on |f′| over [0, 1], the scale the exchange's tolerances use.
  static func slopeScale(_ chebyshev: [Double]) -> Double {
    ShiftedChebyshev.derivative(chebyshev).reduce(0) { $0 + abs($1) }
  }
}
