import CurveCore

extension SpecDecoder {
  /// Reads `timeUnit`, `duration` and `durationDays` into `spec`.
  ///
  /// - `duration` is the period in the time unit; `durationDays` the period in days (the
  ///   older spelling, for days specs and a normalized spec's display period).
  /// - Every unit but `normalized` needs a period: `duration`, or `durationDays` for days.
  /// - Both given must name the same period (compared in seconds, to 1e-12 relative, so
  ///   10 hours and 0.4166666666666667 days agree); `duration` is then the one kept.
  /// - A normalized spec has no unit for `duration` to be in: its period is `durationDays`.
  /// - Throws: ``SpecError`` naming the field, at its line and column.
  func decodePeriod(
    into spec: inout CurveSpec, timeUnit unitNode: JSONNode?, duration durationNode: JSONNode?,
    durationDays daysNode: JSONNode?
  ) throws(SpecError) {
    let days = try daysNode.map { node throws(SpecError) in try positive(node, path: "durationDays") }
    let duration = try durationNode.map { node throws(SpecError) in try positive(node, path: "duration") }
    let unit = try unitNode.map { node throws(SpecError) in try choice(node, path: "timeUnit", as: TimeUnit.self) }
    spec.timeUnit = unit ?? .normalized

    if let durationNode, let duration, let daysNode, let days {
      let seconds = duration * (spec.durationUnit.secondsPerUnit ?? 86_400)
      let daySeconds = days * 86_400
      guard abs(seconds - daySeconds) <= 1e-12 * max(seconds, daySeconds) else {
        throw fail(
          "duration",
          "\(duration) \(spec.durationUnit.plural) (\(durationNode.location)) and durationDays: \(days) "
            + "(\(daysNode.location)) are different periods; give one of them",
          at: durationNode)
      }
    }
    switch spec.timeUnit {
    case .normalized:
      if let durationNode, daysNode == nil {
        throw fail(
          "duration",
          "normalized time has no unit to measure it in; add \"timeUnit\" (seconds, minutes, hours, "
            + "days or weeks), or give the period in days as \"durationDays\"",
          at: durationNode)
      }
      spec.duration = days
    case .days:
      spec.duration = duration ?? days
    default:
      if let daysNode, durationNode == nil {
        throw fail(
          "durationDays",
          "a period in days goes with \"timeUnit\": \"days\"; with \"timeUnit\": "
            + "\"\(spec.timeUnit.rawValue)\" give \"duration\", the period in \(spec.timeUnit.plural)",
          at: daysNode)
      }
      spec.duration = duration
    }
    if spec.timeUnit != .normalized, spec.duration == nil, let unitNode {
      let unit = spec.timeUnit
      let fields = unit == .days ? "\"durationDays\" or \"duration\"" : "\"duration\""
      throw fail(
        "timeUnit", "\"\(unit.rawValue)\" needs \(fields) (the length of the period in \(unit.plural))", at: unitNode)
    }
  }

  /// A finite positive number.
  private func positive(_ node: JSONNode, path: String) throws(SpecError) -> Double {
    let value = try number(node, path: path)
    guard value > 0 else { throw fail(path, "\(value) is not positive", at: node) }
    return value
  }
}
