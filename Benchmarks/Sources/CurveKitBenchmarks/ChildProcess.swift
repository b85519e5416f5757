import BenchmarkHarness
import Foundation

/// Runs a child process to completion and captures its output.
enum ChildProcess {
  struct Result {
    let status: Int32
    let output: String
    let error: String
    /// The first line of stderr, for a skip message.
    var errorLine: String { error.split(separator: "\n").first.map(String.init) ?? "" }
  }

  /// Runs `executable` (a path, or a name looked up in PATH) with `arguments`, its
  /// standard input read from `inputPath` when given; with `discardOutput` its standard
  /// output goes to /dev/null (``Result/output`` is then empty).
  /// - Throws: ``BenchmarkSkip`` when it cannot be started.
  static func run(
    _ executable: String, _ arguments: [String], inputPath: String? = nil, discardOutput: Bool = false
  ) throws -> Result {
    let process = Process()
    if executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = discardOutput ? FileHandle.nullDevice : output
    process.standardError = error
    if let inputPath {
      guard let input = FileHandle(forReadingAtPath: inputPath) else {
        throw BenchmarkSkip("cannot read \(inputPath)")
      }
      process.standardInput = input
    }
    do {
      try process.run()
    } catch {
      throw BenchmarkSkip("cannot start \(executable): \(error.localizedDescription)")
    }
    // Read before waiting, so a full pipe cannot block the child.
    let outputData = discardOutput ? Data() : output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationReason == .exit && process.terminationStatus == 127 && !executable.contains("/") {
      throw BenchmarkSkip("\(executable) not found")
    }
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }
}
