#!/usr/bin/env bash
# Compares the WebAssembly engine (scripts/build-web.sh) with the native `curvekit`, bit for
# bit, on a seeded corpus of curves of degree 1…10: levels, inverses and exact verdicts (see
# Web/check-core.mjs). Under node the engine runs on wasm32, where Int is 32 bits, so this
# is also the 32-bit test. Prints `web: N passed, 0 failed`; exits 1 on any difference.
#   flock /tmp/curvekit-build.lock scripts/check-web.sh [CURVES_PER_DEGREE]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node >/dev/null || {
  echo "error: node (≥ 18) is needed to run the web engine" >&2
  exit 2
}
swift build --product curvekit >/dev/null
scripts/build-web.sh
node Web/check-core.mjs "$(swift build --show-bin-path)/curvekit" .build/web/curvekit-core.wasm "${1:-24}"
