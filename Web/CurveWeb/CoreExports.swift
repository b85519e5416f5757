import CurveCore

// The engine's first exports, over plain pointers and counts in linear memory (wasm32:
// pointers and Int are 32 bits). Each calls the library once; the JavaScript side only
// copies doubles and bytes in and out. Coefficients are highest power first, as everywhere.

/// Memory for the caller to fill: `bytes` bytes aligned for doubles (never nil for bytes ≥ 0).
@_expose(wasm, "ck_alloc")
@_cdecl("ck_alloc")
public func ckAlloc(_ bytes: Int32) -> UnsafeMutableRawPointer {
  UnsafeMutableRawPointer.allocate(byteCount: max(8, Int(bytes)), alignment: 16)
}

/// Frees memory from ``ckAlloc(_:)`` or a text result.
@_expose(wasm, "ck_free")
@_cdecl("ck_free")
public func ckFree(_ pointer: UnsafeMutableRawPointer) { pointer.deallocate() }

private func makePolynomial(_ coefficients: UnsafePointer<Double>, _ count: Int32) -> Polynomial? {
  guard count > 0 else { return nil }
  return try? Polynomial(coefficients: Array(UnsafeBufferPointer(start: coefficients, count: Int(count))))
}

/// Levels at normalized times, as `curvekit eval` computes them with the default scheme
/// (Horner; the cubic batch API for degree ≤ 3, clamped evaluation above). Returns 0, or 2
/// when the coefficients are not a polynomial.
@_expose(wasm, "ck_levels")
@_cdecl("ck_levels")
public func ckLevels(
  _ coefficients: UnsafePointer<Double>, _ count: Int32, _ times: UnsafePointer<Double>, _ timeCount: Int32,
  _ output: UnsafeMutablePointer<Double>
) -> Int32 {
  guard let polynomial = makePolynomial(coefficients, count) else { return 2 }
  let normalized = Array(UnsafeBufferPointer(start: times, count: Int(timeCount)))
  let levels: [Double]
  if let cubic = try? Cubic(polynomial) {
    levels = cubic.levels(forNormalizedElapsed: normalized, scheme: .horner)
  } else {
    levels = normalized.map { polynomial.value(at: Cubic.clampedNormalizedElapsed($0), scheme: .horner) }
  }
  for (index, level) in levels.enumerated() { output[index] = level }
  return 0
}

/// Normalized times for levels by the library's one-off inverse (`InverseMethod.auto`),
/// as `curvekit invert` computes them. Returns 0, or 2 when the coefficients are not a
/// polynomial.
@_expose(wasm, "ck_times")
@_cdecl("ck_times")
public func ckTimes(
  _ coefficients: UnsafePointer<Double>, _ count: Int32, _ levels: UnsafePointer<Double>, _ levelCount: Int32,
  _ output: UnsafeMutablePointer<Double>
) -> Int32 {
  guard let polynomial = makePolynomial(coefficients, count) else { return 2 }
  if let cubic = try? Cubic(polynomial) {
    for index in 0..<Int(levelCount) { output[index] = cubic.normalizedElapsed(forLevel: levels[index]) }
  } else {
    for index in 0..<Int(levelCount) { output[index] = polynomial.normalizedElapsed(forLevel: levels[index]) }
  }
  return 0
}

/// The exact monotonicity verdict as one line of text (its `description`), written as
/// UTF-8 to memory the caller frees: returns the pointer, and the length in `length`.
@_expose(wasm, "ck_verdict")
@_cdecl("ck_verdict")
public func ckVerdict(
  _ coefficients: UnsafePointer<Double>, _ count: Int32, _ length: UnsafeMutablePointer<Int32>
) -> UnsafeMutableRawPointer {
  let text = makePolynomial(coefficients, count).map { $0.monotonicity().description } ?? "not a polynomial"
  let bytes = Array(text.utf8)
  let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
  memory.copyMemory(from: bytes, byteCount: bytes.count)
  length.pointee = Int32(bytes.count)
  return memory
}
