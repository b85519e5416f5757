import CurveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CurveSpec {
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
      withVaList([value]) { vsnprintf(pointer.baseAddress, 40, "%.15g", $0) }
    }
    guard written > 0 else { return value }
    let text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Double(text) ?? value
  }
}
