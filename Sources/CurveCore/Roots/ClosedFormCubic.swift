/// The closed-form (Cardano / Viète) real roots of a cubic, for the root finder's seeds.
/// The computation lives in ``CubicInverseKernel`` (`closedFormRoots`, `quadraticRoots`),
/// which the `cardano` inverse and generated code share.
@usableFromInline
typealias CandidateRoots = CubicInverseKernel.CandidateRoots

/// The closed-form real roots used by ``RealRootSolver``; see ``CubicInverseKernel``.
@usableFromInline
enum ClosedFormCubic {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The candidate real roots of A·x³ + B·x² + C·x + D (unordered; near a double root
  /// both members are approximated by the double root, good to about √ε relative).
  @inlinable
  static func roots(_ A: Double, _ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
    CubicInverseKernel.closedFormRoots(A, B, C, D)
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// The real roots of B·x² + C·x + D by the cancellation-free formula.
  @inlinable
  static func quadraticRoots(_ B: Double, _ C: Double, _ D: Double) -> CandidateRoots {
    CubicInverseKernel.quadraticRoots(B, C, D)
  }
}
