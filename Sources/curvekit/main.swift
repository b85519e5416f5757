import CurveKitCLI
import CurveStudioCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The executable is only this; every command lives in CurveKitCLI (and `design` in
// CurveStudioCLI) so tests can run it in-process.
exit(CurveKitCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()), commands: StudioCommands.all))
