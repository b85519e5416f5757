import CurveCore
import CurveDesign
import CurveEasing
import CurvePipeline
import CurveSpec

extension StudioAPI {
  /// The longest easing text `/api/shape` reads (a `cubic-bezier()` is far shorter).
  static let easingTextLimit = 400
  /// The distance, in progress units, the import's degree advice aims under: half a percentage point.
  static let adviceDistance = 0.005

  /// `POST /api/shape`: `{"spec": …, "easing": "cubic-bezier(…)" | keyword}` (a pasted or typed
  /// easing) or `{"spec": …, "preset": ID}` (a ``StudioLibrary`` entry). The answer is the spec
  /// with the new shape's points in the spec's own units, keeping everything the designer set
  /// (exact points, slope constraints, milestones, the monotonic policy, the minimum slope,
  /// name, period and code options), and saying so:
  /// `{"spec", "units", "summary", "keeps": […], "replaces"}`. For an easing, also what was pasted,
  /// the easing read, the **certified** largest distance between the fitted curve and the easing
  /// in percentage points (``ExactDistanceBound``, exact arithmetic: an upper bound, rounded up),
  /// and the lowest degree whose fit is certified under 0.5 pp (`"lowestDegree"`, null when none).
  /// A shape that cannot keep what the designer set (a milestone it cannot meet) is a 422 in words.
  package static func shape(_ body: [UInt8], sourceName: String) -> Result<JSONValue, Failure> {
    let root: JSONNode
    switch parsedBody(body) {
    case .failure(let failure): return .failure(failure)
    case .success(let parsed): root = parsed
    }
    return spec(in: root, sourceName: sourceName).flatMap { current in
      guard case .object(let members) = root.kind else {
        return .failure(Failure(status: 400, message: "not an object"))
      }
      func text(_ key: String) -> String? {
        guard let node = members.first(where: { $0.key == key })?.value, case .string(let value) = node.kind else {
          return nil
        }
        return value
      }
      if let pasted = text("easing") {
        guard pasted.utf8.count <= easingTextLimit else {
          return .failure(Failure(status: 422, message: "that text is too long to be an easing"))
        }
        let easing: EasingTarget
        do throws(EasingError) {
          let text = pasted.lowercased().drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
          let isLinear = text.hasPrefix("linear") && text.contains("(")
          easing = isLinear ? .linear(try CSSLinearEasing.parse(pasted)) : .bezier(try CSSEasing.parse(pasted))
        } catch {
          return .failure(Failure(status: 422, message: error.description))
        }
        return shaped(current, StudioLibrary.shape(of: easing), label: easing.cssFunction, pasted: pasted)
      }
      if let id = text("preset") {
        guard let entry = StudioLibrary.entry(id: id) else {
          return .failure(Failure(status: 422, message: "no preset '\(EchoedText.escaped(id))' in the library"))
        }
        let label = entry.group == "Article" ? entry.name : "\(entry.group) \(entry.name)"
        return shaped(current, StudioLibrary.shape(of: entry), label: label, pasted: nil)
      }
      return .failure(Failure(status: 400, message: "say what to apply: \"easing\": TEXT or \"preset\": ID"))
    }
  }

  /// `current` with `shape`'s points, in its units, keeping the designer's settings; checked
  /// by loading it as a file and fitting it.
  static func shaped(
    _ current: CurveSpec, _ shape: StudioLibrary.Shape, label: String, pasted: String?
  ) -> Result<JSONValue, Failure> {
    var normalized = CurveSpec(
      name: current.name, points: shape.points, degree: current.degree, constraints: shape.constraints)
    var next: CurveSpec
    if current.timeUnit == .normalized && current.levelUnit == .fraction {
      normalized.duration = current.duration
      next = normalized
    } else {
      do {
        next = try normalized.checkedConversion(
          timeUnit: current.timeUnit, levelUnit: current.levelUnit, duration: current.duration)
      } catch {
        return .failure(Failure(status: 422, message: "\(label) could not be put in this spec's units: \(error)"))
      }
    }
    // What the designer set stays: their constraints win over the shape's at the same time.
    let own = current.constraints
    next.constraints =
      next.constraints.filter { shaped in !own.contains { sameKind($0, shaped) && $0.t == shaped.t } } + own
    next.milestones = current.milestones
    next.monotonic = current.monotonic
    next.minSlope = current.minSlope
    next.endpoints = current.endpoints
    next.codegen = current.codegen
    next.details = current.details
    let keeps = kept(current)
    let replaces = "replaces the \(current.points.count) point\(current.points.count == 1 ? "" : "s")"
    do {
      next = try CurveSpec.parse(utf8: Array(next.jsonText.utf8), sourceName: current.sourceName)
    } catch {
      return .failure(Failure(status: 422, message: "\(label) does not make a spec that loads: \(error.message)"))
    }
    let curve: FittedCurve
    switch resolve(next) {
    case .failure(let failure):
      let kept = keeps.isEmpty ? "" : " while keeping \(keeps.joined(separator: ", "))"
      return .failure(Failure(status: 422, message: "\(label) cannot be fitted\(kept): \(failure.message)"))
    case .success(let fitted): curve = fitted
    }
    // A milestone the shape cannot meet bends the curve up past full: refused in words, never shown.
    if !curve.verdict.isDecreasing, next.monotonic != .ignore, !next.milestones.isEmpty {
      var free = next
      free.milestones = []
      if case .success(let without) = resolve(free), without.verdict.isDecreasing {
        let count = next.milestones.count
        return .failure(
          Failure(
            status: 422,
            message: "\(label) cannot be fitted while keeping \(count) milestone\(count == 1 ? "" : "s"): "
              + "the curve would rise; change the milestone or choose another shape"
          ))
      }
    }
    var members: [(key: String, value: JSONValue)] = [
      ("spec", next.jsonValue), ("units", PlotData.unitsJSON(spec: next.units, display: next.displayUnits)),
      ("keeps", .array(keeps.map(JSONValue.string))), ("replaces", .string(replaces)),
      ("degree", .integer(next.degree)),
    ]
    var summary = "\(label) as a degree-\(next.degree) curve"
    if let easing = shape.easing {
      let distance = easing.certifiedDistance(level: curve.polynomial)
      let lowest = lowestDegree(next, easing)
      members += [
        ("pasted", pasted.map(JSONValue.string) ?? .null), ("easing", .string(easing.cssFunction)),
        ("distance", .number(percentagePoints(distance))), ("lowestDegree", lowest.map(JSONValue.integer) ?? .null),
        ("clamped", .bool(shape.clamped)),
      ]
      summary += ": at most \(percentagePoints(distance)) pp from the easing (certified)"
      if let lowest {
        summary +=
          lowest < next.degree
          ? "; degree \(lowest) is already under 0.5 pp"
          : lowest == next.degree ? "" : "; degree \(lowest) brings it under 0.5 pp"
      } else {
        summary += "; no degree up to \(adviceDegrees.upperBound) brings it under 0.5 pp with these points"
      }
      if shape.clamped { summary += " (the easing overshoots; its points are held between empty and full)" }
    }
    summary += keeps.isEmpty ? "; \(replaces)" : "; keeps \(keeps.joined(separator: ", ")); \(replaces)"
    members.append(("summary", .string(summary + ".")))
    return .success(.object(members))
  }

  static func sameKind(_ a: FitConstraint, _ b: FitConstraint) -> Bool {
    switch (a, b) {
    case (.value, .value), (.slope, .slope): return true
    default: return false
    }
  }

  /// The designer's settings a new shape keeps, in words ("2 exact points", "enforce", …).
  static func kept(_ spec: CurveSpec) -> [String] {
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    var words: [String] = []
    let values = spec.constraints.filter { if case .value = $0 { return true } else { return false } }.count
    let slopes = spec.constraints.count - values
    if values > 0 { words.append(count(values, "exact point")) }
    if slopes > 0 { words.append(count(slopes, "slope constraint")) }
    if !spec.milestones.isEmpty { words.append(count(spec.milestones.count, "milestone")) }
    if spec.monotonic != .require { words.append(spec.monotonic.rawValue) }
    if spec.minSlope != nil { words.append("the minimum slope") }
    if !spec.endpoints { words.append("free endpoints") }
    return words
  }

  /// A distance in progress units as percentage points, rounded up to 2 decimals (still a bound).
  static func percentagePoints(_ distance: Double) -> Double {
    (distance * 10_000).nextUp.rounded(.up) / 100
  }

  /// The degrees the advice tries: up to 8. Above, a fit of a library shape's nine points is
  /// close to their interpolation, too ill-conditioned for the double-double certificate, and
  /// its correct rounding costs exact arithmetic (seconds): more than a paste may take.
  static let adviceDegrees = CurveSpec.degrees.lowerBound...min(8, CurveSpec.degrees.upperBound)

  /// The lowest degree in ``adviceDegrees`` whose fit of `spec`'s points is certified within
  /// ``adviceDistance`` of `easing`, or nil.
  static func lowestDegree(_ spec: CurveSpec, _ easing: EasingTarget) -> Int? {
    for degree in adviceDegrees {
      var candidate = spec
      candidate.degree = degree
      guard case .success(let curve) = resolve(candidate) else { continue }
      if easing.certifiedDistance(level: curve.polynomial) < adviceDistance { return degree }
    }
    return nil
  }
}
