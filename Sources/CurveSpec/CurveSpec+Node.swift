extension CurveSpec {
  /// Decodes a spec from an already parsed JSON node, for example the `spec` member of a
  /// studio request body, with the same strict validation as ``parse(utf8:sourceName:)``.
  /// - Throws: ``SpecError`` naming the field (see ``SpecError/field``).
  package static func decode(_ node: JSONNode, sourceName: String) throws(SpecError) -> CurveSpec {
    try SpecDecoder(source: sourceName, meter: NoWorkMeter()).decodeSpec(node)
  }
}
