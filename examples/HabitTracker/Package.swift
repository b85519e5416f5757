// swift-tools-version:6.0
//
// HabitTracker: an example app package that ships a designer's depletion curve as code.
//
// DepletionCurve.curve.json lives in the small DepletionCurveModel library target, which
// applies CurveKit's build-tool plugin: every build turns the spec into DepletionCurve.swift
// (in the plugin's work directory, never in Sources/). The habit model and the widget
// target both depend on DepletionCurveModel, so they share one generated `DepletionCurve`
// type. None of the targets depends on the CurveKit library itself.
import PackageDescription

let package = Package(
  name: "HabitTracker",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "CurveKit", path: "../..")
  ],
  targets: [
    // The curve: DepletionCurve.curve.json → DepletionCurve.swift at build time.
    .target(
      name: "DepletionCurveModel",
      plugins: [.plugin(name: "CurveCodegenPlugin", package: "CurveKit")]
    ),
    // The app's model: a habit whose fill level is derived from its last refill date.
    .target(name: "HabitModel", dependencies: ["DepletionCurveModel"]),
    // The widget's timeline logic, computed from a snapshot of the habit.
    .target(name: "HabitWidget", dependencies: ["DepletionCurveModel"]),
    // Prints a week of levels, then drags the fill to 60 %.
    .executableTarget(name: "habit-tracker", dependencies: ["HabitModel", "HabitWidget"]),
  ],
  swiftLanguageModes: [.v6]
)
