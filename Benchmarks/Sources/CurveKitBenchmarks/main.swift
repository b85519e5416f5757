import BenchmarkHarness
import Foundation

// curvekit-benchmarks: times every CurveKit strategy with its accuracy, next to C and numpy.
// See Benchmarks/RESULTS.md for the figures and `--help` for the options.

let options: BenchmarkOptions
do {
  options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  if error.message == nil {
    print(error.description)
    exit(0)
  }
  progress(error.description + "\n" + BenchmarkOptions.usage)
  exit(2)
}

let context = BenchmarkContext(options: options)
var allCases = ForwardBenchmarks.cases(context) + CReferenceBenchmarks.cases(context)
allCases += CReferenceBenchmarks.bisectionCases(context) + InverseBenchmarks.cases(context)
allCases += RootsBenchmarks.cases(context) + FittingBenchmarks.cases(context) + MonotoneBenchmarks.cases(context)
allCases += ExtremeFitBenchmarks.cases(context)
for index in allCases.indices { allCases[index].interleaveGroup = InterleaveGroups.group(for: allCases[index].name) }
let selected = allCases.filter { options.selects($0.name) }

if options.listOnly {
  for benchmark in allCases { print(benchmark.name) }
  exit(0)
}
if isDebugBuild && !options.allowDebug {
  progress("error: this is a debug build; build with -c release (or pass --allow-debug for a smoke test)")
  exit(2)
}
if selected.isEmpty {
  progress("error: no case matches --filter '\(options.filter ?? "")'")
  exit(2)
}

let machine = MachineDescription(cCompiler: CReferenceBenchmarks.buildDescription)
progress(
  "curvekit-benchmarks: \(selected.count) cases on \(machine.cpuModel) (load \(machine.loadAtStart.map { String($0) } ?? "?"))"
)
let runner = BenchmarkRunner(configuration: options.quick ? .quick : .full)
let results = runner.run(selected)
context.cleanUp()
let report = BenchmarkReport(
  results: results, comparisons: Comparisons.all(), machine: machine, quick: options.quick,
  command: CommandLine.arguments.joined(separator: " "))
print(report.markdown, terminator: "")
if let path = options.jsonPath {
  do {
    try report.json.write(toFile: path, atomically: true, encoding: .utf8)
  } catch {
    progress("error: cannot write --json file '\(path)': \(error.localizedDescription)")
    exit(2)
  }
}
if !report.accuracyPassed {
  let failed = results.filter { !($0.accuracy?.passed ?? true) }.map(\.name)
  progress("error: accuracy regression in \(failed.joined(separator: ", "))")
  exit(1)
}
