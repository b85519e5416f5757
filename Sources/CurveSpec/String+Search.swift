extension String {
  /// True when `other` occurs in this string, compared as UTF-8 bytes.
  ///
  /// The standard library's `contains(_:)` for strings comes from `_StringProcessing`, which
  /// Embedded Swift (the WebAssembly build) does not have; this one works in both.
  /// - Complexity: O(*n* · *m*) for lengths *n* and *m*: meant for short markers.
  package func containsText(_ other: String) -> Bool {
    let needle = Array(other.utf8)
    guard !needle.isEmpty else { return true }
    let haystack = Array(utf8)
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}

extension String {
  /// This string with every occurrence of `target` replaced by `replacement`, left to right,
  /// compared as UTF-8 bytes (occurrences do not overlap).
  ///
  /// Foundation's `replacingOccurrences(of:with:)` and `_StringProcessing`'s `replacing(_:with:)`
  /// are missing from Embedded Swift (the WebAssembly build); this one works in both.
  /// - Complexity: O(*n* · *m*) for lengths *n* and *m*.
  package func replacingText(_ target: String, with replacement: String) -> String {
    let needle = Array(target.utf8)
    guard !needle.isEmpty else { return self }
    let haystack = Array(utf8)
    var result: [UInt8] = []
    result.reserveCapacity(haystack.count)
    var index = 0
    while index < haystack.count {
      if haystack[index] == needle[0], index + needle.count <= haystack.count,
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        result.append(contentsOf: replacement.utf8)
        index += needle.count
      } else {
        result.append(haystack[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
