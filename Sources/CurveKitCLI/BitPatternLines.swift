import CurveSpec

/// `--bits`: doubles in and out as IEEE 754 bit patterns, 16 hexadecimal digits a line, so a
/// port in another language can be checked against the library bit for bit on every double:
/// NaN, infinities, signed zeros and subnormals included (which the decimal forms refuse).
enum BitPatternLines {
  /// Every non-blank line of standard input as a double.
  /// - Throws: ``UsageError`` naming the first line that is not 16 hexadecimal digits.
  static func read(_ io: any CommandIO) throws(CommandError) -> [Double] {
    let reader = try attempt { () throws(SpecError) in try io.inputReader() }
    var values: [Double] = []
    var failure: UsageError?
    while failure == nil,
      reader.withNextLine({ bytes in
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \t\r")
        guard !text.isEmpty else { return }
        guard text.utf8.count == 16, let pattern = UInt64(text, radix: 16) else {
          failure = UsageError(
            "\(reader.sourceName):\(reader.lineNumber): '\(text.prefix(40))' is not a bit pattern (16 hex digits)")
          return
        }
        values.append(Double(bitPattern: pattern))
      })
    {}
    if let failure { throw failure.commandError }
    if reader.hadReadError { throw UsageError("cannot read \(reader.sourceName): read error").commandError }
    return values
  }

  /// `values` as bit patterns, one a line, lowercase, zero-padded to 16 digits.
  static func write(_ values: [Double], to io: any CommandIO) {
    var text = ""
    text.reserveCapacity(values.count * 17)
    for value in values {
      let digits = String(value.bitPattern, radix: 16)
      text += String(repeating: "0", count: 16 - digits.count) + digits + "\n"
    }
    io.write(text)
  }
}
