import CurveKitCLI
import CurveKitTestSupport
import CurveSpec
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("curvekit dispatcher and argument parsing")
struct CommandLineTests {
  @Test("--help lists every command and exits 0")
  func overview() {
    let result = runCurveKit(["--help"])
    #expect(result.status == 0)
    for command in ["fit", "check", "eval", "invert", "roots", "generate", "plot", "export"] {
      #expect(result.output.contains("\n  \(command) "), "missing \(command)")
    }
    Snapshot.assertMatches(result.output, named: "help.txt")
  }

  @Test("no arguments: the command list on stdout, then exit 2 with one error line")
  func noArguments() {
    let result = runCurveKit([])
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors) && result.errors.contains("missing command"), "\(result.errors)")
    #expect(result.output == runCurveKit(["--help"]).output)
    for command in ["fit", "check", "eval", "invert", "roots", "generate", "plot", "export"] {
      #expect(result.output.contains("\n  \(command) "), "missing \(command)")
    }
  }

  @Test(
    "usage errors exit 2 with one line on stderr",
    arguments: [
      [], ["frobnicate"], ["fit", "--no-such-flag"], ["eval", "--coefficients"],
    ])
  func usageErrors(arguments: [String]) {
    let result = runCurveKit(arguments)
    #expect(result.status == 2)
    #expect(isOneLineError(result.errors), "\(result.errors)")
  }

  @Test("options parse in every accepted spelling")
  func parsing() throws {
    let options: [OptionSpec] = [
      .flag("--json", help: ""), .value("--degree", placeholder: "N", help: ""),
      .repeated("--point", placeholder: "T:Y", help: ""), .value("--output", short: "-o", placeholder: "F", help: ""),
    ]
    let parsed = try ParsedArguments(
      [
        "a.json", "--degree=4", "--point", "0.5:0.5", "-o", "out", "-0.25", "-", "--point", "1:0", "--json", "--",
        "--x",
      ],
      options: options, command: "test")
    #expect(parsed.positionals == ["a.json", "-0.25", "-", "--x"])
    #expect(try parsed.integer("--degree", in: 1...10) == 4)
    #expect(parsed.values("--point") == ["0.5:0.5", "1:0"])
    #expect(parsed.value("--output") == "out")
    #expect(parsed.has("--json"))
    #expect(throws: UsageError.self) {
      try ParsedArguments(["--degree", "1", "--degree", "2"], options: options, command: "t")
    }
    #expect(throws: UsageError.self) { try ParsedArguments(["--json=1"], options: options, command: "t") }
  }

  @Test("numbers are parsed strictly", arguments: ["nan", "inf", "-infinity", "1e999", "0.5x", "", "1,,2"])
  func strictNumbers(text: String) {
    #expect(throws: UsageError.self) { try NumberArgument.finiteDoubleList(text, what: "--coefficients") }
  }

  @Test("atomic writes replace content, skip identical content and refuse directories")
  func atomicWrites() throws {
    let directory = "/tmp/curvekit-atomic-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    #expect(mkdir(directory, 0o755) == 0)
    defer { _ = system("rm -rf '\(directory)'") }
    let path = directory + "/out.swift"
    #expect(try FileIO.write("one\n", to: path) == .written)
    #expect(try FileIO.write("one\n", to: path) == .unchanged)
    #expect(try FileIO.write("two\n", to: path) == .written)
    #expect(FileIO.existingContent(of: path) == Array("two\n".utf8))
    #expect(throws: FileWriteError.self) { try FileIO.write("x", to: directory) }
    #expect(throws: FileWriteError.self) { try FileIO.write("x", to: directory + "/missing/out.swift") }
    // No temporary files are left behind.
    let listing = try #require(opendir(directory))
    defer { closedir(listing) }
    var names: [String] = []
    while let entry = readdir(listing) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    #expect(names == ["out.swift"])
  }
}
