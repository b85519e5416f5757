@_spi(CurveKitTooling) import CurveCore

extension LeastSquaresFitter {
  /// The most refinement steps taken; each costs O(m·n) double-double operations.
  static let maximumRefinementSteps = 8

  /// The unconstrained path: `dgelsy` on the scaled design, then refinement in t.
  ///
  /// With many points `dgelsy` factorizes the design's triangular reduction (the same
  /// problem, see ``ScaledDesign/init(reducing:basis:extraRows:)``); the refinement forms
  /// the design's rows from the points as it goes, exactly as the stored design would.
  ///
  /// `dgelsy` gives coefficients α with the accuracy of a backward-stable QR in the scaled
  /// basis, but mapping them to monomials in t (and rounding u = (t − c)/s) can amplify that
  /// error by the conditioning of the monomial basis, and a large residual adds a
  /// κ²·‖r‖ term. Björck's iterative refinement of the augmented system
  ///
  ///     [ I   X ] [ r ]   [ Wy ]
  ///     [ Xᵀ  0 ] [ b ] = [ 0  ]     (X = W·Vandermonde(t), b ascending in t)
  ///
  /// computes both residual equations in double-double with the exact t, and solves for
  /// the corrections with R from the scaled QR (corrected semi-normal equations). It runs
  /// only when ``isAccurateWithoutRefinement(_:_:_:condition:)`` cannot show that the first
  /// solution is already accurate to 2⁻⁴⁴ in every coefficient; it converges when
  /// κ(scaled design)²·2⁻⁵³ ≪ 1 and stops when a step no longer halves or when the next one
  /// could not move a coefficient (one step for a well-conditioned fit). On the NIST StRD
  /// polynomial sets every coefficient reaches an LRE ≥ 13.
  static func fitUnconstrained(_ problem: FitProblem, basis: ScaledMonomialBasis) throws(FitError) -> FirstSolution {
    let n = basis.count
    let design = try ScaledDesign(reducing: problem, basis: basis, extraRows: [])
    let factorization = try LAPACK.gelsy(design.matrix, rhs: design.rhs, rcond: rankTolerance)
    try checkFullRank(factorization, parameters: n)
    let condition = try conditionNumber(factorization)
    let factor = TriangularFactor(factorization)

    var coefficients = design.monomialCoefficients(factorization.solution)
    guard coefficients.allSatisfy(\.isFinite) else { throw .nonFiniteResult(quantity: "a coefficient") }
    var refinement = Refinement(problem: problem, basis: basis, columnScales: design.columnScales)
    var previousStep = Double.infinity
    let alphaSize = ScaledDesign.euclideanNorm(factorization.solution)
    let steps =
      Self.isAccurateWithoutRefinement(design, factorization, coefficients, condition: condition)
      ? 0 : maximumRefinementSteps
    for _ in 0..<steps {
      // Aᵀ·δr = Tᵀ·g and δr + A·δα = f  ⇒  AᵀA·δα = Aᵀf − Tᵀg.
      let (transposedTimesF, g) = refinement.residualPass(coefficients)
      let rhs = zip(transposedTimesF, multiplyTransposed(design.toMonomial, g)).map { $0 - $1 }
      let deltaAlpha = factor.solveNormalEquations(rhs)
      let step = ScaledDesign.euclideanNorm(deltaAlpha)
      guard step.isFinite, step < previousStep / 2 else { break }
      refinement.updateResiduals(deltaAlpha)
      let deltaB = design.monomialCoefficients(deltaAlpha)
      for index in coefficients.indices { coefficients[index] += deltaB[index] }
      previousStep = step
      // Each step shrinks the error by about κ²·2⁻⁵³ (semi-normal equations with R from a
      // backward-stable QR), so for a well-conditioned fit (κ ≤ 100; 7 for the article's
      // cubic) the next one would be about 16κ²·2⁻⁵³ times this one: when that is below
      // 2⁻⁵³·‖α‖ it could not move a coefficient, and this was the last step needed. Worse
      // conditioned fits (Filip: κ ≈ 2600) go on until a step stops halving.
      if step <= alphaSize * 0x1p-53 || (condition <= 100 && 16 * condition * condition * step <= alphaSize) {
        break
      }
    }

    return FirstSolution(
      ascending: coefficients, rank: factorization.rank, conditionNumber: condition,
      standardErrorFactors: factor.rowNorms(of: design.toMonomial))
  }

  /// True when a first-order bound from the factorization says every coefficient of the
  /// unrefined solution is already within 2⁻⁴⁴ (≈ 5.7e-14, an LRE above 13) of the exact one,
  /// so refinement cannot improve it enough to matter.
  ///
  /// For the scaled problem, ‖δα‖ ≤ ε·κ·‖α‖·(2 + κ·tan θ) (Golub and Van Loan, Thm 5.3.1)
  /// with tan θ = ‖r‖/‖Aα‖; with ε = u it bounds the error of a backward-stable QR, measured
  /// at most 0.7 of it on the NIST sets and the benchmark cubics. Mapping to b = T·α adds
  /// |δbₖ| ≤ Σⱼ|Tₖⱼ|·‖δα‖ + n·u·Σⱼ|Tₖⱼαⱼ|. The bound is taken twice. Monomial
  /// coefficients whose mapping cancels (data far from t = 0 relative to their spread, or
  /// high degrees) fail it and are refined.
  static func isAccurateWithoutRefinement(
    _ design: ScaledDesign, _ factorization: LAPACK.PivotedSolution, _ coefficients: [Double], condition: Double
  ) -> Bool {
    let n = design.columnScales.count
    let alpha = factorization.solution
    let fitted = multiply(design.matrix, alpha)
    // ‖r‖: the reduced design's last right-hand entry is the residual norm; the small
    // unreduced design's residual is formed directly.
    let residualNorm =
      design.matrix.rows == n + 1 && design.rhs.count == n + 1
      ? abs(design.rhs[n]) : ScaledDesign.euclideanNorm(zip(design.rhs, fitted).map { $0 - $1 })
    let fittedNorm = ScaledDesign.euclideanNorm(fitted)
    guard fittedNorm > 0, condition.isFinite else { return false }
    let tangent = residualNorm / fittedNorm
    let u = 0x1p-53
    let alphaError = u * condition * ScaledDesign.euclideanNorm(alpha) * (2 + condition * tangent)
    for k in 0..<n {
      var rowSum = 0.0
      var mapped = 0.0
      for j in 0..<n {
        rowSum += abs(design.toMonomial[k, j])
        mapped += abs(design.toMonomial[k, j] * alpha[j])
      }
      let bound = 2 * (rowSum * alphaError + Double(n) * u * mapped)
      guard bound.isFinite, bound <= 0x1p-44 * abs(coefficients[k]) else { return false }
    }
    return true
  }
}

/// The per-point passes of the refinement, fused and without temporary arrays: the
/// residuals r (rounded), the extended residuals' excess f over them, and the products
/// with the scaled design formed from the points as ``ScaledDesign`` forms its rows.
struct Refinement {
  let problem: FitProblem
  let basis: ScaledMonomialBasis
  /// 1/dₖ for the scaled design's column norms dₖ.
  let inverseScales: [Double]
  /// rᵢ ≈ wᵢ·(yᵢ − p(tᵢ)), carried in double across steps; set to the rounded value by the
  /// first residual pass.
  var residual: [Double]
  /// False until the first residual pass has set ``residual``.
  var hasResiduals = false
  /// fᵢ = wᵢ·(yᵢ − p(tᵢ)) − rᵢ, from the last residual pass.
  var excess: [Double]

  init(problem: FitProblem, basis: ScaledMonomialBasis, columnScales: [Double]) {
    self.problem = problem
    self.basis = basis
    inverseScales = columnScales.map { 1 / $0 }
    residual = Array(repeating: 0, count: problem.points.count)
    excess = Array(repeating: 0, count: problem.points.count)
  }

  /// wᵢ·(yᵢ − p(tᵢ)) as hi + lo: p by compensated Horner (as accurate as Horner in twice
  /// the working precision), the subtraction error-free, the weight by TwoProduct.
  @inline(__always)
  static func weightedResidual(
    _ coefficients: UnsafeBufferPointer<Double>, t: Double, y: Double, weight: Double
  ) -> (hi: Double, lo: Double) {
    let (sum, correction) = ErrorFreeArithmetic.compensatedHorner(ascending: coefficients, at: t)
    let (difference, error) = ErrorFreeArithmetic.twoSum(y, -sum)
    let high = difference + (error - correction)
    let low = (error - correction) - (high - difference)
    if weight == 1 { return (high, low) }
    let (product, productError) = ErrorFreeArithmetic.twoProduct(high, weight)
    return (product, productError + low * weight)
  }

  /// One pass: f = (extended residual) − r, Aᵀf, and g = −Xᵀr in double-double with exact
  /// powers of t (X = W·Vandermonde(t), ascending), so the cancellation in Xᵀr is resolved.
  /// The first pass also sets r to the rounded extended residual (f is then its rounding).
  /// The double-double sums add each term's error to a running low part (no renormalization
  /// per term): about 2⁻¹⁰⁵ relative per term, far below what the refinement needs.
  /// - Complexity: O(m·n), no allocation beyond the two n-vectors returned.
  mutating func residualPass(_ coefficients: [Double]) -> (transposedTimesF: [Double], g: [Double]) {
    let n = basis.count
    let points = problem.points
    let weights = problem.weights
    var transposedTimesF = Array(repeating: 0.0, count: n)
    var sumsHigh = Array(repeating: 0.0, count: n)
    var sumsLow = Array(repeating: 0.0, count: n)
    let first = !hasResiduals
    hasResiduals = true
    coefficients.withUnsafeBufferPointer { c in
      residual.withUnsafeMutableBufferPointer { r in
        excess.withUnsafeMutableBufferPointer { f in
          inverseScales.withUnsafeBufferPointer { scales in
            transposedTimesF.withUnsafeMutableBufferPointer { aTf in
              sumsHigh.withUnsafeMutableBufferPointer { high in
                sumsLow.withUnsafeMutableBufferPointer { low in
                  for index in points.indices {
                    let point = points[index]
                    let weight = weights?[index] ?? 1
                    let (hi, lo) = Self.weightedResidual(c, t: point.t, y: point.y, weight: weight)
                    if first { r[index] = hi + lo }
                    let fi = (hi - r[index]) + lo
                    f[index] = fi
                    let u = basis.u(point.t)
                    var entry = weight
                    var (termHigh, termLow) = ErrorFreeArithmetic.twoProduct(weight, r[index])
                    for column in 0..<n {
                      aTf[column] += (entry * scales[column]) * fi
                      entry *= u
                      let (sum, sumError) = ErrorFreeArithmetic.twoSum(high[column], termHigh)
                      high[column] = sum
                      low[column] += sumError + termLow
                      let (product, productError) = ErrorFreeArithmetic.twoProduct(termHigh, point.t)
                      termLow = productError + termLow * point.t
                      termHigh = product
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return (transposedTimesF, (0..<n).map { -(sumsHigh[$0] + sumsLow[$0]) })
  }

  /// r ← r + f − A·δα after a step δα.
  mutating func updateResiduals(_ deltaAlpha: [Double]) {
    let n = basis.count
    let points = problem.points
    let weights = problem.weights
    deltaAlpha.withUnsafeBufferPointer { delta in
      inverseScales.withUnsafeBufferPointer { scales in
        excess.withUnsafeBufferPointer { f in
          residual.withUnsafeMutableBufferPointer { r in
            for index in points.indices {
              let u = basis.u(points[index].t)
              var entry = weights?[index] ?? 1
              var fitted = 0.0
              for column in 0..<n {
                fitted += (entry * scales[column]) * delta[column]
                entry *= u
              }
              r[index] += f[index] - fitted
            }
          }
        }
      }
    }
  }
}
