import CurveKitCLI
import CurveKitTestSupport
import Testing

@Suite("Streaming numbers: plain-decimal parsing and byte output")
struct NumberStreamingTests {
  static func plainDecimal(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NumberStreaming.plainDecimal($0) }
  }

  /// `Double(String)` on `text` without surrounding spaces and tabs.
  static func general(_ text: String) -> Double? { Double(trimmed(text)) }

  static func trimmed(_ text: String) -> String {
    var scalars = Substring(text)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }

  static var randomDoubles: [Double] {
    var random = SeededRandomNumberGenerator(seed: 71)
    var values = (0..<20_000).map { _ in random.nextUnitDouble() }
    for _ in 0..<20_000 {
      let value = Double(bitPattern: random.next())
      if value.isFinite { values.append(value) }
    }
    return values + [
      0, -0.0, 1, -1, .leastNonzeroMagnitude, 2.2250738585072014e-308, .greatestFiniteMagnitude, 1e-5, 1e16, 0.1,
    ]
  }

  @Test("every finite double's description parses on the fast path to the same double")
  func roundTrip() {
    var failures = 0
    var deferred = 0
    for value in Self.randomDoubles {
      let text = value.description
      var texts = [text, " \(text)\t"]
      if !text.contains("e") { texts.append(text + "e0") }
      if value.sign == .plus { texts.append("+" + text) }
      for text in texts {
        if let fast = Self.plainDecimal(text) {
          if fast.bitPattern != value.bitPattern { failures += 1 }
        } else if value.isNormal || value == 0 {
          failures += 1
        } else {
          deferred += 1  // Subnormal: strtod reports underflow, and the general parser decides.
        }
      }
    }
    #expect(failures == 0)
    #expect(deferred < 100)
  }

  @Test(
    "where the fast path answers, it agrees with Double(String); elsewhere it defers",
    arguments: [
      "1", "-0", "+.5", "5.", ".5e-3", "1E+2", "  7  ", "\t-3.25", "00012", "1e308", "4e-324", "2.4e-324",
      "1e-400", "1e400", "-1e400", "1e-310", ".", "e5", "1e", "--1", "1-", "+", "", "   ", "0x1p3", "inf", "nan",
      "1,5", "1 2", "1\r", "١", "0.1000000000000000055511151231257827021181583404541015625",
      String(repeating: "1", count: 70),
    ])
  func agreesWithGeneralParser(text: String) {
    let fast = Self.plainDecimal(text)
    if let fast {
      #expect(fast.isFinite && fast.bitPattern == Self.general(text)?.bitPattern, "\(text)")
    }
    // Plain finite decimals within the length limit take the fast path.
    let trimmed = Self.trimmed(text)
    let plain =
      !trimmed.isEmpty && trimmed.utf8.count <= NumberStreaming.plainDecimalLimit
      && trimmed.allSatisfy { "0123456789+-.eE".contains($0) }
    if plain, let general = Self.general(text), general.isNormal || trimmed.allSatisfy({ !"123456789".contains($0) }) {
      #expect(fast != nil, "\(text)")
    }
  }

  @Test("random decimal strings and near-ties (16–19 digits) agree bit for bit with Double(String)")
  func randomDecimals() {
    var random = SeededRandomNumberGenerator(seed: 73)
    var texts: [String] = []
    for _ in 0..<40_000 {
      // Random digit strings: 1–20 digits, a point anywhere, an optional exponent.
      let count = Int(random.next() % 20) + 1
      var digits = (0..<count).map { _ in Character(String(random.next() % 10)) }
      let point = Int(random.next() % UInt64(count + 1))
      digits.insert(".", at: point)
      var text = String(digits)
      if random.next() % 3 == 0 { text += "e\(Int(random.next() % 60) - 30)" }
      if random.next() % 4 == 0 { text = "-" + text }
      texts.append(text)
    }
    for _ in 0..<40_000 {
      // Midpoints between neighbouring doubles, written with 17–19 digits (round-half cases
      // and their nearest decimal neighbours).
      let value = random.nextUnitDouble() * [1, 1e-3, 7e5, 3e12][Int(random.next() % 4)]
      let midpoint = (Float80(value) + Float80(value.nextUp)) / 2
      for digits in 17...19 {
        let text = String(describing: midpoint).prefix(digits + 2)
        texts.append(String(text))
      }
    }
    var mismatches: [String] = []
    var fast = 0
    for text in texts {
      guard let parsed = Self.plainDecimal(text) else { continue }
      fast += 1
      if parsed.bitPattern != Self.general(text)?.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(fast > texts.count / 2)
  }

  @Test("the byte writer prints exactly description, NaN and infinities included")
  func writerMatchesDescription() {
    let io = CapturedIO()
    var writer = DoubleLineWriter(io)
    let values = Self.randomDoubles + [.infinity, -.infinity, .nan, -.nan, .signalingNaN]
    for value in values { writer.append(value) }
    writer.flush()
    #expect(io.output == values.map { $0.description + "\n" }.joined())
  }
}
