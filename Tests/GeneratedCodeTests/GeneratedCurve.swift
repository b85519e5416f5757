import CurveCore

/// What every generated cubic namespace provides; the cubic golden types conform below.
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
extension DepletionTable: GeneratedCurveType {}
extension ArticleSteepStartTable: GeneratedCurveType {}
extension SteepEndSchedule: GeneratedCurveType {}

/// A compiled golden type seen through closures, with the library's counterpart.
struct GeneratedCurve: Sendable, CustomStringConvertible {
  /// The generated type's name.
  var name: String
  /// The generated coefficients, read back from the compiled literals.
  var polynomial: Polynomial
  /// The generated `level(forNormalizedElapsed:)`.
  var level: @Sendable (Double) -> Double
  /// The generated `normalizedElapsed(forLevel:)`.
  var inverse: @Sendable (Double) -> Double
  /// The library's level for the same coefficients.
  var libraryLevel: @Sendable (Double) -> Double
  /// The library's inverse for the same method, made for the curve's coefficients.
  var libraryInverse: @Sendable (Double) -> Double

  var description: String { name }

  /// A cubic golden type.
  init(_ type: any GeneratedCurveType.Type, method: InverseMethod) {
    name = String(describing: type)
    let cubic = Cubic(a: type.a, b: type.b, c: type.c, d: type.d)
    polynomial = cubic.polynomial
    level = { type.level(forNormalizedElapsed: $0) }
    inverse = { type.normalizedElapsed(forLevel: $0) }
    libraryLevel = { cubic.level(forNormalizedElapsed: $0) }
    if method == .table {
      // `Cubic.normalizedElapsed(forLevel:method: .table)` builds this table on every call.
      let table = try? CubicInverseTable(cubic)
      libraryInverse = {
        table?.normalizedElapsed(forLevel: $0) ?? cubic.normalizedElapsed(forLevel: $0, method: .table)
      }
    } else {
      libraryInverse = { cubic.normalizedElapsed(forLevel: $0, method: method) }
    }
  }

  /// A golden type of degree 4 to 10, by its members; nil when its coefficients are not a
  /// polynomial (which `everyGoldenIsChecked` reports).
  init?(
    name: String, coefficients: [Double], level: @escaping @Sendable (Double) -> Double,
    inverse: @escaping @Sendable (Double) -> Double, method: InverseMethod
  ) {
    guard let polynomial = try? Polynomial(coefficients: coefficients) else { return nil }
    self.name = name
    self.polynomial = polynomial
    self.level = level
    self.inverse = inverse
    libraryLevel = { polynomial.level(forNormalizedElapsed: $0) }
    libraryInverse = { polynomial.normalizedElapsed(forLevel: $0, method: method) }
  }

  /// Every golden file compiled into this target, with its inverse method.
  static let all: [GeneratedCurve] =
    [
      GeneratedCurve(Depletion.self, method: .auto),
      GeneratedCurve(Linear.self, method: .auto),
      GeneratedCurve(SteepEnd.self, method: .auto),
      GeneratedCurve(SteepStart.self, method: .auto),
      GeneratedCurve(DepletionBisection.self, method: .bisection),
      GeneratedCurve(DepletionCardano.self, method: .cardano),
      GeneratedCurve(DepletionNewton.self, method: .newton),
      GeneratedCurve(DepletionTable.self, method: .table),
      GeneratedCurve(ArticleSteepStartNewton.self, method: .newton),
      GeneratedCurve(ArticleSteepStartBisection.self, method: .bisection),
      GeneratedCurve(ArticleSteepStartCardano.self, method: .cardano),
      GeneratedCurve(ArticleSteepStartTable.self, method: .table),
      GeneratedCurve(SteepEndSchedule.self, method: .table),
    ]
    + [
      GeneratedCurve(
        name: "SCurve", coefficients: SCurve.coefficients, level: { SCurve.level(forNormalizedElapsed: $0) },
        inverse: { SCurve.normalizedElapsed(forLevel: $0) }, method: .auto),
      GeneratedCurve(
        name: "SCurveBisection", coefficients: SCurveBisection.coefficients,
        level: { SCurveBisection.level(forNormalizedElapsed: $0) },
        inverse: { SCurveBisection.normalizedElapsed(forLevel: $0) }, method: .bisection),
      GeneratedCurve(
        name: "BernsteinDecicNewton", coefficients: BernsteinDecicNewton.coefficients,
        level: { BernsteinDecicNewton.level(forNormalizedElapsed: $0) },
        inverse: { BernsteinDecicNewton.normalizedElapsed(forLevel: $0) }, method: .newton),
    ].compactMap { $0 }

  /// The number of golden curve files (every one but the two protocols).
  static let goldenCurveCount = 16
}
