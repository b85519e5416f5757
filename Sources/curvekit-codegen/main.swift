import CurveKitCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The build and command plugins' tool: `curvekit` without `design`, so an app that applies
// the plugin compiles no HTTP server and no studio. The commands are the same code
// (CurveKitCLI), so `curvekit-codegen generate …` writes exactly what `curvekit generate …` writes.
// Its diagnostics are for an IDE: the spec's absolute path and line first, spec fields (not
// flags) as the ways out.
exit(CurveKitCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()), audience: .plugin))
