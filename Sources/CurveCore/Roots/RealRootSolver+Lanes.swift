// The three-root polish of the fast path in SIMD lanes: the Newton steps of the three roots
// of RealRootSolver+Fast.swift side by side, with the compensated residual from the package's
// one SIMD error-free arithmetic (LaneArithmetic: bit for bit the scalar operations, lane by lane).

extension RealRootSolver {
  /// Four lanes of doubles (two SSE2 registers): the three roots' Newton steps side by side.
  typealias Lanes = LaneArithmetic.Lanes

  /// |x| lane by lane, written per lane so the optimizer emits one packed `andpd` per pair.
  @inline(__always)
  static func magnitude(_ x: Lanes) -> Lanes { Lanes(abs(x[0]), abs(x[1]), abs(x[2]), abs(x[3])) }

  /// One Newton step with a compensated residual from each of four points: the next iterates,
  /// the steps, and whether a step's error from the plainly evaluated slope,
  /// |s|·4u·Σ(i·|cᵢ||x|ⁱ⁻¹)/|p′|, is at most 2⁻⁶³·|x − s|.
  ///
  /// The residual is ``CubicInverseKernel/compensatedHorner(_:_:_:_:at:)`` in packed
  /// arithmetic (``LaneArithmetic``: the same operations in the same order), so
  /// each lane gives the bits the scalar step gives; the three roots of
  /// ``threeSeparatedRoots(_:_:_:_:q:h:scale:)`` take two SSE2 registers instead of three
  /// scalar chains. Cost: about 75 packed operations and two packed divisions.
  @inline(__always)
  static func newtonSteps(_ a: Double, _ b: Double, _ c: Double, _ d: Double, from x: Lanes)
    -> (next: Lanes, step: Lanes, slopeIsAccurate: SIMDMask<SIMD4<Int64>>)
  {
    let xSplit = LaneArithmetic.split(x)
    var sum = Lanes(repeating: a)
    var correction = Lanes()
    LaneArithmetic.compensatedHornerStep(&sum, &correction, x, split: xSplit, Lanes(repeating: b))
    LaneArithmetic.compensatedHornerStep(&sum, &correction, x, split: xSplit, Lanes(repeating: c))
    LaneArithmetic.compensatedHornerStep(&sum, &correction, x, split: xSplit, Lanes(repeating: d))
    let slope = (3 * a * x + 2 * b) * x + c
    let step = (sum + correction) / slope
    let next = x - step
    let absX = magnitude(x)
    let slopeMagnitude = (3 * abs(a) * absX + 2 * abs(b)) * absX + abs(c)
    return (next, step, magnitude(step) * slopeMagnitude .<= 0x1p-12 * magnitude(slope) * magnitude(next))
  }
}
