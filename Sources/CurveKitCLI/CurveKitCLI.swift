/// Entry point of the `curvekit` command-line tool.
public enum CurveKitCommandLine {
  /// Runs `curvekit` with `arguments` (without the program name) and returns the exit status.
  public static func main(arguments: [String]) -> Int32 { 0 }
}
