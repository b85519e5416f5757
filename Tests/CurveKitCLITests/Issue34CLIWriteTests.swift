import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 34, finding E: the CLI writes as safely as the studio. A FIFO, a device or a symbolic
/// link at an output path (`generate -o`, `generate --check`, `plot -o`) is one `error:` line
/// and exit 2, at once: never waited on, read or followed.
@Suite("Issue 34: CLI output paths")
struct Issue34CLIWriteTests {
  static let spec = Fixtures.repositoryRoot + "/examples/curves/depletion.curve.json"

  /// The result of a run, handed from the thread that ran it.
  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var result: CommandResult?
  }

  /// Runs `curvekit` on another thread and waits at most `seconds` for it (a guard against a
  /// hang, not a timing assertion: the old code blocked forever on a FIFO). When it does not
  /// finish, every FIFO in `fifos` gets a writer that closes at once, so the run ends.
  static func run(_ arguments: [String], unblocking fifos: [String], seconds: Int = 60) -> CommandResult? {
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let result = runCurveKit(arguments)
      box.lock.lock()
      box.result = result
      box.lock.unlock()
      done.signal()
    }
    if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
      for fifo in fifos {
        let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
      }
      _ = done.wait(timeout: .now() + .seconds(seconds))
      return nil
    }
    box.lock.lock()
    defer { box.lock.unlock() }
    return box.result
  }

  @Test("Finding E: a FIFO, a link to a device or to a file at -o / --check is one error line, exit 2, nothing changed")
  func testFindingE_cliRefusesNonRegularOutputs() throws {
    let temporary = try TemporaryDirectory("issue34-e")
    defer { temporary.remove() }
    let directory = temporary.path
    let fifo = directory + "/Out.swift"
    #expect(mkfifo(fifo, 0o600) == 0)
    let target = directory + "/target.swift"
    try "// the link's target\n".write(toFile: target, atomically: false, encoding: .utf8)
    let fileLink = directory + "/File.swift"
    try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: target)
    let deviceLink = directory + "/Device.swift"
    try FileManager.default.createSymbolicLink(atPath: deviceLink, withDestinationPath: "/dev/null")
    let fifoLink = directory + "/Pipe.swift"
    try FileManager.default.createSymbolicLink(atPath: fifoLink, withDestinationPath: fifo)
    let plotFifo = directory + "/plot.svg"
    #expect(mkfifo(plotFifo, 0o600) == 0)

    var runs = 0
    for path in [fifo, fileLink, deviceLink, fifoLink] {
      for check in [false, true] {
        let arguments = ["generate", Self.spec, "-o", path] + (check ? ["--check"] : [])
        let result = try #require(Self.run(arguments, unblocking: [fifo]), "\(arguments) did not finish")
        runs += 1
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.errors)")
        #expect(isOneLineError(result.errors) && result.errors.split(separator: "\n").count == 1, "\(result.errors)")
        #expect(result.output.isEmpty)
      }
    }
    let plot = try #require(Self.run(["plot", Self.spec, "-o", plotFifo], unblocking: [plotFifo]))
    runs += 1
    #expect(plot.status == 2 && isOneLineError(plot.errors), "\(plot.errors)")
    #expect(runs == 9)
    // Nothing was replaced or followed: the FIFOs and links are still there, the target unchanged.
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    #expect(lstat(plotFifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    for link in [fileLink, deviceLink, fifoLink] {
      #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "\(link)")
    }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "// the link's target\n")
    // No temporary file was left beside them.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ["Device.swift", "File.swift", "Out.swift", "Pipe.swift", "plot.svg", "target.swift"])
  }

  @Test("Finding E: FileIO reads at most the new content's length + 1 of a regular file")
  func testFindingE_boundedRead() throws {
    let temporary = try TemporaryDirectory("issue34-e")
    defer { temporary.remove() }
    let directory = temporary.path
    let path = directory + "/big.txt"
    let big = [UInt8](repeating: 0x61, count: 200_000)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(big)))
    guard case .file(_, let bytes, let truncated) = try FileIO.existing(at: path, upTo: 10) else {
      Issue.record("a regular file was not read")
      return
    }
    #expect(bytes.count == 10 && truncated)
    // A prefix of the old content is not "unchanged": it is written.
    #expect(try FileIO.write(bytes: Array(big.prefix(10)), to: path) == .written)
    #expect(FileIO.existingContent(of: path) == Array(big.prefix(10)))
    #expect(try FileIO.write(bytes: Array(big.prefix(10)), to: path) == .unchanged)
    #expect(try FileIO.existing(at: directory + "/none", upTo: 10) == .missing)
  }
}
