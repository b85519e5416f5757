import CurveCore
import CurveKitTestSupport
import CurveSchedule
import Foundation
import Testing

/// The documented JSON forms: exact text (sorted keys), round trips, and decoding errors that
/// name the field.
@Suite("Codable: the documented JSON forms")
struct CodableTests {
  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
  }

  @Test("Polynomial and Cubic are {\"coefficients\": [...]}, highest power first, bit for bit")
  func curves() throws {
    let cubic = ArticleCurve.current.cubic
    #expect(try Self.json(cubic) == #"{"coefficients":[-0.131963982801121,-0.0930282018562079,-0.775007815342671,1]}"#)
    #expect(try Self.decode(Cubic.self, Self.json(cubic)) == cubic)
    let polynomial = try Polynomial(coefficients: [-6, 15, -10, 0, 0, 1])
    #expect(try Self.json(polynomial) == #"{"coefficients":[-6,15,-10,0,0,1]}"#)
    #expect(try Self.decode(Polynomial.self, Self.json(polynomial)) == polynomial)
    // A cubic reads one to four coefficients (padded), and its form is a polynomial's.
    #expect(try Self.decode(Cubic.self, #"{"coefficients":[-1,1]}"#) == Cubic(a: 0, b: 0, c: -1, d: 1))
    #expect(try Self.decode(Polynomial.self, Self.json(cubic)).coefficients == cubic.coefficients)
    var random = SeededRandomNumberGenerator(seed: 0xC0DA)
    for _ in 0..<500 {
      let values = (0..<4).map { _ in Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) }
      let value = Cubic(a: values[0], b: -values[1], c: values[2], d: -values[3])
      let back = try Self.decode(Cubic.self, Self.json(value))
      #expect(back.coefficients.map(\.bitPattern) == value.coefficients.map(\.bitPattern))
    }
  }

  @Test(
    "decoding refuses what the initializers refuse, naming the problem",
    arguments: [
      (#"{"coefficients":[]}"#, "at least one coefficient"),
      (#"{"coefficients":[1,2,3,4,5]}"#, "cubic is required"),
      (#"{"coefficient":[1]}"#, "coefficients"),
    ])
  func badCubics(text: String, expected: String) {
    #expect {
      _ = try Self.decode(Cubic.self, text)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test("a polynomial above degree 10 is refused")
  func badPolynomial() {
    #expect {
      _ = try Self.decode(Polynomial.self, #"{"coefficients":[1,1,1,1,1,1,1,1,1,1,1,1]}"#)
    } throws: { error in
      "\(error)".contains("degree 11 is above the supported maximum 10")
    }
  }

  @Test("DepletionSchedule: curve, lastRefillDate in Unix seconds, duration in seconds")
  func schedule() throws {
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    let schedule = try DepletionSchedule(curve: ArticleCurve.steepEnd.cubic, lastRefillDate: refill, durationInDays: 7)
    let text = try Self.json(schedule)
    #expect(text == #"{"curve":{"coefficients":[-0.5,0,-0.5,1]},"duration":604800,"lastRefillDate":1767600000}"#)
    #expect(try Self.decode(DepletionSchedule.self, text) == schedule)
    // The date strategy of the coder does not matter: the form is fixed.
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    #expect(String(decoding: try encoder.encode(schedule), as: UTF8.self).contains("1767600000"))
    #expect {
      _ = try Self.decode(
        DepletionSchedule.self, #"{"curve":{"coefficients":[-1,1]},"lastRefillDate":0,"duration":0}"#)
    } throws: { error in
      "\(error)".contains("duration") && "\(error)".contains("not a finite positive number")
    }
  }

  @Test("dates of whole seconds and of milliseconds in this century round-trip exactly")
  func dateRoundTrip() throws {
    var random = SeededRandomNumberGenerator(seed: 0xDA7E5)
    let curve = ArticleCurve.current.cubic
    for index in 0..<2_000 {
      let milliseconds = 946_684_800_000 + Int(random.next() % 3_155_760_000_000)
      let unix = index % 2 == 0 ? Double(milliseconds / 1000) : Double(milliseconds) / 1000
      let schedule = try DepletionSchedule(
        curve: curve, lastRefillDate: Date(timeIntervalSince1970: unix), durationInSeconds: 86_400)
      let back = try Self.decode(DepletionSchedule.self, Self.json(schedule))
      #expect(back.lastRefillDate == schedule.lastRefillDate, "\(unix)")
    }
  }

  @Test("PercentageChange and WidgetSnapshot: dates as Unix seconds, round trip")
  func changeAndSnapshot() throws {
    let change = PercentageChange(date: Date(timeIntervalSince1970: 1_767_603_898.5), percentage: 99)
    #expect(try Self.json(change) == #"{"date":1767603898.5,"percentage":99}"#)
    #expect(try Self.decode(PercentageChange.self, Self.json(change)) == change)
    let refill = Date(timeIntervalSince1970: 1_767_600_000)
    let schedule = try DepletionSchedule(curve: ArticleCurve.steepEnd.cubic, lastRefillDate: refill, durationInDays: 7)
    let snapshot = schedule.widgetSnapshot(at: refill.addingTimeInterval(302_400))
    let text = try Self.json(snapshot)
    #expect(
      text
        == #"{"schedule":{"curve":{"coefficients":[-0.5,0,-0.5,1]},"duration":604800,"lastRefillDate":1767600000},"#
        + #""takenAt":1767902400}"#)
    let back = try Self.decode(WidgetSnapshot.self, text)
    #expect(back == snapshot)
    #expect(back.timelineEntries(from: snapshot.takenAt) == snapshot.timelineEntries(from: snapshot.takenAt))
  }
}
