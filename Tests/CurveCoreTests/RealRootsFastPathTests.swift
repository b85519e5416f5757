import CurveKitTestSupport
import Foundation
import Testing

@testable import CurveCore

/// The two paths behind `Cubic.realRoots()`: the closed-form fast path with its certified
/// Newton step must agree with the careful path wherever it answers, and must answer for
/// almost every random cubic (it is the common case the speed target is about).
@Suite("Real roots: fast path against careful path")
struct RealRootsFastPathTests {
  /// Uniform coefficients in [−1, 1), and cubics with three real roots in [−2, 2] (Boost's
  /// setting), both seeded.
  static func randomCubics(count: Int, seed: UInt64) -> [Cubic] {
    var random = SeededRandomNumberGenerator(seed: seed)
    var cubics: [Cubic] = []
    for index in 0..<count {
      if index % 2 == 0 {
        cubics.append(
          Cubic(
            a: 2 * random.nextUnitDouble() - 1, b: 2 * random.nextUnitDouble() - 1,
            c: 2 * random.nextUnitDouble() - 1, d: 2 * random.nextUnitDouble() - 1))
      } else {
        let (r, s, t) = (
          4 * random.nextUnitDouble() - 2, 4 * random.nextUnitDouble() - 2, 4 * random.nextUnitDouble() - 2
        )
        cubics.append(Cubic(a: 1, b: -(r + s + t), c: r * s + r * t + s * t, d: -(r * s * t)))
      }
    }
    return cubics
  }

  @Test("wherever the fast path answers, the careful path finds the same count and roots within 1 ulp")
  func pathsAgree() {
    var answered = 0
    var worstUlps = 0.0
    let cubics = Self.randomCubics(count: 20_000, seed: 12)
    for cubic in cubics {
      let fast = RealRootSolver.fastRootsAnyScale(cubic.a, cubic.b, cubic.c, cubic.d)
      guard fast.count >= 0 else { continue }
      answered += 1
      let careful = RealRootSolver.carefulRoots(cubic.a, cubic.b, cubic.c, cubic.d)
      #expect(fast.count == careful.count, "\(cubic): \(fast) vs \(careful)")
      guard fast.count == careful.count else { continue }
      #expect(Array(fast) == Array(fast).sorted(), "\(cubic): \(fast) not ascending")
      for (x, y) in zip(fast, careful) {
        let ulps = abs(x - y) / max(abs(x), abs(y)).ulp
        worstUlps = max(worstUlps, ulps)
        #expect(ulps <= 1, "\(cubic): \(fast) vs \(careful)")
      }
    }
    // The fast path is the common case: it answers for nearly every random cubic.
    #expect(answered >= cubics.count * 99 / 100, "fast path answered \(answered) of \(cubics.count)")
    print("real roots fast path | answered \(answered) of \(cubics.count) | worst difference \(worstUlps) ulp")
  }

  @Test("a root count the rounding errors leave uncertain goes to the careful path")
  func uncertainCountsAreCareful() {
    // Exact double and triple roots, and nearTripleTenth's close complex pair.
    for cubic in [
      Cubic(a: 1, b: 0, c: -3, d: -2), Cubic(a: 1, b: -3, c: 3, d: -1), Cubic(a: 0.5, b: 0, c: -1.5, d: 1),
      Cubic(a: 1, b: -0.300_000_000_000_000_04, c: 0.030_000_000_000_000_002, d: -0.001_000_000_000_000_000_2),
    ] {
      #expect(RealRootSolver.fastRootsAnyScale(cubic.a, cubic.b, cubic.c, cubic.d).count == -1, "\(cubic)")
    }
  }

  @Test("nearTripleTenth, (x − 0.1)³ rounded, has one real root: 0.10000076393441923 (mpmath)")
  func nearTripleTenth() throws {
    let roots = try Cubic(
      a: 1, b: -0.300_000_000_000_000_04, c: 0.030_000_000_000_000_002, d: -0.001_000_000_000_000_000_2
    ).realRoots()
    #expect(roots.count == 1)
    #expect(abs(roots[0] - 0.100_000_763_934_419_23) <= 0.100_000_763_934_419_23.ulp)
  }

  @Test("the fast path's polynomials: ∛ to 1e-11, cos(θ/3) and sin(θ/3) to 3e-11")
  func polynomials() {
    var worstCubeRoot = 0.0
    var z = 1e-300
    while z < 1e300 {
      let r = RealRootSolver.reciprocalCubeRoot(z)
      worstCubeRoot = max(worstCubeRoot, abs(r * cbrt(z) - 1))
      z *= 1.37
    }
    #expect(worstCubeRoot <= 1e-11)
    var worstCosine = 0.0
    var worstSine = 0.0
    for step in 0...20_000 {
      let ratio = -1 + Double(step) / 10_000  // cos θ
      let third = acos(ratio) / 3
      let s = (0.5 + 0.5 * ratio).squareRoot()
      worstCosine = max(worstCosine, abs(RealRootSolver.trisectionCosine(s) - cos(third)))
      let sine = (0.5 - 0.5 * ratio).squareRoot() * RealRootSolver.trisectionSineFactor(s)
      worstSine = max(worstSine, abs(sine - sin(third)))
    }
    #expect(worstCosine <= 3e-11)
    #expect(worstSine <= 3e-11)
  }

  @Test("RealRoots is a fixed-size collection: count, order, equality, description, no trap past the end")
  func collection() throws {
    let roots = try Cubic(a: 1, b: -6, c: 11, d: -6).realRoots()
    #expect(roots.count == 3)
    #expect(Array(roots) == [1, 2, 3])
    #expect(roots.description == "[1.0, 2.0, 3.0]")
    #expect(roots[3].isNaN)
    #expect(roots == (try Cubic(a: 2, b: -12, c: 22, d: -12).realRoots()))
    #expect(roots != (try Cubic(a: 1, b: -6, c: 11, d: -6.5).realRoots()))
    #expect(Set([roots, roots]).count == 1)
    #expect(RealRoots().isEmpty && RealRoots().description == "[]")
  }
}
