import CurveKitTestSupport
import Testing

@_spi(CurveKitTooling) @testable import CurveCore

/// The package's one SIMD error-free arithmetic against the scalar kernel's operations: each
/// lane must give the scalar bits (the scalar operations' exactness is tested with them).
@Suite("Lane arithmetic")
struct LaneArithmeticTests {
  typealias Lanes = LaneArithmetic.Lanes

  /// Doubles of mixed signs and magnitudes (2⁻⁴⁰ … 2⁴⁰), far from overflow and underflow.
  private static func samples(_ count: Int, seed: UInt64) -> [Double] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    return (0..<count).map { _ in
      let magnitude =
        Double.random(in: 1..<2, using: &generator)
        * Double(sign: .plus, exponent: .random(in: -40...40, using: &generator), significand: 1)
      return Bool.random(using: &generator) ? magnitude : -magnitude
    }
  }

  private static func lanes(_ values: ArraySlice<Double>) -> Lanes {
    let v = Array(values)
    return Lanes(v[0], v[1], v[2], v[3])
  }

  @Test("twoSum and twoProduct give the scalar bits in every lane")
  func matchesScalar() {
    let x = Self.samples(4_000, seed: 29)
    let y = Self.samples(4_000, seed: 30)
    for start in stride(from: 0, to: x.count, by: 4) {
      let xs = Self.lanes(x[start..<start + 4])
      let ys = Self.lanes(y[start..<start + 4])
      let sum = LaneArithmetic.twoSum(xs, ys)
      let product = LaneArithmetic.twoProduct(xs, ys, split: LaneArithmetic.split(ys))
      for lane in 0..<4 {
        let scalarSum = ErrorFreeArithmetic.twoSum(xs[lane], ys[lane])
        let scalarProduct = ErrorFreeArithmetic.twoProduct(xs[lane], ys[lane])
        #expect(sum.sum[lane].bitPattern == scalarSum.sum.bitPattern)
        #expect(sum.error[lane].bitPattern == scalarSum.error.bitPattern)
        #expect(product.product[lane].bitPattern == scalarProduct.product.bitPattern)
        #expect(product.error[lane].bitPattern == scalarProduct.error.bitPattern)
      }
    }
  }

  @Test("the lane residual gives ErrorFreeArithmetic.residual's bits for each point")
  func residualMatchesScalar() {
    let coefficients = Self.samples(11, seed: 31)
    let t = Self.samples(400, seed: 32).map { abs($0).truncatingRemainder(dividingBy: 1) }
    let y = Self.samples(400, seed: 33)
    coefficients.withUnsafeBufferPointer { ascending in
      for degree in 0..<ascending.count {
        let prefix = UnsafeBufferPointer(rebasing: ascending[0...degree])
        for start in stride(from: 0, to: t.count, by: 4) {
          let lanes = LaneArithmetic.residual(
            ascending: prefix, t: Self.lanes(t[start..<start + 4]), y: Self.lanes(y[start..<start + 4]))
          for lane in 0..<4 {
            let scalar = ErrorFreeArithmetic.residual(ascending: prefix, t: t[start + lane], y: y[start + lane])
            #expect(lanes[lane].bitPattern == scalar.bitPattern, "degree \(degree), point \(start + lane)")
          }
        }
      }
    }
  }
}
