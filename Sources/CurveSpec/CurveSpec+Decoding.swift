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
    try parse(utf8: Array(text.utf8), sourceName: sourceName)
  }

  /// Parses a spec from the UTF-8 bytes of a JSON document (what ``load(path:)`` reads):
  /// the bytes are scanned once, with no intermediate `String`.
  /// - Throws: ``SpecError`` for invalid UTF-8, malformed JSON or an invalid spec.
  /// - Complexity: O(n) in the number of bytes.
  public static func parse(utf8 bytes: [UInt8], sourceName: String) throws(SpecError) -> CurveSpec {
    try parse(utf8: bytes, sourceName: sourceName, meter: NoWorkMeter())
  }

  /// ``parse(_:sourceName:)``, reporting the reader's steps to `meter` (see ``WorkMeter``).
  package static func parse(_ text: String, sourceName: String, meter: some WorkMeter) throws(SpecError)
    -> CurveSpec
  {
    try parse(utf8: Array(text.utf8), sourceName: sourceName, meter: meter)
  }

  /// ``parse(utf8:sourceName:)``, reporting the reader's steps to `meter` (see
  /// ``WorkMeter``): the UTF-8 check's (a step per byte it decodes), the JSON parser's
  /// (``JSONParser/parse(utf8:meter:)``) and the decoder's (every array element it visits
  /// or copies, every member it compares with a known key, every step of the duplicate-t
  /// check). The linearity tests bound the total.
  package static func parse(utf8 bytes: [UInt8], sourceName: String, meter: some WorkMeter) throws(SpecError)
    -> CurveSpec
  {
    if let offset = firstInvalidUTF8(bytes, meter: meter) {
      throw SpecError("the file is not valid UTF-8 text (byte \(offset + 1))", source: sourceName)
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(utf8: bytes, meter: meter)
    } catch {
      throw SpecError("malformed JSON: \(error.message)", source: sourceName, location: error.location)
    }
    return try SpecDecoder(source: sourceName, meter: meter).decodeSpec(root)
  }

  /// Reads and parses the spec at `path`.
  /// - Throws: ``SpecError`` when the file cannot be read or is not a valid spec.
  public static func load(path: String) throws(SpecError) -> CurveSpec {
    let sourceName = FileIO.displayName(of: path)
    return try parse(utf8: FileIO.readSpecBytes(path: path, sourceName: sourceName), sourceName: sourceName)
  }

  /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or nil.
  /// - Complexity: O(n), one pass, no allocation.
  static func firstInvalidUTF8(_ bytes: [UInt8], meter: some WorkMeter) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        meter.add(scalar.count)
        offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}

/// Turns a located JSON tree into a ``CurveSpec``, naming fields by path in errors.
///
/// Paths are built only for an error message (`@autoclosure`), so a point costs no string work.
struct SpecDecoder<Meter: WorkMeter> {
  let source: String
  /// Where the decoder's steps go (see ``CurveSpec/parse(utf8:sourceName:meter:)``).
  let meter: Meter
  /// The spec's units, once read: in a spec written in units, errors name fields in words
  /// ("point 3", ``SpecFieldWords``) instead of JSON paths.
  var units = CurveUnits.normalized

  func fail(_ message: String, at node: JSONNode) -> SpecError { fail(message, at: node.location) }

  func fail(_ message: String, at location: SourceLocation) -> SpecError {
    SpecError(message, source: source, location: location)
  }

  /// An error about `field` (a path such as `points[3][0]`): `field: problem`, with the field
  /// carried as data (``SpecError/field``). An empty path (the root) names no field.
  func fail(_ field: String, _ problem: String, at node: JSONNode) -> SpecError {
    fail(field, problem, at: node.location)
  }

  /// An error about `field` at `location` (see ``fail(_:_:at:)-(String,_,JSONNode)``); in a
  /// spec written in units the field is named in words (``SpecFieldWords``).
  func fail(_ field: String, _ problem: String, at location: SourceLocation) -> SpecError {
    guard units.speaksInUnits, !field.isEmpty else {
      return SpecError("\(field): \(problem)", source: source, location: location, field: field.isEmpty ? nil : field)
    }
    let words = SpecFieldWords.words(for: field)
    return SpecError("\(words): \(problem)", source: source, location: location, field: field, fieldWords: words)
  }

  /// `missing required field "name"`, about the field `name`.
  func fail(missing field: String, at node: JSONNode) -> SpecError {
    SpecError("missing required field \"\(field)\"", source: source, location: node.location, field: field)
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

  func object(_ node: JSONNode, path: @autoclosure () -> String, allowed: [String]) throws(SpecError)
    -> [JSONNode.Member]
  {
    guard case .object(let members) = node.kind else {
      throw fail(path(), "expected an object, found \(node.typeDescription)", at: node)
    }
    for member in members where !allowed.contains(where: { counted($0 == member.key) }) {
      let path = path()
      let words = units.speaksInUnits && !path.isEmpty ? SpecFieldWords.words(for: path) : nil
      let subject = words ?? path
      throw SpecError(
        "\(subject.isEmpty ? "" : subject + ": ")unknown field \"\(member.key)\" "
          + "(allowed: \(allowed.joined(separator: ", ")))",
        source: source, location: member.keyLocation, field: path.isEmpty ? member.key : path, fieldWords: words)
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
        throw fail(path(), "\"\(text)\" is not allowed; values must be finite numbers", at: node)
      }
      throw fail(path(), "expected a number, found a string \"\(text.abbreviated)\"", at: node)
    default:
      throw fail(path(), "expected a number, found \(node.typeDescription)", at: node)
    }
  }

  func string(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> String {
    guard case .string(let text) = node.kind else {
      throw fail(path(), "expected a string, found \(node.typeDescription)", at: node)
    }
    return text
  }

  func bool(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> Bool {
    guard case .bool(let value) = node.kind else {
      throw fail(path(), "expected true or false, found \(node.typeDescription)", at: node)
    }
    return value
  }

  /// The elements of an array in the general form (a ``JSONNode/Kind/numberPairs(_:)``
  /// array is copied into it, a step per element).
  func array(_ node: JSONNode, path: @autoclosure () -> String) throws(SpecError) -> [JSONNode] {
    switch node.kind {
    case .array(let items): return items
    case .numberPairs(let pairs): return pairs.map { counted($0.node) }
    default: throw fail(path(), "expected an array, found \(node.typeDescription)", at: node)
    }
  }

  func choice<T: RawRepresentable & CaseIterable>(
    _ node: JSONNode, path: @autoclosure () -> String, as type: T.Type
  ) throws(SpecError) -> T
  where T.RawValue == String {
    let text = try string(node, path: path())
    guard let value = T(rawValue: text) else {
      let options = T.allCases.map { $0.rawValue }.joined(separator: ", ")
      throw fail(path(), "unknown value \"\(text.abbreviated)\" (expected one of: \(options))", at: node)
    }
    return value
  }

  func decodeSpec(_ root: JSONNode) throws(SpecError) -> CurveSpec {
    let members = try object(root, path: "", allowed: CurveSpec.knownKeys)
    func member(_ key: String) -> JSONNode? { self.member(key, of: members) }

    guard let nameNode = member("name") else { throw fail(missing: "name", at: root) }
    let name = try string(nameNode, path: "name")
    guard !name.trimmingSpaces.isEmpty else { throw fail("name", "must not be empty", at: nameNode) }

    var spec = CurveSpec(name: name, points: [], sourceName: source)
    if let node = member("description") { spec.details = try string(node, path: "description") }
    try decodePeriod(
      into: &spec, timeUnit: member("timeUnit"), duration: member("duration"),
      durationDays: member("durationDays"))
    if let node = member("levelUnit") { spec.levelUnit = try choice(node, path: "levelUnit", as: LevelUnit.self) }
    if let node = member("endpoints") { spec.endpoints = try bool(node, path: "endpoints") }
    var worded = self
    worded.units = spec.units
    try worded.decodeValues(of: members, root: root, into: &spec)
    return spec
  }

  /// The members of a spec whose values are in its units (points on), into `spec` (whose
  /// name, period, level unit and endpoints are read).
  func decodeValues(of members: [JSONNode.Member], root: JSONNode, into spec: inout CurveSpec) throws(SpecError) {
    func member(_ key: String) -> JSONNode? { self.member(key, of: members) }
    let ranges = UnitRanges(units: spec.units, endpoints: spec.endpoints)

    guard let pointsNode = member("points") else { throw fail(missing: "points", at: root) }
    let pointCount: Int
    switch pointsNode.kind {
    case .numberPairs(let pairs): pointCount = pairs.count
    default: pointCount = try array(pointsNode, path: "points").count
    }
    guard pointCount > 0 else {
      throw fail("points", "empty; a curve needs at least one control point", at: pointsNode)
    }
    spec.points = try decodePoints(pointsNode, ranges: ranges)

    if let node = member("weights") {
      let items = try array(node, path: "weights")
      guard items.count == pointCount else {
        throw fail(
          "weights", "\(items.count) weights for \(pointCount) points; give one weight per point", at: node)
      }
      var values: [Double] = []
      values.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        meter.add(1)
        let weight = try number(item, path: "weights[\(index)]")
        guard weight > 0 else { throw fail("weights[\(index)]", "\(weight) is not positive", at: item) }
        values.append(weight)
      }
      spec.weights = values
    }

    if let node = member("degree") {
      let value = try number(node, path: "degree")
      guard value == value.rounded(), value >= Double(CurveSpec.degrees.lowerBound),
        value <= Double(CurveSpec.degrees.upperBound)
      else {
        throw fail(
          "degree",
          "\(value) is not an integer from \(CurveSpec.degrees.lowerBound) to \(CurveSpec.degrees.upperBound)",
          at: node
        )
      }
      spec.degree = Int(value)
    }

    if let node = member("constraints") { spec.constraints = try decodeConstraints(node, ranges: ranges) }
    if spec.endpoints,
      let (index, constraint) = CurveSpec.endpointConflict(in: spec.constraints.map(spec.units.normalized)),
      case .array(let items) = member("constraints")?.kind
    {
      throw fail(
        "constraints[\(index)]",
        "\(spec.units.describe(constraint: constraint)) contradicts the depletion endpoints "
          + "\(spec.units.endpointsDescription); add \"endpoints\": false to fit without them", at: items[index])
    }
    if let node = member("monotonic") { spec.monotonic = try choice(node, path: "monotonic", as: MonotonicPolicy.self) }
    if let node = member("milestones") {
      spec.milestones = try decodeMilestones(node, ranges: ranges)
      if spec.monotonic == .ignore, !spec.milestones.isEmpty {
        throw fail(
          "milestones",
          "they need \"monotonic\": \"require\" or \"enforce\"; only a monotone curve makes each "
            + "milestone a condition at one point", at: node)
      }
    }
    if let node = member("minSlope") {
      let value = try number(node, path: "minSlope")
      guard value >= 0 else {
        throw fail("minSlope", "\(value) is negative; give the slope magnitude, e.g. 0.05", at: node)
      }
      spec.minSlope = value
    }
    if let node = member("codegen") { spec.codegen = try decodeCodegen(node) }
  }

  /// The points of a non-empty `points` array: flat pairs straight from
  /// ``JSONNode/Kind/numberPairs(_:)``, any other shape element by element (with its errors).
  func decodePoints(_ node: JSONNode, ranges: UnitRanges) throws(SpecError) -> [DataPoint] {
    var points: [DataPoint] = []
    if case .numberPairs(let pairs) = node.kind {
      points.reserveCapacity(pairs.count)
      for (index, pair) in pairs.enumerated() {
        meter.add(1)
        if let problem = ranges.timeProblem(pair.first) {
          throw fail("points[\(index)][0]", problem, at: pair.firstLocation)
        }
        if let problem = ranges.pointLevelProblem(pair.second) {
          throw fail("points[\(index)][1]", problem, at: pair.secondLocation)
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
          "points[\(index)]", "expected [t, level], found \(pair.count) element\(pair.count == 1 ? "" : "s")", at: node)
      }
      let t = try number(pair[0], path: "points[\(index)][0]")
      let y = try number(pair[1], path: "points[\(index)][1]")
      if let problem = ranges.timeProblem(t) { throw fail("points[\(index)][0]", problem, at: pair[0]) }
      if let problem = ranges.pointLevelProblem(y) { throw fail("points[\(index)][1]", problem, at: pair[1]) }
      points.append(DataPoint(t: t, y: y))
    }
    if let (first, second) = CurveSpec.conflictingDuplicate(in: points, meter: meter) {
      throw conflict(points, first, second, at: nodes[second].location)
    }
    return points
  }

  func conflict(_ points: [DataPoint], _ first: Int, _ second: Int, at location: SourceLocation) -> SpecError {
    let (t, y, previous) = (points[second].t, points[second].y, points[first].y)
    guard units.speaksInUnits else {
      return fail(
        "points[\(second)]", "t = \(t) repeats points[\(first)] with a different level (\(y) vs \(previous))",
        at: location)
    }
    return SpecError(
      "point \(second + 1) (\(units.describe(givenTime: t))) repeats point \(first + 1) with a different level "
        + "(\(units.describe(givenLevel: y)) vs \(units.describe(givenLevel: previous)))",
      source: source, location: location, field: "points[\(second)]", fieldWords: "point \(second + 1)")
  }

  func decodeMilestones(_ node: JSONNode, ranges: UnitRanges) throws(SpecError) -> [Milestone] {
    var milestones: [Milestone] = []
    let items = try array(node, path: "milestones")
    for (index, item) in items.enumerated() {
      meter.add(1)
      let path = "milestones[\(index)]"
      let members = try object(item, path: path, allowed: ["until", "atLeast", "from", "atMost"])
      func member(_ key: String) -> JSONNode? { self.member(key, of: members) }
      let milestone: Milestone
      switch (member("until"), member("atLeast"), member("from"), member("atMost")) {
      case (let until?, let level?, nil, nil):
        milestone = .atLeast(
          level: try number(level, path: path + ".atLeast"), until: try number(until, path: path + ".until"))
      case (nil, nil, let from?, let level?):
        milestone = .atMost(
          level: try number(level, path: path + ".atMost"), from: try number(from, path: path + ".from"))
      default:
        throw fail(
          "\(path)", "expected {\"until\": T, \"atLeast\": LEVEL} or {\"from\": T, \"atMost\": LEVEL}", at: item)
      }
      let key = milestone.isAtLeast ? "until" : "from"
      if let problem = ranges.timeProblem(milestone.t), let at = member(key) {
        throw fail("\(path).\(key)", problem, at: at)
      }
      let levelKey = milestone.isAtLeast ? "atLeast" : "atMost"
      if let problem = ranges.levelProblem(milestone.level), let at = member(levelKey) {
        throw fail("\(path).\(levelKey)", problem, at: at)
      }
      milestones.append(milestone)
    }
    if let (first, second) = CurveSpec.contradictingMilestones(milestones) {
      let units = ranges.units
      let (one, other) = (units.normalized(milestones[first]), units.normalized(milestones[second]))
      let (firstName, secondName) =
        units.speaksInUnits
        ? ("milestone \(first + 1)", "milestone \(second + 1)") : ("milestones[\(first)]", "milestones[\(second)]")
      throw SpecError(
        "\(firstName) (\(one.describe(in: units))) and \(secondName) (\(other.describe(in: units))) contradict each "
          + "other: no level can be both", source: source, location: items[second].location,
        field: "milestones[\(second)]", fieldWords: units.speaksInUnits ? secondName : nil)
    }
    return milestones
  }

  func decodeConstraints(_ node: JSONNode, ranges: UnitRanges) throws(SpecError) -> [FitConstraint] {
    var constraints: [FitConstraint] = []
    for (index, item) in try array(node, path: "constraints").enumerated() {
      meter.add(1)
      let path = "constraints[\(index)]"
      let members = try object(item, path: path, allowed: ["t", "value", "slope"])
      func member(_ key: String) -> JSONNode? { self.member(key, of: members) }
      guard let tNode = member("t") else { throw fail(path, "missing \"t\"", at: item) }
      let t = try number(tNode, path: path + ".t")
      if let problem = ranges.timeProblem(t) { throw fail("\(path).t", problem, at: tNode) }
      switch (member("value"), member("slope")) {
      case (let value?, nil):
        let level = try number(value, path: path + ".value")
        if let problem = ranges.levelProblem(level) { throw fail("\(path).value", problem, at: value) }
        constraints.append(.value(at: t, equals: level))
      case (nil, let slope?):
        constraints.append(.slope(at: t, equals: try number(slope, path: path + ".slope")))
      case (.some, .some):
        throw fail(path, "give either \"value\" or \"slope\", not both", at: item)
      case (nil, nil):
        throw fail(path, "missing \"value\" or \"slope\"", at: item)
      }
    }
    return constraints
  }

  func decodeCodegen(_ node: JSONNode) throws(SpecError) -> CodegenOptions {
    let members = try object(
      node, path: "codegen",
      allowed: ["typeName", "access", "inverse", "withSchedule", "conformsTo", "package", "progressSegments"])
    var options = CodegenOptions()
    for member in members {
      meter.add(1)
      let path = "codegen." + member.key
      switch member.key {
      case "typeName":
        let name = try string(member.value, path: path)
        if let problem = SwiftIdentifier.problem(withTypeName: name) {
          throw fail(path, problem, at: member.value)
        }
        options.typeName = name
      case "access": options.access = try choice(member.value, path: path, as: AccessLevel.self)
      case "inverse": options.inverse = try choice(member.value, path: path, as: InverseMethod.self)
      case "conformsTo": options.conformances = try protocolNames(member.value, path: path)
      case "package": options.packageName = try string(member.value, path: path)
      case "progressSegments":
        var limits: [Double] = []
        for (index, item) in try array(member.value, path: path).enumerated() {
          let limit = try number(item, path: "\(path)[\(index)]")
          guard limit > 0 else {
            throw fail("\(path)[\(index)]", "a limit in percentage points must be positive", at: item)
          }
          limits.append(limit)
        }
        options.progressSegments = limits
      default: options.withSchedule = try bool(member.value, path: path)
      }
    }
    return options
  }

  /// `"conformsTo"`: an array of protocol names, each a Swift identifier.
  func protocolNames(_ node: JSONNode, path: String) throws(SpecError) -> [String] {
    let items = try array(node, path: path)
    var names: [String] = []
    for (index, item) in items.enumerated() {
      meter.add(1)
      let name = try string(item, path: "\(path)[\(index)]")
      if let problem = SwiftIdentifier.problem(withTypeName: name) {
        throw fail("\(path)[\(index)]", problem, at: item)
      }
      names.append(name)
    }
    return names
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

/// The spans a curve's times and levels must lie in, with the messages that explain them:
/// the spec reader's, and the resolver's for values given on the command line.
package struct UnitRanges: Sendable {
  /// The units the values are written in.
  package let units: CurveUnits
  /// True when the depletion endpoints hold (then normalized time is [0, 1] and fractional
  /// levels [0, 1]).
  package let endpoints: Bool
  /// How to ask for a general fit, for the messages ("add \"endpoints\": false", "pass --unconstrained").
  package let generalFitHint: String
  /// How to switch to percent, for the messages.
  package let percentHint: String

  /// Ranges for `units` and `endpoints`, with hints in the spec's words.
  package init(
    units: CurveUnits, endpoints: Bool, generalFitHint: String = "add \"endpoints\": false for a general fit",
    percentHint: String = "add \"levelUnit\": \"percent\""
  ) {
    self.units = units
    self.endpoints = endpoints
    self.generalFitHint = generalFitHint
    self.percentHint = percentHint
  }

  /// Why `t` is out of range, or nil: times in a unit always lie in 0…duration ("day 9.0 is
  /// outside the period, days 0…7"); normalized time in [0, 1] while the depletion endpoints
  /// hold.
  package func timeProblem(_ t: Double) -> String? {
    if let duration = units.duration {
      let unit = units.timeUnit
      return (0...duration).contains(t)
        ? nil
        : "\(unit.singular) \(CurveUnits.text(t)) is outside the period, \(unit.plural) 0…\(CurveUnits.text(duration))"
    }
    guard endpoints, !(0...1).contains(t) else { return nil }
    return "t = \(t) is outside [0, 1]; a depletion curve spans normalized time 0…1 (\(generalFitHint))"
  }

  /// Why `level` is out of range, or nil: percent always lies in 0…100; fractions in [0, 1]
  /// while the depletion endpoints hold.
  package func levelProblem(_ level: Double) -> String? {
    if units.percent {
      return (0...100).contains(level) ? nil : "level \(CurveUnits.text(level)) % is outside 0…100 %"
    }
    guard endpoints, !(0...1).contains(level) else { return nil }
    let hint = level > 1 && level <= 100 ? "; it looks like a percentage: \(percentHint)" : " (\(generalFitHint))"
    return "level \(level) is outside [0, 1], the depletion curve's range from empty to full" + hint
  }

  /// Why a data point's `level` cannot be a level in these units, or nil. Measured data near
  /// full or empty strays a little past the ends, and that is data, not a unit mistake, so a
  /// point is refused only where it looks like the other unit or like no level at all:
  /// beyond −50…150 % in percent, or −0.5…1.5 in fractions while the depletion endpoints hold
  /// (milestones and constraints, which are the designer's own numbers, keep
  /// ``levelProblem(_:)``). Every route a point comes by (a spec, `--point`, `--data`) uses
  /// this rule.
  package func pointLevelProblem(_ level: Double) -> String? {
    if units.percent {
      return (-50...150).contains(level) ? nil : "level \(CurveUnits.text(level)) % is far outside 0…100 %"
    }
    guard endpoints, !(-0.5...1.5).contains(level) else { return nil }
    let hint = level > 1.5 && level <= 150 ? "; it looks like a percentage: \(percentHint)" : " (\(generalFitHint))"
    return "level \(level) is far outside [0, 1], the depletion curve's range from empty to full" + hint
  }
}

extension Milestone {
  /// True for ``atLeast(level:until:)``.
  var isAtLeast: Bool {
    if case .atLeast = self { return true }
    return false
  }
}
