/// Locations of checked-in test fixtures, resolved from this source file so tests run
/// from any working directory and need no bundle resources.
public enum Fixtures {
  /// The repository root (the folder holding Package.swift).
  public static var repositoryRoot: String {
    var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    // …/Tests/CurveKitTestSupport/Fixtures.swift → drop three components.
    components.removeLast(3)
    return components.joined(separator: "/")
  }

  /// `Tests/Fixtures/<relativePath>` under the repository root.
  public static func path(_ relativePath: String) -> String {
    repositoryRoot + "/Tests/Fixtures/" + relativePath
  }
}
