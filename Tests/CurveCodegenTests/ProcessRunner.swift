import Foundation

/// Runs a program and captures its output (for `diff` and `swiftc` in tests).
enum ProcessRunner {
  struct Result {
    var status: Int32
    var output: String
  }

  /// Runs `executable` with `arguments`; standard output and error are merged.
  static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}
