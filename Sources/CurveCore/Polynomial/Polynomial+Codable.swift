// Codable is unavailable in Embedded Swift (the WebAssembly build), which reads and writes
// coefficients through CurveSpec's JSON instead.
#if !hasFeature(Embedded)
  /// The JSON form of ``Polynomial`` and ``Cubic``: one object with the coefficients, highest
  /// power first, the order CurveKit uses everywhere.
  ///
  /// ```json
  /// {"coefficients": [-0.131963982801121, -0.0930282018562079, -0.775007815342671, 1]}
  /// ```
  ///
  /// A ``Cubic`` always writes four coefficients; it reads one to four (fewer are padded with
  /// leading zeros, as ``Cubic/init(coefficients:)`` does), so any polynomial of degree ≤ 3 in
  /// this form decodes as a `Cubic`, and any `Cubic` decodes as a `Polynomial`. Decoding checks
  /// the coefficients like the initializers do: an empty list, too many coefficients or a
  /// non-finite value is a `DecodingError.dataCorrupted` whose description names the problem.
  /// Numbers are plain JSON numbers; with `JSONEncoder` they round-trip bit for bit.
  extension Polynomial: Codable {
    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
      case coefficients
    }

    /// Reads `{"coefficients": [...]}`, checked as ``init(coefficients:)`` checks them.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let values = try container.decode([Double].self, forKey: .coefficients)
      do {
        try self.init(coefficients: values)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .coefficients, in: container, debugDescription: error.description)
      }
    }

    /// Writes `{"coefficients": [...]}`, highest power first.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(coefficients, forKey: .coefficients)
    }
  }

  extension Cubic: Codable {
    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
      case coefficients
    }

    /// Reads `{"coefficients": [...]}` with one to four coefficients, checked and padded as
    /// ``init(coefficients:)`` does.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let values = try container.decode([Double].self, forKey: .coefficients)
      do {
        try self.init(coefficients: values)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .coefficients, in: container, debugDescription: error.description)
      }
    }

    /// Writes `{"coefficients": [a, b, c, d]}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(coefficients, forKey: .coefficients)
    }
  }
#endif
