import CurveCore

/// The monotonicity of a cubic on [0, 1] from the sign of f′ at 0, 1 and its vertex.
///
/// PROVISIONAL: replaced by CurveCore's exact verdict when it lands on main. f′ is a
/// quadratic, so its extremes on [0, 1] are at the ends or the vertex; the signs are
/// taken from f′ evaluated in double precision at those points.
enum CubicMonotonicity {
  /// A one-line summary, and a witness line when the curve is not monotone.
  static func verdict(_ cubic: Cubic) -> (summary: String, witness: String?) {
    var points: [Double] = [0, 1]
    if cubic.a != 0 {
      let vertex = -cubic.b / (3 * cubic.a)
      if vertex > 0 && vertex < 1 { points.append(vertex) }
    }
    let slopes = points.map { cubic.slope(at: $0) }
    let rises = zip(points, slopes).first(where: { $0.1 > 0 })
    let falls = zip(points, slopes).first(where: { $0.1 < 0 })
    let flats = zip(points, slopes).filter { $0.1 == 0 }.map(\.0).sorted()
    let flatNote = flats.isEmpty ? "" : ", flat at t = " + flats.map(\.description).joined(separator: ", ")
    switch (rises, falls) {
    case (nil, nil):
      return ("constant on [0, 1]", "f′ = 0 everywhere on [0, 1]")
    case (nil, .some):
      return (flats.isEmpty ? "strictly decreasing on [0, 1]" : "non-increasing on [0, 1]\(flatNote)", nil)
    case (.some, nil):
      return (flats.isEmpty ? "strictly increasing on [0, 1]" : "non-decreasing on [0, 1]\(flatNote)", nil)
    case (.some(let up), .some(let down)):
      let witness = down.0 < up.0 ? up : down
      return ("not monotone on [0, 1]", "f′(\(witness.0)) = \(witness.1)")
    }
  }
}
