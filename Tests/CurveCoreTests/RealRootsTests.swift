import CurveCore
import CurveKitTestSupport
import Foundation
import Testing

/// A reference root from `core-inverse/roots_reference.tsv` (mpmath.polyroots, 60 digits).
struct ReferenceRoot {
  let realHi: Double
  let realLo: Double
  let imaginary: Double
}

struct RootsFixtureCase {
  let name: String
  let cubic: Cubic
  let roots: [ReferenceRoot]

  static func load() throws -> [RootsFixtureCase] {
    let text = try String(contentsOfFile: Fixtures.path("core-inverse/roots_reference.tsv"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: "\t").map(String.init)
      let values = fields.count == 3 ? fields[1].split(separator: ",").compactMap { Double($0) } : []
      guard values.count == 4 else { return nil }
      let roots: [ReferenceRoot] =
        fields[2] == "none"
        ? []
        : fields[2].split(separator: ";").compactMap { part in
          let numbers = part.split(separator: "|").compactMap { Double($0) }
          return numbers.count == 3 ? ReferenceRoot(realHi: numbers[0], realLo: numbers[1], imaginary: numbers[2]) : nil
        }
      return RootsFixtureCase(
        name: fields[0], cubic: Cubic(a: values[0], b: values[1], c: values[2], d: values[3]), roots: roots)
    }
  }
}

/// Hard cases from the literature (all in the fixture, with references from mpmath):
/// - boost747: 1e-20x³ + x² − 3x + 2, Boost.Math issue #747 (returned ±2.48e11 instead of 1, 2).
/// - boost757: x³ + 1e4x² + 200x + 1, Boost.Math issue #757 and cubic_roots_test.cpp.
/// - boost757TripleReport: (x+1)((x+1)²+1), reported in Boost #757 as a false triple root.
/// - boostDoubleRoot: (x+1)²(x−2), Boost cubic_roots_test.cpp's double root.
/// - gslCubeRoot27, gslTriple17, gslDouble17Single23, gslSingleMinus23Double17, gsl17_31_95,
///   gslMinus17_31_95, gslComplexPair: the gsl_poly_solve_cubic cases of GSL poly/test.c.
/// - nearTripleTenth: (x − 0.1)³ with rounded coefficients, the near-triple cluster Kahan's
///   "To Solve a Real Cubic Equation" (PAM-352) warns about; the exact roots are one real and
///   a complex pair 6.6e-7 off the axis.
/// - closeRootsGSLWarning: roots 1 and 1 + 1e-7 (the GSL manual warns close roots may move
///   off the real axis); closeRoots1e-4.
/// - degenerate inputs: quadraticOnly, linearOnly, constantOnly, zeroRoot, cubeOfX.
/// - ranges: nearQuadratic1e-200 (Boost #747 at 1e-200), scaled1e200, scaled1e-200,
///   hugeRoots1e100, tinyRoots1e-100, spreadRoots (1e-8, 1, 1e8).
/// - the article's current and steepStart cubics (the latter has a double root at 1).
/// Then 120 random cubics with three real roots in [−2, 2] (Boost's setting) and 60 with
/// random coefficients in [−1, 1].
@Suite("Real roots of any cubic against mpmath")
struct RealRootsTests {
  static let namedCases = [
    "boost747", "boost757", "boost757TripleReport", "boostDoubleRoot", "gslCubeRoot27", "gslTriple17",
    "gslDouble17Single23", "gslSingleMinus23Double17", "gsl17_31_95", "gslMinus17_31_95", "gslComplexPair",
    "tripleOne", "nearTripleTenth", "closeRootsGSLWarning", "closeRoots1e-4", "quadraticOnly", "linearOnly",
    "constantOnly", "zeroRoot", "cubeOfX", "nearQuadratic1e-200", "scaled1e200", "scaled1e-200",
    "hugeRoots1e100", "tinyRoots1e-100", "spreadRoots", "articleCurrent", "articleSteepStart",
  ]

  /// The documented error bound at a reference root r, evaluated in Float80: the smallest of
  /// (k!·16u·S/|p⁽ᵏ⁾(r)|)^(1/k), k = 1, 2, 3, with S = Σ|cᵢ||r|ⁱ, plus 2 ulp(r).
  static func tolerance(_ cubic: Cubic, at r: Double) -> Double {
    let x = Float80(r)
    let a = Float80(cubic.a)
    let b = Float80(cubic.b)
    let c = Float80(cubic.c)
    let d = Float80(cubic.d)
    let magnitude = ((abs(a) * abs(x) + abs(b)) * abs(x) + abs(c)) * abs(x) + abs(d)
    let derivatives = [(3 * a * x + 2 * b) * x + c, 6 * a * x + 2 * b, 6 * a]
    let perturbation = 16 * 0x1p-53 * magnitude
    var best = Float80.infinity
    for (index, derivative) in derivatives.enumerated() where derivative != 0 {
      let factorial: Float80 = index == 0 ? 1 : (index == 1 ? 2 : 6)
      let root = factorial * perturbation / abs(derivative)
      best = min(best, index == 0 ? root : (index == 1 ? root.squareRoot() : Float80(cbrt(Double(root)))))
    }
    return Double(best) + 2 * r.ulp
  }

  @Test("every hard case from the literature is present in the fixture")
  func namedCasesPresent() throws {
    let names = Set(try RootsFixtureCase.load().map(\.name))
    for name in Self.namedCases { #expect(names.contains(name), "\(name)") }
  }

  @Test("roots, multiplicities and order match mpmath within the documented bound")
  func matchesReference() throws {
    var worstSimpleUlps = 0.0
    var checkedRoots = 0
    let cases = try RootsFixtureCase.load()
    #expect(cases.count >= 200)
    for testCase in cases {
      let cubic = testCase.cubic
      let found = Array(try cubic.realRoots())
      let withMultiplicity = try cubic.realRootsWithMultiplicity()
      #expect(found == found.sorted(), "\(testCase.name) ascending")
      #expect(withMultiplicity.flatMap { Array(repeating: $0.value, count: $0.multiplicity) } == found)
      let strict = testCase.roots.filter { $0.imaginary == 0 }
      // The exact number of real roots (sympy's isolation), with multiplicity: a close complex
      // pair such as nearTripleTenth's (6.6e-7 off the axis) is not a real double root.
      #expect(found.count == strict.count, "\(testCase.name): \(found) vs \(testCase.roots)")
      // Every reported root is within the bound of a real reference root.
      for x in found {
        let nearest = strict.min { abs(x - $0.realHi) < abs(x - $1.realHi) }
        guard let nearest else {
          Issue.record("\(testCase.name): spurious root \(x)")
          continue
        }
        let error = abs((x - nearest.realHi) - nearest.realLo)
        #expect(error <= Self.tolerance(cubic, at: nearest.realHi), "\(testCase.name): \(x) vs \(nearest.realHi)")
        checkedRoots += 1
        if withMultiplicity.first(where: { $0.value == x })?.multiplicity == 1 && nearest.realHi != 0 {
          worstSimpleUlps = max(worstSimpleUlps, error / nearest.realHi.ulp)
        }
      }
    }
    print(
      "real roots | \(cases.count) cases | \(checkedRoots) roots within bound | worst simple root \(worstSimpleUlps) ulp"
    )
    // Every simple root is the double nearest the exact root (0.4994 ulp measured).
    #expect(worstSimpleUlps <= 0.5)
  }

  @Test("exact multiple roots are reported with their multiplicity")
  func multiplicities() throws {
    #expect(try Cubic(a: 1, b: -3, c: 3, d: -1).realRootsWithMultiplicity() == [RealRoot(value: 1, multiplicity: 3)])
    #expect(
      try Cubic(a: 1, b: 0, c: -3, d: -2).realRootsWithMultiplicity()
        == [RealRoot(value: -1, multiplicity: 2), RealRoot(value: 2, multiplicity: 1)])
    #expect(Array(try Cubic(a: 1, b: -51, c: 867, d: -4913).realRoots()) == [17, 17, 17])
    #expect(try Cubic(a: 1, b: 0, c: 0, d: 0).realRootsWithMultiplicity() == [RealRoot(value: 0, multiplicity: 3)])
    #expect(Array(try Cubic(a: 0, b: 4, c: -20, d: 25).realRoots()) == [2.5, 2.5])
    #expect(try Cubic(a: 0, b: 0, c: 0, d: 5).realRoots().isEmpty)
    #expect(
      try ArticleCurve.steepStart.cubic.realRootsWithMultiplicity()
        == [RealRoot(value: -2, multiplicity: 1), RealRoot(value: 1, multiplicity: 2)])
  }

  @Test("zero and non-finite input are errors naming the input")
  func errors() {
    #expect(throws: RealRootsError.everyNumberIsARoot) { try Cubic(a: 0, b: 0, c: 0, d: 0).realRoots() }
    #expect(throws: RealRootsError.nonFiniteCoefficient(index: 2, value: .infinity)) {
      try Cubic(a: 1, b: 0, c: .infinity, d: 0).realRoots()
    }
    #expect(RealRootsError.everyNumberIsARoot.description.contains("0,0,0,0"))
  }

  @Test("scaling all coefficients by 2^k, |k| ≤ 660, leaves the roots unchanged")
  func exactScalingInvariance() throws {
    var random = SeededRandomNumberGenerator(seed: 660)
    for _ in 0..<200 {
      let cubic = Cubic(
        a: random.nextUnitDouble() - 0.5, b: random.nextUnitDouble() - 0.5,
        c: random.nextUnitDouble() - 0.5, d: random.nextUnitDouble() - 0.5)
      let k = Int(random.next() % 1321) - 660
      func scaled(_ x: Double) -> Double { Double(sign: .plus, exponent: k, significand: x) }
      let big = Cubic(a: scaled(cubic.a), b: scaled(cubic.b), c: scaled(cubic.c), d: scaled(cubic.d))
      #expect(try big.realRoots() == cubic.realRoots(), "k = \(k)")
    }
  }
}
