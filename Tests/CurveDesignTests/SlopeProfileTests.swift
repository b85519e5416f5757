import CurveCore
import CurveDesign
import CurveKitTestSupport
import CurvePipeline
import Testing

@Suite("Slope regions and plot numbers")
struct SlopeProfileTests {
  /// Steep start: f′ = 1.5t² − 1.5 is −0.2 at t = √(1 − 0.2/1.5) and 0 only at t = 1.
  @Test("steep start never rises and is flat from √(13/15) on")
  func steepStart() throws {
    let profile = SlopeProfile(ArticleCurve.steepStart.cubic.polynomial)
    #expect(profile.neverRises)
    let flat = try #require(profile.flatIntervals.first)
    #expect(profile.flatIntervals.count == 1 && flat.upperBound == 1)
    let exact = Double((Float80(13) / 15).squareRoot())
    #expect(abs(flat.lowerBound - exact) <= 4 * exact.ulp, "\(flat.lowerBound) vs \(exact)")
  }

  /// f = 1.5585…t³ − 3.048…t² + 0.4897…t + 1 (close to the gallery sketch's fit) has
  /// f′ > 0 on [0, r) for the smaller root r of 3at² + 2bt + c, computed here in Float80.
  @Test("a rising start is found with its boundary at the root of f′")
  func risingStart() throws {
    let cubic = Cubic(a: 1.558528607243221, b: -3.0482016106842837, c: 0.48967300344106274, d: 1)
    let profile = SlopeProfile(cubic.polynomial)
    #expect(!profile.neverRises)
    let rising = try #require(profile.risingIntervals.first)
    let (qa, qb, qc) = (3 * Float80(cubic.a), 2 * Float80(cubic.b), Float80(cubic.c))
    let root = Double((-qb - (qb * qb - 4 * qa * qc).squareRoot()) / (2 * qa))
    #expect(rising.lowerBound == 0)
    // Slopes within the rounding tolerance count as zero, which moves the boundary by
    // tolerance / |f″(root)|; bisection adds a few ulps.
    let curvature = abs(Double(2 * qa * Float80(root) + qb))
    let allowed = profile.roundingTolerance / curvature + 8 * root.ulp
    #expect(abs(rising.upperBound - root) <= allowed, "\(rising.upperBound) vs \(root)")
  }

  /// A narrow bump of f′ above zero between grid points is still found for a cubic,
  /// because the vertex of the quadratic f′ is sampled.
  @Test("a rising bump narrower than the grid is found at the vertex")
  func narrowBump() throws {
    // f′(t) = −3(t − ½)² + ε with ε = 1e-9: rises on ½ ± √(ε/3) ≈ ½ ± 1.8e-5, well
    // inside one grid interval of 1/1024 around ½ … which also holds a grid point, so
    // shift the vertex off the grid to ½ + 1/4096.
    let v = 0.5 + 1.0 / 4096
    let epsilon = 1e-9
    // f = −(t − v)³ + ε·t + C, expanded: −t³ + 3v t² − 3v² t + v³ + εt + C.
    let polynomial = try Polynomial(coefficients: [-1, 3 * v, -3 * v * v + epsilon, 1])
    let profile = SlopeProfile(polynomial)
    #expect(profile.risingIntervals.count == 1)
    #expect(profile.risingIntervals.first.map { $0.contains(v) } == true)
  }

  @Test(
    "plot numbers: fixed decimals and significant digits",
    arguments: [
      (PlotNumber.fixed(12.345), "12.35"), (PlotNumber.fixed(-0.001), "0"), (PlotNumber.fixed(100), "100"),
      (PlotNumber.fixed(0.1 + 0.2), "0.3"), (PlotNumber.significant(0.0012345), "0.00123"),
      (PlotNumber.significant(1.3877787807814457e-17), "1.39e-17"), (PlotNumber.significant(0.99553312), "0.996"),
      (PlotNumber.significant(-2.5), "-2.5"), (PlotNumber.significant(7), "7"), (PlotNumber.significant(0), "0"),
      (PlotNumber.significant(9.996e-9), "1e-8"), (PlotNumber.significant(123456), "123000"),
    ])
  func numbers(got: String, want: String) {
    #expect(got == want)
  }

  /// Issue 19's cubic: the exact verdict finds a rise near t ≈ 0.501 a few ulps high, below the
  /// scan's rounding tolerance. The curve's profile (what the plot and the studio draw) must
  /// still hold a rising band around the exact witness, so the page and the verdict agree.
  @Test("a rise a few ulps high still gets a rising band around the exact witness")
  func exactWitnessBand() throws {
    let curve = try CurveResolver.resolve(
      CurveRequest(.coefficients([-2, 3.005859375, -1.5058640970458985, 1])))
    let witness = try #require(curve.risingWitness)
    #expect(abs(witness.t - 0.501) < 0.01)
    let bands = curve.slopeProfile.risingIntervals
    #expect(bands.contains { $0.contains(witness.t) }, "\(bands)")
    #expect(PlotSeries(curve).slope.risingIntervals == bands)
    // A curve that never rises has no band at all.
    let falling = try CurveResolver.resolve(CurveRequest(.coefficients(ArticleCurve.current.cubic.coefficients)))
    #expect(falling.slopeProfile.risingIntervals.isEmpty)
  }
}
