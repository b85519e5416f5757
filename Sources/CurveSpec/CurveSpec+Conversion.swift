import CurveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(WASILibc)
  @preconcurrency import WASILibc
#endif

/// Why a unit conversion was refused: the converted spec would not be the same curve (points
/// merged, a number lost or moved beyond rounding, or a spec that no longer loads). One line,
/// in the designer's words and the new units.
public struct ConversionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line, e.g. "this conversion would merge points 1 and 2 at hour 7.2".
  public var description: String
  /// The spec field concerned, e.g. `points[1][0]`, when there is one.
  public var field: String?

  /// Creates an error.
  public init(_ description: String, field: String? = nil) {
    self.description = description
    self.field = field
  }
}

extension CurveSpec {
  /// ``converted(timeUnit:levelUnit:duration:)``, checked: the converted spec is written,
  /// read back and validated as a file is, and every number in it must mean what it meant
  /// before (``conversionProblem(_:)``). The one rule for "a conversion keeps the curve": the
  /// studio's `/api/convert` answers 422 with its words, never a broken spec.
  /// - Throws: ``ConversionError`` when the conversion would merge two times, lose a number
  ///   (infinite, zero, or moved beyond the 15-digit rounding) or give an invalid spec.
  public func checkedConversion(timeUnit: TimeUnit, levelUnit: LevelUnit, duration: Double? = nil)
    throws(ConversionError) -> CurveSpec
  {
    let next = converted(timeUnit: timeUnit, levelUnit: levelUnit, duration: duration)
    if let problem = conversionProblem(next) { throw problem }
    do {
      return try CurveSpec.parse(utf8: Array(next.jsonText.utf8), sourceName: "the converted spec")
    } catch {
      throw ConversionError(
        "this conversion would give a spec that does not load: \(error.description)", field: error.field)
    }
  }

  /// What is wrong with `next` as this spec in other units, or nil: two times that were
  /// different are equal (or swapped) in `next`; a number became infinite or zero; or a
  /// number, brought back to normalized units, moved by more than the 15-digit rounding
  /// (relative 10⁻¹²).
  /// - Complexity: O(n log n) in the number of points, constraints and milestones.
  public func conversionProblem(_ next: CurveSpec) -> ConversionError? {
    let from = units
    let to = next.units
    struct Number {
      var field: String
      /// What the number belongs to (`point`, `constraint`, `milestone`, `minSlope`) and its
      /// ordinal from 1, as the designer counts.
      var kind: String
      var ordinal: Int
      var old: Double
      var new: Double
      var oldNormalized: Double
      var newNormalized: Double
      var isTime: Bool
    }
    var numbers: [Number] = []
    func time(_ field: String, _ kind: String, _ ordinal: Int, _ old: Double, _ new: Double) {
      numbers.append(
        Number(
          field: field, kind: kind, ordinal: ordinal, old: old, new: new, oldNormalized: from.normalized(time: old),
          newNormalized: to.normalized(time: new), isTime: true))
    }
    func level(_ field: String, _ kind: String, _ ordinal: Int, _ old: Double, _ new: Double) {
      numbers.append(
        Number(
          field: field, kind: kind, ordinal: ordinal, old: old, new: new, oldNormalized: from.normalized(level: old),
          newNormalized: to.normalized(level: new), isTime: false))
    }
    guard next.points.count == points.count, next.constraints.count == constraints.count,
      next.milestones.count == milestones.count
    else { return ConversionError("this conversion would change the number of points") }
    for (index, (old, new)) in zip(points, next.points).enumerated() {
      time("points[\(index)][0]", "point", index + 1, old.t, new.t)
      level("points[\(index)][1]", "point", index + 1, old.y, new.y)
    }
    for (index, (old, new)) in zip(constraints, next.constraints).enumerated() {
      switch (old, new) {
      case (.value(let t, let value), .value(let newT, let newValue)):
        time("constraints[\(index)]", "constraint", index + 1, t, newT)
        level("constraints[\(index)]", "constraint", index + 1, value, newValue)
      case (.slope(let t, let slope), .slope(let newT, let newSlope)):
        time("constraints[\(index)]", "constraint", index + 1, t, newT)
        numbers.append(
          Number(
            field: "constraints[\(index)]", kind: "constraint", ordinal: index + 1, old: slope, new: newSlope,
            oldNormalized: from.normalized(slope: slope), newNormalized: to.normalized(slope: newSlope), isTime: false))
      default: return ConversionError("this conversion would change constraint \(index + 1)")
      }
    }
    for (index, (old, new)) in zip(milestones, next.milestones).enumerated() {
      time("milestones[\(index)]", "milestone", index + 1, old.t, new.t)
      level("milestones[\(index)]", "milestone", index + 1, old.level, new.level)
    }
    if let old = minSlope {
      let new = next.minSlope ?? .nan
      numbers.append(
        Number(
          field: "minSlope", kind: "minSlope", ordinal: 1, old: old, new: new,
          oldNormalized: from.normalized(slope: old),
          newNormalized: to.normalized(slope: new), isTime: false))
    }
    // Two different times must stay different, in the same order.
    let times = numbers.filter { $0.isTime }.sorted { ($0.oldNormalized, $0.field) < ($1.oldNormalized, $1.field) }
    for (first, second) in zip(times, times.dropFirst()) where first.oldNormalized < second.oldNormalized {
      guard first.new < second.new else {
        let pair =
          first.kind == second.kind
          ? "\(first.kind)s \(first.ordinal) and \(second.ordinal)"
          : "\(first.kind) \(first.ordinal) and \(second.kind) \(second.ordinal)"
        return ConversionError(
          "this conversion would merge \(pair) at \(next.timeUnit.singular) \(Self.shortest(second.new))",
          field: second.field)
      }
    }
    // Every number must survive: finite, not flushed to zero, and the same value once normalized.
    for number in numbers where number.old.isFinite {
      let what = "\(number.field) (\(Self.shortest(number.old)))"
      if !number.new.isFinite {
        return ConversionError(
          "this conversion would lose \(what): it is too large in the new units", field: number.field)
      }
      if number.old != 0 && number.new == 0 {
        return ConversionError("this conversion would lose \(what): it becomes 0 in the new units", field: number.field)
      }
      let scale = max(abs(number.oldNormalized), abs(number.newNormalized))
      guard abs(number.oldNormalized - number.newNormalized) <= 1e-12 * scale, number.newNormalized.isFinite else {
        return ConversionError(
          "this conversion would lose \(what): in the new units it reads \(Self.shortest(number.new)), which is not the same value",
          field: number.field)
      }
    }
    return nil
  }

  /// `value` in shortest round-trip form.
  static func shortest(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// The same curve with its numbers in other units: points, constraints, milestones and
  /// `minSlope` rewritten so that the normalized problem, and so the fit, is unchanged (each
  /// point stays where it is on the plot).
  ///
  /// Times scale by the period (unit ↔ normalized), levels by 100 (percent ↔ fraction),
  /// slopes by both. Each converted number is rounded to 15 significant digits, so a value
  /// the designer wrote keeps its digits without the binary noise of the scaling (0.1 × 7
  /// reads 0.7, not 0.7000000000000001). `duration` is the new period in `timeUnit` (days
  /// for normalized); nil keeps the same length of time (10 hours become 600 minutes). A time
  /// unit needs a period: without one the spec stays normalized.
  /// - Complexity: O(points + constraints + milestones).
  public func converted(timeUnit: TimeUnit, levelUnit: LevelUnit, duration: Double? = nil) -> CurveSpec {
    var next = self
    next.timeUnit = timeUnit
    let seconds = durationSeconds
    next.duration =
      duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
      ?? seconds.map { Self.clean($0 / (next.durationUnit.secondsPerUnit ?? 86_400)) }
    if next.duration == nil { next.timeUnit = .normalized }
    next.levelUnit = levelUnit
    let from = units
    let to = next.units
    func time(_ value: Double) -> Double { Self.clean(to.display(time: from.normalized(time: value))) }
    func level(_ value: Double) -> Double { Self.clean(to.display(level: from.normalized(level: value))) }
    func slope(_ value: Double) -> Double { Self.clean(to.display(slope: from.normalized(slope: value))) }
    next.points = points.map { DataPoint(t: time($0.t), y: level($0.y)) }
    next.constraints = constraints.map { constraint in
      switch constraint {
      case .value(let t, let value): return .value(at: time(t), equals: level(value))
      case .slope(let t, let value): return .slope(at: time(t), equals: slope(value))
      }
    }
    next.milestones = milestones.map { $0.mapped(time: time, level: level) }
    next.minSlope = minSlope.map(slope)
    return next
  }

  /// `value` rounded to 15 significant digits (shortest round trip of that decimal).
  static func clean(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    var buffer = [CChar](repeating: 0, count: 40)
    let written = buffer.withUnsafeMutableBufferPointer { pointer in
      #if canImport(WASILibc)
        curvekit_format_double(pointer.baseAddress, 40, "%.15g", value)
      #else
        withVaList([value]) { vsnprintf(pointer.baseAddress, 40, "%.15g", $0) }
      #endif
    }
    guard written > 0 else { return value }
    let text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Double(text) ?? value
  }
}
