// CurveKitTools: the tooling library for scripts, build steps and tests, in one import.
//
// It re-exports the pipeline (CurveResolver, FittedCurve and its ship decision), the spec
// format, the fitters, the CSS easing map, the Swift code generator and the design renderers.
// An app never needs it at run time: apps import CurveKit.
@_exported import CurveCodegen
@_exported import CurveCore
@_exported import CurveDesign
@_exported import CurveEasing
@_exported import CurveFitting
@_exported import CurvePipeline
@_exported import CurveSpec
