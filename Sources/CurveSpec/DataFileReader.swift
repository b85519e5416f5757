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

/// Streams `t y` points from a whitespace-separated two-column text file.
///
/// Lines that are blank or start with `#` (after leading blanks) are skipped. Each data
/// line must hold exactly two finite numbers. The file is read line by line with a
/// fixed-size buffer, so memory use does not grow with the file beyond what the
/// caller keeps.
package enum DataFileReader {
  /// Calls `body` with each point and its 1-based line number, in file order.
  /// - Parameters:
  ///   - path: the file, or `-` for standard input.
  ///   - body: receives each point; it may throw to stop early.
  /// - Returns: the number of points read.
  /// - Throws: ``SpecError`` naming the line and column of the first bad field, or `body`'s error.
  @discardableResult
  package static func forEachPoint(
    path: String, _ body: (DataPoint, Int) throws(SpecError) -> Void
  ) throws(SpecError) -> Int {
    try forEachPoint(reader: try LineReader(path: path), body)
  }

  /// Calls `body` with each point read from `reader` and its 1-based line number.
  @discardableResult
  package static func forEachPoint(
    reader: LineReader, _ body: (DataPoint, Int) throws(SpecError) -> Void
  ) throws(SpecError) -> Int {
    var count = 0
    while try reader.withNextLine({ (bytes) throws(SpecError) in
      guard let (t, y) = try parseLine(bytes, lineNumber: reader.lineNumber, sourceName: reader.sourceName) else {
        return
      }
      try body(DataPoint(t: t, y: y), reader.lineNumber)
      count += 1
    }) {}
    if reader.hadReadError {
      throw SpecError("cannot read '\(reader.sourceName)': read error", source: reader.sourceName)
    }
    return count
  }

  /// Reads every point into an array.
  package static func readPoints(reader: LineReader) throws(SpecError) -> [DataPoint] {
    var points: [DataPoint] = []
    try forEachPoint(reader: reader) { point, _ in points.append(point) }
    return points
  }

  /// Parses one line: nil for a blank or comment line, else exactly two finite numbers.
  /// Plain decimals are read from the bytes (``DecimalText``); anything else goes through
  /// `Double(String)`, which also accepts hex and produces the error messages.
  ///
  /// O(length of the line); no allocation for plain decimal fields.
  static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int, sourceName: String
  ) throws(SpecError) -> (Double, Double)? {
    // The first three fields' bounds (a third one is an error).
    var starts = (0, 0, 0)
    var ends = (0, 0)
    var fieldCount = 0
    var index = 0
    while index < bytes.count && fieldCount < 3 {
      let byte = bytes[index]
      if isBlank(byte) {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "#") && fieldCount == 0 { return nil }
      let start = index
      while index < bytes.count, !isBlank(bytes[index]) { index += 1 }
      switch fieldCount {
      case 0: (starts.0, ends.0) = (start, index)
      case 1: (starts.1, ends.1) = (start, index)
      default: starts.2 = start
      }
      fieldCount += 1
    }
    if fieldCount == 0 { return nil }
    guard fieldCount == 2 else {
      throw SpecError(
        "expected two numbers \"t y\" on the line, found \(fieldCount == 1 ? "one field" : "more than two fields")",
        source: sourceName,
        location: SourceLocation(line: lineNumber, column: (fieldCount == 1 ? starts.0 : starts.2) + 1))
    }
    let t = try field(bytes, starts.0, ends.0, what: "t", lineNumber: lineNumber, sourceName: sourceName)
    let y = try field(bytes, starts.1, ends.1, what: "y", lineNumber: lineNumber, sourceName: sourceName)
    return (t, y)
  }

  /// One field as a finite double, or the error naming it.
  private static func field(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, what: String, lineNumber: Int, sourceName: String
  ) throws(SpecError) -> Double {
    if let value = DecimalText.value(bytes, start, end) { return value }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let value = Double(text) else {
      throw SpecError(
        "\(what): '\(text.abbreviated)' is not a number", source: sourceName,
        location: SourceLocation(line: lineNumber, column: start + 1))
    }
    guard value.isFinite else {
      throw SpecError(
        "\(what): '\(text.abbreviated)' is not finite; values must be finite numbers", source: sourceName,
        location: SourceLocation(line: lineNumber, column: start + 1))
    }
    return value
  }

  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
