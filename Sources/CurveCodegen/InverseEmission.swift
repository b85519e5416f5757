import CurveCore
import CurveSpec

/// The generated `normalizedElapsed(forLevel:)` for one inverse method: the member text,
/// the kernel files it calls and any precomputed data.
struct InverseEmission: Sendable {
  /// The members inside the namespace (indented two spaces, ending in a newline).
  var members: String
  /// The kernel files to embed.
  var parts: [InverseKernelSource.Part]
  /// Members of the `extension <Type>` that declares the kernel namespace (table data).
  var kernelData: String
  /// The header's `Inverse:` line.
  var summary: String

  /// The emission for `method` on `polynomial`: the cubic kernels up to degree 3, the
  /// polynomial ones above (``polynomial(_:method:access:)``).
  /// - Throws: ``CodegenError/tableUnavailable(reason:)`` for `table` on a cubic the table
  ///   cannot invert, ``CodegenError/inverseUnavailable(_:degree:)`` for `cardano` or `table`
  ///   above degree 3.
  static func make(for polynomial: Polynomial, method: InverseMethod, access: String) throws(CodegenError)
    -> InverseEmission
  {
    if polynomial.degree <= 3, let cubic = try? Cubic(polynomial) {
      return try make(for: cubic, method: method, access: access)
    }
    return try self.polynomial(polynomial, method: method, access: access)
  }

  /// The emission for a curve of degree 4 to 10: the polynomial kernels, on the generated
  /// `coefficients` array, mirroring `Polynomial.normalizedElapsed(forLevel:method:)`.
  static func polynomial(_ polynomial: Polynomial, method: InverseMethod, access: String) throws(CodegenError)
    -> InverseEmission
  {
    guard method.isAvailable(forDegree: polynomial.degree) else {
      throw .inverseUnavailable(method, degree: polynomial.degree)
    }
    let call: String
    let doc: [String]
    let summary: String
    if method == .bisection {
      call = "CubicInverseKernel.bisection(coefficients, level, iterations: 32)"
      summary = "bisection (the article's 32 steps)"
      doc = [
        "The originating article's bisection on this polynomial: the level is clamped to [0, 1],",
        "a level ≥ 0.999999 gives 0 and one ≤ 0.000001 gives 1, then 32 halvings of [0, 1].",
        "Error ≈ 1.2e-10 in general, more near a flat end.",
      ]
    } else {
      call = "CubicInverseKernel.newton(coefficients, level: level)"
      summary = "\(method.rawValue) (safeguarded Newton–bisection, compensated residuals, degree \(polynomial.degree))"
      doc = [
        "Safeguarded Newton–bisection with compensated residuals (twice the working precision),",
        "then the nearest double by residual: ≤ ½ ulp(t) + γ²·S/|f′(t)| on a monotone curve,",
        "within 1e-15 wherever f′ is not tiny; where f − level ≈ k·(t − t*)ᵐ (a flat end, m = 2,",
        "or a flat inflection, m = 3) the residual's error ε ≈ 1e-31 limits it to (ε/|k|)^(1/m).",
        "Levels beyond f(0) give 0 and beyond f(1) give 1.",
      ]
    }
    let docLines =
      ["The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`.", ""] + doc + [
        "Bit-identical to CurveKit's",
        "`Polynomial.normalizedElapsed(forLevel:method: .\(method.rawValue))`.",
      ]
    let members =
      docLines.map { $0.isEmpty ? "  ///\n" : "  /// \($0)\n" }.joined() + """
          \(access) static func normalizedElapsed(forLevel level: Double) -> Double {
            \(call)
          }

        """
    return InverseEmission(
      members: members, parts: InverseKernelSource.parts(for: method, degree: polynomial.degree), kernelData: "",
      summary: summary)
  }

  /// The emission for `method` on `cubic`.
  ///
  /// Each method means what it means in the library: `auto` is the one-off full-precision
  /// solver of `Cubic.normalizedElapsed(forLevel:)`, `table` the precomputed
  /// `CubicInverseTable` (refused, never replaced, for a curve the table cannot invert), and
  /// `newton`, `cardano` and `bisection` mirror `Cubic.normalizedElapsed(forLevel:method:)`.
  /// - Throws: ``CodegenError/tableUnavailable(reason:)`` for `table` on such a curve.
  static func make(for cubic: Cubic, method: InverseMethod, access: String) throws(CodegenError) -> InverseEmission {
    let call: String
    let doc: [String]
    var kernelData = ""
    let parts = InverseKernelSource.parts(for: method)
    var summary = method.rawValue
    var reference = "`Cubic.normalizedElapsed(forLevel:method: .\(method.rawValue))`."
    switch method {
    case .bisection:
      call = "CubicInverseKernel.bisection(a, b, c, d, level, iterations: 32)"
      doc = [
        "The originating article's bisection, bit for bit: the level is clamped to [0, 1],",
        "a level ≥ 0.999999 gives 0 and one ≤ 0.000001 gives 1, then 32 halvings of [0, 1].",
        "Error ≈ 1.2e-10 in general, more near a flat end, where the early returns answer",
        "0 or 1 for every level within 1e-6 of the end.",
      ]
    case .newton:
      call = "CubicInverseKernel.newton(a, b, c, d, level: level)"
      summary = "newton (safeguarded Newton–bisection)"
      doc = [
        "Safeguarded Newton–bisection with compensated residuals (never an unguarded step).",
        "Error on a monotone curve ≤ 1 ulp(t) + 2⁻⁵⁸, flat ends included; typically 3–8 steps.",
      ]
    case .cardano:
      call = "CubicInverseKernel.cardano(a, b, c, d, level: level, polish: .halley)"
      summary = "cardano (closed form, one Halley polish)"
      doc = [
        "The closed form (Viète / Cardano, no cancelling cube roots) with one Halley polish.",
        "A few ulp where |f′| is not small; about √ε near a flat end.",
      ]
    case .auto:
      call = "CubicInverseKernel.oneOffInverse(a, b, c, d, level: level)"
      summary = "auto (one-off full-precision solver)"
      doc = [
        "The one-off full-precision solver: a seed picked for this curve, one compensated",
        "residual there, then plain steps on the exact expansion about the seed (safeguarded",
        "Newton–bisection where those are not provably final).",
        "Error on a monotone curve ≤ 4.5e-16 in t, flat ends included.",
      ]
    case .table:
      let table = try TableEmission.make(for: cubic)
      reference = "`CubicInverseTable(cubic).normalizedElapsed(forLevel:)` (`curvekit invert --method table`)."
      guard let data = table.data else { throw .tableUnavailable(reason: table.reason) }
      kernelData = data
      call = "CubicInverseKernel.tableInverse(inverseTable, level: level)"
      summary = "table (\(table.cellCount) cells, \(table.polishSteps) polish step\(table.polishSteps == 1 ? "" : "s"))"
      doc = [
        "A precomputed table: one lookup, a Hermite (or, at a flat end, square-root) guess",
        "and \(table.polishSteps) Halley step\(table.polishSteps == 1 ? "" : "s") on the residual expanded about the cell's node.",
        "Error ≤ 2 ulp(t) + 2⁻⁵⁶, flat ends included.",
      ]
    }
    let clamping = method == .bisection ? "" : "Levels beyond f(0) give 0 and beyond f(1) give 1. "
    let docLines =
      ["The normalized elapsed time t ∈ [0, 1] at which the curve reaches `level`.", ""] + doc + [
        "\(clamping)Bit-identical to CurveKit's", reference,
      ]
    let members =
      docLines.map { $0.isEmpty ? "  ///\n" : "  /// \($0)\n" }.joined() + """
          \(access) static func normalizedElapsed(forLevel level: Double) -> Double {
            \(call)
          }

        """
    return InverseEmission(members: members, parts: parts, kernelData: kernelData, summary: summary)
  }
}
