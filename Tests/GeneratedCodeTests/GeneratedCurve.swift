@testable import CurveCore

/// What every generated namespace provides; the golden types conform below.
protocol GeneratedCurveType: SendableMetatype {
  static var a: Double { get }
  static var b: Double { get }
  static var c: Double { get }
  static var d: Double { get }
  static func level(forNormalizedElapsed normalizedElapsed: Double) -> Double
  static func normalizedElapsed(forLevel level: Double) -> Double
}

extension Depletion: GeneratedCurveType {}
extension Linear: GeneratedCurveType {}
extension SteepEnd: GeneratedCurveType {}
extension SteepStart: GeneratedCurveType {}
extension DepletionBisection: GeneratedCurveType {}
extension DepletionCardano: GeneratedCurveType {}
extension DepletionNewton: GeneratedCurveType {}
extension ArticleSteepStartNewton: GeneratedCurveType {}
extension ArticleSteepStartBisection: GeneratedCurveType {}
extension ArticleSteepStartCardano: GeneratedCurveType {}

/// A compiled golden type seen through closures, with the library's counterpart.
struct GeneratedCurve: Sendable, CustomStringConvertible {
  /// The generated type's name.
  var name: String
  /// The generated coefficients, read back from the compiled literals.
  var cubic: Cubic
  /// The generated `level(forNormalizedElapsed:)`.
  var level: @Sendable (Double) -> Double
  /// The generated `normalizedElapsed(forLevel:)`.
  var inverse: @Sendable (Double) -> Double
  /// The library's inverse for the same method on the same coefficients.
  var libraryInverse: @Sendable (Cubic, Double) -> Double

  var description: String { name }

  init(_ type: any GeneratedCurveType.Type, library: @escaping @Sendable (Cubic, Double) -> Double) {
    name = String(describing: type)
    cubic = Cubic(a: type.a, b: type.b, c: type.c, d: type.d)
    level = { type.level(forNormalizedElapsed: $0) }
    inverse = { type.normalizedElapsed(forLevel: $0) }
    libraryInverse = library
  }

  /// The library's inverse kernels, which the generated files embed.
  static let bisection: @Sendable (Cubic, Double) -> Double = { cubic, level in
    CubicInverseKernel.bisection(cubic.a, cubic.b, cubic.c, cubic.d, level, iterations: 32)
  }
  static let newton: @Sendable (Cubic, Double) -> Double = { cubic, level in
    CubicInverseKernel.newton(cubic.a, cubic.b, cubic.c, cubic.d, level: level)
  }
  static let cardano: @Sendable (Cubic, Double) -> Double = { cubic, level in
    CubicInverseKernel.cardano(cubic.a, cubic.b, cubic.c, cubic.d, level: level, polish: .halley)
  }

  /// Every golden file compiled into this target, with its inverse method.
  static let all: [GeneratedCurve] = [
    GeneratedCurve(Depletion.self, library: newton),
    GeneratedCurve(Linear.self, library: newton),
    GeneratedCurve(SteepEnd.self, library: newton),
    GeneratedCurve(SteepStart.self, library: newton),
    GeneratedCurve(DepletionBisection.self, library: bisection),
    GeneratedCurve(DepletionCardano.self, library: cardano),
    GeneratedCurve(DepletionNewton.self, library: newton),
    GeneratedCurve(ArticleSteepStartNewton.self, library: newton),
    GeneratedCurve(ArticleSteepStartBisection.self, library: bisection),
    GeneratedCurve(ArticleSteepStartCardano.self, library: cardano),
  ]
}
