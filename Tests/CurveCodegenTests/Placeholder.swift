// CurveCodegenTests: placeholder, replaced as tests are written.
