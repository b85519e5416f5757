import CurveKitTestSupport
import Foundation

/// Lines of a core-eval fixture split at ";" and then at ",", parsed as doubles.
func coreEvalFixture(_ name: String) throws -> [[[Double]]] {
  let text = try String(contentsOfFile: Fixtures.path("core-eval/" + name), encoding: .utf8)
  return text.split(separator: "\n").map { line in
    line.split(separator: ";", omittingEmptySubsequences: false).map { field in
      field.split(separator: ",").compactMap { Double(String($0)) }
    }
  }
}

/// |x − y| in units of the spacing of doubles at the larger magnitude (0 when equal).
func ulpDistance(_ x: Double, _ y: Double) -> Double {
  x == y ? 0 : abs(x - y) / max(x.ulp, y.ulp, Double.leastNonzeroMagnitude)
}
