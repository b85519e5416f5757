import CurveCore
import CurveKitTestSupport

/// A wider-precision reference for t = f⁻¹(level): the root of the exact cubic with the
/// double coefficients at the double level, clamped to [0, 1], computed in Float80.
struct Float80Inverse {
  /// The reference t.
  let t: Float80
  /// A bound on |t − t_exact| from the Float80 residual error over |f′(t)|.
  let bound: Float80

  init(_ cubic: Cubic, level: Double) {
    let a = Float80(cubic.a)
    let b = Float80(cubic.b)
    let c = Float80(cubic.c)
    let d = Float80(cubic.d)
    let target = Float80(level)
    func residual(_ t: Float80) -> Float80 { ((a * t + b) * t + c) * t + d - target }
    func magnitude(_ t: Float80) -> Float80 { ((abs(a) * t + abs(b)) * t + abs(c)) * t + abs(d) + abs(target) }
    let atOne = residual(1)
    let decreasing = a + b + c <= 0
    let orientation: Float80 = decreasing ? -1 : 1
    if decreasing ? target >= d : target <= d {
      self.t = 0
      self.bound = 0
      return
    }
    if decreasing ? atOne >= 0 : atOne <= 0 {
      self.t = 1
      self.bound = 8 * 0x1p-64 * magnitude(1) / max(abs((3 * a + 2 * b) + c), 0x1p-40)
      return
    }
    var lower: Float80 = 0
    var upper: Float80 = 1
    for _ in 0..<80 {
      let mid = (lower + upper) / 2
      if orientation * residual(mid) < 0 { lower = mid } else { upper = mid }
    }
    var t = (lower + upper) / 2
    for _ in 0..<3 {
      let slope = (3 * a * t + 2 * b) * t + c
      if slope != 0 {
        let next = t - residual(t) / slope
        if next >= lower - 0x1p-60 && next <= upper + 0x1p-60 { t = next }
      }
    }
    let slope = abs((3 * a * t + 2 * b) * t + c)
    self.t = t
    self.bound = 8 * 0x1p-64 * magnitude(t) / slope + 0x1p-64
  }
}

/// Levels spread over the curve's range: uniform, plus dyadic and decimal levels near
/// both ends, all drawn from a fixed seed.
func inverseTestLevels(count: Int, seed: UInt64) -> [Double] {
  var random = SeededRandomNumberGenerator(seed: seed)
  var levels: [Double] = []
  levels.reserveCapacity(count + 200)
  for k in 1...60 {
    levels.append(Double(sign: .plus, exponent: -k, significand: 1))
    levels.append(1 - Double(sign: .plus, exponent: -k, significand: 1))
  }
  for _ in levels.count..<count { levels.append(random.nextUnitDouble()) }
  return levels
}
