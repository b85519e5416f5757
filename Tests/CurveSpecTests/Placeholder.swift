// CurveSpecTests: placeholder, replaced as tests are written.
