import CurveCore
import Foundation

/// The fitting fixtures' shared JSON form (`Tests/Fixtures/fitting/*.json`): a root object
/// with `cases`, each with `points` as `[t, y]` pairs, optional `weights`, a `degree`,
/// `constraints` as `{"t", "value"}` or `{"t", "slope"}`, and reference `coefficients`
/// (highest power first). Every number is a string, parsed with correct rounding.
public struct FitFixtureCase {
  public let name: String
  public let points: [DataPoint]
  public let weights: [Double]?
  public let degree: Int
  public let constraints: [FitConstraint]
  public let coefficients: [Double]
  /// The whole entry, for fields a fixture adds.
  public let entry: [String: Any]

  /// Every case of the fixture at `Tests/Fixtures/<relativePath>`, from the root's `key` array.
  public static func load(_ relativePath: String, key: String = "cases") throws -> [FitFixtureCase] {
    let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(relativePath)))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cases = root[key] as? [[String: Any]]
    else { throw FixtureError("\(relativePath): no \(key)") }
    return try cases.map(FitFixtureCase.init)
  }

  init(_ entry: [String: Any]) throws {
    let name = entry["name"] as? String ?? "?"
    func fail(_ what: String) -> FixtureError { FixtureError("\(name): \(what)") }
    guard let pairs = entry["points"] as? [[String]], let degree = entry["degree"] as? Int,
      let constraints = entry["constraints"] as? [[String: String]],
      let coefficients = entry["coefficients"] as? [String]
    else { throw fail("missing points, degree, constraints or coefficients") }
    self.name = name
    self.degree = degree
    self.entry = entry
    points = try pairs.map { pair in
      guard pair.count == 2 else { throw fail("a point is not a pair") }
      return DataPoint(t: try Self.number(pair[0], fail), y: try Self.number(pair[1], fail))
    }
    weights = try (entry["weights"] as? [String])?.map { try Self.number($0, fail) }
    self.constraints = try constraints.map { item in
      let t = try Self.number(item["t"], fail)
      if let value = item["value"] { return .value(at: t, equals: try Self.number(value, fail)) }
      return .slope(at: t, equals: try Self.number(item["slope"], fail))
    }
    self.coefficients = try coefficients.map { try Self.number($0, fail) }
  }

  /// A string field of the entry as a double.
  public func number(_ key: String) throws -> Double {
    try Self.number(entry[key] as? String, { FixtureError("\(name): \($0)") })
  }

  static func number(_ text: String?, _ fail: (String) -> FixtureError) throws -> Double {
    guard let text, let value = Double(text) else { throw fail("not a number: \(text ?? "nil")") }
    return value
  }
}

/// A malformed fixture.
public struct FixtureError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
