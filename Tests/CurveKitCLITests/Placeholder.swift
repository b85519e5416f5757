// CurveKitCLITests: placeholder, replaced as tests are written.
