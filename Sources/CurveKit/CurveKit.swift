// CurveKit: the runtime an app imports. Curve math (CurveCore) and the date schedule
// (CurveSchedule), and nothing else: no LAPACK, no spec parsing, no code generation. The
// tooling modules (CurveFitting, CurveSpec, CurveEasing, CurvePipeline, CurveCodegen,
// CurveDesign) are products of their own.
@_exported import CurveCore
@_exported import CurveSchedule
