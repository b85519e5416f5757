// swift-tools-version:6.0
//
// CurveKit benchmarks: a nested package, so benchmark code and its C reference never
// weigh on library users. It depends on CurveKit by path and refuses debug builds.
//
//   swift build -c release --package-path Benchmarks --product curvekit-benchmarks
//   Benchmarks/.build/release/curvekit-benchmarks [--quick] [--filter REGEX] [--json FILE]
//
// or simply `scripts/bench.sh [options]`, which builds and runs it.
//
// Compiler flags, so the Swift/C ratios compare like with like:
// - Swift: `-c release` (-O), no -target-cpu, i.e. the toolchain's generic x86-64 (SSE2).
// - C (CReference): clang -O3 with `-ffp-contract=off`, no -march, i.e. the same generic
//   x86-64 target. `-ffp-contract=off` keeps clang from fusing `a*t + b` into an fma when
//   a build does target FMA hardware; Swift never contracts, so both run the same operations.
//   To compare both on another CPU level, pass the same level to both compilers:
//   `BENCH_TARGET_CPU=haswell scripts/bench.sh` adds `-Xswiftc -target-cpu -Xswiftc haswell`
//   and `-Xcc -march=haswell`.
// - GSL is optional: CReference loads libgsl with dlopen at run time, so the package builds
//   and runs without it (the GSL case is then skipped with a message).
import PackageDescription

let package = Package(
  name: "CurveKitBenchmarks",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "curvekit-benchmarks", targets: ["CurveKitBenchmarks"]),
    // The C strtod + printf("%.17g") loop `curvekit eval`/`invert` on stdin are compared with.
    .executable(name: "curvekit-c-stream-peer", targets: ["CStreamPeer"]),
  ],
  dependencies: [
    .package(name: "CurveKit", path: "..")
  ],
  targets: [
    // Timing, statistics, optimizer barriers, options and reports; no benchmark cases.
    .target(
      name: "BenchmarkHarness",
      dependencies: [.product(name: "CurveKitTools", package: "CurveKit")]
    ),
    // The C reference loops (Horner batch, Horner dependent chain, 32-step bisection) and
    // the optional GSL cubic solver, loaded at run time.
    .target(
      name: "CReference",
      cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])],
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "CStreamPeer",
      cSettings: [.unsafeFlags(["-O3", "-ffp-contract=off"])]
    ),
    .executableTarget(
      name: "CurveKitBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        "CReference",
        .product(name: "CurveCore", package: "CurveKit"),
        .product(name: "CurveKitTools", package: "CurveKit"),
      ]
    ),
    .testTarget(name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness", "CurveKitBenchmarks"]),
  ],
  swiftLanguageModes: [.v6]
)
