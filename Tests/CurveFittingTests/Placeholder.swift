// CurveFittingTests: placeholder, replaced as tests are written.
