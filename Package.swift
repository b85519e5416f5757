// swift-tools-version:6.0
//
// CurveKit: design, fit, verify and ship monotone depletion curves.
//
// Module map (each module has one concern; see docs/ARCHITECTURE.md).
//
// Runtime (what an app imports: the `CurveKit` product, no LAPACK, no parsing):
//   CurveCore      pure Swift, no Foundation: polynomials, evaluation, monotonicity, inverses, roots
//   CurveSchedule  Foundation date mapping (currentLevel(at:), setCurrentFill, exact widget timelines)
//   CurveKit       umbrella re-exporting CurveCore and CurveSchedule
//
// Tooling (internal targets; one product, CurveKitTools, for scripts and tests):
//   CLAPACK        system library: the Fortran LAPACK routines CurveKit calls (Linux)
//   CurveFitting   least-squares fitting (LAPACK dgglse / dgelsy) and monotone fitting
//   CurveSpec      the *.curve.json format, a strict JSON reader/writer, data files (no LAPACK)
//   CurveEasing    the easing math: cubic-bezier parsing, the exact cubic <-> Bezier map, rounding,
//                  linear() stops, keyframes, the free Bezier fit (CurveDesign only renders it)
//   CurvePipeline  the resolver: any curve source -> one FittedCurve (parse, fit, verdict once)
//   CurveCodegen   renders a FittedCurve as a self-contained Swift file
//   CurveDesign    renders a FittedCurve as SVG plots, terminal previews, CSS / SwiftUI text
//   CurveStudioServer  a small HTTP/1.1 server on 127.0.0.1 and the local-access rules (no curve knowledge)
//   CurveStudio    `curvekit design`: the browser studio's API on the pipeline, and its embedded page
//   CurveKitTools  the tooling product: re-exports pipeline, spec, fitting, easing, codegen and design
//   CurveKitCLI    the `curvekit` commands but `design`, as a library (tests call it in-process)
//   CurveStudioCLI `curvekit design`, the studio's command
//   curvekit       the thin executable (CurveKitCLI + CurveStudioCLI)
//   curvekit-codegen  the plugins' tool: CurveKitCLI alone, so no studio or HTTP server
import PackageDescription

/// LAPACK comes from the system on Linux and from Accelerate on Apple platforms.
let lapackDependency: Target.Dependency = .target(
  name: "CLAPACK",
  condition: .when(platforms: [.linux, .android, .windows, .openbsd])
)

let package = Package(
  name: "CurveKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    // The runtime an app links: curve math and the date schedule, nothing else.
    .library(name: "CurveKit", targets: ["CurveKit"]),
    .library(name: "CurveCore", targets: ["CurveCore"]),
    .library(name: "CurveSchedule", targets: ["CurveSchedule"]),
    // Tooling, for scripts, build steps and tests (never needed by an app at run time): the
    // pipeline, spec, fitting, codegen and design modules in one product.
    .library(name: "CurveKitTools", targets: ["CurveKitTools"]),
    .executable(name: "curvekit", targets: ["curvekit"]),
    .plugin(name: "CurveCodegenPlugin", targets: ["CurveCodegenPlugin"]),
    .plugin(name: "GenerateCurves", targets: ["GenerateCurves"]),
  ],
  targets: [
    // MARK: - Runtime

    .target(name: "CurveCore", exclude: ["Kernels/README.md"]),
    .target(name: "CurveSchedule", dependencies: ["CurveCore"]),
    .target(name: "CurveKit", dependencies: ["CurveCore", "CurveSchedule"]),

    // MARK: - Tooling

    .target(name: "CurveFitting", dependencies: ["CurveCore", lapackDependency]),
    .target(name: "CurveSpec", dependencies: ["CurveCore"]),
    .target(name: "CurveEasing", dependencies: ["CurveCore"]),
    .target(
      name: "CurvePipeline", dependencies: ["CurveCore", "CurveSchedule", "CurveFitting", "CurveSpec", "CurveEasing"]),
    // The kernels generated code embeds are real files: Kernels/swift/ links to CurveCore's and
    // CurveSchedule's kernel files, Kernels/kotlin/ and Kernels/typescript/ hold their ports.
    // SwiftPM embeds them (a built-in resource rule, so a consumer's build runs no plugin).
    .target(
      name: "CurveCodegen", dependencies: ["CurveCore", "CurveSpec", "CurveEasing", "CurvePipeline"],
      resources: [
        .embedInCode("Kernels/swift/CubicInverseKernel.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Residual.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Newton.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Cardano.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Table.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Auto.swift"),
        .embedInCode("Kernels/swift/CubicInverseKernel+Polynomial.swift"),
        .embedInCode("Kernels/swift/DepletionScheduleKernel.swift"),
        .embedInCode("Kernels/kotlin/Common.kt"), .embedInCode("Kernels/kotlin/Cubic.kt"),
        .embedInCode("Kernels/kotlin/Auto.kt"), .embedInCode("Kernels/kotlin/Polynomial.kt"),
        .embedInCode("Kernels/kotlin/Bisection.kt"), .embedInCode("Kernels/kotlin/Schedule.kt"),
        .embedInCode("Kernels/typescript/common.ts"), .embedInCode("Kernels/typescript/cubic.ts"),
        .embedInCode("Kernels/typescript/auto.ts"), .embedInCode("Kernels/typescript/polynomial.ts"),
        .embedInCode("Kernels/typescript/bisection.ts"), .embedInCode("Kernels/typescript/schedule.ts"),
      ]
    ),
    .target(name: "CurveDesign", dependencies: ["CurveCore", "CurveSpec", "CurveEasing", "CurvePipeline"]),
    // The studio: an HTTP server that knows nothing of curves, and the app on the pipeline.
    .target(name: "CurveStudioServer"),
    .target(
      name: "CurveStudio",
      dependencies: [
        "CurveCore", "CurveSpec", "CurveEasing", "CurvePipeline", "CurveCodegen", "CurveDesign", "CurveStudioServer",
      ],
      // The page is real files (linted by node --check, unit-tested by node --test), embedded
      // in the binary at build time; its tests are not.
      exclude: ["Assets/studio/tests"],
      resources: [
        .embedInCode("Assets/index.html"), .embedInCode("Assets/studio.css"),
        .embedInCode("Assets/studio/app.mjs"), .embedInCode("Assets/studio/bezier.mjs"),
        .embedInCode("Assets/studio/codegen.mjs"),
        .embedInCode("Assets/studio/core.mjs"),
        .embedInCode("Assets/studio/dialog.mjs"), .embedInCode("Assets/studio/documents.mjs"),
        .embedInCode("Assets/studio/dom.mjs"), .embedInCode("Assets/studio/export.mjs"),
        .embedInCode("Assets/studio/fitting.mjs"), .embedInCode("Assets/studio/input.mjs"),
        .embedInCode("Assets/studio/layout.mjs"), .embedInCode("Assets/studio/metrics.mjs"),
        .embedInCode("Assets/studio/motion.mjs"),
        .embedInCode("Assets/studio/page.mjs"), .embedInCode("Assets/studio/panels.mjs"),
        .embedInCode("Assets/studio/plot.mjs"), .embedInCode("Assets/studio/preview.mjs"),
        .embedInCode("Assets/studio/shapes.mjs"),
        .embedInCode("Assets/studio/store.mjs"), .embedInCode("Assets/studio/transport.mjs"),
        .embedInCode("Assets/studio/words.mjs"), .embedInCode("Assets/studio/host-web.mjs"),
        .embedInCode("Assets/studio/host-web-start.mjs"), .embedInCode("Assets/studio/links.mjs"),
        .embedInCode("Assets/studio/persistence.mjs"),
      ]
    ),

    // MARK: - Command-line tool and plugins

    .target(
      name: "CurveKitTools",
      dependencies: [
        "CurveCore", "CurveSpec", "CurveFitting", "CurveEasing", "CurvePipeline", "CurveCodegen", "CurveDesign",
      ]
    ),
    // Every command but `design`: no studio, no HTTP server.
    .target(
      name: "CurveKitCLI",
      dependencies: [
        "CurveCore", "CurveSchedule", "CurveFitting", "CurveSpec", "CurveEasing", "CurvePipeline", "CurveCodegen",
        "CurveDesign",
      ]
    ),
    // `curvekit design`, the studio's command.
    .target(name: "CurveStudioCLI", dependencies: ["CurveKitCLI", "CurveSpec", "CurveStudio", "CurveStudioServer"]),
    .executableTarget(name: "curvekit", dependencies: ["CurveKitCLI", "CurveStudioCLI"]),
    // The plugins' tool: the same commands without the studio, so applying the build plugin
    // compiles no HTTP server.
    .executableTarget(name: "curvekit-codegen", dependencies: ["CurveKitCLI"]),
    .plugin(
      name: "CurveCodegenPlugin",
      capability: .buildTool(),
      dependencies: ["curvekit-codegen"]
    ),
    .plugin(
      name: "GenerateCurves",
      capability: .command(
        intent: .custom(
          verb: "generate-curves",
          description: "Generate Swift sources from every *.curve.json in the package's targets"
        ),
        permissions: [
          .writeToPackageDirectory(reason: "Writes the generated <Name>.swift file next to each *.curve.json")
        ]
      ),
      dependencies: ["curvekit-codegen"]
    ),

    // MARK: - Implementation details

    .systemLibrary(
      name: "CLAPACK",
      pkgConfig: "lapack",
      providers: [.apt(["liblapack-dev", "libopenblas-dev", "pkg-config"])]
    ),

    // MARK: - Tests

    // Shared test helpers: seeded random numbers, Float80 references, fixture paths.
    .target(name: "CurveKitTestSupport", dependencies: ["CurveCore"], path: "Tests/CurveKitTestSupport"),
    .testTarget(name: "CurveCoreTests", dependencies: ["CurveCore", "CurveKitTestSupport"]),
    .testTarget(name: "CurveScheduleTests", dependencies: ["CurveCore", "CurveSchedule", "CurveKitTestSupport"]),
    .testTarget(name: "CurveFittingTests", dependencies: ["CurveFitting", "CurveKitTestSupport"]),
    .testTarget(name: "CurveSpecTests", dependencies: ["CurveSpec", "CurveKitTestSupport"]),
    .testTarget(
      name: "CurvePipelineTests",
      dependencies: ["CurvePipeline", "CurveEasing", "CurveFitting", "CurveSpec", "CurveKitTestSupport"]),
    .testTarget(
      name: "CurveCodegenTests", dependencies: ["CurveCodegen", "CurvePipeline", "CurveSpec", "CurveKitTestSupport"]),
    // Compiles the checked-in golden generated files and checks them against the library.
    // The goldens (Tests/Fixtures/codegen) mark each kernel region with one line; the
    // ExpandGoldenKernels plugin expands them, and the expanded copies are compiled here.
    .testTarget(
      name: "GeneratedCodeTests",
      dependencies: ["CurveCore", "CurveSchedule", "CurveKitTestSupport"],
      plugins: ["ExpandGoldenKernels"]
    ),
    // Test-only (not products): expands the goldens' kernel markers for GeneratedCodeTests.
    .executableTarget(name: "expand-golden-kernels", dependencies: ["CurveCodegen"], path: "Tests/ExpandGoldenKernels"),
    .plugin(name: "ExpandGoldenKernels", capability: .buildTool(), dependencies: ["expand-golden-kernels"]),
    .testTarget(
      name: "CurveDesignTests",
      dependencies: ["CurveDesign", "CurveEasing", "CurvePipeline", "CurveSpec", "CurveFitting", "CurveKitTestSupport"]),
    .testTarget(name: "CurveStudioServerTests", dependencies: ["CurveStudioServer", "CurveKitTestSupport"]),
    // The slow tier: suites that open sockets, run swiftc or fuzz, each in its own target so that
    // `scripts/test.sh --quick` skips them by name (`swift test --skip`); the full run has them all.
    // Live servers on loopback: framing, timeouts, limits, WebSocket echo, the HTTP fuzz.
    .testTarget(name: "CurveStudioServerSocketTests", dependencies: ["CurveStudioServer", "CurveKitTestSupport"]),
    // Each golden file type-checked alone by swiftc (GoldenCase and ProcessRunner are
    // symlinks to CurveCodegenTests' files, not copies).
    .testTarget(
      name: "CurveCodegenCompileTests",
      dependencies: ["CurveCodegen", "CurvePipeline", "CurveSpec", "CurveKitTestSupport"]),
    // Seeded fuzzing of specs and command lines (CLITestSupport.swift is a symlink to
    // CurveKitCLITests' file).
    .testTarget(
      name: "CurveKitFuzzTests",
      dependencies: [
        "CurveKitCLI", "CurveStudioCLI", "CurveCore", "CurvePipeline", "CurveFitting", "CurveSpec",
        "CurveKitTestSupport",
      ]),
    .testTarget(
      name: "CurveStudioTests",
      dependencies: [
        "CurveStudio", "CurveStudioServer", "CurveKitCLI", "CurveStudioCLI", "CurveSpec", "CurvePipeline",
        "CurveKitTestSupport",
      ]),
    .testTarget(
      name: "CurveKitCLITests",
      dependencies: [
        "CurveKitCLI", "CurveStudioCLI", "CurveCore", "CurveSchedule", "CurvePipeline", "CurveFitting", "CurveSpec",
        "CurveCodegen", "CurveStudio", "CurveStudioServer", "CurveKitTestSupport",
      ],
      // Whole-output snapshots (Snapshot.assertMatches), data, not sources.
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
