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
// Tooling (one product per module; the `curvekit` tool and the plugins use them):
//   CLAPACK        system library: the Fortran LAPACK routines CurveKit calls (Linux)
//   CurveFitting   least-squares fitting (LAPACK dgglse / dgelsy) and monotone fitting
//   CurveSpec      the *.curve.json format, a strict JSON reader/writer, data files (no LAPACK)
//   CurveEasing    CSS cubic-bezier easings: parsing, sampling, the exact cubic <-> Bezier map
//   CurvePipeline  the resolver: any curve source -> one FittedCurve (parse, fit, verdict once)
//   CurveCodegen   renders a FittedCurve as a self-contained Swift file
//   CurveDesign    renders a FittedCurve as SVG plots, terminal previews, CSS / SwiftUI text
//   CurveKitCLI    the `curvekit` commands as a library (tests call it in-process)
//   curvekit       the thin executable
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
    // Tooling: for tools, build steps and tests, never needed by an app at run time.
    .library(name: "CurveFitting", targets: ["CurveFitting"]),
    .library(name: "CurveSpec", targets: ["CurveSpec"]),
    .library(name: "CurveEasing", targets: ["CurveEasing"]),
    .library(name: "CurvePipeline", targets: ["CurvePipeline"]),
    .library(name: "CurveCodegen", targets: ["CurveCodegen"]),
    .library(name: "CurveDesign", targets: ["CurveDesign"]),
    .executable(name: "curvekit", targets: ["curvekit"]),
    .plugin(name: "CurveCodegenPlugin", targets: ["CurveCodegenPlugin"]),
    .plugin(name: "GenerateCurves", targets: ["GenerateCurves"]),
  ],
  targets: [
    // MARK: - Runtime

    .target(name: "CurveCore"),
    .target(name: "CurveSchedule", dependencies: ["CurveCore"]),
    .target(name: "CurveKit", dependencies: ["CurveCore", "CurveSchedule"]),

    // MARK: - Tooling

    .target(name: "CurveFitting", dependencies: ["CurveCore", lapackDependency]),
    .target(name: "CurveSpec", dependencies: ["CurveCore"]),
    .target(name: "CurveEasing", dependencies: ["CurveCore"]),
    .target(name: "CurvePipeline", dependencies: ["CurveCore", "CurveFitting", "CurveSpec", "CurveEasing"]),
    .target(
      name: "CurveCodegen",
      dependencies: ["CurveCore", "CurveSpec", "CurvePipeline"],
      plugins: [.plugin(name: "EmbedInverseKernelsPlugin")]
    ),
    .target(name: "CurveDesign", dependencies: ["CurveCore", "CurveSpec", "CurveEasing", "CurvePipeline"]),

    // MARK: - Command-line tool and plugins

    .target(
      name: "CurveKitCLI",
      dependencies: [
        "CurveCore", "CurveSchedule", "CurveFitting", "CurveSpec", "CurveEasing", "CurvePipeline", "CurveCodegen",
        "CurveDesign",
      ]
    ),
    .executableTarget(name: "curvekit", dependencies: ["CurveKitCLI"]),
    .plugin(
      name: "CurveCodegenPlugin",
      capability: .buildTool(),
      dependencies: ["curvekit"]
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
      dependencies: ["curvekit"]
    ),

    // MARK: - Implementation details

    .systemLibrary(
      name: "CLAPACK",
      pkgConfig: "lapack",
      providers: [.apt(["liblapack-dev", "libopenblas-dev", "pkg-config"])]
    ),
    // Build time only (not products): copies Sources/CurveCore/CubicInverseKernel*.swift into
    // CurveCodegen as InverseKernelSource.files, so generated code embeds the library's kernels.
    .executableTarget(name: "EmbedInverseKernels"),
    .plugin(name: "EmbedInverseKernelsPlugin", capability: .buildTool(), dependencies: ["EmbedInverseKernels"]),

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
    // Golden/ links to Tests/Fixtures/codegen, so the golden files are compiled here.
    .testTarget(
      name: "GeneratedCodeTests",
      dependencies: ["CurveCore", "CurveSchedule", "CurveKitTestSupport"],
      exclude: ["Golden/README.md"]
    ),
    .testTarget(
      name: "CurveDesignTests",
      dependencies: ["CurveDesign", "CurveEasing", "CurvePipeline", "CurveSpec", "CurveFitting", "CurveKitTestSupport"]),
    .testTarget(
      name: "CurveKitCLITests",
      dependencies: [
        "CurveKitCLI", "CurveCore", "CurveSchedule", "CurvePipeline", "CurveFitting", "CurveSpec",
        "CurveKitTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
