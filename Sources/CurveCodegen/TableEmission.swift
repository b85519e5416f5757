import CurveCore

/// The precomputed data of the `table` inverse, as Swift literals.
struct TableEmission: Sendable {
  /// The `static let inverseTable` declaration, or nil when the library would not use a
  /// table for this curve (it falls back to Newton).
  var data: String?
  /// Why no table is used, when ``data`` is nil.
  var reason: String
  /// The number of cells.
  var cellCount: Int
  /// The number of polish steps per query.
  var polishSteps: Int

  /// Builds the table CurveKit's `.table` method would build and spells it out.
  static func make(for cubic: Cubic) throws(CodegenError) -> TableEmission {
    TableEmission(data: nil, reason: "CubicInverseTable is not in CurveCore yet", cellCount: 0, polishSteps: 0)
  }
}
