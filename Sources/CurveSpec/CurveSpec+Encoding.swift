import CurveCore

extension CurveSpec {
  /// The spec as a JSON value, members in the house order (`name`, `description`, `timeUnit`,
  /// `levelUnit`, `points`, `weights`, `degree`, `duration` or `durationDays`, `endpoints`,
  /// `constraints`, `milestones`, `monotonic`, `minSlope`, `codegen`), every number in the
  /// spec's own units. A period in days is written `durationDays` (as every days spec always
  /// was), one in another unit `duration`.
  ///
  /// Fields at their defaults are left out (`normalized` time, `fraction` levels, endpoints
  /// on, no constraints or milestones, `monotonic` `require`), except `degree`, which is always
  /// written. Integral numbers are written without a fraction (`3`, `7`, `0`), as the example
  /// specs are. Reading the value back with ``parse(_:sourceName:)`` gives the same spec.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
    if let details { members.append(("description", .string(details))) }
    if timeUnit != .normalized { members.append(("timeUnit", .string(timeUnit.rawValue))) }
    if levelUnit != .fraction { members.append(("levelUnit", .string(levelUnit.rawValue))) }
    members.append(("points", .array(points.map { .array([Self.number($0.t), Self.number($0.y)]) })))
    if let weights { members.append(("weights", .array(weights.map(Self.number)))) }
    members.append(("degree", .integer(degree)))
    if let duration { members.append((durationUnit == .days ? "durationDays" : "duration", Self.number(duration))) }
    if !endpoints { members.append(("endpoints", .bool(false))) }
    if !constraints.isEmpty {
      let items: [JSONValue] = constraints.map { constraint in
        switch constraint {
        case .value(let t, let value): return .object([("t", Self.number(t)), ("value", Self.number(value))])
        case .slope(let t, let slope): return .object([("t", Self.number(t)), ("slope", Self.number(slope))])
        }
      }
      members.append(("constraints", .array(items)))
    }
    if !milestones.isEmpty {
      let items: [JSONValue] = milestones.map { milestone in
        switch milestone {
        case .atLeast(let level, let until):
          return .object([("until", Self.number(until)), ("atLeast", Self.number(level))])
        case .atMost(let level, let from):
          return .object([("from", Self.number(from)), ("atMost", Self.number(level))])
        }
      }
      members.append(("milestones", .array(items)))
    }
    if monotonic != .require { members.append(("monotonic", .string(monotonic.rawValue))) }
    if let minSlope { members.append(("minSlope", Self.number(minSlope))) }
    var options: [(key: String, value: JSONValue)] = []
    if let typeName = codegen.typeName { options.append(("typeName", .string(typeName))) }
    if let access = codegen.access { options.append(("access", .string(access.rawValue))) }
    if let inverse = codegen.inverse { options.append(("inverse", .string(inverse.rawValue))) }
    if let withSchedule = codegen.withSchedule { options.append(("withSchedule", .bool(withSchedule))) }
    if let names = codegen.conformances { options.append(("conformsTo", .array(names.map { .string($0) }))) }
    if let packageName = codegen.packageName { options.append(("package", .string(packageName))) }
    if let limits = codegen.progressSegments { options.append(("progressSegments", .array(limits.map(Self.number)))) }
    if !options.isEmpty { members.append(("codegen", .object(options))) }
    return .object(members)
  }

  /// The spec as a `*.curve.json` document in the house style, ending in a newline: one
  /// member per line, one point or constraint per line, small objects on one line.
  /// Deterministic: the same spec always gives the same bytes.
  public var jsonText: String { JSONWriter.specStyle(jsonValue) + "\n" }

  /// An integral double of moderate size as an integer literal, any other as a number.
  static func number(_ value: Double) -> JSONValue {
    // `Int(exactly:)`, not `Int(_:)`: where `Int` is 32 bits (wasm32) an integral value of
    // 2³¹ or more does not fit and is written as a number instead of trapping.
    if value == value.rounded(), abs(value) < 0x1p53, let integer = Int(exactly: value) { return .integer(integer) }
    return .number(value)
  }
}

extension JSONWriter {
  /// The house style of spec files: the top-level object with one member per line; an array
  /// of arrays or objects with one element per line; everything deeper on one line, with
  /// `", "` and `": "` separators. No trailing newline.
  public static func specStyle(_ value: JSONValue) -> String {
    guard case .object(let members) = value, !members.isEmpty else { return inline(value) }
    var output = "{\n"
    for (index, member) in members.enumerated() {
      output += "  " + quoted(member.key) + ": "
      if case .array(let items) = member.value, !items.isEmpty, items.contains(where: { $0.isComposite }) {
        output += "[\n" + items.map { "    " + inline($0) }.joined(separator: ",\n") + "\n  ]"
      } else {
        output += inline(member.value)
      }
      output += index + 1 < members.count ? ",\n" : "\n"
    }
    return output + "}"
  }

  /// One line: `[1, 2]`, `{"t": 0, "value": 1}`.
  static func inline(_ value: JSONValue) -> String {
    switch value {
    case .array(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { quoted($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + "}"
    default: return string(value, pretty: false)
    }
  }
}

extension JSONValue {
  /// True for arrays and objects.
  var isComposite: Bool {
    switch self {
    case .array, .object: return true
    default: return false
    }
  }
}
