import CurveSpec

/// The run's outcome as a markdown report (stdout) and JSON (`--json FILE`).
public struct BenchmarkReport {
  /// Every case's result, in run order.
  public let results: [BenchmarkResult]
  /// The speed-ups evaluated on these results.
  public let comparisons: [ComparisonOutcome]
  /// The machine.
  public let machine: MachineDescription
  /// The 1-minute load average at the end of the run.
  public let loadAtEnd: Double?
  /// True for a `--quick` run.
  public let quick: Bool
  /// The command line, for the report.
  public let command: String

  /// Creates a report.
  public init(
    results: [BenchmarkResult], comparisons: [Comparison], machine: MachineDescription, quick: Bool, command: String
  ) {
    self.results = results
    // Comparisons whose cases were filtered out are left out; skipped cases still show.
    self.comparisons = comparisons.map { ComparisonOutcome($0, results: results) }.filter { $0.missing != "not run" }
    self.machine = machine
    self.loadAtEnd = MachineDescription.loadAverage()
    self.quick = quick
    self.command = command
  }

  /// True when every accuracy check passed.
  public var accuracyPassed: Bool { results.allSatisfy { $0.accuracy?.passed ?? true } }

  /// The markdown report: speed-ups first, then every case's times and accuracy.
  public var markdown: String {
    var lines: [String] = []
    lines.append("### Speed-ups (baseline time ÷ candidate time)")
    lines.append("")
    lines.append(
      "Median of the per-round ratios where both cases were sampled in alternation (marked ⇄), "
        + "else the ratio of the medians; \"from min\" divides the fastest samples.")
    lines.append("")
    lines.append("| comparison | speed-up | from min | target or guard | met |")
    lines.append("|---|---:|---:|---|---|")
    for outcome in comparisons {
      let met = outcome.met.map { $0 ? "yes" : "**no**" } ?? (outcome.missing.map { "– (\($0))" } ?? "–")
      let paired = outcome.isPaired ? " ⇄" : ""
      lines.append(
        "| \(outcome.comparison.title) | \(outcome.speedup.map(Format.ratio) ?? "–")\(paired) | "
          + "\(outcome.minimumSpeedup.map(Format.ratio) ?? "–") | \(outcome.comparison.targetText) | \(met) |")
    }
    lines.append("")
    lines.append("### Times per operation and accuracy")
    lines.append("")
    lines.append("| case | per | clock | median | min | p90 | max abs error | max ulp | limit | ok |")
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---|---|")
    for result in results {
      if let reason = result.skipReason {
        lines.append("| \(result.name) | \(result.unit) | | skipped: \(reason) | | | | | | |")
        continue
      }
      guard let timing = result.timing else { continue }
      var row = "| \(result.name) | \(result.unit) | \(result.clock) | \(Format.nanoseconds(timing.median)) | "
      row += "\(Format.nanoseconds(timing.minimum)) | \(Format.nanoseconds(timing.p90)) | "
      if let accuracy = result.accuracy {
        row += "\(Format.scientific(accuracy.maxAbsoluteError)) | \(Format.significant(accuracy.maxULPError)) | "
        row += "\(accuracy.limitDescription) | \(accuracy.passed ? "yes" : "**FAIL**") |"
      } else {
        row += " | | | |"
      }
      lines.append(row)
    }
    let notes = results.flatMap { result in (result.accuracy?.notes ?? []).map { "- \(result.name): \($0)" } }
    if !notes.isEmpty {
      lines.append("")
      lines.append("Notes:")
      lines.append(contentsOf: notes)
    }
    lines.append("")
    var machineLine =
      "Machine: \(machine.cpuModel), \(machine.cores) logical CPUs; \(machine.swiftCompiler); C: \(machine.cCompiler)"
    machineLine += "; OPENBLAS_NUM_THREADS=\(machine.blasThreads)"
    machineLine +=
      "; load average \(machine.loadAtStart.map { String($0) } ?? "?") at start, \(loadAtEnd.map { String($0) } ?? "?") at end"
    lines.append(machineLine + (quick ? "; --quick run (small inputs, short samples)." : "."))
    lines.append("Command: `\(command)`")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every figure as one JSON object.
  public var json: String {
    let machineValue: JSONValue = .object([
      ("cpuModel", .string(machine.cpuModel)),
      ("logicalCPUs", .number(Double(machine.cores))),
      ("swift", .string(machine.swiftCompiler)),
      ("c", .string(machine.cCompiler)),
      ("openblasThreads", .string(machine.blasThreads)),
      ("loadAverageAtStart", .optionalNumber(machine.loadAtStart)),
      ("loadAverageAtEnd", .optionalNumber(loadAtEnd)),
    ])
    let resultValues: [JSONValue] = results.map { result in
      var members: [(key: String, value: JSONValue)] = [
        ("name", .string(result.name)), ("unit", .string(result.unit)), ("clock", .string(result.clock)),
      ]
      if let reason = result.skipReason { members.append(("skipped", .string(reason))) }
      if let group = result.interleaveGroup { members.append(("interleaveGroup", .string(group))) }
      if let timing = result.timing {
        members.append(("medianNanoseconds", .number(timing.median)))
        members.append(("minimumNanoseconds", .number(timing.minimum)))
        members.append(("p90Nanoseconds", .number(timing.p90)))
        members.append(("iterationsPerSample", .number(Double(timing.iterationsPerSample))))
        members.append(("samplesNanoseconds", .numbers(timing.samples)))
      }
      if let accuracy = result.accuracy {
        members.append(
          (
            "accuracy",
            .object([
              ("inputs", .number(Double(accuracy.sampleCount))),
              ("maxAbsoluteError", .number(accuracy.maxAbsoluteError)),
              ("maxULPError", .number(accuracy.maxULPError)),
              ("worstInput", .number(accuracy.worstInput)),
              ("limit", .string(accuracy.limitDescription)),
              ("passed", .bool(accuracy.passed)),
              ("notes", .array(accuracy.notes.map { .string($0) })),
            ])
          ))
      }
      return .object(members)
    }
    let comparisonValues: [JSONValue] = comparisons.map { outcome in
      .object([
        ("title", .string(outcome.comparison.title)),
        ("candidate", .string(outcome.comparison.candidate)),
        ("baseline", .string(outcome.comparison.baseline)),
        ("speedup", .optionalNumber(outcome.speedup)),
        ("paired", .bool(outcome.isPaired)),
        ("speedupFromMinimum", .optionalNumber(outcome.minimumSpeedup)),
        ("target", .optionalNumber(outcome.comparison.target)),
        ("targetText", .string(outcome.comparison.targetText)),
        ("met", outcome.met.map { .bool($0) } ?? .null),
      ])
    }
    let root: JSONValue = .object([
      ("command", .string(command)),
      ("quick", .bool(quick)),
      ("machine", machineValue),
      ("accuracyPassed", .bool(accuracyPassed)),
      ("comparisons", .array(comparisonValues)),
      ("results", .array(resultValues)),
    ])
    return JSONWriter.string(root) + "\n"
  }
}
