import CurveKitTestSupport
import CurveStudio
import Foundation
import Testing

/// Opening the browser never puts the token on a command line: the opener gets the path of a
/// private redirect page, and the page is removed when the studio stops.
@Suite("Browser launcher")
struct BrowserLauncherTests {
  @Test("the opener gets a 0600 file in a 0700 directory, not the link; cleanUp removes both")
  func redirectFile() throws {
    let temporary = try TemporaryDirectory("opener")
    defer { temporary.remove() }
    let work = temporary.path
    let log = work + "/arguments.txt"
    let opener = work + "/fake-opener"
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(log)'\n".write(toFile: opener, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: opener)
    let url = "http://127.0.0.1:4321/#token=" + String(repeating: "5e", count: 32)
    let directory = try BrowserLauncher.open(url, opener: opener)
    var logged: String?
    for _ in 0..<400 where logged?.hasSuffix("\n") != true {
      logged = try? String(contentsOfFile: log, encoding: .utf8)
      if logged?.hasSuffix("\n") != true { usleep(5_000) }
    }
    let argument = try #require(logged).trimmingCharacters(in: .newlines)
    #expect(argument == directory + "/open.html")
    #expect(!argument.contains("token"))
    let page = try String(contentsOfFile: argument, encoding: .utf8)
    #expect(page.contains("url=\(url)"))
    let fileMode = try FileManager.default.attributesOfItem(atPath: argument)[.posixPermissions] as? Int
    let directoryMode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(directoryMode == 0o700)
    BrowserLauncher.cleanUp(directory)
    #expect(!FileManager.default.fileExists(atPath: directory))
  }

  @Test("an opener that cannot start is an error naming it")
  func missingOpener() {
    do {
      let directory = try BrowserLauncher.open("http://127.0.0.1:1/#token=x", opener: "/nonexistent/opener")
      BrowserLauncher.cleanUp(directory)
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("/nonexistent/opener"))
    }
  }
}
