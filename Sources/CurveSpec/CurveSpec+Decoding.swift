import CurveCore

extension CurveSpec {
  /// Parses a spec from JSON text.
  ///
  /// Validation is strict: unknown keys, wrong types, NaN or infinity (also spelled as
  /// strings like `"nan"`), t outside [0, 1] under the default constraints, duplicate t
  /// values with different levels, bad weights and bad codegen options are all errors
  /// that name the field and its line and column.
  /// - Parameters:
  ///   - text: the JSON document.
  ///   - sourceName: the file name to show in messages.
  ///
  /// - Complexity: O(n) in the length of the text.
  public static func parse(_ text: String, sourceName: String) throws(SpecError) -> CurveSpec {
    try parse(text, sourceName: sourceName, meter: NoWorkMeter())
  }

  /// Parses a spec from JSON text, reporting the reader's steps to `meter` (see
  /// ``WorkMeter``): the JSON parser's (``JSONParser/parse(_:meter:)``) and the decoder's
  /// (every array element it visits or copies, every member it compares with a known key,
  /// every step of the duplicate-t check). The linearity tests bound the total.
  package static func parse(_ text: String, sourceName: String, meter: some WorkMeter) throws(SpecError)
    -> CurveSpec
  {
    let root: JSONNode
    do {
      root = try JSONParser.parse(text, meter: meter)
    } catch {
      throw SpecError("malformed JSON: \(error.message)", source: sourceName, location: error.location)
    }
    return try SpecDecoder(source: sourceName, meter: meter).decodeSpec(root)
  }

  /// Reads and parses the spec at `path`.
  /// - Throws: ``SpecError`` when the file cannot be read or is not a valid spec.
  public static func load(path: String) throws(SpecError) -> CurveSpec {
    let sourceName = FileText.displayName(of: path)
    let text = try FileText.read(path: path, sourceName: sourceName)
    return try parse(text, sourceName: sourceName)
  }
}

/// Turns a located JSON tree into a ``CurveSpec``, naming fields by path in errors.
///
/// Paths are built only for an error message (`@autoclosure`), so a point costs no string work.
struct SpecDecoder<Meter: WorkMeter> {
  let source: String
  /// Where the decoder's steps go (see ``CurveSpec/parse(_:sourceName:meter:)``).
  let meter: Meter

  func fail(_ message: String, at node: JSONNode) -> SpecError {
    SpecError(message, source: source, location: node.location)
  }

  func object(_ node: JSONNode, path: @autoclosure () -> String, allowed: [String]) throws(SpecError)
    -> [JSONNode.Member]
  {
    guard case .object(let members) = node.kind else {
      throw fail("\(path()): expected an object, found \(node.typeDescription)", at: node)
    }
    for member in members where !allowed.contains(where: { counted($0 == member.key) }) {
      let path = path()
      throw SpecError(
        "\(path.isEmpty ? "" : path + ": ")unknown field \"\(member.key)\" (allowed: \(allowed.joined(separator: ", ")))",
        source: source, location: member.keyLocation)
    }
    return members
  }

  func number(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> Double {
    switch node.kind {
    case .number(let value):
      return value
    case .string(let text):
      let lowered = text.lowercased()
      if ["nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].contains(lowered) {
        throw fail("\(path()): \"\(text)\" is not allowed; values must be finite numbers", at: node)
      }
      throw fail("\(path()): expected a number, found a string \"\(text.abbreviated)\"", at: node)
    default:
      throw fail("\(path()): expected a number, found \(node.typeDescription)", at: node)
    }
  }

  func string(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> String {
    guard case .string(let text) = node.kind else {
      throw fail("\(path()): expected a string, found \(node.typeDescription)", at: node)
    }
    return text
  }

  func bool(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> Bool {
    guard case .bool(let value) = node.kind else {
      throw fail("\(path()): expected true or false, found \(node.typeDescription)", at: node)
    }
    return value
  }

  /// The elements of an array in the general form (a ``JSONNode/Kind/numberPairs(_:)``
  /// array is copied into it, a step per element).
  func array(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> [JSONNode] {
    switch node.kind {
    case .array(let items): return items
    case .numberPairs(let pairs): return pairs.map { counted($0.node) }
    default: throw fail("\(path()): expected an array, found \(node.typeDescription)", at: node)
    }
  }

  /// `value`, after one step reported to the meter (one comparison, one element visited).
  @inline(__always)
  func counted<T>(_ value: T) -> T {
    meter.add(1)
    return value
  }

  /// The value of the member named `key` (each member compared is a step).
  func member(_ key: String, of members: [JSONNode.Member]) -> JSONNode? {
    members.first(where: { counted($0.key == key) })?.value
  }

  func choice<T: RawRepresentable & CaseIterable>(
    _ node: JSONNode, path: @autoclosure () -> String, as type: T.Type
  ) throws(SpecError) -> T
  where T.RawValue == String {
    let text = try string(node, path: path())
    guard let value = T(rawValue: text) else {
      let options = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw fail("\(path()): unknown value \"\(text.abbreviated)\" (expected one of: \(options))", at: node)
    }
    return value
  }

  func decodeSpec(_ root: JSONNode) throws(SpecError) -> CurveSpec {
    let members = try object(root, path: "", allowed: CurveSpec.knownKeys)
    func member(_ key: String) -> JSONNode? { self.member(key, of: members) }

    guard let nameNode = member("name") else { throw fail("missing required field \"name\"", at: root) }
    let name = try string(nameNode, path: "name")
    guard !name.trimmingSpaces.isEmpty else { throw fail("name: must not be empty", at: nameNode) }

    guard let pointsNode = member("points") else { throw fail("missing required field \"points\"", at: root) }
    let pointCount: Int
    switch pointsNode.kind {
    case .numberPairs(let pairs): pointCount = pairs.count
    default: pointCount = try array(pointsNode, path: "points").count
    }
    guard pointCount > 0 else {
      throw fail("points: empty; a curve needs at least one control point", at: pointsNode)
    }

    var constraints: [FitConstraint]?
    if let node = member("constraints") { constraints = try decodeConstraints(node) }
    let points = try decodePoints(pointsNode, depletion: constraints == nil)

    var weights: [Double]?
    if let node = member("weights") {
      let items = try array(node, path: "weights")
      guard items.count == pointCount else {
        throw fail(
          "weights: \(items.count) weights for \(pointCount) points; give one weight per point", at: node)
      }
      var values: [Double] = []
      values.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        meter.add(1)
        let weight = try number(item, path: "weights[\(index)]")
        guard weight > 0 else { throw fail("weights[\(index)]: \(weight) is not positive", at: item) }
        values.append(weight)
      }
      weights = values
    }

    var degree = 3
    if let node = member("degree") {
      let value = try number(node, path: "degree")
      guard value == value.rounded(), value >= Double(CurveSpec.degrees.lowerBound),
        value <= Double(CurveSpec.degrees.upperBound)
      else {
        throw fail(
          "degree: \(value) is not an integer from \(CurveSpec.degrees.lowerBound) to \(CurveSpec.degrees.upperBound)",
          at: node
        )
      }
      degree = Int(value)
    }

    var spec = CurveSpec(
      name: name, points: points, weights: weights, degree: degree, constraints: constraints, sourceName: source)
    if let node = member("description") { spec.details = try string(node, path: "description") }
    if let node = member("monotonic") { spec.monotonic = try choice(node, path: "monotonic", as: MonotonicPolicy.self) }
    if let node = member("minSlope") {
      let value = try number(node, path: "minSlope")
      guard value >= 0 else {
        throw fail("minSlope: \(value) is negative; give the slope magnitude, e.g. 0.05", at: node)
      }
      spec.minSlope = value
    }
    if let node = member("durationDays") {
      let value = try number(node, path: "durationDays")
      guard value > 0 else { throw fail("durationDays: \(value) is not positive", at: node) }
      spec.durationDays = value
    }
    if let node = member("codegen") { spec.codegen = try decodeCodegen(node) }
    return spec
  }

  /// The points of a non-empty `points` array: flat pairs straight from
  /// ``JSONNode/Kind/numberPairs(_:)``, any other shape element by element (with its errors).
  func decodePoints(_ node: JSONNode, depletion: Bool) throws(SpecError) -> [DataPoint] {
    var points: [DataPoint] = []
    if case .numberPairs(let pairs) = node.kind {
      points.reserveCapacity(pairs.count)
      for (index, pair) in pairs.enumerated() {
        meter.add(1)
        if depletion && !(0...1).contains(pair.first) {
          throw outsideUnitInterval(index, pair.first, at: pair.firstLocation)
        }
        points.append(DataPoint(t: pair.first, y: pair.second))
      }
      if let (first, second) = CurveSpec.conflictingDuplicate(in: points, meter: meter) {
        throw conflict(points, first, second, at: pairs[second].location)
      }
      return points
    }
    let nodes = try array(node, path: "points")
    points.reserveCapacity(nodes.count)
    for (index, node) in nodes.enumerated() {
      meter.add(1)
      let pair = try array(node, path: "points[\(index)]")
      guard pair.count == 2 else {
        throw fail(
          "points[\(index)]: expected [t, level], found \(pair.count) element\(pair.count == 1 ? "" : "s")", at: node)
      }
      let t = try number(pair[0], path: "points[\(index)][0]")
      let y = try number(pair[1], path: "points[\(index)][1]")
      if depletion && !(0...1).contains(t) { throw outsideUnitInterval(index, t, at: pair[0].location) }
      points.append(DataPoint(t: t, y: y))
    }
    if let (first, second) = CurveSpec.conflictingDuplicate(in: points, meter: meter) {
      throw conflict(points, first, second, at: nodes[second].location)
    }
    return points
  }

  func outsideUnitInterval(_ index: Int, _ t: Double, at location: SourceLocation) -> SpecError {
    SpecError(
      "points[\(index)][0]: t = \(t) is outside [0, 1]; a depletion curve spans normalized time 0…1 "
        + "(give \"constraints\" explicitly for a general fit)", source: source, location: location)
  }

  func conflict(_ points: [DataPoint], _ first: Int, _ second: Int, at location: SourceLocation) -> SpecError {
    let (t, y, previous) = (points[second].t, points[second].y, points[first].y)
    return SpecError(
      "points[\(second)]: t = \(t) repeats points[\(first)] with a different level (\(y) vs \(previous))",
      source: source, location: location)
  }

  func decodeConstraints(_ node: JSONNode) throws(SpecError) -> [FitConstraint] {
    var constraints: [FitConstraint] = []
    for (index, item) in try array(node, path: "constraints").enumerated() {
      meter.add(1)
      let path = "constraints[\(index)]"
      let members = try object(item, path: path, allowed: ["t", "value", "slope"])
      func member(_ key: String) -> JSONNode? { self.member(key, of: members) }
      guard let tNode = member("t") else { throw fail("\(path): missing \"t\"", at: item) }
      let t = try number(tNode, path: path + ".t")
      switch (member("value"), member("slope")) {
      case (let value?, nil):
        constraints.append(.value(at: t, equals: try number(value, path: path + ".value")))
      case (nil, let slope?):
        constraints.append(.slope(at: t, equals: try number(slope, path: path + ".slope")))
      case (.some, .some):
        throw fail("\(path): give either \"value\" or \"slope\", not both", at: item)
      case (nil, nil):
        throw fail("\(path): missing \"value\" or \"slope\"", at: item)
      }
    }
    return constraints
  }

  func decodeCodegen(_ node: JSONNode) throws(SpecError) -> CodegenOptions {
    let members = try object(node, path: "codegen", allowed: ["typeName", "access", "inverse", "withSchedule"])
    var options = CodegenOptions()
    for member in members {
      meter.add(1)
      let path = "codegen." + member.key
      switch member.key {
      case "typeName":
        let name = try string(member.value, path: path)
        if let problem = SwiftIdentifier.problem(withTypeName: name) {
          throw fail("\(path): \(problem)", at: member.value)
        }
        options.typeName = name
      case "access": options.access = try choice(member.value, path: path, as: AccessLevel.self)
      case "inverse": options.inverse = try choice(member.value, path: path, as: InverseMethod.self)
      default: options.withSchedule = try bool(member.value, path: path)
      }
    }
    return options
  }
}

extension String {
  /// The text for an error message: at most 40 characters, then "…", on one line.
  var abbreviated: String {
    let line = String(map { $0.isNewline ? " " : $0 })
    return line.count > 40 ? String(line.prefix(40)) + "…" : line
  }

  var trimmingSpaces: Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return Substring(scalars[first...last])
  }
}
