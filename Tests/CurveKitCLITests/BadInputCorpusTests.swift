import CurveKitCLI
import CurveKitTestSupport
import Foundation
import Testing

/// One entry of Tests/Fixtures/bad-inputs/manifest.json.
struct BadInputCase: Sendable, CustomStringConvertible {
  var file: String
  var kind: String
  var expect: String
  var location: String
  var commands: [String]
  var description: String { file }
}

/// One bad command line of the manifest's `arguments`.
struct BadArguments: Sendable, CustomStringConvertible {
  var args: [String]
  var expect: String
  var description: String { args.joined(separator: " ") }
}

enum BadInputCorpus {
  static let directory = Fixtures.path("bad-inputs")

  static func manifest() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static let cases: [BadInputCase] = {
    guard let root = try? manifest(), let entries = root["cases"] as? [[String: Any]] else { return [] }
    return entries.compactMap { entry in
      guard let file = entry["file"] as? String, let kind = entry["kind"] as? String,
        let expect = entry["expect"] as? String,
        let location = entry["location"] as? String, let commands = entry["commands"] as? [String]
      else { return nil }
      return BadInputCase(file: file, kind: kind, expect: expect, location: location, commands: commands)
    }
  }()

  static let argumentCases: [BadArguments] = {
    guard let root = try? manifest(), let entries = root["arguments"] as? [[String: Any]] else { return [] }
    return entries.compactMap { entry in
      guard let args = entry["args"] as? [String], let expect = entry["expect"] as? String else { return nil }
      return BadArguments(args: args, expect: expect)
    }
  }()

  /// A fresh empty directory; removed by the caller.
  static func scratchDirectory() throws -> String {
    try TemporaryDirectory("bad").path
  }

  /// Checks the contract: exit 2, one line `error: …`, nothing on stdout, no file written.
  static func expectClean(_ result: CommandResult, scratch: String, fragment: String, location: String, context: String)
  {
    #expect(result.status == 2, "\(context): exit \(result.status), stderr \(result.errors)")
    #expect(isOneLineError(result.errors), "\(context): \(result.errors)")
    #expect(fragment.isEmpty || result.errors.contains(fragment), "\(context): \(result.errors) lacks \(fragment)")
    if !location.isEmpty {
      #expect(result.errors.contains("(\(location)"), "\(context): \(result.errors) lacks \(location)")
    }
    #expect(result.output.isEmpty, "\(context): printed \(result.output.prefix(200))")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? ["?"]
    #expect(left.isEmpty, "\(context): left \(left) in the output directory")
  }
}

/// Issue 6's hardened-input contract over the checked-in corpus, for every command that
/// reads the input: exit 2, one line `error: <what> (<where>)`, no output file.
@Suite("Bad-input corpus")
struct BadInputCorpusTests {
  @Test("the corpus is there")
  func corpusLoads() {
    #expect(BadInputCorpus.cases.count >= 60)
    #expect(BadInputCorpus.argumentCases.count >= 25)
  }

  @Test("every bad file is rejected cleanly by every command", arguments: BadInputCorpus.cases)
  func badFile(entry: BadInputCase) throws {
    let path = BadInputCorpus.directory + "/" + entry.file
    let scratch = try BadInputCorpus.scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for command in entry.commands {
      var arguments: [String]
      switch (entry.kind, command) {
      case ("data", _): arguments = ["fit", "--data", path]
      case (_, "generate"): arguments = ["generate", path, "-o", scratch + "/Out.swift"]
      case (_, "plot"): arguments = ["plot", path, "-o", scratch + "/out.svg"]
      default: arguments = [command, path]
      }
      let result = runCurveKit(arguments)
      // generate words fit failures its own way; the spec errors and locations are shared.
      let fragment = entry.kind == "fit" && command == "generate" ? "" : entry.expect
      BadInputCorpus.expectClean(
        result, scratch: scratch, fragment: fragment, location: entry.location,
        context: "\(arguments.joined(separator: " "))")
      if entry.kind == "data" {
        // Standard input is text here: invalid UTF-8 arrives as replacement characters.
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let piped = runCurveKit(["fit", "--data", "-"], input: text)
        BadInputCorpus.expectClean(
          piped, scratch: scratch, fragment: entry.expect, location: "",
          context: "fit --data - < \(entry.file)")
      }
    }
  }

  @Test("every bad command line is rejected cleanly", arguments: BadInputCorpus.argumentCases)
  func badArguments(entry: BadArguments) throws {
    let scratch = try BadInputCorpus.scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let valid = BadInputCorpus.directory + "/valid-base.curve.json"
    let arguments = entry.args.map { argument in
      argument.replacingOccurrences(of: "{valid}", with: valid).replacingOccurrences(of: "{dir}", with: scratch)
    }
    let result = runCurveKit(arguments)
    BadInputCorpus.expectClean(
      result, scratch: scratch, fragment: entry.expect, location: "",
      context: arguments.joined(separator: " "))
  }

  @Test("the valid base spec is accepted by every command (the corpus tests the inputs, not the setup)")
  func validBase() throws {
    let scratch = try BadInputCorpus.scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let valid = BadInputCorpus.directory + "/valid-base.curve.json"
    for arguments in [
      ["fit", valid], ["check", valid], ["export", valid], ["generate", valid, "-o", scratch + "/V.swift"],
      ["plot", valid, "-o", scratch + "/v.svg"],
    ] {
      #expect(runCurveKit(arguments).status == 0, "\(arguments)")
    }
  }
}
