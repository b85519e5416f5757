/// The four curve shapes of the originating article's "Adaptando la Curva" table.
///
/// All four satisfy f(0) = 1 and f(1) = 0 and are non-increasing on [0, 1].
public enum ArticleCurve: String, Sendable, CaseIterable {
  /// The article's production curve: slow start, steep end.
  case current
  /// The straight line 1 − t.
  case moreLinear
  /// Holds longer, then falls faster: −0.5t³ − 0.5t + 1.
  case steepEnd
  /// Falls fast, then slows: 0.5t³ − 1.5t + 1, with a flat end (f′(1) = 0).
  case steepStart

  /// The curve's coefficients exactly as the article prints them.
  public var cubic: Cubic {
    switch self {
    case .current:
      return Cubic(a: -0.131_963_982_801_121, b: -0.093_028_201_856_207_9, c: -0.775_007_815_342_671, d: 1.0)
    case .moreLinear:
      return Cubic(a: 0.0, b: 0.0, c: -1.0, d: 1.0)
    case .steepEnd:
      return Cubic(a: -0.5, b: 0.0, c: -0.5, d: 1.0)
    case .steepStart:
      return Cubic(a: 0.5, b: 0.0, c: -1.5, d: 1.0)
    }
  }
}
