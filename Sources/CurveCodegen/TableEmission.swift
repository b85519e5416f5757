import CurveCore

/// The precomputed data of the `table` inverse, as Swift literals.
struct TableEmission: Sendable {
  /// The `static let inverseTable` declaration (indented two spaces, ending in a newline),
  /// or nil when CurveKit would not use a table for this curve (it falls back to Newton).
  var data: String?
  /// Why no table is used, when ``data`` is nil.
  var reason: String
  /// The number of cells.
  var cellCount: Int
  /// The number of polish steps per query.
  var polishSteps: Int

  /// Builds the table CurveKit's `.table` method builds (``CubicInverseTable`` with its
  /// default cell count) and spells out its query data. A curve the table refuses, or one
  /// on which the table's build-time check fell back to Newton, gets no table, exactly as
  /// in the library.
  /// - Throws: ``CodegenError/nonFiniteValue(_:)`` if a table value is not finite.
  /// - Complexity: the table build, about 18 × 64 Newton solves.
  static func make(for cubic: Cubic) throws(CodegenError) -> TableEmission {
    let table: CubicInverseTable
    do {
      table = try CubicInverseTable(cubic)
    } catch {
      return TableEmission(data: nil, reason: "no table: \(error.description)", cellCount: 0, polishSteps: 0)
    }
    if table.usesNewtonFallback {
      return TableEmission(
        data: nil, reason: "the table's build-time accuracy check fell back to Newton", cellCount: table.cellCount,
        polishSteps: 0)
    }
    let fields = table.kernelTableFields
    var text = "  /// The inverse table's query data (\(table.cellCount) cells), as CubicInverseTable builds it.\n"
    text += "  static let inverseTable = CubicInverseKernel.Table(\n"
    for field in fields.table {
      text += "    \(field.label): \(try literal(field, what: "table field \(field.label)")),\n"
    }
    text += "    cells: [\n"
    for (index, cell) in fields.cells.enumerated() {
      var arguments: [String] = []
      for field in cell {
        arguments.append("\(field.label): \(try literal(field, what: "cell \(index) \(field.label)"))")
      }
      text += "      .init(\(arguments.joined(separator: ", "))),\n"
    }
    text += "    ])\n"
    return TableEmission(data: text, reason: "", cellCount: table.cellCount, polishSteps: table.polishSteps)
  }

  /// A field's literal: `true`/`false` for a flag, an integer for `polishSteps`, else a
  /// round-trip Double literal.
  static func literal(_ field: CubicInverseTable.KernelField, what: String) throws(CodegenError) -> String {
    if field.isFlag { return field.value != 0 ? "true" : "false" }
    if field.label == "polishSteps" { return String(Int(field.value)) }
    return try SwiftLiteral.double(field.value, what: what)
  }
}
