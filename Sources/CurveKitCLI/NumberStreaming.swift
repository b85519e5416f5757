import CurveSpec

/// The per-line work of `eval` and `invert` on standard input, without a `String` per line:
/// numbers are parsed from the line's bytes and results are written as bytes.
package enum NumberStreaming {
  /// The longest plain decimal ``plainDecimal(_:)`` parses itself (longer lines take the
  /// general path).
  package static let plainDecimalLimit = DecimalText.libraryLimit

  /// The line's number when, apart from spaces or tabs around it, it is a plain decimal
  /// that parses completely to a finite double without overflow or underflow
  /// (``DecimalText/value(_:_:_:)``); `nil` otherwise, and then the caller's general parser
  /// (which also produces the error messages) decides. Where it returns a value, that value
  /// is the one `Double(String)` gives for the trimmed text.
  ///
  /// O(length of the line), no allocation.
  package static func plainDecimal(_ line: UnsafeBufferPointer<UInt8>) -> Double? {
    var start = 0
    var end = line.count
    while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
    while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
    return DecimalText.value(line, start, end)
  }
}

/// Doubles written one per line in shortest round-trip form (exactly `description`),
/// accumulated as bytes and handed to the command's output in 64 KiB pieces.
///
/// The digits come from the standard library's `write(to:)`, which formats into a stack
/// buffer and passes the bytes on (no `String` per value); NaN, whose `write(to:)` form
/// differs from `description`, is written by `description`.
package struct DoubleLineWriter: TextOutputStream {
  private var bytes: [UInt8] = []
  private let io: any CommandIO
  private static let limit = 1 << 16

  /// A writer into `io`; call ``flush()`` at the end.
  package init(_ io: any CommandIO) {
    self.io = io
    bytes.reserveCapacity(Self.limit + 64)
  }

  /// Appends `value`'s `description` and a newline.
  package mutating func append(_ value: Double) {
    if value.isNaN {
      bytes.append(contentsOf: value.description.utf8)
    } else {
      value.write(to: &self)
    }
    bytes.append(0x0A)
    if bytes.count >= Self.limit { flush() }
  }

  /// Appends `string`'s UTF-8 bytes (the stream's general entry point).
  package mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

  /// Appends ASCII bytes (the entry point the standard library's number formatting uses).
  package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

  /// Hands everything appended so far to the output.
  package mutating func flush() {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBufferPointer { io.write(utf8: $0) }
    bytes.removeAll(keepingCapacity: true)
  }
}
