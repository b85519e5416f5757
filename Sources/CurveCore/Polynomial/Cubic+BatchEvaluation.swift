/// Batch evaluation of a cubic over contiguous buffers.
///
/// Each scheme has its own loop with the scheme chosen once, outside the loop, and no
/// calls or branches inside, so the optimizer vectorizes it: on x86-64 a plain
/// `swift build -c release` turns the `.horner` loop into packed SSE2 `mulpd`/`addpd`
/// (two doubles per instruction; AVX with `-Xswiftc -target-cpu -Xswiftc haswell`), and the
/// article's clamp (``Cubic/clampedNormalizedElapsed(_:)``, bit-identical to
/// `max(0, min(1, t))`) into `minpd` plus a compare-and-mask, four instructions per two
/// elements instead of seven for `max`/`min`.
/// The FMA schemes only vectorize when the build targets FMA hardware; otherwise each
/// element costs three calls to libm's `fma`.
extension Cubic {
  /// Writes the clamped level of each `normalizedElapsed[i]` into `levels[i]`, exactly as
  /// ``level(forNormalizedElapsed:scheme:)`` would (same clamp, same operation order, so
  /// `.horner` results are bit-identical to ``level(forNormalizedElapsed:)``).
  ///
  /// - Parameters:
  ///   - normalizedElapsed: the input times; may alias nothing in `levels`, or be the same memory.
  ///   - levels: the output buffer.
  ///   - scheme: the evaluation scheme, `.horner` by default.
  /// - Returns: the number of elements written, `min(normalizedElapsed.count, levels.count)`.
  /// - Complexity: O(n), about 0.3–1 ns per element for `.horner` on current x86-64.
  @discardableResult
  public func levels(
    forNormalizedElapsed normalizedElapsed: UnsafeBufferPointer<Double>,
    into levels: UnsafeMutableBufferPointer<Double>,
    scheme: EvaluationScheme = .horner
  ) -> Int {
    evaluate(normalizedElapsed, into: levels, scheme: scheme, clamping: true)
  }

  /// Writes f(`t[i]`) into `values[i]` without clamping (the curve extrapolated outside
  /// [0, 1]); NaN stays NaN.
  /// - Returns: the number of elements written, `min(t.count, values.count)`.
  /// - Complexity: O(n).
  @discardableResult
  public func values(
    at t: UnsafeBufferPointer<Double>,
    into values: UnsafeMutableBufferPointer<Double>,
    scheme: EvaluationScheme = .horner
  ) -> Int {
    evaluate(t, into: values, scheme: scheme, clamping: false)
  }

  /// The clamped levels of an array of normalized times, by `scheme`.
  /// - Complexity: O(n) plus one allocation.
  public func levels(forNormalizedElapsed normalizedElapsed: [Double], scheme: EvaluationScheme = .horner) -> [Double] {
    normalizedElapsed.withUnsafeBufferPointer { input in
      [Double](unsafeUninitializedCapacity: input.count) { output, initialized in
        initialized = levels(forNormalizedElapsed: input, into: output, scheme: scheme)
      }
    }
  }

  private func evaluate(
    _ input: UnsafeBufferPointer<Double>,
    into output: UnsafeMutableBufferPointer<Double>,
    scheme: EvaluationScheme,
    clamping: Bool
  ) -> Int {
    let count = min(input.count, output.count)
    guard count > 0, let source = input.baseAddress, let destination = output.baseAddress else { return 0 }
    let curve = self
    switch scheme {
    case .horner: Self.map(source, destination, count, clamping) { curve.valueByHorner(at: $0) }
    case .naive: Self.map(source, destination, count, clamping) { curve.valueByNaive(at: $0) }
    case .estrin: Self.map(source, destination, count, clamping) { curve.valueByEstrin(at: $0) }
    case .hornerFMA: Self.map(source, destination, count, clamping) { curve.valueByHornerFMA(at: $0) }
    case .naiveFMA: Self.map(source, destination, count, clamping) { curve.valueByNaiveFMA(at: $0) }
    case .estrinFMA: Self.map(source, destination, count, clamping) { curve.valueByEstrinFMA(at: $0) }
    case .compensatedHorner: Self.map(source, destination, count, clamping) { curve.valueByCompensatedHorner(at: $0) }
    }
    return count
  }

  /// The branch-free inner loops every scheme shares (one clamped, one not); always
  /// inlined so each call site is specialized on its kernel and vectorized.
  @inline(__always)
  private static func map(
    _ source: UnsafePointer<Double>,
    _ destination: UnsafeMutablePointer<Double>,
    _ count: Int,
    _ clamping: Bool,
    _ kernel: (Double) -> Double
  ) {
    if clamping {
      for index in 0..<count {
        destination[index] = kernel(clampedNormalizedElapsed(source[index]))
      }
    } else {
      for index in 0..<count {
        destination[index] = kernel(source[index])
      }
    }
  }
}
