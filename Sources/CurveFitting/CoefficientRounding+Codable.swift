// Codable is unavailable in Embedded Swift (the WebAssembly build); natively the conformance
// is the raw value's, as it was when declared on the enum.
#if !hasFeature(Embedded)
  extension CoefficientRounding: Codable {}
#endif
