// expand-golden-kernels GOLDEN OUTPUT: writes the golden generated file GOLDEN with each
// kernel marker line replaced by the kernel region CurveCodegen embeds (the ExpandGoldenKernels
// plugin runs it for GeneratedCodeTests). Test-only, not a product.
import CurveCodegen
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: expand-golden-kernels GOLDEN OUTPUT\n".utf8))
  exit(2)
}
do {
  let golden = try String(contentsOfFile: arguments[1], encoding: .utf8)
  let expanded = InverseKernelSource.expandingKernelMarkers(golden)
  // Only when the content changes, so an unchanged expansion recompiles nothing.
  if (try? String(contentsOfFile: arguments[2], encoding: .utf8)) != expanded {
    try expanded.write(toFile: arguments[2], atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("error: expand-golden-kernels: \(error)\n".utf8))
  exit(1)
}
