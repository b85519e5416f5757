/// The real roots of a cubic in ascending order, each repeated by its multiplicity (a double
/// root appears twice): at most three values, stored inline, so producing one allocates
/// nothing on the heap.
///
/// A random-access collection of `Double`; `Array(roots)` gives an array. Equal adjacent
/// values are one multiple root (see ``Cubic/realRootsWithMultiplicity()``).
public struct RealRoots: RandomAccessCollection, Sendable, Hashable, CustomStringConvertible {
  /// The roots; only the first ``count`` are meaningful (the rest are NaN).
  @usableFromInline let values: (Double, Double, Double)
  /// The number of real roots with multiplicity, 0…3.
  public let count: Int

  /// No roots.
  @inlinable
  public init() {
    values = (.nan, .nan, .nan)
    count = 0
  }

  /// `count` roots, which the caller has sorted ascending.
  @inlinable
  init(sorted first: Double, _ second: Double, _ third: Double, count: Int) {
    values = (first, second, third)
    self.count = count
  }

  /// The position of the first root: 0.
  @inlinable public var startIndex: Int { 0 }
  /// One past the last root: ``count``.
  @inlinable public var endIndex: Int { count }

  /// The root at `position`, which must be in `0..<count` (other positions give NaN, never a
  /// trap). Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Double {
    switch position {
    case 0: return values.0
    case 1: return values.1
    case 2: return values.2
    default: return .nan
    }
  }

  /// Not a result: the fast path's "use the careful path" (count −1); never returned publicly.
  static let unsolved = RealRoots(sorted: .nan, .nan, .nan, count: -1)

  /// The same roots with one more, re-sorted (insertion into at most three values).
  @inlinable
  func inserting(_ x: Double) -> RealRoots {
    switch count {
    case 0: return RealRoots(sorted: x, .nan, .nan, count: 1)
    case 1:
      return x < values.0
        ? RealRoots(sorted: x, values.0, .nan, count: 2) : RealRoots(sorted: values.0, x, .nan, count: 2)
    case 2:
      if x < values.0 { return RealRoots(sorted: x, values.0, values.1, count: 3) }
      if x < values.1 { return RealRoots(sorted: values.0, x, values.1, count: 3) }
      return RealRoots(sorted: values.0, values.1, x, count: 3)
    default: return self
    }
  }

  /// Equal when both hold the same roots in the same order.
  @inlinable
  public static func == (lhs: RealRoots, rhs: RealRoots) -> Bool { lhs.elementsEqual(rhs) }

  /// Hashes the roots in order.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for value in self { hasher.combine(value) }
  }

  /// The roots like an array literal, in shortest round-trip form: `[1.0, 2.0, 2.0]`.
  public var description: String { "[" + map { $0.description }.joined(separator: ", ") + "]" }
}
