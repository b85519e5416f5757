// The umbrella module: `import CurveKit` brings in every public library module.
@_exported import CurveCodegen
@_exported import CurveCore
@_exported import CurveDesign
@_exported import CurveFitting
@_exported import CurveSchedule
@_exported import CurveSpec
