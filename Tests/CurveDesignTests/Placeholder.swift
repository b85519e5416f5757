// CurveDesignTests: placeholder, replaced as tests are written.
