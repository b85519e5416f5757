import CurveCore

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
extension DepletionTable: GeneratedCurveType {}
extension ArticleSteepStartTable: GeneratedCurveType {}

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
  /// The library's inverse for the same method, made for the curve's coefficients.
  var libraryInverse: @Sendable (Double) -> Double

  var description: String { name }

  init(_ type: any GeneratedCurveType.Type, method: InverseMethod) {
    name = String(describing: type)
    let cubic = Cubic(a: type.a, b: type.b, c: type.c, d: type.d)
    self.cubic = cubic
    level = { type.level(forNormalizedElapsed: $0) }
    inverse = { type.normalizedElapsed(forLevel: $0) }
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

  /// Every golden file compiled into this target, with its inverse method.
  static let all: [GeneratedCurve] = [
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
  ]
}
