// GeneratedCodeTests: placeholder, replaced as tests are written.
